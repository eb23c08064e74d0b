"""Page geometry of the card sheets, in millimetres: where each card, cut mark and back goes.

Cards are poker size (63 x 88 mm). Each card has its own bleed: its background runs `bleed` mm
past its cut line on every side, and cards are parted by a gutter, so that a cut that misses
its line by a millimetre spoils one card, not two. Between the bleed areas of neighbours lies an
empty space of `space` mm holding the card's cut marks: short lines on the prolongation of each
of its four cut lines, at each corner, starting MARK_GAP outside its bleed. Each card has its
own set of eight marks.

The grid is as many columns and rows as fit on the paper with at least MIN_SPACE between the
bleed areas and MIN_MARGIN between the outermost bleed and the paper's edge (a printer cannot
print to the edge): 3 x 3 on A4 and Letter without bleed or with 1 mm (A4), fewer with a print
shop's 3 mm. The space grows up to MAX_SPACE when the paper allows, and the grid is centred.

Backs are the same grid mirrored left to right, for duplex printing that flips on the long
edge: the card in column 0 of a front page has its back in the last column of the back page,
which lies where the front's column 0 lies once the sheet is turned over (the grid is centred,
so its mirror image is itself). A back offset moves the whole back page's content, to undo a
printer's misregistration.

>>> g = grid(PAPERS["a4"])
>>> (g.columns, g.rows, g.space)
(3, 3, 5.0)
>>> [s.trim.x for s in card_slots(g)[:3]]
[5.5, 73.5, 141.5]
>>> [s.trim.x for s in card_slots(g, mirrored=True)[:3]]
[141.5, 73.5, 5.5]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CARD_W = 63.0
CARD_H = 88.0
MIN_SPACE = 3.0  # least empty space between the bleed areas of two neighbouring cards
MAX_SPACE = 5.0
MIN_MARGIN = 4.0  # least space between the outermost bleed and the paper's edge
MARK_LENGTH = 4.0  # longest cut mark (in the outer margins; in a gutter, half its space)
MARK_GAP = 0.5  # space between a card's bleed and its cut marks
NOTE_AT = 3.5  # the sheet's note (one line of 7 pt) lies this far from the paper's edge
NOTE_CLEAR = 7.0  # and ends before this; cut marks in its margin stop there
NOTE_ROOM = 8.0  # a margin this wide holds the note
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
class Line:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Grid:
    """How cards are laid out on one paper with one bleed."""

    paper: Paper
    bleed: float
    columns: int
    rows: int
    space: float  # empty space between the bleed areas of neighbours

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def gutter(self) -> float:
        """Distance between the cut lines of neighbours."""
        return 2 * self.bleed + self.space

    @property
    def origin(self) -> tuple[float, float]:
        """The top-left corner of the first card's cut lines."""
        width = self.columns * CARD_W + (self.columns - 1) * self.gutter
        height = self.rows * CARD_H + (self.rows - 1) * self.gutter
        return _mm((self.paper.width - width) / 2), _mm((self.paper.height - height) / 2)

    @property
    def margins(self) -> tuple[float, float]:
        """Free paper left and above the outermost bleed (the same right and below)."""
        x0, y0 = self.origin
        return _mm(x0 - self.bleed), _mm(y0 - self.bleed)

    @property
    def note(self) -> str:
        """Where the sheet's note goes: 'top' (across the top margin), 'side' (up the left
        margin) or '' (no margin is wide enough)."""
        side, top = self.margins
        if top >= NOTE_ROOM:
            return "top"
        return "side" if side >= NOTE_ROOM else ""


@dataclass(frozen=True)
class Slot:
    """Where the card at `index` (reading order of the front page) goes on a page."""

    index: int
    row: int
    col: int  # the column on this page (mirrored on backs)
    trim: Rect  # the cut line
    bleed: Rect  # what the card's background covers: the trim grown by the bleed on every side
    marks: tuple[Line, ...] = ()  # the card's own cut marks

    @property
    def outset(self) -> tuple[float, float, float, float]:
        """How far the background reaches past the trim: left, top, right, bottom."""
        return (round(self.trim.x - self.bleed.x, 3), round(self.trim.y - self.bleed.y, 3),
                round(self.bleed.right - self.trim.right, 3), round(self.bleed.bottom - self.trim.bottom, 3))


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


def _fitting(length: float, cell: float) -> int:
    """How many cells of `length` (card and bleed) fit along `length` of paper."""
    count = 1
    while (count + 1) * cell + count * MIN_SPACE + 2 * MIN_MARGIN <= length + 1e-9:
        count += 1
    return count


def grid(paper: Paper, bleed: float = 0.0) -> Grid:
    """The largest grid of cards that fits `paper` with `bleed` around every card."""
    cell_w, cell_h = CARD_W + 2 * bleed, CARD_H + 2 * bleed
    columns, rows = _fitting(paper.width, cell_w), _fitting(paper.height, cell_h)
    space = MAX_SPACE
    for count, cell, length in ((columns, cell_w, paper.width), (rows, cell_h, paper.height)):
        if count > 1:
            space = min(space, (length - 2 * MIN_MARGIN - count * cell) / (count - 1))
    return Grid(paper, bleed, columns, rows, _mm(max(space, MIN_SPACE)))


def card_slots(g: Grid, mirrored: bool = False, offset: tuple[float, float] = (0.0, 0.0)) -> list[Slot]:
    """The slots of a page in the order of the cards on the front page, each with its marks.

    On a back page (`mirrored`), slot i is the back of front slot i: same row, mirrored column.
    """
    x0, y0 = g.origin
    dx, dy = offset
    b = g.bleed
    slots = []
    for index in range(g.per_page):
        row, col = divmod(index, g.columns)
        if mirrored:
            col = g.columns - 1 - col
        trim = Rect(_mm(x0 + col * (CARD_W + g.gutter) + dx), _mm(y0 + row * (CARD_H + g.gutter) + dy),
                    CARD_W, CARD_H)
        outer = Rect(_mm(trim.x - b), _mm(trim.y - b), _mm(CARD_W + 2 * b), _mm(CARD_H + 2 * b))
        side, top = g.margins
        reach = (_reach(g, col == 0, side - (NOTE_CLEAR if g.note == "side" else 0)),
                 _reach(g, row == 0, top - (NOTE_CLEAR if g.note == "top" else 0)),
                 _reach(g, col == g.columns - 1, side), _reach(g, row == g.rows - 1, top))
        slots.append(Slot(index, row, col, trim, outer, _marks(g.paper, trim, b, reach)))
    return slots


def _reach(g: Grid, outer: bool, room: float) -> float:
    """How long a card's cut marks are on one side: in a gutter, up to the middle of the space
    between the bleeds (where the neighbour's marks begin); in a margin, MARK_LENGTH or what
    `room` (the margin less what the note needs) allows."""
    if outer:
        return max(0.0, min(MARK_LENGTH, room - MARK_GAP - 0.5))
    return g.space / 2 - MARK_GAP


def _marks(paper: Paper, trim: Rect, bleed: float, reach: tuple[float, float, float, float]
           ) -> tuple[Line, ...]:
    """Eight short lines, two at each corner, on the prolongation of the card's cut lines, from
    MARK_GAP outside the bleed, clipped to the paper."""
    left, top, right, bottom = reach
    near = bleed + MARK_GAP
    lines = []
    for x in (trim.x, trim.right):
        lines.append(Line(x, trim.y - near - top, x, trim.y - near))
        lines.append(Line(x, trim.bottom + near, x, trim.bottom + near + bottom))
    for y in (trim.y, trim.bottom):
        lines.append(Line(trim.x - near - left, y, trim.x - near, y))
        lines.append(Line(trim.right + near, y, trim.right + near + right, y))
    return tuple(Line(_clip(m.x1, paper.width), _clip(m.y1, paper.height), _clip(m.x2, paper.width),
                      _clip(m.y2, paper.height)) for m in lines)


def pages(count: int, per_page: int) -> list[range]:
    """Card indexes per page, the last page partly filled."""
    return [range(start, min(count, start + per_page)) for start in range(0, count, per_page)]


def _clip(value: float, high: float) -> float:
    return _mm(min(max(value, 0.0), high))


def _mm(value: float) -> float:
    """Round to a thousandth of a millimetre, so the same input always prints the same digits."""
    return round(value + 0.0, 3) + 0.0
