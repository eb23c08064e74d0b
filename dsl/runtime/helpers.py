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
    """The rules asked for something impossible at run time (a fault in the content).

    Every fault that comes out of an engine is one of these. The state that drives the rules
    locates it (dsl/runtime/faults.py): `where` is then the content file, line and column of the
    statement that failed, `place` whose statement it is ("procedure 'play'"), and the message
    reads `path:line: reason in place`. `code` is the fault's code in docs/errors.md (R1xx).
    """

    code = "R104"

    def __init__(self, reason: str, code: str | None = None, hint: str | None = None):
        super().__init__(reason)
        self.reason = reason
        if code is not None:
            self.code = code
        self.hint = hint
        self.where: tuple[str, int, int] | None = None
        self.place: str | None = None

    def locate(self, where: tuple[str, int, int] | None, place: str) -> None:
        """`where` None: the engine was loaded without its content's origins, and `place` names
        the statement's line inside its text (dsl/runtime/faults.py)."""
        self.where, self.place = where, place

    def __str__(self) -> str:
        if self.where is None:
            return f"{self.reason} in {self.place}" if self.place else self.reason
        return f"{self.where[0]}:{self.where[1]}: {self.reason} in {self.place}"


class TrackOverflow(RuleError):
    """A track declared `overflow: error` was moved past an end."""

    code = "R105"


class StepLimit(RuleError):
    """An effect ran more steps than `limits: steps` allows between two decisions (a runaway).

    `at_entry`: counted on entering a function that may recur, so the call that ran away is
    the caller's statement, not the callee's first line."""

    code = "R101"

    def __init__(self, limit: int, at_entry: bool = False):
        super().__init__(f"runaway effect: more than {limit:,} steps without a decision",
                         hint="a step is a round of a while or repeat loop, or a call that may recur: "
                         "make sure the loop or the recursion ends; if the rules really need more "
                         "steps, raise the limit in game.yaml (limits: {steps: N})")
        self.at_entry = at_entry


class RuntimeFault(RuleError):
    """A Python fault of generated code (division by zero, recursion too deep, a value that is
    `none` where one is needed...), as a fault of the content that ran."""

    code = "R106"


def row(table: dict, key: Any, name: str) -> Any:
    """The row of `table` with `key`; a missing row is a fault in the rules, said plainly."""
    found = table.get(key)
    if found is None:
        raise RuleError(f"table '{name}' has no row {key!r}",
                        hint=f"give table '{name}' a row for every key the rules look up, or test "
                        "the key first")
    return found


def strict(value: int, low: int, high: int, name: str) -> int:
    if not low <= value <= high:
        raise TrackOverflow(f"track '{name}' moved to {value}, outside {low}..{high}",
                            hint="test the track before moving it, or declare it `overflow: clamp` "
                            "to stop at its end")
    return value
