"""Spaces laid on a square grid during play (a tableau of cards, tiles).

A game whose map has `layout: grid` places its spaces on cells while it runs; two spaces are
adjacent when their cells share an edge. A cell is an int (so that answers and saved histories
stay plain numbers); people see and type it as "x,y".
"""

from __future__ import annotations

from typing import Any

from .helpers import RuleError

OFFSET = 500  # cells run from -500 to 499 on each axis
SIDE = 1000
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # the four edge neighbours, in a fixed order


def cell(x: int, y: int) -> int:
    if not (-OFFSET <= x < OFFSET and -OFFSET <= y < OFFSET):
        raise ValueError(f"cell {x},{y} is off the grid (-{OFFSET}..{OFFSET - 1})")
    return (x + OFFSET) * SIDE + (y + OFFSET)


def coords(c: int) -> tuple[int, int]:
    return c // SIDE - OFFSET, c % SIDE - OFFSET


def neighbours(c: int) -> tuple[int, ...]:
    x, y = coords(c)
    return tuple(cell(x + dx, y + dy) for dx, dy in STEPS)


class CellNames:
    """Cells as people write them ("x,y"), for decisions and the log."""

    def __getitem__(self, c: int) -> str:
        x, y = coords(c)
        return f"{x},{y}"


CELL_NAMES = CellNames()


class Grid:
    """Which space lies on which cell; part of a game state."""

    def __init__(self, n_spaces: int) -> None:
        self.cell_of: list[int | None] = [None] * n_spaces
        self.at: dict[int, int] = {}

    def copy(self) -> Grid:
        new = Grid(0)
        new.cell_of, new.at = self.cell_of[:], dict(self.at)
        return new

    def place(self, space: int, c: int) -> None:
        """Put a space on an empty cell (moving it if it lies elsewhere)."""
        if self.at.get(c, space) != space:
            raise ValueError(f"cell {CELL_NAMES[c]} is taken")
        old = self.cell_of[space]
        if old is not None:
            del self.at[old]
        self.cell_of[space] = c
        self.at[c] = space

    def remove(self, space: int) -> None:
        old = self.cell_of[space]
        if old is not None:
            del self.at[old]
            self.cell_of[space] = None

    def adjacent(self, space: int) -> list[int]:
        """Spaces on the cells sharing an edge with this one's, by space order."""
        c = self.cell_of[space]
        if c is None:
            return []
        return sorted(self.at[n] for n in neighbours(c) if n in self.at)

    def open_cells(self, spaces) -> list[int]:
        """Empty cells sharing an edge with a placed space of `spaces`, in cell order."""
        found = set()
        for s in spaces:
            c = self.cell_of[s]
            if c is not None:
                found.update(n for n in neighbours(c) if n not in self.at)
        return sorted(found)


class GridPlaces:
    """`place_on_grid` and `grid_cell` for generated code (a mixin of `State`, which sets `grid`
    up): a fault of the rules, not a ValueError, when a cell is taken or off the grid."""

    game: Any
    grid: Grid

    def place_on_grid(self, space: int, c: int | None) -> None:
        if c is None:
            raise RuleError(f"no cell given to place '{self.game.spec.spaces[space]}' on")
        try:
            self.grid.place(space, c)
        except ValueError as exc:
            raise RuleError(str(exc)) from None

    def grid_cell(self, x: int, y: int) -> int:
        try:
            return cell(x, y)
        except ValueError as exc:
            raise RuleError(str(exc)) from None
