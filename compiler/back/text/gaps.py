"""`kurtyna check` on the generated card text: what it needs and lacks is an error, never a stand-in.

Every card's event is phrased in every language that has a catalog (English always); each word the
renderer missed (a `Gap`, see words.py) becomes a located diagnostic at the content item that
lacks it, with a hint what to add:

    E720  an item the text names has no phrase (a procedure, function, hook, event, lasting-effect
          label, constant) in text.yaml
    E721  a type or attribute the text names has no glossary term (`types:`, `attributes:`)
    E722  a string the text needs has no current translation in a catalog
    E723  a construct of the effect language has no template in a locale
    E724  an expression the text back end cannot phrase
    E725  a name's grammatical number (`name.<id>.number`) is neither 'singular' nor 'plural'

E726-E729 are reserved for more of the same family.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from compiler import memo
from compiler.back.i18n.lint_keys import lint_context
from compiler.back.i18n.sources import NUMBERS
from compiler.back.i18n.translations import LOCALES, SOURCE_LOCALE, catalog_path, load_sources, translations
from compiler.back.text.render import Renderer
from compiler.back.text.words import Gap, Words
from compiler.diagnostics import Diagnostics, Span
from compiler.front.declare import shown_path


def generated_gaps(compiled: Any) -> dict[tuple[str, str, str], list[str]]:
    """Every gap of the generated card text, in every language with a catalog: (code, key,
    detail) -> the cards that needed it, in order."""
    found: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    context = _context(compiled) if memo.keeping_on() else ""
    for lang in LOCALES:
        if lang != SOURCE_LOCALE and not catalog_path(compiled.folder, lang).is_file():
            continue  # a game not translated into `lang` prints no text in it
        lookups = _Lookups(Renderer(compiled, lang))
        asked: set[str] = set()  # the constructs looked up so far: a renderer looks each up once
        for card_id, unit in compiled.program.card_events.items():
            gaps, names = _RENDERED.kept((context, card_id, lang, unit.text), partial(lookups.card, card_id))
            for name in sorted(names - asked):
                gaps = gaps + lookups.construct_gaps(name)
            asked |= names
            for key in gaps:
                if card_id not in found[key]:
                    found[key].append(card_id)
    return found


# What the generated text of one card lacks, kept for a check after an edit (compiler/memo.py):
# it reads the card's own effect and what lint_keys.py's context holds, but for the strings
# of the game, which the context of the printed texts leaves out (an option's label is one).
_RENDERED = memo.table("generated-gaps", 4096)


def _context(compiled: Any) -> str:
    _text, sources = load_sources(compiled)
    return memo.digest(lint_context(compiled), *(f"{s.key}\0{s.text}" for s in sources
                                                 if not s.key.startswith("text.")))


class _Lookups(Mapping):
    """A renderer whose construct templates are watched: each card's gaps but those of the
    templates (E723), and the templates it looked up. A renderer looks a template up once and
    records its gap for the first card that needs it; generated_gaps does the same with what
    each card looked up, so a card rendered alone counts as it would among the others."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer
        self.templates = renderer.c
        self.names: set[str] = set()
        renderer.c = self

    def __getitem__(self, name: str) -> Any:
        self.names.add(name)
        return self.templates[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.templates)

    def __len__(self) -> int:
        return len(self.templates)

    def card(self, card_id: str) -> tuple[list[tuple[str, str, str]], set[str]]:
        self.names = set()
        before = len(self.renderer.gaps)
        self.renderer.card(card_id)
        gaps = [(g.code, g.key, g.detail) for g in self.renderer.gaps[before:] if g.code != "E723"]
        return gaps, self.names

    def construct_gaps(self, name: str) -> list[tuple[str, str, str]]:
        """What looking up the template `name` for the first time records (E723)."""
        words = Words(self.renderer.compiled, self.renderer.lang)
        words.construct(name)
        return [(g.code, g.key, g.detail) for g in words.gaps]


def check_generated_text(compiled: Any, diags: Diagnostics) -> None:
    """E720-E725: what the generated card text of every language lacks."""
    if compiled.program is None:
        return
    for (code, key, detail), cards in sorted(generated_gaps(compiled).items()):
        gap = Gap(code, key, detail)
        message, hint = _words(compiled, gap)
        shown = ", ".join(cards[:3]) + (f" and {len(cards) - 3} more" if len(cards) > 3 else "")
        diags.error(code, f"{message} (needed by the text of {shown})", _where(compiled, gap, cards[0]), hint)
    check_numbers(compiled, diags)


def check_numbers(compiled: Any, diags: Diagnostics) -> None:
    """E725: `name.<id>.number` translations are 'singular' or 'plural'."""
    for lang in LOCALES:
        path = catalog_path(compiled.folder, lang)
        if lang == SOURCE_LOCALE or not path.is_file():
            continue
        catalog = translations(compiled, lang).catalog
        for entry in catalog.entries.values():
            if entry.key.endswith(".number") and entry.key.startswith("name.") and entry.done \
                    and entry.translation not in NUMBERS:
                line = entry.msgstr_lines[0] if entry.msgstr_lines else entry.line
                diags.error("E725", f"'{entry.key}' says {entry.translation!r}: a grammatical number is "
                            "'singular' or 'plural'", Span(shown_path(path), line, 1),
                            "write 'plural' for a name that takes plural verbs (PL 'USA zdobywają'), "
                            "else 'singular'")


def _words(compiled: Any, gap: Gap) -> tuple[str, str]:
    key, detail = gap.key, gap.detail
    if gap.code == "E720":
        use = detail if detail not in ("", "name", "label") else "nom"
        what = {"label": "the lasting effect", "name": "the name"}.get(detail, "the item")
        return (f"{what} '{key}' has no phrase in text.yaml: card text would print its id",
                f"add it under `phrases:` in text.yaml, e.g. `{key}: {{{use}: \"...\"}}` "
                "(see docs/authoring.md)")
    if gap.code == "E721":
        section = "types" if detail == "type" else "attributes"
        return (f"the {detail} '{key}' has no glossary term: card text would print its id",
                f"map it to a term under `{section}:` in text.yaml (`{key}: <term>`), and declare the "
                "term under `terms:`")
    if gap.code == "E722":
        return (f"'{key}' has no current translation in {detail}.po: card text would print English",
                f"translate it in locales/{detail}.po (after `kurtyna i18n update {compiled.game.id}` if "
                "the entry is missing; a fuzzy entry needs its review and the flag removed)")
    if gap.code == "E723":
        return (f"the construct '{key}' has no template in {detail}",
                f"add it to compiler/back/text/locales/{detail}.yaml or translate it in the catalog")
    return (f"the text back end cannot phrase a '{key}' expression", "report this to the Kurtyna developers")


def _where(compiled: Any, gap: Gap, card_id: str) -> Span | None:
    """Where to fix a gap: the catalog entry of a missing translation, the declaration of an item
    without a phrase, text.yaml for a term; else the card whose text needs it."""
    program, game, text = compiled.program, compiled.game, compiled.text
    if gap.code == "E722":
        path = catalog_path(compiled.folder, gap.detail)
        entry = translations(compiled, gap.detail).catalog.entries.get(gap.key)
        if entry is not None:
            return Span(shown_path(path), entry.msgstr_lines[0] if entry.msgstr_lines else entry.line, 1)
        source = translations(compiled, SOURCE_LOCALE).sources.get(gap.key)
        return source.span if source is not None and source.span else Span(shown_path(path), 1, 1)
    if gap.code == "E720":
        sig = program.defs.get(gap.key) or program.events.get(gap.key)
        if sig is not None and sig.unit is not None and sig.node is not None:
            return sig.unit.locate(sig.node.span)
        if gap.key in program.labels:
            return program.labels[gap.key]
        for items in (game.players, game.spaces, game.regions, game.cards, game.tracks, game.counters,
                      game.variables, game.zones, game.tables, game.options):
            for item in items:
                if item.id == gap.key:
                    return item.field_span("names") or item.span
    if gap.code == "E721" and text is not None and text.doc is not None:
        section = "types" if gap.detail == "type" else "attributes"
        return text.span(section) or text.span()
    if gap.code == "E723":
        return Span(shown_path(Path(__file__).parent / "locales" / f"{gap.detail}.yaml"), 1, 1)
    unit = program.card_events.get(card_id)
    return unit.locate(unit.tree.span) if unit is not None and unit.tree is not None else None
