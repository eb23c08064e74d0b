"""Faults of generated code, reported at the content that caused them.

Each generated module ends with two tables (written by compiler/back/python/emitter.py):

    SOURCE_PLACES = (("content/g/rules.yaml", ("procedures", "play", "code"), "procedure 'play'"), ...)
    SOURCE_LINES = ((17, 0, 5, 7), ...)   # from generated line 17 on: place 0, line 5, column 7

so a generated line maps back to the content statement it was lowered from: a place is a piece of
effect text (its file, the keys that lead to it), and the line and column count inside that text.
Where each text starts in its file is SOURCE_ORIGINS (dsl/runtime/positions.py): a module made
for one run holds it, and the tools set it on an engine they load with its content
(compiler/tools/fault_lines.py). Without it a fault names the text and the line inside it.
Nothing runs on the happy path: only when a fault escapes the rules does `located` walk its
traceback, find the generated frames and look their lines up.
"""

from __future__ import annotations

import bisect
from types import TracebackType

from .decisions import IllegalAnswer
from .helpers import RuleError, RuntimeFault, StepLimit
from .positions import file_position

# A Python fault -> (code, what it means in the content, hint).
PYTHON_FAULTS: tuple[tuple[type, str, str, str], ...] = (
    (ZeroDivisionError, "R102", "division by zero",
     "test the divisor first, e.g. `if n > 0:`"),
    (RecursionError, "R103", "calls nested too deeply (a procedure or function that keeps calling "
     "itself)", "make sure the recursion ends: a call that does not recur must be reached"),
)
NONE_HINT = ("a value may be `none` here (the top of an empty zone, a choice with nothing to "
             "choose, a variable never set): test it with `!= none` first")


def located(exc: Exception) -> Exception:
    """`exc` as a RuleError naming the content statement that raised it.

    IllegalAnswer is the caller's fault, not the content's: it comes back as it is. A RuleError
    that already names its place is returned unchanged."""
    if isinstance(exc, IllegalAnswer):
        return exc
    fault = exc if isinstance(exc, RuleError) else as_rule_error(exc)
    if fault.where is None and fault.place is None:
        found = _statement(exc.__traceback__, _from_caller(exc))
        if found is not None:
            fault.locate(*found)
    return fault


def as_rule_error(exc: Exception) -> RuleError:
    for kind, code, reason, hint in PYTHON_FAULTS:
        if isinstance(exc, kind):
            return RuntimeFault(reason, code, hint)
    return RuntimeFault(f"the effect failed: {type(exc).__name__}: {exc}", "R106", NONE_HINT)


def _from_caller(exc: Exception) -> bool:
    """Faults that show in the function called, but whose cause is the call: report the caller."""
    return isinstance(exc, RecursionError) or (isinstance(exc, StepLimit) and exc.at_entry)


def _statement(tb: TracebackType | None, caller: bool) -> tuple[tuple[str, int, int] | None, str] | None:
    """(path, line, col) and place of the innermost generated statement in a traceback (with
    `caller`, of the one that called it); no (path, line, col) where the module does not know
    where its texts start, the place then naming the line inside the text."""
    found: list[tuple[tuple[str, int, int] | None, str]] = []
    while tb is not None:
        entry = _lookup(tb.tb_frame.f_globals, tb.tb_lineno)
        if entry is not None:
            found.append(entry)
        tb = tb.tb_next
    if not found:
        return None
    return found[-2] if caller and len(found) > 1 else found[-1]


def _lookup(module: dict, lineno: int) -> tuple[tuple[str, int, int] | None, str] | None:
    lines = module.get("SOURCE_LINES")
    if not lines:
        return None
    at = bisect.bisect_right(lines, lineno, key=_first) - 1
    if at < 0:
        return None
    _, place, line, col = lines[at]
    path, _, name = module["SOURCE_PLACES"][place]
    origins = module.get("SOURCE_ORIGINS")
    if origins is None or place >= len(origins):
        return None, f"{name} ({path}, line {line}, column {col} of its text)"
    return (path, *file_position(origins[place], line, col)), name


def _first(entry: tuple) -> int:
    return entry[0]
