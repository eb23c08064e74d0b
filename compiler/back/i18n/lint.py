"""The authored-text lint: a card's printed text must say what its effect does, in numbers and places.

Every number the effect names (other than 0) and every place (space or region) it names must
appear in the text, in any case form of the locale; and the other way round, every number and
place in the text must come from the effect. Numbers printed from the data the effect refers to
also count as named: the integer attributes of the places it names ("Presence 3" on a scoring
card) and the literals of the definitions it calls directly.
"""

from __future__ import annotations

import re
from typing import Any

from compiler.back.i18n.catalog import load_catalog
from compiler.back.i18n.placeholders import Where, check_phrases, check_translation
from compiler.back.i18n.sources import PLACE_FORMS
from compiler.back.i18n.translations import LOCALES, SOURCE_LOCALE, catalog_path, load_sources, translations
from compiler.diagnostics import Diagnostics, Span
from compiler.front.declare import shown_path
from dsl import ast

NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.]*\d)")


def named(compiled: Any, card_id: str) -> tuple[set[int], set[str], set[int]]:
    """Numbers and places the card's effect names, and the numbers it may print besides."""
    program = compiled.program
    unit = program.card_events[card_id]
    game = compiled.game
    places = {x.id for x in (*game.spaces, *game.regions)}
    numbers: set[int] = set()
    named_places: set[str] = set()
    called: set[str] = set()
    for node in unit.tree.walk():
        if isinstance(node, ast.IntLit) and node.value != 0:
            numbers.add(node.value)
        elif isinstance(node, ast.Name) and node.id in places:
            ref = program.refs.get(id(node))
            if getattr(ref, "kind", None) == "constant":
                named_places.add(node.id)
        elif isinstance(node, ast.Call) and node.func in program.defs:
            called.add(node.func)
    printable: set[int] = set()
    items = {x.id: x for x in (*game.spaces, *game.regions)}
    for pid in named_places:
        printable |= {
            v for v in items[pid].attributes.values() if isinstance(v, int) and not isinstance(v, bool)
        }
    for name in called:
        sig = program.defs[name]
        if sig.node is not None:
            printable |= {n.value for n in sig.node.walk() if isinstance(n, ast.IntLit) and n.value != 0}
    return numbers, named_places, printable


def place_forms(compiled: Any, lang: str) -> list[tuple[str, str]]:
    """(text, place id) for every form of every place name, longest first."""
    tr = translations(compiled, lang)
    game = compiled.game
    out = []
    for item in (*game.spaces, *game.regions):
        forms = {tr.name(item.id)} | {tr.name(item.id, f) for f in PLACE_FORMS}
        for form in list(forms):
            words = form.split(" ", 1)
            if len(words) == 2 and words[0].islower():
                forms.add(words[1])  # "w Rzymie" -> "Rzymie", "the Alps" -> "Alps"
        out += [(f, item.id) for f in forms if f]
    return sorted(out, key=lambda p: -len(p[0]))


def found_in(text: str, forms: list[tuple[str, str]]) -> tuple[set[int], set[str]]:
    places: set[str] = set()
    rest = text
    for form, pid in forms:
        pattern = re.compile(r"(?<!\w)" + re.escape(form) + r"(?!\w)")
        if pattern.search(rest):
            places.add(pid)
            rest = pattern.sub(" ", rest)
    return {int(n) for n in NUMBER.findall(rest)}, places


def lint_card(compiled: Any, card_id: str, lang: str, text: str) -> list[str]:
    """What disagrees between a card's authored text in `lang` and its effect (empty: agrees)."""
    numbers, places, printable = named(compiled, card_id)
    text_numbers, text_places = found_in(text, place_forms(compiled, lang))
    tr = translations(compiled, lang)
    faults = []
    for n in sorted(numbers - text_numbers):
        faults.append(f"the effect names the number {n}, the text does not")
    for n in sorted(text_numbers - numbers - printable):
        faults.append(f"the text names the number {n}, the effect does not")
    for p in sorted(places - text_places):
        faults.append(f"the effect names {tr.name(p)}, the text does not")
    for p in sorted(text_places - places):
        faults.append(f"the text names {tr.name(p)}, the effect does not")
    return faults


def lint_game(compiled: Any, diags: Diagnostics) -> None:
    """Check every authored card text of every locale against the card's effect."""
    for card in compiled.game.cards:
        if card.id not in compiled.program.card_events:
            if card.text.get("en"):
                diags.error(
                    "E701",
                    f"card '{card.id}' has a printed text but no event to check it against",
                    card.field_span("text", "en"),
                    "give the card an event, or remove its text",
                )
            continue
        for lang in LOCALES:
            text = translations(compiled, lang).authored_text(card.id)
            if not text:
                continue
            faults = lint_card(compiled, card.id, lang, text)
            if not faults:
                continue
            if lang == "en":
                span = card.field_span("text", "en")
            else:
                entry = translations(compiled, lang).catalog.entries[f"text.{card.id}"]
                line = entry.msgstr_lines[0] if entry.msgstr_lines else entry.line or 1
                span = Span(shown_path(catalog_path(compiled.folder, lang)), line, 1)
            diags.error(
                "E701",
                f"the {lang} text of card '{card.id}' disagrees with its effect: " + "; ".join(faults),
                span,
                "make the text say what the event does (numbers and places), or fix the event",
            )


def lint_translations(compiled: Any, diags: Diagnostics) -> None:
    """Every check of a game's text and catalogs: text.yaml placeholders, catalog faults, and
    (when every catalog can be read) the printed texts against the effects."""
    check_phrases(compiled, diags)
    readable = True
    for lang in LOCALES:
        if lang != SOURCE_LOCALE:
            readable = check_catalog(compiled, lang, diags) and readable
    if readable:
        lint_game(compiled, diags)


def check_catalog(compiled: Any, lang: str, diags: Diagnostics) -> bool:
    """Faults of one locale's catalog (E702-E707, E709); False when it cannot be read."""
    path = catalog_path(compiled.folder, lang)
    catalog, faults = load_catalog(path, lang)
    diags.extend(faults)
    if faults or not path.is_file():
        return not faults
    _text, sources = load_sources(compiled)
    by_key = {s.key: s for s in sources}
    shown = shown_path(path)
    lines = path.read_text("utf-8").splitlines()
    for entry in catalog.entries.values():
        if entry.source_plural is not None:
            diags.error("E705", f"the entry '{entry.key}' has plural forms (msgid_plural), but Kurtyna's "
                        "strings are singular", Span(shown, entry.line, 1),
                        "write one msgstr; counts are phrased with {n|term} (see docs/translating.md)")
            continue
        src = by_key.get(entry.key)
        if src is None or not entry.done or entry.source != src.text:
            continue  # untranslated, stale (fuzzy) or without a source: not used, not checked
        first = entry.msgstr_lines[0] if entry.msgstr_lines else entry.line
        where = Where(lines, entry.msgstr_lines, Span(shown, first, 1))
        check_translation(src.text, entry.translation, entry.key, _terms(compiled), where, diags)
    return True


def _terms(compiled: Any) -> dict:
    text = compiled.text
    return dict(text.terms) if text is not None else {}
