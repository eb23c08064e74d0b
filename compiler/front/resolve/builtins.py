"""The language's built-in names: functions, statements, collections, aggregates, attributes.

Tables only, read by every construct family (names, calls, definitions); add a built-in here
(its parameter and result types), then its Python in compiler/back/python and its phrase in
compiler/back/text.
"""

from __future__ import annotations

from compiler.front import types as T

# name -> (parameter types, result type, usable in functions (no chance, no change))
BUILTINS: dict[str, tuple[tuple[T.Type, ...] | None, T.Type, bool]] = {
    "min": (None, T.INT, True),
    "max": (None, T.INT, True),
    "abs": ((T.INT,), T.INT, True),
    "size": ((T.Type("collection"),), T.INT, True),
    "roll": ((T.DICE,), T.INT, False),
    "random": ((T.Type("collection"),), T.ANY, False),
    "first": ((T.Type("collection"),), T.ANY, True),
    "opponent": ((T.PLAYER,), T.PLAYER, True),
    "next_player": ((T.PLAYER,), T.PLAYER, True),
    "previous_player": ((T.PLAYER,), T.PLAYER, True),
    "adjacent": ((T.SPACE, T.SPACE), T.BOOL, True),
    "has_event": ((T.CARD,), T.BOOL, True),
    "event_possible": ((T.CARD, T.PLAYER), T.BOOL, True),
    "play_event": ((T.CARD, T.PLAYER), T.VOID, False),
    "top": ((T.ZONE,), T.CARD, True),
    "bottom": ((T.ZONE,), T.CARD, True),
    "option": ((T.LABEL,), T.INT, True),
    "active": ((T.LABEL,), T.BOOL, True),
}
# Built-ins only for maps with `layout: grid`.
GRID_BUILTINS: dict[str, tuple[tuple[T.Type, ...] | None, T.Type, bool]] = {
    "grid_cell": ((T.INT, T.INT), T.CELL, True),
    "open_cells": ((T.list_of(T.SPACE),), T.list_of(T.CELL), True),
    "on_grid": ((T.SPACE,), T.BOOL, True),
    "cell_of": ((T.SPACE,), T.CELL, True),
    "place_on_grid": ((T.SPACE, T.CELL), T.VOID, False),
    "remove_from_grid": ((T.SPACE,), T.VOID, False),
}
BUILTINS.update(GRID_BUILTINS)
BUILTIN_STATEMENTS = {"play_event", "place_on_grid", "remove_from_grid"}
COLLECTIONS = {"players": T.PLAYER, "spaces": T.SPACE, "regions": T.REGION, "cards": T.CARD}
AGGREGATES = {"sum": T.INT, "min": T.INT, "max": T.INT, "any": T.BOOL, "all": T.BOOL}
SPACE_BUILTIN_ATTRS = {"adjacent": T.list_of(T.SPACE), "regions": T.list_of(T.REGION),
                       "kind": T.enum("space_kind")}
REGION_BUILTIN_ATTRS = {"spaces": T.list_of(T.SPACE)}
