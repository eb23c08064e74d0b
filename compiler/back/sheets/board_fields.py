"""The named fields of the board (game.yaml `sheets.board.fields`, placed by the map file's
`board.fields`): places for what belongs to no space, such as a zone where players' markers
stand or the place of a deck.

A field is a framed box with its heading at the top and its note under it, both broken into
lines here (wrap.py) and printed line by line, so that the board's checks measure what is
printed. A field holding a card draws a card's outline under its words; given only a corner,
it is as large as the card with its words. `problems` reports a field whose words and card run
past its box; board.py checks it against the boxes, names, the legend and the links like any
other box.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.back.sheets import wrap
from compiler.back.sheets.layout import CARD_H, CARD_W
from compiler.back.sheets.words import Words
from compiler.front.model_board import BoardSpec

PAD = 2.0  # inside a field's border, mm
HEAD_PT = 8.0  # the heading, bold
NOTE_PT = 6.5
HEAD_LEADING = 1.15  # line heights, in ems
NOTE_LEADING = 1.2
GAP = 1.0  # between the words and the card, mm
KEY = "sheet.board.field"


@dataclass
class Field:
    id: str
    x: float  # top-left corner, board mm
    y: float
    w: float
    h: float
    heading: list[str]  # the heading's lines
    note: list[str]  # the note's lines
    card: tuple[float, float] | None = None  # top-left corner of the card's outline, relative to the field
    fits: bool = True  # every word fits its line

    @property
    def words_height(self) -> float:
        """From the field's top to the end of its note, mm."""
        return round(PAD + len(self.heading) * HEAD_PT * wrap.PT * HEAD_LEADING
                     + len(self.note) * NOTE_PT * wrap.PT * NOTE_LEADING, 2)


def build_fields(words: Words, spec: BoardSpec) -> list[Field]:
    """The fields of the board in `words`' language, in content order."""
    geo = spec.geometry
    out = []
    for item in spec.fields:
        place = geo.fields.get(item.id) if geo else None
        if place is None:
            continue
        x, y = place[0], place[1]
        w = place[2] if len(place) == 4 else CARD_W + 2 * PAD
        room = w - 2 * PAD
        heading = wrap.lines(words.sheet(f"{KEY}.{item.id}"), room, HEAD_PT, words.lang, bold=True,
                             units=words.units)
        note = wrap.lines(words.sheet(f"{KEY}.{item.id}.note"), room, NOTE_PT, words.lang,
                          units=words.units) if item.note else []
        fits = heading is not None and note is not None
        field = Field(item.id, x, y, w, 0.0, heading or [words.sheet(f"{KEY}.{item.id}")], note or [],
                      fits=fits)
        if item.card:
            top = field.words_height + GAP
            h = place[3] if len(place) == 4 else round(top + CARD_H + PAD, 2)
            field.card = (round((w - CARD_W) / 2, 2), round(max(top, h - PAD - CARD_H), 2))
        else:
            h = place[3]
        field.h = h
        out.append(field)
    return out


def problems(fields: list[Field]) -> list[str]:
    """Fields whose words or card run past their box."""
    out = []
    for f in fields:
        if not f.fits:
            out.append(f"a word of field '{f.id}' is wider than the field")
        bottom = f.words_height + PAD if f.card is None else f.card[1] + CARD_H + PAD
        if f.card is not None and f.w < CARD_W + 2 * PAD:
            out.append(f"field '{f.id}' is narrower than its card ({CARD_W:g} mm and its padding)")
        if bottom > f.h + 0.01:
            out.append(f"the words{' and the card' if f.card else ''} of field '{f.id}' need "
                       f"{bottom:.1f} mm; the field is {f.h:g} mm high")
    return out
