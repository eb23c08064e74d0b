"""The balance of Jak zostać mocarstwem's provisional data under uniform-random play, by player
count: what docs/mocarstwo.md reports beyond `kurtyna sim` (which gives wins and each player's
mean final points and cash): how often the Superpower position is taken (once taken it is held
to the end), how often it changes hands, the points, and how long games are.

    .venv/bin/python scripts/mocarstwo_balance.py --games 10000

Seeds 1..N at each count, the same games `kurtyna sim mocarstwo --players N` plays.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.tools.engines import load_engine  # noqa: E402
from compiler.tools.sim.command import play_random  # noqa: E402


def measure(engine, players: int, games: int) -> dict:
    game = engine.Game(players=players)
    taken = changes = 0
    lengths, points, winners = [], [], []
    for seed in range(1, games + 1):
        state, decisions = play_random(game, seed)
        takes = [e for e in state.log if e[0] == "say" and e[1] == "superpower_taken"]
        taken += bool(takes)
        changes += max(0, len(takes) - 1)
        view = state.view(engine.SPEC.players[0])
        scores = [view["tracks"]["final_score"][p] for p in view["players"]]
        points.extend(scores)
        winners.append(max(scores))
        lengths.append(decisions)
    return {"players": players, "games": games, "superpower_taken": taken / games,
            "superpower_changes": changes / games,
            "mean_points": statistics.mean(points), "mean_winning_points": statistics.mean(winners),
            "max_points": max(points), "mean_decisions": statistics.mean(lengths)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    _, engine = load_engine(ROOT / "content" / "mocarstwo")
    print("players | Superpower taken | changes of holder | mean points | mean winner's points | "
          "most points | decisions")
    for players in (2, 3, 4, 5):
        m = measure(engine, players, args.games)
        print(f"{players} | {100 * m['superpower_taken']:.1f}% | {m['superpower_changes']:.2f} | "
              f"{m['mean_points']:.1f} | {m['mean_winning_points']:.1f} | {m['max_points']} | "
              f"{m['mean_decisions']:.1f}")


if __name__ == "__main__":
    main()
