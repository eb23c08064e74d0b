"""Computer players of any compiled game: `random` and `greedy` (issue 21, bots).

A bot is asked for the index of a legal answer of the pending decision (`choose(state, name,
rng)`); it never changes the state it is given. Bots use only the standard library and know no
game: what a position is worth comes from the content (game.yaml `bot: {evaluate: name}`, a
function of the rules `(p: player) -> int`; docs/bots.md).

- `random`: a legal answer at random (the uniform playouts of `kurtyna sim`).
- `ismcts[:budget][:processes][:rollouts]`: information set Monte Carlo tree search (ismcts.py)
  with a budget of iterations (`ismcts:500`; `ismcts` alone: 200) or seconds (`ismcts:1s`) per
  decision, in one process or several side by side (`ismcts:1s:2`), with random or greedy
  rollouts of a given length (`ismcts:1s:greedy4`, `ismcts:500:random10`; `ismcts_plan`).
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

from .ismcts import ROLLOUTS, Plan, ismcts
from .worth import greedy_index

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
        return ismcts(state, rng, ismcts_plan(bot))
    raise ValueError(f"no bot '{bot}' (bots: {', '.join(BOTS)})")


def ismcts_plan(bot: str) -> Plan:
    """`ismcts[:budget][:part...]`: the budget a decision, `ismcts:500` (iterations; bare `ismcts`:
    200) or `ismcts:1s` (seconds); then, in any order, a number of processes searching side by
    side (`ismcts:1s:2`) and the rollouts: `random` (the default, 40 decisions), `greedy` (each
    decision one ply on the evaluation, 8 decisions) or either with its length (`random10`,
    `greedy4`; `random0` judges a new node by the evaluation at once). ValueError saying why."""
    budget, *parts = bot.split(":")[1:] or [""]
    plan = Plan(iterations=ISMCTS_ITERATIONS)
    try:
        if budget.endswith("s"):
            plan.iterations, plan.seconds = None, float(budget[:-1])
            if not 0 < plan.seconds <= 3600:
                raise ValueError(budget)
        elif budget:
            plan.iterations = int(budget)
            if not 0 < plan.iterations <= 10**7:
                raise ValueError(budget)
        for part in parts:
            policy = part.rstrip("0123456789")
            if policy in ROLLOUTS:
                plan.rollout = policy
                plan.depth = int(part[len(policy):]) if part != policy else ROLLOUTS[policy]
                if plan.depth > 10**4:
                    raise ValueError(part)
            elif part.isdigit() and 1 <= int(part) <= 64:
                plan.processes = int(part)
            else:
                raise ValueError(part)
    except ValueError:
        raise ValueError(f"'{bot}' is no ismcts bot: write ismcts:500 (iterations), ismcts:1s (seconds "
                         "a decision), then if wanted :2 (two processes) and :greedy or :random10 "
                         "(rollouts; docs/bots.md)") from None
    return plan


def greedy(state: Any, rng: random.Random) -> int:
    return greedy_index(state.determinize(state.decision().player, rng), rng)


def check_bot(bot: str) -> str:
    """`bot` if it names a bot (with a budget ismcts can take); else ValueError saying why."""
    if bot.partition(":")[0] not in BOTS or (":" in bot and not bot.startswith("ismcts:")):
        raise ValueError(f"'{bot}' is not a bot (bots: random, greedy, ismcts[:budget])")
    if bot.startswith("ismcts"):
        ismcts_plan(bot)
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
