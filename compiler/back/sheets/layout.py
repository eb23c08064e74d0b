"""Page geometry of the card sheets, in millimetres: where each card, cut mark and back goes.

One layout serves A4 and Letter: nine poker cards (63 x 88 mm) in a 3 x 3 grid of 189 x 264 mm,
centred on the page, cards abutting so that one cut separates two cards. Only the margins
differ between papers.

Bleed: a card's background runs `bleed` mm past its trim line, but only on the outer edges of
the grid. Inside the grid the cards abut at their trim lines (a 3 mm bleed on every side would
make the grid 3 x 94 = 282 mm high, more than Letter's 279.4 mm). With bleed the grid covers
(189 + 2b) x (264 + 2b) mm. Cut marks are short lines in the margins on the prolongation of
each trim line, starting `MARK_GAP` mm outside the bleed.

Backs are the same grid mirrored left to right, for duplex printing that flips on the long
edge: the card in column 0 of a front page has its back in column 2 of the back page. A back
offset moves the whole back page's content, to undo a printer's misregistration.

>>> [s.trim.x for s in card_slots(PAPERS["a4"])[:3]]
[10.5, 73.5, 136.5]
>>> [s.trim.x for s in card_slots(PAPERS["a4"], mirrored=True)[:3]]
[136.5, 73.5, 10.5]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CARD_W = 63.0
CARD_H = 88.0
COLUMNS = 3
ROWS = 3
PER_PAGE = COLUMNS * ROWS
MARK_LENGTH = 5.0  # longest cut mark
MARK_GAP = 1.0  # space between the bleed (or the trim line) and a cut mark
MAX_BLEED = 5.0
MAX_OFFSET = 10.0


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float


PAPERS = {"a4": Paper("a4", 210.0, 297.0), "letter": Paper("letter", 215.9, 279.4)}


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Slot:
    """Where the card at `index` (0-8, reading order of the front page) goes on a page."""

    index: int
    row: int
    col: int  # the column on this page (mirrored on backs)
    trim: Rect  # the cut line
    bleed: Rect  # what the card's background covers: trim grown by the bleed on outer edges

    @property
    def outset(self) -> tuple[float, float, float, float]:
        """How far the background reaches past the trim: left, top, right, bottom."""
        return (round(self.trim.x - self.bleed.x, 3), round(self.trim.y - self.bleed.y, 3),
                round(self.bleed.right - self.trim.right, 3), round(self.bleed.bottom - self.trim.bottom, 3))


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float


class LayoutError(ValueError):
    """A length or offset a user gave that the layout cannot use."""


def parse_length(text: str, what: str = "length", low: float = 0.0, high: float = MAX_BLEED) -> float:
    """Millimetres from '3mm', '3', '2.5 mm'; other units and values outside low..high are refused.

    >>> parse_length("3mm")
    3.0
    """
    match = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*(mm)?\s*", text)
    if not match:
        raise LayoutError(f"{what} '{text}' is not a length in millimetres (e.g. 3mm)")
    value = float(match.group(1))
    if not low <= value <= high:
        raise LayoutError(f"{what} '{text}' is outside {low:g}..{high:g} mm")
    return value


def parse_offset(text: str) -> tuple[float, float]:
    """'1.5mm,-0.5mm' -> (1.5, -0.5): how far to move the backs right and down, in mm."""
    parts = text.split(",")
    if len(parts) != 2:
        raise LayoutError(f"back offset '{text}' should be two lengths, x,y (e.g. 1mm,-0.5mm)")
    x, y = (parse_length(p, "back offset", -MAX_OFFSET, MAX_OFFSET) for p in parts)
    return x, y


def grid_origin(paper: Paper) -> tuple[float, float]:
    """The top-left corner of the grid of trim lines, centred on the page."""
    return ((paper.width - COLUMNS * CARD_W) / 2, (paper.height - ROWS * CARD_H) / 2)


def card_slots(paper: Paper, bleed: float = 0.0, mirrored: bool = False,
               offset: tuple[float, float] = (0.0, 0.0)) -> list[Slot]:
    """The nine slots of a page in the order of the cards on the front page.

    On a back page (`mirrored`), slot i is the back of front slot i: same row, column 2 - col.
    """
    x0, y0 = grid_origin(paper)
    dx, dy = offset
    slots = []
    for index in range(PER_PAGE):
        row, col = divmod(index, COLUMNS)
        if mirrored:
            col = COLUMNS - 1 - col
        trim = Rect(_mm(x0 + col * CARD_W + dx), _mm(y0 + row * CARD_H + dy), CARD_W, CARD_H)
        left = bleed if col == 0 else 0.0
        right = bleed if col == COLUMNS - 1 else 0.0
        top = bleed if row == 0 else 0.0
        bottom = bleed if row == ROWS - 1 else 0.0
        outer = Rect(_mm(trim.x - left), _mm(trim.y - top), _mm(CARD_W + left + right),
                     _mm(CARD_H + top + bottom))
        slots.append(Slot(index, row, col, trim, outer))
    return slots


def cut_marks(paper: Paper, bleed: float = 0.0, offset: tuple[float, float] = (0.0, 0.0)) -> list[Line]:
    """Short lines in the margins on every trim line of the grid, outside the bleed.

    A mark runs from MARK_GAP mm outside the bleed towards the paper's edge, at most
    MARK_LENGTH mm and never past the edge (on Letter with bleed the top and bottom marks are
    short: the margin there is 4.7 mm).
    """
    x0, y0 = grid_origin(paper)
    dx, dy = offset
    x0, y0 = x0 + dx, y0 + dy
    x1, y1 = x0 + COLUMNS * CARD_W, y0 + ROWS * CARD_H
    lines = []
    for col in range(COLUMNS + 1):
        x = _mm(x0 + col * CARD_W)
        near = y0 - bleed - MARK_GAP
        if near > 0:
            lines.append(Line(x, _mm(max(0.0, near - MARK_LENGTH)), x, _mm(near)))
        near = y1 + bleed + MARK_GAP
        if near < paper.height:
            lines.append(Line(x, _mm(near), x, _mm(min(paper.height, near + MARK_LENGTH))))
    for row in range(ROWS + 1):
        y = _mm(y0 + row * CARD_H)
        near = x0 - bleed - MARK_GAP
        if near > 0:
            lines.append(Line(_mm(max(0.0, near - MARK_LENGTH)), y, _mm(near), y))
        near = x1 + bleed + MARK_GAP
        if near < paper.width:
            lines.append(Line(_mm(near), y, _mm(min(paper.width, near + MARK_LENGTH)), y))
    return lines


def pages(count: int) -> list[range]:
    """Card indexes per page: nine to a page, the last page partly filled."""
    return [range(start, min(count, start + PER_PAGE)) for start in range(0, count, PER_PAGE)]


def _mm(value: float) -> float:
    """Round to a thousandth of a millimetre, so the same input always prints the same digits."""
    return round(value + 0.0, 3) + 0.0
