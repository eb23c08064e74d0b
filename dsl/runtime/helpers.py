"""Small value operations that generated expressions call."""

from __future__ import annotations

from typing import Any


def union(a, b) -> list:
    """Items of a, then the items of b not in a (order kept)."""
    seen = set(a)
    return list(a) + [x for x in b if x not in seen]


def inter(a, b) -> list:
    keep = set(b)
    return [x for x in a if x in keep]


def minus(a, b) -> list:
    drop = set(b)
    return [x for x in a if x not in drop]


def first(items) -> Any:
    for item in items:
        return item
    return None


class RuleError(RuntimeError):
    """The rules asked for something impossible at run time (a fault in the content)."""


class TrackOverflow(RuleError):
    """A track declared `overflow: error` was moved past an end."""


def row(table: dict, key: Any, name: str) -> Any:
    """The row of `table` with `key`; a missing row is a fault in the rules, said plainly."""
    found = table.get(key)
    if found is None:
        raise RuleError(f"table '{name}' has no row {key!r}")
    return found


def strict(value: int, low: int, high: int, name: str) -> int:
    if not low <= value <= high:
        raise TrackOverflow(f"track '{name}' moved to {value}, outside {low}..{high}")
    return value
