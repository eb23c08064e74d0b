"""Computer players of any compiled game: `random` and `greedy` (issue 21, bots).

A bot is asked for the index of a legal answer of the pending decision (`choose(state, name,
rng)`); it never changes the state it is given. Bots use only the standard library and know no
game: what a position is worth comes from the content (game.yaml `bot: {evaluate: name}`, a
function of the rules `(p: player) -> int`; docs/bots.md).

- `random`: a legal answer at random (the uniform playouts of `kurtyna sim`).
- `greedy`: one ply. It imagines the state as the deciding player may (`state.determinize`:
  cards it cannot know dealt anew, the dice to come unknown), tries every legal answer on a copy
  of that, and keeps the answer whose position it values most when the rules next ask: a game
  won is worth more than any position and a game lost less, a shared win in between; otherwise
  the game's evaluation for the player (0 for every position where the game has none). Ties go
  to a random one of the best, so two greedy bots do not play the same game every time.
"""

from __future__ import annotations

import random
from typing import Any

BOTS = ("random", "greedy")
WON = 10**9  # more than any evaluation: a game won (a lost one is -WON)


def choose(state: Any, bot: str, rng: random.Random) -> int:
    """The index of the legal answer `bot` gives to the state's pending decision."""
    options = state.decision().options
    if bot == "random" or len(options) == 1:
        return rng.randrange(len(options))
    if bot == "greedy":
        return greedy(state, rng)
    raise ValueError(f"no bot '{bot}' (bots: {', '.join(BOTS)})")


def greedy(state: Any, rng: random.Random) -> int:
    player = state.decision().player
    imagined = state.determinize(player, rng)
    best: list[int] = []
    best_value = None
    for index in range(len(imagined.decision().options)):
        trial = imagined.clone()
        trial.apply_index(index)
        value = value_of(trial, player)
        if best_value is None or value > best_value:
            best, best_value = [index], value
        elif value == best_value:
            best.append(index)
    return rng.choice(best)


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


def parse_bots(text: str | None, players: tuple[str, ...]) -> dict[int, str]:
    """`<player>=greedy,<player>=random` as {seat: bot}; ValueError saying what is wrong."""
    chosen: dict[int, str] = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        seat, _, bot = part.partition("=")
        seat, bot = seat.strip(), bot.strip()
        if seat not in players:
            raise ValueError(f"'{seat}' is not a player of this game (players: {', '.join(players)})")
        if bot not in BOTS:
            raise ValueError(f"'{bot}' is not a bot (bots: {', '.join(BOTS)}); write player=bot")
        chosen[players.index(seat)] = bot
    return chosen
