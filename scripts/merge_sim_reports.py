#!/usr/bin/env python3
"""Merge `kurtyna sim --json` reports of disjoint seed ranges into one report.

A bot match at 1 s a decision takes hours, so it is played in pieces (a few seeds at a time, on
several machines or across days) and each piece keeps its own report. This adds them up: the
games of each result and end, each player's wins, the decisions and tracks, with the shares and
Wilson 95% intervals computed again for the whole by `kurtyna sim`'s own code (its Report and
rows).

    .venv/bin/python scripts/merge_sim_reports.py docs/matches/NAME/*.json            # the merged JSON
    .venv/bin/python scripts/merge_sim_reports.py --markdown docs/matches/NAME/*.json # a table for docs

The pieces must be of the same game, seats, bots and checks, and no seed may be in two pieces;
otherwise the script says which file differs and exits 1. A report of a game's options is not
recorded by `kurtyna sim`, so pieces played with different `--option`s cannot be told apart:
keep them in separate folders.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from compiler.tools.sim.command import Report  # noqa: E402
from compiler.tools.sim.report import end_rows, player_rows, result_rows  # noqa: E402

SAME = ("game", "players", "bots", "invariants_checked")  # what every piece must share


class MergeError(Exception):
    pass


def merge(reports: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """One report of the pieces (each `(file name, report)`), in seed order."""
    if not reports:
        raise MergeError("no report to merge")
    reports = sorted(reports, key=lambda named: named[1]["seeds"]["first"])
    first_name, first = reports[0]
    for name, report in reports[1:]:
        for key in SAME:
            if report.get(key) != first.get(key):
                raise MergeError(f"{name}: {key} is {report.get(key)!r}, "
                                 f"but {first_name} has {first.get(key)!r}")
    for (before_name, before), (name, report) in zip(reports, reports[1:], strict=False):
        if report["seeds"]["first"] <= before["seeds"]["last"]:
            raise MergeError(f"{name}: seeds {report['seeds']['first']}-{report['seeds']['last']} overlap "
                             f"{before_name} ({before['seeds']['first']}-{before['seeds']['last']})")
    total = Report()
    for _, report in reports:
        total.merge(_counts(report))
    players = tuple(row["player"] for row in first["per_player"])
    return {
        **{key: first[key] for key in SAME}, "games": sum(r["games"] for _, r in reports),
        "finished": total.games, "failed": sum(r["failed"] for _, r in reports),
        "seconds": round(sum(r["seconds"] for _, r in reports), 3),
        "seeds": [{"first": r["seeds"]["first"], "last": r["seeds"]["last"]} for _, r in reports],
        "mean_decisions": total.decisions / total.games if total.games else None,
        "results": result_rows(total), "ends": end_rows(total), "per_player": player_rows(players, total),
    }


def _counts(report: dict[str, Any]) -> Report:
    """The counts behind a piece's report (`kurtyna sim`'s own Report), so the pieces add up and
    the rows of the whole come from the functions that make `kurtyna sim`'s rows."""
    done = report["finished"]
    counts = Report(games=done, decisions=round((report["mean_decisions"] or 0) * done))
    for row in report["results"]:
        counts.results[tuple(row["winners"]), row["reason"]] += row["games"]
    for row in report["per_player"]:
        counts.wins[row["player"]] += row["wins"]
        counts.shared[row["player"]] += row["shared_wins"]
        for track, mean in row["tracks"].items():
            counts.player_track_totals[track, row["player"]] += mean * done
    return counts


def markdown(report: dict[str, Any]) -> str:
    """The merged report as a few lines of Markdown: the bots, the games, each player's wins and
    each way the games ended, with their intervals."""
    def pct(share: float, bounds: list[float]) -> str:
        return f"{100 * share:.1f}% ({100 * bounds[0]:.0f}-{100 * bounds[1]:.0f}%)"

    bots = ", ".join(f"{seat}={bot}" for seat, bot in report["bots"].items()) or "random"
    ranges = ", ".join(f"{r['first']}-{r['last']}" for r in report["seeds"])
    lines = [f"{report['game']}, {bots}: {report['finished']} games (seeds {ranges}), "
             f"{report['failed']} failed, {report['seconds'] / 3600:.1f} h of play", "",
             "| | games | share (95% interval) |", "|---|---|---|"]
    lines += [f"| {row['player']} wins | {row['wins']} | {pct(row['win_share'], row['win_interval'])} |"
              for row in report["per_player"]]
    lines += [f"| ended by {row['reason']} | {row['games']} | {pct(row['share'], row['interval'])} |"
              for row in report["ends"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+", type=Path, help="`kurtyna sim --json` reports")
    parser.add_argument("--markdown", action="store_true", help="a table for docs instead of JSON")
    args = parser.parse_args(argv)
    try:
        pieces = []
        for path in args.reports:
            try:
                pieces.append((path.name, json.loads(path.read_text(encoding="utf-8"))))
            except (OSError, ValueError) as exc:
                raise MergeError(f"{path}: not a readable sim report ({exc})") from None
        merged = merge(pieces)
    except (KeyError, TypeError, AttributeError) as exc:  # a JSON file that is no sim report
        print(f"error: a report lacks what `kurtyna sim --json` writes ({exc!r})", file=sys.stderr)
        return 1
    except MergeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    try:
        print(markdown(merged) if args.markdown else json.dumps(merged, indent=2, ensure_ascii=False))
        sys.stdout.flush()
    except BrokenPipeError:  # read by `head` or the like, which stopped reading: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
