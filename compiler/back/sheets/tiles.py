"""A board larger than the paper, cut into overlapping tiles, one per page.

The board is printed at its real size. Each page shows a window of the board inside a margin of
MARGIN mm; neighbouring windows overlap by at least OVERLAP mm, spread evenly. A tile with a
neighbour on its left (above) has that margin cut off along the window's edge (marked ✂), and is
laid over the neighbour: the neighbour shows small half crosses on the line where the cut edge
must lie, so the two sheets can be aligned to the millimetre. Tiles are named like map squares:
a letter per row, a number per column (A1, A2, B1...).

The paper is turned landscape or portrait, whichever needs fewer pages (landscape on a tie).

>>> [t.name for t in tiles(500, 360, 210, 297)[1]]
['A1', 'A2', 'B1', 'B2']
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

MARGIN = 8.0  # unprinted border of a tile page, mm (room for the labels and marks)
OVERLAP = 10.0  # least overlap of neighbouring tiles, mm
CROSS = 3.0  # half length of an alignment cross's arm


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


def _layout(width: float, height: float, page_w: float, page_h: float) -> list[Tile]:
    win_w, win_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN
    xs, ys = _starts(width, win_w), _starts(height, win_h)
    out = []
    for r, y0 in enumerate(ys):
        for c, x0 in enumerate(xs):
            out.append(Tile(r, c, f"{chr(ord('A') + r)}{c + 1}", x0, y0, win_w, win_h,
                            cut_left=c > 0, cut_top=r > 0))
    for tile in out:
        for other in out:
            _mark_neighbour(tile, other)
    return out


def _mark_neighbour(tile: Tile, other: Tile) -> None:
    """On `tile`, the half crosses where `other` (the next tile right or down) is laid on."""
    if other.row == tile.row and other.col == tile.col + 1:
        x = other.x0
        top, bottom = max(tile.y0, 0.0), tile.y1
        tile.edges.append((x, tile.y0, x, tile.y1))
        tile.marks += [(x, round(top + (bottom - top) * f, 3)) for f in (0.15, 0.5, 0.85)]
    if other.col == tile.col and other.row == tile.row + 1:
        y = other.y0
        left, right = max(tile.x0, 0.0), tile.x1
        tile.edges.append((tile.x0, y, tile.x1, y))
        tile.marks += [(round(left + (right - left) * f, 3), y) for f in (0.15, 0.5, 0.85)]


def tiles(width: float, height: float, paper_w: float,
          paper_h: float) -> tuple[tuple[float, float], list[Tile]]:
    """The page size (landscape or portrait) and the tiles of a `width` x `height` board."""
    landscape = (max(paper_w, paper_h), min(paper_w, paper_h))
    portrait = (landscape[1], landscape[0])
    best = None
    for page in (landscape, portrait):
        layout = _layout(width, height, *page)
        if best is None or len(layout) < len(best[1]):
            best = (page, layout)
    return best
