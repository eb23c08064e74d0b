"""A game's names, labels and values in one locale, as the sheets print them."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from compiler.back.i18n import translations
from compiler.back.sheets.labels import label as product_label
from compiler.back.sheets.strings import NEUTRAL, PALETTE, UI_PREFIX, humanize, number, sheet_strings
from compiler.back.text.template import count_form
from compiler.front.model import Game, list_item_type

LIST_JOINER = " > "  # between the items of a list attribute, wherever one is shown


class Words:
    """Names, labels and values of one game in one locale, as the sheets print them."""

    def __init__(self, compiled: Any, lang: str):
        self.compiled = compiled
        self.game: Game = compiled.game
        self.lang = lang
        self.tr = translations(compiled, lang)
        self.english = {key: text for key, text, _ in sheet_strings(compiled)}

    def name(self, item_id: str) -> str:
        return self.tr.name(item_id)

    @cached_property
    def units(self) -> tuple[str, ...]:
        """The abbreviations of the game's glossary terms in this locale (VP, PO): a number
        before one is never parted from it (typography.py)."""
        text = self.game.text
        if text is None:
            return ()
        found = (self.tr.term(term, "abbr") for term, forms in text.terms.items() if forms.get("abbr"))
        return tuple(sorted({abbr for abbr in found if abbr}))

    def sheet(self, key: str) -> str:
        """A game label by its sheet.* key (see sheet_strings)."""
        return self.tr.message(key, self.english[key])

    def badge_label(self, value: Any) -> str:
        """The label under a card's badge showing `value`: content's label, or its glossary term
        in the form the number needs (PL 1 kostka, 2 kostki, 5 kostek), or the term's abbreviation."""
        face = self.game.sheets.face
        if face.badge_term is None:
            return self.sheet("sheet.card.badge")
        if face.badge_abbr:
            return self.tr.term(face.badge_term, "abbr")
        count = value if isinstance(value, int) and not isinstance(value, bool) else 2
        return self.tr.term(face.badge_term, count_form(self.tr.plural(abs(count)), "nom"))

    def badge_phrase(self, value: Any) -> str:
        """A badge's value in running text: '3 coins' (a term follows its number), 'Ops 3'."""
        shown = number(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)
        if self.game.sheets.face.badge_term is not None:
            return f"{shown} {self.badge_label(value)}"
        return f"{self.badge_label(value)} {shown}"

    def ui(self, key: str, **values: object) -> str:
        """A product label (labels.py), or the game's own words for it where its termbase names
        it (strings.ui_overrides)."""
        if not values and UI_PREFIX + key in self.english:
            return self.sheet(UI_PREFIX + key)
        return product_label(self.lang, key, **values)

    def colour(self, player: str | None) -> str:
        colours = self.game.sheets.colours
        if player is None:
            return colours.get("none", NEUTRAL)
        if player in colours:
            return colours[player]
        seat = [p.id for p in self.game.players].index(player)
        return PALETTE[seat % len(PALETTE)]

    def value(self, decl_type: str, value: Any) -> str:
        """A value of an attribute or table column of type `decl_type`, as printed; a list's items
        in order, joined by " > " (an order of precedence reads from the first)."""
        if value is None:
            return "–"
        item_type = list_item_type(decl_type)
        if item_type is not None:
            return LIST_JOINER.join(self.value(item_type, v) for v in value) or "–"
        if decl_type == "bool" or isinstance(value, bool):
            return "✓" if value else ""
        if decl_type == "int":
            return number(value)
        if decl_type in self.game.enums:
            return self.tr.message(f"sheet.value.{value}", self.english.get(f"sheet.value.{value}",
                                                                            humanize(str(value))))
        if decl_type in ("player", "space", "region", "card"):
            return self.name(value)
        return str(value)
