"""Computer players of any compiled game: `random` and `greedy` (issue 21, bots).

A bot is asked for the index of a legal answer of the pending decision (`choose(state, name,
rng)`); it never changes the state it is given. Bots use only the standard library and know no
game: what a position is worth comes from the content (game.yaml `bot: {evaluate: name}`, a
function of the rules `(p: player) -> int`; docs/bots.md).

- `random`: a legal answer at random (the uniform playouts of `kurtyna sim`).
- `ismcts[:budget[:processes]]`: information set Monte Carlo tree search (ismcts.py) with a
  budget of iterations (`ismcts:500`; `ismcts` alone: 200) or seconds (`ismcts:1s`) per
  decision, in one process or several side by side (`ismcts:1s:2`).
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

from .worth import value_of

BOTS = ("random", "greedy", "ismcts")
ISMCTS_ITERATIONS = 200  # the budget of a bare `ismcts`


def choose(state: Any, bot: str, rng: random.Random) -> int:
    """The index of the legal answer `bot` gives to the state's pending decision."""
    options = state.decision().options
    if bot == "random" or len(options) == 1:
        return rng.randrange(len(options))
    if bot == "greedy":
        return greedy(state, rng)
    if bot.partition(":")[0] == "ismcts":
        from .ismcts import ismcts  # only when asked for: most runs play no search

        iterations, seconds, processes = ismcts_budget(bot)
        return ismcts(state, rng, iterations, seconds, processes)
    raise ValueError(f"no bot '{bot}' (bots: {', '.join(BOTS)})")


def ismcts_budget(bot: str) -> tuple[int | None, float | None, int]:
    """`ismcts` (200 iterations), `ismcts:N` (N iterations) or `ismcts:Ts` (T seconds) a decision,
    and after a second colon how many processes search side by side (`ismcts:1s:2`; else 1)."""
    _, _, budget = bot.partition(":")
    budget, _, processes = budget.partition(":")
    try:
        count = int(processes) if processes else 1
        if not 1 <= count <= 64:
            raise ValueError(processes)
        if not budget:
            return ISMCTS_ITERATIONS, None, count
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if 0 < seconds <= 3600:
                return None, seconds, count
        elif 0 < int(budget) <= 10**7:
            return int(budget), None, count
    except ValueError:
        pass
    raise ValueError(f"'{bot}' has no budget ismcts can take: write ismcts:500 (iterations), "
                     "ismcts:1s (seconds a decision) or ismcts:1s:2 (two processes)")


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


def check_bot(bot: str) -> str:
    """`bot` if it names a bot (with a budget ismcts can take); else ValueError saying why."""
    if bot.partition(":")[0] not in BOTS or (":" in bot and not bot.startswith("ismcts:")):
        raise ValueError(f"'{bot}' is not a bot (bots: random, greedy, ismcts[:budget])")
    if bot.startswith("ismcts"):
        ismcts_budget(bot)
    return bot


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
        chosen[players.index(seat)] = check_bot(bot)
    return chosen
