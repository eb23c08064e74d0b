"""The game's own words on the sheets: labels from game.yaml `sheets`, each under a sheet.* key.

`sheet_strings` lists them (key, English source, note for translators) for the catalogs (so the
i18n back end imports this module, which imports no translations); `Words` (words.py) looks them
up in one locale. Where content gives no label, the English source is the id with spaces
("hand_size" -> "Hand size").

Keys:

    sheet.card.badge, sheet.card.side_none       the badge's label, a card of no side
    sheet.card.mark.<attribute>                  a mark's label
    sheet.card.footer.<attribute>                a footer attribute's label
    sheet.card.region.<attribute>, sheet.card.region_count, sheet.card.region_count.note
    sheet.value.<constant>                       an enum constant as printed
    sheet.glossary.value.<constant>              what a value printed short stands for
    sheet.space.<attribute>, sheet.region.<attribute>   columns of the reference tables
    sheet.track.<track>.<value>                  a note on a value of a track
    sheet.table.<table>.<column>                 a column of a table
    sheet.turn.<step>, sheet.turn.<step>.detail  the turn sequence
    sheet.extra.<id>.title, .text, .regions      a card printed with the deck (extra_cards)
    sheet.ui.<label>                             a heading of the sheets (labels.py) in the game's
                                                 own words, where its termbase names the key

A heading of the sheets themselves ("Turn sequence") is the product's (labels.py), the same for
every game, unless the game's termbase (text.yaml `termbase:`) lists `sheet.ui.<label>` under
a term's `labels`: the heading is then a string of the game, its English the term's first
approved English form (else the product's), its translations the catalogs', and the termbase
holds every language to its approved forms. A game whose rulebook calls a turn a round says so
there (`ui_overrides`).
"""

from __future__ import annotations

from typing import Any

from compiler.back.sheets.board_strings import board_strings
from compiler.back.sheets.labels import LABELS
from compiler.front.model import Game, Labelled, TableLabels, TrackNotes, list_item_type

UI_PREFIX = "sheet.ui."  # a product label the game gives in its own words (ui_overrides)
NEUTRAL = "#55595f"
# Colours for players that content gives none for, by seat.
PALETTE = ("#b3261e", "#1f4e96", "#2e7d32", "#8e5a00", "#6a1b9a", "#00695c")


def humanize(name: str) -> str:
    text = name.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def space_columns(game: Game) -> list[Labelled]:
    spec = game.sheets.space_columns
    if spec is not None:
        return spec
    return [Labelled(name) for name, decl in game.space_attributes.items()]


def region_columns(game: Game) -> list[Labelled]:
    spec = game.sheets.region_columns
    return spec if spec is not None else [Labelled(name) for name in game.region_attributes]


def shown_tracks(game: Game) -> list[TrackNotes]:
    spec = game.sheets.tracks
    return spec if spec is not None else [TrackNotes(t.id) for t in game.tracks]


def shown_tables(game: Game) -> list[TableLabels]:
    spec = game.sheets.tables
    return spec if spec is not None else [TableLabels(t.id) for t in game.tables]


def _printed_enums(game: Game) -> list[str]:
    """Enums whose constants a sheet or the terminal may print: types of printed attributes and
    columns, and enums whose constants `sheets.values` names."""
    face = game.sheets.face
    types = []
    card_attrs = [face.corner, face.badge.name if face.badge else None,
                  *(f.name for f in face.footer), *face.back]
    types += [game.card_attributes[a].type for a in card_attrs if a]
    types += [game.space_attributes[c.name].type for c in space_columns(game)]
    types += [game.region_attributes[c.name].type for c in region_columns(game)]
    tables = game.by_id(game.tables)
    for shown in shown_tables(game):
        types += list(tables[shown.table].columns.values())
    types = [list_item_type(t) or t for t in types]  # a list of an enum's constants prints them
    # an enum whose constants `sheets.values` names is shown somewhere (the terminal's columns)
    types += [enum for enum, constants in game.enums.items()
              if any(c in game.sheets.values for c in constants)]
    # the readings of a choice option are listed on the reference sheet
    types += [option.choices for option in game.options if option.choices is not None]
    return [t for t in dict.fromkeys(types) if t in game.enums]


def sheet_strings(compiled: Any) -> list[tuple[str, str, str]]:
    """Every game-specific string the sheets print: (key, English source, note for translators)."""
    game = compiled.game
    spec = game.sheets
    face = spec.face
    out: list[tuple[str, str, str]] = []
    if face.badge and face.badge_term is None:
        out.append(("sheet.card.badge", face.badge.label or humanize(face.badge.name),
                    "label under the round badge of a card (short)"))
    if face.side and face.side_none:
        out.append(("sheet.card.side_none", face.side_none, "printed on a card that belongs to no side"))
    for mark in face.marks:
        if mark.label:
            out.append((f"sheet.card.mark.{mark.attribute}", mark.label,
                        "printed at the foot of a card that has this mark (short)"))
    for item in face.footer:
        if item.label:
            out.append((f"sheet.card.footer.{item.name}", item.label, "label at the foot of a card"))
    for item in face.region_attributes:
        out.append((f"sheet.card.region.{item.name}", item.label or humanize(item.name),
                    "label of a region's value printed on a card (short)"))
    if face.region_space and face.region_count:
        out.append(("sheet.card.region_count", face.region_count,
                    "label of the number of cards of the region, printed on a card (short)"))
        if face.region_count_note:
            out.append(("sheet.card.region_count.note", face.region_count_note,
                        "what that label means, in the glossary box of the reference sheet"))
    for enum in _printed_enums(game):
        for constant in game.enums[enum]:
            out.append((f"sheet.value.{constant}", spec.values.get(constant, humanize(constant)),
                        f"a value of '{enum}' as printed on cards and sheets"))
    for constant, meaning in spec.value_meanings.items():
        out.append((f"sheet.glossary.value.{constant}", meaning,
                    f"what the printed value '{spec.values[constant]}' stands for, in the glossary box "
                    "of the reference sheet"))
    for column in space_columns(game):
        out.append((f"sheet.space.{column.name}", column.label or humanize(column.name),
                    "column heading of the map table on the reference sheet"))
    for column in region_columns(game):
        out.append((f"sheet.region.{column.name}", column.label or humanize(column.name),
                    "column heading of the table of regions on the reference sheet"))
    for track in shown_tracks(game):
        for value, note in track.notes.items():
            out.append((f"sheet.track.{track.track}.{value}", note,
                        f"note on the value {value} of a track, on the reference sheet"))
    tables = game.by_id(game.tables)
    for shown in shown_tables(game):
        for column in tables[shown.table].columns:
            out.append((f"sheet.table.{shown.table}.{column}", shown.columns.get(column, humanize(column)),
                        "column heading of a table on the reference sheet"))
    for extra in spec.extra_cards:
        if extra.title:
            out.append((f"sheet.extra.{extra.id}.title", extra.title,
                        "the name of a card printed with the deck"))
        if extra.text:
            out.append((f"sheet.extra.{extra.id}.text", extra.text,
                        "the text of a card printed with the deck"))
        if extra.regions:
            out.append((f"sheet.extra.{extra.id}.regions", extra.regions,
                        "heading of the list of regions on a card printed with the deck"))
    for step in spec.turn_sequence:
        out.append((f"sheet.turn.{step.id}", step.title, "title of a step of the turn sequence"))
        if step.detail:
            out.append((f"sheet.turn.{step.id}.detail", step.detail,
                        "what happens in a step of the turn sequence"))
    out += board_strings(game)  # the board, its tracks and the markers
    for key, english in ui_overrides(compiled).items():
        out.append((key, english, "a heading of the sheets, in the words of the game's rulebook"))
    return out


def ui_overrides(compiled: Any) -> dict[str, str]:
    """The product labels the game's termbase names as its own (`sheet.ui.<label>` under a
    term's `labels`), each with its English: the term's first approved English form, else the
    product's. Only labels without placeholders can be named."""
    text = getattr(compiled, "text", None)
    out: dict[str, str] = {}
    for entry in (text.termbase.values() if text is not None else ()):
        for key in entry.get("labels", ()):
            name = key[len(UI_PREFIX):] if key.startswith(UI_PREFIX) else ""
            product = LABELS["en"].get(name)
            if product is None or "{" in product:
                continue  # not a heading of the sheets: the termbase's own check reports it
            out[key] = ((entry.get("en") or {}).get("use") or [product])[0]
    return out


def number(value: int) -> str:
    """A whole number with a typographic minus."""
    return f"−{-value}" if value < 0 else str(value)
