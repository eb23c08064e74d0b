"""Gettext catalogs (PO files): reading with Babel, writing in a fixed, deterministic layout.

One entry per translatable string, keyed by its context (msgctxt); msgid is the English source.
When the source of a translated entry changes, the entry keeps its translation, is marked
`fuzzy` and records the old source as `#| msgid` - what gettext's msgmerge does, and what
Poedit and Weblate show as "needs review".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.plurals import get_plural
from babel.messages.pofile import PoFileError, read_po

from .sources import Source


@dataclass
class Entry:
    key: str
    source: str
    translation: str = ""
    fuzzy: bool = False
    previous: str | None = None  # the source this translation was made for, when it changed
    comment: str = ""
    obsolete: bool = False
    line: int = 0  # where the entry is in its file, for error messages

    @property
    def done(self) -> bool:
        return bool(self.translation) and not self.fuzzy


@dataclass
class Catalog:
    lang: str
    entries: dict[str, Entry] = field(default_factory=dict)
    obsolete: dict[str, Entry] = field(default_factory=dict)


class CatalogError(Exception):
    """A PO file that cannot be parsed; the message names the file and line."""


def read_catalog(path: Path, lang: str) -> Catalog:
    catalog = Catalog(lang)
    if not path.is_file():
        return catalog
    try:
        with path.open("rb") as f:
            po = read_po(f, locale=None, abort_invalid=True)
    except (PoFileError, UnicodeDecodeError, ValueError) as e:
        raise CatalogError(f"{path}: cannot read the catalog: {e}") from None
    previous = _previous_ids(path)
    for message in po:
        if not message.id or not message.context:
            continue
        entry = _entry(message)
        entry.previous = previous.get(message.context)
        catalog.entries[message.context] = entry
    for message in po.obsolete.values():
        if message.context:
            entry = _entry(message)
            entry.obsolete = True
            catalog.obsolete[message.context] = entry
    return catalog


_UNESCAPE = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(text: str) -> str:
    body = text.strip()[1:-1]
    return re.sub(r"\\(.)", lambda m: _UNESCAPE.get(m.group(1), m.group(1)), body)


def _previous_ids(path: Path) -> dict[str, str]:
    """`#| msgid` lines by the context of the entry they precede (Babel reads no previous ids)."""
    out: dict[str, str] = {}
    pending = None
    for line in path.read_text("utf-8").splitlines():
        if line.startswith("#| msgid "):
            pending = _unquote(line[len("#| msgid "):])
        elif line.startswith("msgctxt ") and pending is not None:
            out[_unquote(line[len("msgctxt "):])] = pending
            pending = None
        elif not line.strip():
            pending = None
    return out


def _entry(message) -> Entry:
    return Entry(message.context, message.id, message.string or "", message.fuzzy, None,
                 " ".join(message.auto_comments), line=message.lineno or 0)


def merge(catalog: Catalog, sources: list[Source]) -> Catalog:
    """The catalog for the current sources: translations kept, changed sources marked fuzzy."""
    merged = Catalog(catalog.lang)
    for src in sources:
        old = catalog.entries.get(src.key) or catalog.obsolete.get(src.key)
        entry = Entry(src.key, src.text, comment=src.comment)
        if old is not None and old.translation:
            entry.translation = old.translation
            if old.source == src.text:
                entry.fuzzy, entry.previous = old.fuzzy, old.previous
            else:
                entry.fuzzy = True
                entry.previous = old.previous if old.fuzzy and old.previous else old.source
        merged.entries[src.key] = entry
    for key, old in {**catalog.obsolete, **catalog.entries}.items():
        if key not in merged.entries and old.translation:
            old.obsolete = True
            merged.obsolete[key] = old
    return merged


def _quote(text: str) -> str:
    return '"' + (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
                  .replace("\t", "\\t")) + '"'


def render_catalog(catalog: Catalog | None, sources: list[Source], project: str, lang: str | None) -> str:
    """PO (or, with lang None, the POT template) text; same input, same bytes."""
    header = [f"Project-Id-Version: {project}", "MIME-Version: 1.0",
              "Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: 8bit"]
    if lang:
        plural = get_plural(lang)
        header[1:1] = [f"Language: {lang}"]
        header.append(f"Plural-Forms: nplurals={plural.num_plurals}; plural={plural.plural_expr};")
    lines = [f"# Translations of {project}" + (f" into '{lang}'" if lang else " (template)") + ".",
             "# Edit msgstr only; `kurtyna i18n update` refreshes this file. See docs/translating.md.",
             'msgid ""', 'msgstr ""'] + [_quote(h + "\n") for h in header] + [""]
    entries = catalog.entries if catalog else {}
    for src in sources:
        entry = entries.get(src.key) or Entry(src.key, src.text, comment=src.comment)
        if entry.comment or src.comment:
            lines.append(f"#. {src.comment or entry.comment}")
        if entry.fuzzy and entry.translation:
            lines.append("#, fuzzy")
            if entry.previous is not None:
                lines.append(f"#| msgid {_quote(entry.previous)}")
        lines += [f"msgctxt {_quote(src.key)}", f"msgid {_quote(src.text)}",
                  f"msgstr {_quote(entry.translation if lang else '')}", ""]
    for key in sorted(catalog.obsolete if catalog and lang else ()):
        old = catalog.obsolete[key]
        lines += [f"#~ msgctxt {_quote(key)}", f"#~ msgid {_quote(old.source)}",
                  f"#~ msgstr {_quote(old.translation)}", ""]
    return "\n".join(lines)
