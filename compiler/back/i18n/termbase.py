"""The termbase: a game's approved term for each concept in each language, and the variants a
text must not use (text.yaml `termbase:`, docs/translating.md "The termbase").

A print-and-play card must speak the edition's language: the rulebook names the decks „Początek
Wojny”, so a footer printing "Wczesna faza wojny" sends a player looking for a deck that does not
exist. Two checks, E711, each at the line to fix:

- a text of a language (an English text at its YAML line, a translation at its msgstr) that uses
  a variant the termbase lists under that language's `avoid`;
- a catalog key listed under a term's `labels` (the footer's period, a deck's name) whose text
  in a language is none of that language's approved forms (`use`).

`i18n update` fills an untranslated label with the first approved form (`approved_label`), so a
new language starts from the edition's words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any

from compiler import memo
from compiler.back.i18n.translations import LOCALES, SOURCE_LOCALE, catalog_path, game_catalog, load_sources
from compiler.diagnostics import Diagnostics, Span, did_you_mean
from compiler.front.declare import shown_path


@dataclass(frozen=True)
class Variant:
    """A variant of a term that texts of `lang` must not use."""

    term: str
    lang: str
    written: str  # as the termbase lists it ('Wczesn* faz* wojn*')
    approved: tuple[str, ...]
    source: str

    @cached_property
    def pattern(self) -> re.Pattern:
        # `*` is any letters (a word's endings); the variant matches whole words only
        body = r"\w*".join(re.escape(part) for part in self.written.split("*"))
        return re.compile(rf"(?<!\w){body}(?!\w)", re.I)

    def hint(self) -> str:
        where = f" ({self.source})" if self.source else ""
        return f"write {' or '.join(_quoted(a) for a in self.approved) or 'the approved term'}{where}"


def variants(termbase: dict[str, dict[str, Any]], lang: str) -> list[Variant]:
    out = []
    for term, entry in termbase.items():
        words = entry.get(lang) or {}
        for written in words.get("avoid", ()):
            out.append(Variant(term, lang, written, tuple(words.get("use", ())), entry.get("source", "")))
    return out


def approved_label(termbase: dict[str, dict[str, Any]], key: str, lang: str) -> str | None:
    """The approved form a catalog key listed under a term's `labels` prints in `lang`, if any."""
    for entry in termbase.values():
        if key in entry.get("labels", ()) and (entry.get(lang) or {}).get("use"):
            return entry[lang]["use"][0]
    return None


def check_termbase(compiled: Any, diags: Diagnostics) -> None:
    """E711 for every text that uses a variant to avoid, and every label that prints an
    unapproved form; E301 for a label that names no translatable string of the game."""
    text = compiled.text
    if text is None or not text.termbase:
        return
    _text, sources = load_sources(compiled)
    by_key = {s.key: s for s in sources}
    for term, entry in text.termbase.items():
        for index, key in enumerate(entry.get("labels", ())):
            if key not in by_key:
                diags.error("E301", f"the termbase's term '{term}' labels '{key}', which is no string of "
                            "the game", text.span("termbase", term, "labels", index),
                            did_you_mean(key, by_key) or "list catalog keys (msgctxt) of the game")
    termbase = memo.digest(repr(text.termbase)) if memo.keeping_on() else ""
    rejected: dict[str, list[Variant]] = {}  # each language's patterns, compiled once when first needed
    for lang in LOCALES:
        for key, string, span in _texts(compiled, lang, by_key):
            # a string's faults depend on it and the termbase alone: kept for a check after an edit
            memo.recorded(_CHECKED, (termbase, lang, key, string, span), diags,
                          partial(_check_string, text.termbase, lang, rejected, key, string, span))


_CHECKED = memo.table("termbase", 16384)


def _check_string(termbase: dict[str, dict[str, Any]], lang: str, rejected: dict[str, list[Variant]],
                  key: str, string: str, span: Span | None, diags: Diagnostics) -> None:
    if lang not in rejected:
        rejected[lang] = variants(termbase, lang)
    for variant in rejected[lang]:
        found = variant.pattern.search(string)
        if found:
            diags.error("E711", f"the {lang} text of '{key}' says {_quoted(found.group(0))}, a "
                        f"variant of the term '{variant.term}' that the termbase rejects", span,
                        variant.hint())
    for term, entry in termbase.items():
        approved = (entry.get(lang) or {}).get("use")
        if approved and key in entry.get("labels", ()) and string not in approved:
            diags.error("E711", f"the {lang} text of '{key}' prints {_quoted(string)} for the term "
                        f"'{term}', which the termbase does not approve", span,
                        f"write {' or '.join(_quoted(a) for a in approved)}"
                        + (f" ({entry['source']})" if entry.get("source") else ""))


def _texts(compiled: Any, lang: str, by_key: dict[str, Any]) -> list[tuple[str, str, Span | None]]:
    """(key, text, where it is written) of every current string of the game in `lang`."""
    if lang == SOURCE_LOCALE:
        return [(s.key, s.text, s.span) for s in by_key.values()]
    path = catalog_path(compiled.folder, lang)
    if not path.is_file():
        return []
    catalog, faults = game_catalog(compiled, lang)
    if faults:
        return []  # reported by the catalog's own check
    shown = shown_path(path)
    out = []
    for entry in catalog.entries.values():
        src = by_key.get(entry.key)
        if src is None or not entry.done or entry.source != src.text:
            continue  # untranslated or stale: not printed, reported elsewhere
        line = entry.msgstr_lines[0] if entry.msgstr_lines else entry.line or 1
        out.append((entry.key, entry.translation, Span(shown, line, 1)))
    return out


def _quoted(text: str) -> str:
    return f"'{text}'"
