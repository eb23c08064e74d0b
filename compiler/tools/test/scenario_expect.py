"""A scenario's expectations: conditions in the effect language, compiled and type-checked against
the game, and `winner:`, `winners:`, `over:`, `log:`, `log_lines:` items; checked on a state, each failure
named by the scenario's file and line."""

from __future__ import annotations

from compiler.diagnostics import Diagnostics
from compiler.front.loader import Document
from compiler.front.resolve import Program, Unit, resolve_condition
from compiler.tools.test.scenario_steps import fault_text
from dsl.runtime.faults import located
from dsl.runtime.log import lines as log_lines


def compile_expectations(program: Program, doc: Document, items: list, at: tuple, prefix: str,
                         diags: Diagnostics) -> list[tuple[str, Unit]]:
    """The conditions among `items` (found in the scenario at path `at`), resolved against the
    game; each is named `<prefix><n>`. Faults go to `diags` with their place."""
    out: list[tuple[str, Unit]] = []
    for j, item in enumerate(items):
        if isinstance(item, str):
            name = f"{prefix}{j + 1}"
            unit = Unit("scenario", name, item, doc, at + (j,))
            if resolve_condition(program, unit, diags):
                out.append((name, unit))
    return out


def check_expectations(doc: Document, items: list, at: tuple, prefix: str, namespace: dict,
                       state) -> list[str]:
    """What does not hold of `items` on `state`, one text per failure, each at its line."""
    failures: list[str] = []
    for j, item in enumerate(items):
        where = f"{doc.path}:{doc.span(at + (j,)).line}"
        if isinstance(item, str):
            name = f"{prefix}{j + 1}"
            try:
                holds = namespace[name](state)
            except Exception as exc:  # the expectation itself fails (a division by zero...)
                failures.append(f"{where}: {fault_text(located(exc))}")
                continue
            if not holds:
                detail = ""
                if f"{name}_sides" in namespace:
                    left, right = namespace[f"{name}_sides"](state)
                    detail = f" (left side is {left!r}, right side {right!r})"
                failures.append(f"{where}: expected {item.strip()}{detail}")
            continue
        failures.extend(f"{where}: {text}" for text in _check_item(item, state))
    return failures


def _check_item(item: dict, state) -> list[str]:
    out: list[str] = []
    got = state.result()
    if "winner" in item:
        want = item["winner"]
        if got is None or len(got["winners"]) > 1 or (got["winner"] or "draw") != want:
            out.append(f"expected winner {want}, but {outcome_text(got)}")
    if "winners" in item:
        want_all = item["winners"]
        if got is None or sorted(got["winners"]) != sorted(want_all):
            out.append(f"expected winners [{', '.join(want_all)}], but {outcome_text(got)}")
    if "over" in item and state.over != item["over"]:
        out.append(f"expected the game {'over' if item['over'] else 'going on'}")
    if "log" in item and not any(logged_key(entry) == item["log"] for entry in state.log):
        out.append(f"expected a log entry '{item['log']}'")
    if "log_lines" in item:
        # a text may quote either form of a line: with ids or with display names
        forms = list(zip(log_lines(state, ids=True), log_lines(state), strict=True))
        missing = first_missing_in_order(forms, item["log_lines"])
        if missing is not None:
            out.append(f"expected a log line containing '{missing}' after the lines before it; "
                       "the log:\n    " + "\n    ".join(log_lines(state, ids=True)))
    return out


def outcome_text(result: dict | None) -> str:
    """What a game gave, for a failed `winner:` or `winners:`: `the game is not over`, `red`
    (one winner; `draw`), or `a shared win of red, blue`."""
    if result is None:
        return "the game is not over"
    if len(result["winners"]) > 1:
        return f"a shared win of {', '.join(result['winners'])}"
    return result["winner"] or "draw"


def logged_key(entry: tuple) -> str | None:
    """The message key of a `log` line, public (`say`) or private (`say_to`); None for others."""
    if entry[0] == "say":
        return entry[1]
    return entry[2] if entry[0] == "say_to" else None


def first_missing_in_order(lines: list[tuple[str, ...]], wanted: list[str]) -> str | None:
    """The first wanted text not found in a line (any of its forms) after the previous match."""
    at = 0
    for text in wanted:
        while at < len(lines) and not any(text in form for form in lines[at]):
            at += 1
        if at == len(lines):
            return text
        at += 1
    return None
