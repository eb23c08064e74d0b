"""player-boards.html: a board for each player (game.yaml `sheets.player_board`), a page each.

A board is a landscape page: a band in the player's colour with the name printed on their board,
then the fields left to right (each with its heading, its note, a place the size of a marker for
each of the player's pieces that starts there, or the outline of a card), the player aid under
the fields, and what the player lays below the board along its bottom edge. A board taller than
its page would break onto a second page; `warnings` reports that for the author.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from compiler.back.sheets import board_labels, markers_fit
from compiler.back.sheets.colours import ink
from compiler.back.sheets.html import render
from compiler.back.sheets.layout import CARD_H, CARD_W, Paper
from compiler.back.sheets.strings import number
from compiler.back.sheets.textwidth import text_width
from compiler.back.sheets.words import Words

MARGIN = 10.0  # page margin, mm
HEAD = 9.0  # room above the board for the title and the printing note
BAND = 46.0  # width of the name band, mm
BAND_PADDING = 3.0
TITLE_PT = (15.0, 9.0)  # the name's size in the band: the largest at which its longest word fits, this least
BOLD = 1.15  # DejaVu Sans Bold is up to this much wider than the regular face textwidth measures
SLOT_GAP = 2.0  # between the places of two pieces, mm
SLOTS_PER_ROW = 10
KEY = "sheet.player_board"


@dataclass
class Slot:
    """The place of one piece: the words of its marker's face."""

    kind: str
    text: str
    value: bool  # `text` is a number (printed large)
    lines: list[str] = field(default_factory=list)  # a label's lines as on the marker (markers_fit.py)
    pt: float = markers_fit.SMALL_PT


@dataclass
class FieldView:
    id: str
    label: str
    note: str
    slots: list[list[Slot]] = field(default_factory=list)  # a row per kind, of SLOTS_PER_ROW at most
    card: bool = False


@dataclass
class BoardView:
    player: str
    title: str
    name: str  # the player's name, when the title differs from it
    colour: str
    ink: str
    title_pt: float  # the name's type size
    fields: list[FieldView]


def title_size(title: str) -> float:
    """The largest size (pt) at which the longest word of `title` fits the band, never below
    the least: a long official name wraps between words, never inside one."""
    room = (BAND - 2 * BAND_PADDING - 1.0) * 72 / 25.4  # 1 mm to spare
    widest = max((text_width(word, 1.0) * BOLD for word in title.split()), default=0.0)
    size = TITLE_PT[0]
    while size > TITLE_PT[1] and widest * size > room:
        size -= 0.5
    return size


def has_player_boards(game: Any) -> bool:
    return game.sheets.player_board is not None


def _slots(words: Words, of: str) -> list[Slot]:
    """One place for each of a player's markers of kind `of`."""
    out = []
    for kind in words.game.sheets.markers.kinds:
        if kind.of != of or kind.player is not None:
            continue
        label = words.sheet(f"sheet.marker.{of}") if kind.label else words.name(of)
        if kind.values:
            out += [Slot(of, number(v), True) for v, n in kind.values.items() for _ in range(n)]
        else:
            face = SimpleNamespace(top="", big=label, bottom="", value=False)
            fitted = markers_fit.fit_face(face, words.game.sheets.markers.size, words)
            lines, pt = (fitted.big, fitted.big_pt) if fitted else ([label], markers_fit.SMALL_PT)
            out += [Slot(of, label, False, lines, pt) for _ in range(kind.count)]
    return out


def _field(words: Words, item: Any) -> FieldView:
    rows = []
    for of in item.pieces:
        slots = _slots(words, of)
        rows += [slots[i:i + SLOTS_PER_ROW] for i in range(0, len(slots), SLOTS_PER_ROW)]
    note = words.sheet(f"{KEY}.field.{item.id}.note") if item.note else ""
    return FieldView(item.id, words.sheet(f"{KEY}.field.{item.id}"), note, rows, item.card)


def board_views(words: Words) -> list[BoardView]:
    """Every player's board, in seating order."""
    spec = words.game.sheets.player_board
    out = []
    for player in words.game.players:
        name = words.name(player.id)
        title = words.sheet(f"{KEY}.title.{player.id}") if player.id in spec.titles else name
        colour = words.colour(player.id)
        out.append(BoardView(player.id, title, name if title != name else "", colour, ink(colour),
                             title_size(title), [_field(words, item) for item in spec.fields]))
    return out


def field_width(view: FieldView, size: float) -> float:
    """The least width of a field that holds its places or its card, mm (padding included)."""
    pieces = max((len(row) for row in view.slots), default=0) * (size + SLOT_GAP)
    return max(pieces, CARD_W if view.card else 0.0, 36.0) + 6.0


def player_boards_html(words: Words, paper: Paper) -> str:
    spec = words.game.sheets.player_board
    page = Paper(paper.name, max(paper.width, paper.height), min(paper.width, paper.height))
    size = words.game.sheets.markers.size if words.game.sheets.markers else 0.0
    boards = board_views(words)

    def lab(key: str, **values: object) -> str:
        return board_labels.label(words.lang, key, **values)

    below = None
    if spec.below:
        below = (words.sheet(f"{KEY}.below"), words.sheet(f"{KEY}.below.note") if spec.below[1] else "")
    aid = [(words.sheet(f"{KEY}.aid.{p.id}"), words.sheet(f"{KEY}.aid.{p.id}.text")) for p in spec.aid]
    widths = {f.id: field_width(f, size) for f in boards[0].fields} if boards else {}
    return render("player_board.html.j2", words=words, paper=page, margin=MARGIN, head=HEAD, band=BAND,
                  band_padding=BAND_PADDING, size=size, gap=SLOT_GAP, card=(CARD_W, CARD_H), boards=boards,
                  widths=widths, below=below, aid=aid, lab=lab,
                  title=f"{words.name(words.game.id)} – {lab('player_board')}")


def warnings(words: Words, pages: int) -> list[str]:
    """A board that broke onto a second page (`pages` is the rendered document's page count)."""
    players = len(words.game.players)
    if pages <= players:
        return []
    return [f"the player boards in '{words.lang}' take {pages} pages for {players} players: a board does not "
            "fit on one page; shorten the player aid or the fields' notes in `sheets.player_board`"]
