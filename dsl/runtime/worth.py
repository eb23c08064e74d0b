"""What a position is worth to a player, for the bots (bots.py, ismcts.py): a game won more than
any position and a game lost less, a shared win in between, else the game's own evaluation
(game.yaml `bot: {evaluate: name}`, docs/bots.md)."""

from __future__ import annotations

import random
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
    steps = state.steps
    state.steps = state.step_limit  # an evaluation is no step of the game (as invariants)
    try:
        return evaluate(state, player)
    finally:
        state.steps = steps


def greedy_index(state: Any, rng: random.Random) -> int:
    """One ply on this very state: the index of the answer whose position is worth most to the
    deciding player when the rules next ask (ties at random). The greedy bot runs it on a
    determinized copy; ISMCTS's greedy rollouts on the copy they play out."""
    player = state.decision().player
    best: list[int] = []
    best_value = None
    for index in range(len(state.decision().options)):
        trial = state.clone()
        trial.apply_index(index)
        value = value_of(trial, player)
        if best_value is None or value > best_value:
            best, best_value = [index], value
        elif value == best_value:
            best.append(index)
    return rng.choice(best)
