"""Running a scenario's steps: `do` code with its answers, answers to the game's own decisions,
refusals. A step that cannot go on raises StepFailed with the reason."""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import fault_diagnostic
from dsl.runtime import GameOver, IllegalAnswer
from dsl.runtime.faults import located
from dsl.runtime.frames import Frame, run
from dsl.runtime.helpers import RuleError


def run_do(step, state, answers: list, label: str) -> None:
    """Run a `do` step on the state. Its code runs outside the state's own loop, so a fault of
    the rules is located here, as the state would (dsl/runtime/faults.py)."""
    state.steps = state.step_limit
    try:
        drive(step(state), answers, label, state)
    except GameOver as over:
        state.game_over(over)  # a win for a player not at the table is a located RuleError
    except StepFailed:
        raise
    except Exception as exc:
        fault = located(exc)
        if fault is exc:
            raise
        raise fault from exc


def drive(frame, answers: list, label: str, state) -> None:
    """Run a step's frame (dsl/runtime/frames.py), answering its decisions in order; a step that
    asks nothing is a plain function, which has run already."""
    if not isinstance(frame, Frame):
        return
    pending = list(answers)
    stack = [frame]
    decision = run(state, stack, None)
    while decision is not None:
        if not pending:
            raise StepFailed(f"{label} asks '{decision.prompt}' of {decision.who}, but no "
                             f"answer is left; legal answers: {legal(decision)}")
        answer = pending.pop(0)
        if isinstance(answer, dict):  # {refuse: x}: x must be illegal here; the decision stays
            check_refused(decision, answer["refuse"], label)
            continue
        try:
            raw = decision.raw(answer)
        except IllegalAnswer:
            raise StepFailed(f"{label}: '{answer}' is not a legal answer to '{decision.prompt}' "
                             f"({decision.who}); legal answers: {legal(decision)}") from None
        state.steps = state.step_limit  # each decision starts a fresh count, as in the state's loop
        decision = run(state, stack, raw)
    if pending:
        raise StepFailed(f"{label} did not use these answers: {pending}")


def check_refused(decision, answer: Any, label: str) -> None:
    """A refused answer must be illegal for the decision; nothing is applied."""
    if decision is None:
        raise StepFailed(f"{label}: the game is over; nothing is asked that could refuse '{answer}'")
    try:
        decision.raw(answer)
    except IllegalAnswer:
        return
    raise StepFailed(f"{label}: '{answer}' should not be a legal answer to '{decision.prompt}' "
                     f"({decision.who}), but it is; legal answers: {legal(decision)}")


def legal(decision) -> str:
    answers = decision.answers
    return ", ".join(map(str, answers[:40])) + (" ..." if len(answers) > 40 else "")


class StepFailed(Exception):
    """A step that cannot go on; the message says which step and why."""



def fault_text(fault: RuleError) -> str:
    """`path:line:col: error[R1xx]: message`, and the hint on a line of its own."""
    diagnostic = fault_diagnostic(fault)
    hint = f"\n       hint: {diagnostic.hint}" if diagnostic.hint else ""
    return diagnostic.render().splitlines()[0] + hint
