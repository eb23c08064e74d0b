"""What a position is worth to a player, for the bots (bots.py, ismcts.py): a game won more than
any position and a game lost less, a shared win in between, else the game's own evaluation
(game.yaml `bot: {evaluate: name}`, docs/bots.md). And which answers to a question the game's
hints prefer (game.yaml `bot: {prefer: ...}`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

WON = 10**9  # more than any evaluation: a game won (a lost one is -WON)


def value_of(state: Any, player: int) -> int:
    """What the position is worth to `player`: won, lost, shared, or the game's evaluation."""
    if state.is_over():
        winners = state.winners
        if player in winners:
            return WON if len(winners) == 1 else WON // len(winners)
        return -WON if winners else 0
    evaluate = state.game.spec.evaluate
    if evaluate is None:
        return 0
    return _aside(state, lambda: evaluate(state, player))


def hints(state: Any) -> list[int] | None:
    """The hint's value of each legal answer to the pending question, for the player who answers
    (stopping early counts 0), or None when the game gives no hint for this question."""
    decision = state.decision()
    hint = state.game.spec.prefer.get(decision.prompt)
    if hint is None:
        return None
    player = decision.player
    return _aside(state, lambda: [0 if raw is None else hint(state, player, raw) for raw in decision.options])


def _aside(state: Any, compute: Callable[[], Any]) -> Any:
    """What the content's functions compute for a bot, with the state's step count fresh and put
    back after: judging a position is no step of the game (as the invariants)."""
    steps = state.steps
    state.steps = state.step_limit
    try:
        return compute()
    finally:
        state.steps = steps


def considered(state: Any) -> tuple[list[int], list[int] | None]:
    """The indices of the answers the bots consider, and the hint's values (None without a hint).
    A negative hint is a veto: such answers are left out while some answer's hint is 0 or more
    (with every answer vetoed, all of them are considered)."""
    count = len(state.decision().options)
    values = hints(state)
    if values is None:
        return list(range(count)), None
    kept = [i for i in range(count) if values[i] >= 0]
    return kept or list(range(count)), values


def best_of(values: list[int] | None, among: list[int]) -> list[int]:
    """Of these answers' indices, the ones the hint's values put highest (all without a hint)."""
    if values is None:
        return among
    top = max(values[i] for i in among)
    return [i for i in among if values[i] == top]


def preferred(state: Any) -> list[int]:
    """The indices of the answers the game's hint values most (all of them without a hint)."""
    return best_of(hints(state), list(range(len(state.decision().options))))


def greedy_index(state: Any, rng: random.Random) -> int:
    """One ply on this very state: the index of the answer whose position is worth most to the
    deciding player when the rules next ask, among the answers the game's hint does not veto (ties
    broken by the hint, then at random). The greedy bot runs it on a determinized copy; ISMCTS's
    greedy rollouts on the copy they play out."""
    player = state.decision().player
    legal, tiebreak = considered(state)
    best: list[int] = []
    best_value = None
    for index in legal:
        trial = state.clone()
        trial.apply_index(index)
        value = (value_of(trial, player), 0 if tiebreak is None else tiebreak[index])
        if best_value is None or value > best_value:
            best, best_value = [index], value
        elif value == best_value:
            best.append(index)
    return rng.choice(best)
