"""Trajectories: one seeded game as the list of its decisions, taken by the stable-choice
policy, and the first decision where two versions of a game part ways.

The stable choice takes the legal answer with the smallest hash of (seed, decision number,
answer id). Unlike "the k-th answer" or a random draw, it does not depend on the position or
the number of the other answers, so a change that adds or removes an answer somewhere rarely
changes what is picked anywhere else: two versions stay in step until the change matters.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# How many log lines before a divergence the report shows.
CONTEXT = 3


@dataclass(frozen=True)
class Step:
    """A decision of a game: who was asked what, the legal answers, the pick, and the log lines
    written since the previous decision (ids and numbers, as the engine logs them)."""

    number: int
    who: str
    prompt: str
    answers: tuple[str, ...]
    chosen: str
    log: tuple[str, ...]

    @property
    def question(self) -> tuple:
        return (self.who, self.prompt, self.answers)


@dataclass(frozen=True)
class Trajectory:
    seed: int
    steps: list[Step]
    result: dict[str, Any] | None
    tail: tuple[str, ...]  # log lines after the last decision
    final: Any = field(default=None, compare=False, repr=False)  # the state at the end


def stable_choice(seed: int, number: int, answers: tuple[str, ...]) -> int:
    """The index of the answer with the smallest blake2b(seed:number:answer)."""
    def key(i: int) -> bytes:
        return hashlib.blake2b(f"{seed}:{number}:{answers[i]}".encode(), digest_size=8).digest()
    return min(range(len(answers)), key=key)


def play(game: Any, seed: int, limit: int = 200_000,
         line: Callable[[Any, tuple], str] | None = None,
         before: Callable[[int, Any], None] | None = None,
         pick: Callable[[Any, int], int] | None = None) -> Trajectory:
    """One game of `game` (an engine's Game) with `seed`, every decision by the stable choice,
    or by `pick(state, number)` (the index of an answer: a bot, `regress --bot`).

    `line(state, entry)` writes a log entry (default: the raw tuple; playthroughs use words);
    `before(number, state)` is called as each decision is asked (to look at the state there)."""
    show = line or (lambda state, entry: str(entry))
    state = game.new_state(seed)
    steps: list[Step] = []
    seen = 0
    while not state.is_over():
        if len(steps) >= limit:
            raise RuntimeError(f"seed {seed}: no end after {limit} decisions")
        if before is not None:
            before(len(steps), state)
        decision = state.decision()
        answers = tuple(str(decision.external(raw)) for raw in decision.options)
        chosen = stable_choice(seed, len(steps), answers) if pick is None else pick(state, len(steps))
        log = tuple(show(state, entry) for entry in state.log[seen:])
        seen = len(state.log)
        steps.append(Step(len(steps), decision.who, decision.prompt, answers, answers[chosen], log))
        state.apply_index(chosen)
    return Trajectory(seed, steps, recorded_result(state.result()),
                      tuple(show(state, e) for e in state.log[seen:]), state)


def recorded_result(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A game's result as trajectories and playthroughs keep it: `winners` only for a shared
    win, since one winner or a draw says it all, so that records of games with one winner read
    as they did before shared wins existed (and match a side of `regress` that predates them)."""
    if result is None or len(result.get("winners", ())) > 1:
        return result
    return {key: value for key, value in result.items() if key != "winners"}


@dataclass(frozen=True)
class Divergence:
    """Where two trajectories of one seed first differ."""

    seed: int
    number: int  # the decision number; len of the shorter game when one only ends earlier
    before: Step | None
    after: Step | None
    context: tuple[str, ...]  # the last log lines both sides share before it
    why: str  # "question" (who, what or which answers), "log" (what happened before it) or "end"


def first_divergence(before: Trajectory, after: Trajectory) -> Divergence | None:
    """The first decision where the two games differ, or None when they are the same game."""
    shared: list[str] = []
    for old, new in zip(before.steps, after.steps, strict=False):
        if old.log != new.log:
            return Divergence(before.seed, old.number, old, new, _last(shared, old.log, new.log), "log")
        if old.question != new.question:
            return Divergence(before.seed, old.number, old, new, _last(shared + list(old.log)), "question")
        shared += old.log
        if old.chosen != new.chosen:  # cannot happen with the same answers; kept as a guard
            return Divergence(before.seed, old.number, old, new, _last(shared), "question")
    n = min(len(before.steps), len(after.steps))
    if len(before.steps) != len(after.steps) or before.tail != after.tail or before.result != after.result:
        old = before.steps[n] if n < len(before.steps) else None
        new = after.steps[n] if n < len(after.steps) else None
        return Divergence(before.seed, n, old, new, _last(shared), "end")
    return None


def _last(shared: list[str], *more: tuple[str, ...]) -> tuple[str, ...]:
    """The shared log lines before the difference, and the common start of differing ones."""
    common = list(shared)
    if len(more) == 2:
        for a, b in zip(more[0], more[1], strict=False):
            if a != b:
                break
            common.append(a)
    elif more:
        common += more[0]
    return tuple(common[-CONTEXT:])
