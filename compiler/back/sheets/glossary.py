"""The glossary box of the reference sheet: the abbreviations and symbols the sheets print, in
the sheet's language, with what they stand for.

- Abbreviations: every glossary term of text.yaml with an abbreviation (`abbr`) that appears,
  as a word, in something the sheets print in that language (card texts, badge labels, the
  game's sheet labels), e.g. "VP" for "Victory points". An abbreviation that is just the
  beginning of its term ("Gold" for "Gold coins") is no abbreviation and is left out.
- Values printed short (`sheets.values`) that content explains (`sheets.glossary.values`), each
  with what it stands for, where the two differ ("Sq." for "square").
- Short labels of a card's region line: a region attribute's label on the card, explained by
  its longer label on the reference sheet's table of regions, and the label of the number of
  the region's cards, explained by content's `count_note`.
- Symbols: every card mark with a symbol (after the title, or in its tag at the card's foot) or
  an underlined title, with the mark's label; only marks some card has. "A > B", how a list
  printed on a card reads (its items in order, words.LIST_JOINER), when some card prints a list
  of two or more. The house cards' mark (faces.HOUSE), with the names of the house cards, when
  there are any.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from compiler.back.sheets.faces import HOUSE_SYMBOL, is_house
from compiler.back.sheets.strings import region_columns, sheet_strings
from compiler.back.sheets.words import LIST_JOINER, Words
from compiler.front.model import list_item_type


@dataclass
class Entry:
    keys: list[str]  # what the sheets print: "PO", "*", "∞"
    meaning: str
    underlined: bool = False  # the last key is "underlined name": print it underlined


def glossary(words: Words) -> list[Entry]:
    return [*abbreviations(words), *short_values(words), *short_labels(words), *symbols(words),
            *list_order(words), *house_mark(words)]


def printed_texts(words: Words) -> list[str]:
    """What the cards and sheets print in this language besides names."""
    from compiler.back.text import card_text

    game = words.game
    out = [card_text(words.compiled, card.id, words.lang) or "" for card in game.cards]
    out += [words.sheet(key) for key, _, _ in sheet_strings(words.compiled)]
    face = game.sheets.face
    if face.badge is not None:
        out += [words.badge_label(card.attributes.get(face.badge.name)) for card in game.cards]
    return out


def abbreviations(words: Words) -> list[Entry]:
    text = words.game.text
    if text is None:
        return []
    printed = "\n".join(printed_texts(words))
    out = []
    for term, forms in text.terms.items():
        if not forms.get("abbr"):
            continue
        abbr = words.tr.term(term, "abbr")
        meaning = words.tr.term(term, "nom_pl" if forms.get("other") else "nom_sg")
        if not abbr or meaning.lower().startswith(abbr.lower()):
            continue
        if re.search(r"(?<!\w)" + re.escape(abbr) + r"(?!\w)", printed):
            out.append(Entry([abbr], meaning))
    return out


def short_values(words: Words) -> list[Entry]:
    """The values content explains (`sheets.glossary.values`), as printed, where the printed
    value is not just the beginning of what it stands for."""
    out = []
    for constant in words.game.sheets.value_meanings:
        shown = words.sheet(f"sheet.value.{constant}")
        meaning = words.sheet(f"sheet.glossary.value.{constant}")
        if not meaning.lower().startswith(shown.lower()):
            out.append(Entry([shown], meaning))
    return out


def list_order(words: Words) -> list[Entry]:
    """"A > B": how a list printed on a card reads, when some card prints one of two or more."""
    game = words.game
    face = game.sheets.face
    printed = [face.corner, *(item.name for item in face.footer), *face.back]
    lists = [name for name in printed if name and list_item_type(game.card_attributes[name].type)]
    if not any(len(card.attributes.get(name) or ()) > 1 for card in game.cards for name in lists):
        return []
    return [Entry([LIST_JOINER.join("AB")], words.ui("list_order"))]


def symbols(words: Words) -> list[Entry]:
    game = words.game
    out = []
    for mark in game.sheets.face.marks:
        if not any(card.attributes.get(mark.attribute) for card in game.cards):
            continue
        keys = list(dict.fromkeys(k for k in (mark.symbol, mark.tag_symbol) if k))
        if mark.underline:
            keys.append(words.ui("underlined_name"))
        if keys and mark.label:
            out.append(Entry(keys, words.sheet(f"sheet.card.mark.{mark.attribute}"), mark.underline))
    return out


def short_labels(words: Words) -> list[Entry]:
    face = words.game.sheets.face
    if not face.region_space:
        return []
    out = []
    columns = {c.name for c in region_columns(words.game)}
    for item in face.region_attributes:
        short = words.sheet(f"sheet.card.region.{item.name}")
        long = words.sheet(f"sheet.region.{item.name}") if item.name in columns else ""
        if long and long != short:
            out.append(Entry([short], long))
    if face.region_count and face.region_count_note:
        out.append(Entry([words.sheet("sheet.card.region_count")],
                         words.sheet("sheet.card.region_count.note")))
    return out


def house_mark(words: Words) -> list[Entry]:
    """The house cards' corner mark, and which cards carry it."""
    game = words.game
    names = [words.name(card.id) for card in game.cards if is_house(game, card)]
    if not names:
        return []
    meaning = f"{words.ui('house_card')} ({words.ui('house_note')}): {', '.join(names)}"
    return [Entry([HOUSE_SYMBOL], meaning)]
