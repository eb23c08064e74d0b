"""The values of a snapshot (snapshot.py), read as untrusted data: every number whole and in
range, every list of its size, every tagged value well formed; anything else a `SnapshotFault`
naming the part it lies in (`state.frames[2].pc`)."""

from __future__ import annotations

import random
import sys
from typing import Any

from .grid import OFFSET, SIDE, coords
from .options import shown as _shown

MAX_DEPTH = 32  # no value in a state is nested deeper; deeper ones are refused, not recursed into
NUMBER = 2**62  # no whole number in a state is larger (a track, a counter, a local, a logged value)
# A laid space's cell lies off the grid's edge, so that its four neighbours are cells too
# (grid.py: else the next `open_cells` fails); a game reaches the edge only after 499 cards laid
# in a row.
CELLS = range(-OFFSET + 1, OFFSET - 1)


class SnapshotFault(ValueError):
    """A part of a snapshot that cannot be a state of this game: what is wrong, and where."""

    def __init__(self, problem: str, where: str):
        super().__init__(f"{where}: {problem}")
        self.problem, self.where = problem, where


def cell_of(raw: Any, where: str) -> int:
    int_in(raw, where, 0, SIDE * SIDE - 1)
    x, y = coords(raw)
    if x not in CELLS or y not in CELLS:
        raise SnapshotFault(f"is cell {x},{y}, at the edge of the grid or beyond", where)
    return raw


def decode(raw: Any, effects: dict[int, Any], where: str, depth: int = 0) -> Any:
    if depth > MAX_DEPTH:
        raise SnapshotFault("is nested too deeply", where)
    if isinstance(raw, list):
        return [decode(v, effects, where, depth + 1) for v in raw]
    if isinstance(raw, dict):
        if len(raw) != 1 or next(iter(raw)) not in ("t", "d", "e"):
            raise SnapshotFault("is an object; a value is a number, text, null, a list or one of "
                                '{"t": [...]}, {"d": [...]}, {"e": serial}', where)
        tag, inner = next(iter(raw.items()))
        if tag == "e":
            if not is_int(inner) or inner not in effects:
                raise SnapshotFault(f"names effect {_shown(inner)}, which is not listed in state.effects",
                                    where)
            return effects[inner]
        items = [decode(v, effects, where, depth + 1) for v in list_of(inner, where)]
        if tag == "t":
            return tuple(items)
        pairs = {}
        for item in items:
            if not isinstance(item, list) or len(item) != 2 or not hashable(item[0]):
                raise SnapshotFault('a dict is {"d": [[key, value], ...]}, each key a number, text, '
                                    "null or a tuple of them", where)
            pairs[item[0]] = item[1]
        return pairs
    return scalar(raw, where)


def hashable(value: Any) -> bool:
    """Whether a decoded value can key a dict: a scalar, or a tuple of such (never a list, a
    dict or an effect)."""
    if type(value) is tuple:
        return all(hashable(v) for v in value)
    return value is None or type(value) in (int, bool, str)


def scalar(raw: Any, where: str) -> Any:
    if isinstance(raw, str):  # ids and keys: one copy, the engine's own
        return sys.intern(raw)
    if is_int(raw):
        return int_in(raw, where, -NUMBER, NUMBER)
    if raw is None or isinstance(raw, bool):
        return raw
    raise SnapshotFault(f"is {_shown(raw)}; a state holds no fractions", where)


def random_of(raw: Any) -> random.Random:
    version, internal, gauss = list_of(raw, "state.rng", 3)
    internal = ints_of(internal, "state.rng[1]", 625, 0, 2**32 - 1)
    if gauss is not None or version != 3 or not 1 <= internal[-1] <= 624:
        raise SnapshotFault("is not the state of Python's random generator", "state.rng")
    rng = random.Random()
    rng.setstate((version, tuple(internal), None))
    return rng


def check_object(raw: Any, parts: tuple[str, ...], where: str) -> None:
    if not isinstance(raw, dict):
        raise SnapshotFault("is not an object", where)
    wrong = sorted(set(raw) ^ set(parts))
    if wrong:
        raise SnapshotFault(f"has parts {', '.join(sorted(raw))}; it has exactly {', '.join(parts)}", where)


def list_of(raw: Any, where: str, size: int | None = None) -> list:
    if not isinstance(raw, list):
        raise SnapshotFault("is not a list", where)
    if size is not None and len(raw) != size:
        raise SnapshotFault(f"has {len(raw)} items; this game has {size}", where)
    return raw


def ints_of(raw: Any, where: str, size: int | None = None, low: int = -NUMBER,
            high: int = NUMBER) -> list[int]:
    return [int_in(v, f"{where}[{i}]", low, high) for i, v in enumerate(list_of(raw, where, size))]


def int_in(raw: Any, where: str, low: int, high: int) -> int:
    if not is_int(raw):
        raise SnapshotFault(f"is {_shown(raw)}, a whole number was expected", where)
    if not low <= raw <= high:
        raise SnapshotFault(f"is {raw}, outside {low}..{high}", where)
    return raw


def bool_of(raw: Any, where: str) -> bool:
    if not isinstance(raw, bool):
        raise SnapshotFault(f"is {_shown(raw)}, true or false was expected", where)
    return raw


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def log_entry(raw: Any, depth: int = 0) -> Any:
    """A log entry's value as the engine keeps it: an array is a tuple, text is interned."""
    kind = type(raw)
    if kind is int:
        if -NUMBER <= raw <= NUMBER:
            return raw
        raise SnapshotFault(f"holds {_shown(raw)}, outside {-NUMBER}..{NUMBER}", "")
    if kind is str:
        return sys.intern(raw)
    if kind is bool or raw is None:
        return raw
    if depth > MAX_DEPTH:
        raise SnapshotFault("is nested too deeply", "")
    if kind is list:
        return tuple([log_entry(v, depth + 1) for v in raw])
    if kind is dict:
        return {sys.intern(k): log_entry(v, depth + 1) for k, v in raw.items()}
    raise SnapshotFault(f"holds {_shown(raw)}; a state holds no fractions", "")
