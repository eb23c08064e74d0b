"""A board larger than the paper, cut into overlapping tiles, one per page.

The board is printed at its real size. Each page shows a window of the board inside a margin of
MARGIN mm; neighbouring windows overlap by at least OVERLAP mm, spread evenly. A tile with a
neighbour on its left (above) has that margin cut off along the window's edge (marked ✂), and is
laid over the neighbour: the neighbour shows small half crosses on the line where the cut edge
must lie, so the two sheets can be aligned to the millimetre. Tiles are named like map squares:
a letter per row, a number per column (A1, A2, B1...).

The paper is turned landscape or portrait, whichever needs fewer pages (landscape on a tie).

The half crosses stand where they cover nothing printed: given the board's boxes, names and
legend (`avoid`), each of the three crosses of an edge takes the free place along the edge
nearest to its usual one (15%, 50%, 85% of the way), at least a cross apart from the others;
one that finds no free place is left out (the ticks in the margins still mark the edge).

>>> [t.name for t in tiles(500, 360, 210, 297)[1]]
['A1', 'A2', 'B1', 'B2']
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

MARGIN = 8.0  # unprinted border of a tile page, mm (room for the labels and marks)
OVERLAP = 10.0  # least overlap of neighbouring tiles, mm
CROSS = 3.0  # half length of an alignment cross's arm
CLEAR = 0.5  # least room between a cross and what it must not cover, mm
Rect = tuple[float, float, float, float]  # x, y, width, height in board mm


@dataclass
class Tile:
    row: int
    col: int
    name: str
    x0: float  # the window's top-left corner, in board mm
    y0: float
    width: float  # the window's size
    height: float
    cut_left: bool = False  # this tile is cut along its left (top) window edge
    cut_top: bool = False
    marks: list[tuple[float, float]] = field(default_factory=list)  # half crosses, board mm
    # where the neighbours' cut edges lie: (x1, y1, x2, y2), board mm
    edges: list[tuple[float, float, float, float]] = field(default_factory=list)

    @property
    def x1(self) -> float:
        return self.x0 + self.width

    @property
    def y1(self) -> float:
        return self.y0 + self.height


def _starts(length: float, window: float) -> list[float]:
    """Window origins along one axis: evenly spread, overlapping by at least OVERLAP."""
    if length <= window:
        return [round((length - window) / 2, 3)]  # one window, the board centred in it
    count = math.ceil((length - OVERLAP) / (window - OVERLAP))
    step = (length - window) / (count - 1)
    return [round(i * step, 3) for i in range(count)]


def _layout(width: float, height: float, page_w: float, page_h: float,
            avoid: tuple[Rect, ...] = ()) -> list[Tile]:
    win_w, win_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN
    xs, ys = _starts(width, win_w), _starts(height, win_h)
    out = []
    for r, y0 in enumerate(ys):
        for c, x0 in enumerate(xs):
            out.append(Tile(r, c, f"{chr(ord('A') + r)}{c + 1}", x0, y0, win_w, win_h,
                            cut_left=c > 0, cut_top=r > 0))
    for tile in out:
        for other in out:
            _mark_neighbour(tile, other, avoid)
    return out


def _covers(x: float, y: float, avoid: tuple[Rect, ...]) -> bool:
    """Would a cross at (x, y) cover (or come within CLEAR of) one of the rectangles?"""
    reach = CROSS + CLEAR
    return any(x - reach < rx + rw and rx < x + reach and y - reach < ry + rh and ry < y + reach
               for rx, ry, rw, rh in avoid)


def _places(start: float, end: float, free) -> list[float]:
    """Where along an edge from `start` to `end` the three crosses go: each at the free place
    (`free(position)`) nearest to 15%, 50% and 85% of the way, whole mm apart, never within two
    arms of another cross or of the edge's ends."""
    low, high = start + CROSS, end - CROSS
    chosen: list[float] = []
    for share in (0.15, 0.5, 0.85):
        aim = start + (end - start) * share
        for step in range(int(end - start) + 1):
            found = next((p for p in (aim - step, aim + step) if low <= p <= high and free(p)
                          and all(abs(p - q) >= 2 * CROSS for q in chosen)), None)
            if found is not None:
                chosen.append(round(found, 3))
                break
    return chosen


def _mark_neighbour(tile: Tile, other: Tile, avoid: tuple[Rect, ...] = ()) -> None:
    """On `tile`, the half crosses where `other` (the next tile right or down) is laid on."""
    if other.row == tile.row and other.col == tile.col + 1:
        x = other.x0
        top, bottom = max(tile.y0, 0.0), tile.y1
        tile.edges.append((x, tile.y0, x, tile.y1))
        tile.marks += [(x, y) for y in _places(top, bottom, lambda y: not _covers(x, y, avoid))]
    if other.col == tile.col and other.row == tile.row + 1:
        y = other.y0
        left, right = max(tile.x0, 0.0), tile.x1
        tile.edges.append((tile.x0, y, tile.x1, y))
        tile.marks += [(x, y) for x in _places(left, right, lambda x: not _covers(x, y, avoid))]


def tiles(width: float, height: float, paper_w: float, paper_h: float,
          avoid: tuple[Rect, ...] = ()) -> tuple[tuple[float, float], list[Tile]]:
    """The page size (landscape or portrait) and the tiles of a `width` x `height` board; the
    alignment crosses cover none of the rectangles of `avoid` (x, y, w, h in board mm)."""
    landscape = (max(paper_w, paper_h), min(paper_w, paper_h))
    portrait = (landscape[1], landscape[0])
    best = None
    for page in (landscape, portrait):
        layout = _layout(width, height, *page, avoid)
        if best is None or len(layout) < len(best[1]):
            best = (page, layout)
    return best
