"""What a position is worth to a player, for the bots (bots.py, ismcts.py): a game won more than
any position and a game lost less, a shared win in between, else the game's own evaluation
(game.yaml `bot: {evaluate: name}`, docs/bots.md)."""

from __future__ import annotations

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
