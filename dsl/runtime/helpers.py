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


class TrackOverflow(RuntimeError):
    """A track declared `overflow: error` was moved past an end: a fault in the rules."""


def strict(value: int, low: int, high: int, name: str) -> int:
    if not low <= value <= high:
        raise TrackOverflow(f"track '{name}' moved to {value}, outside {low}..{high}")
    return value
