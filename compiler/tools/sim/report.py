"""What `kurtyna sim` reports: one plain-data report (printed as is with --json,
dsl/schemas/sim-report.schema.json), and the same report as aligned tables for people."""

from __future__ import annotations

import sys
from typing import Any

from rich.markup import escape

from compiler.diagnostics import Diagnostic
from compiler.tools.common import sources_of
from compiler.tools.output import console, diagnostic_json, table
from compiler.tools.regress.stats import wilson
from dsl.printable import terminal_safe


def track_rows(compiled, result) -> list[dict[str, Any]]:
    """Each shared track's mean final value with what its values mean: its declared range, its
    description, and the notes the game gives its end values (game.yaml reference tracks)."""
    notes = {n.track: n.notes for n in compiled.game.sheets.tracks or []}
    rows = []
    for track in compiled.game.tracks:
        if track.id not in result.track_totals:
            continue
        ends = {v: notes.get(track.id, {}).get(v, "") for v in (track.min, track.max)}
        rows.append({"track": track.id, "mean": result.track_totals[track.id] / max(1, result.games),
                     "min": track.min, "max": track.max, "description": track.description,
                     "at_min": ends[track.min], "at_max": ends[track.max]})
    return rows


def outcome_label(winners: tuple[str, ...]) -> str:
    """How a result reads in a table: `draw`, the winner, or the players who share the win
    joined by `+` in seating order (`red+blue`)."""
    return "+".join(winners) if winners else "draw"


def player_rows(players: tuple[str, ...], result) -> list[dict[str, Any]]:
    """Each seated player's wins: won alone, and shared with others (a shared win counts once for
    each player who shares it, so these shares may add up to more than the games); and the mean
    final value of each per-player track (points, money)."""
    finished = max(1, result.games)
    tracks = sorted({track for track, _ in result.player_track_totals})
    return [{"player": p, "wins": result.wins[p], "shared_wins": result.shared[p],
             "win_share": result.wins[p] / finished,
             "win_interval": list(wilson(result.wins[p], result.games)),
             "shared_share": result.shared[p] / finished,
             "tracks": {t: result.player_track_totals[t, p] / finished for t in tracks}}
            for p in players]


def result_rows(result) -> list[dict[str, Any]]:
    """Each result (who won, and why) with its games and share, most frequent first."""
    finished = max(1, result.games)
    return [{"winner": outcome_label(winners), "winners": list(winners), "reason": reason,
             "games": count, "share": count / finished, "interval": list(wilson(count, result.games))}
            for (winners, reason), count in sorted(result.results.items(), key=lambda kv: -kv[1])]


def end_rows(result) -> list[dict[str, Any]]:
    """How the games ended, whoever won: each reason's games and share with its 95% interval."""
    ends: dict[str | None, int] = {}
    for (_, reason), count in result.results.items():
        ends[reason] = ends.get(reason, 0) + count
    return [{"reason": reason, "games": count, "share": count / max(1, result.games),
             "interval": list(wilson(count, result.games))}
            for reason, count in sorted(ends.items(), key=lambda kv: (-kv[1], str(kv[0])))]


def distinct_faults(errors: list[dict]) -> dict[Diagnostic, list[int]]:
    """Each distinct fault of the rules with the seeds of the games it ended."""
    faults: dict[Diagnostic, list[int]] = {}
    for error in errors:
        if "diagnostic" in error:
            faults.setdefault(error["diagnostic"], []).append(error["seed"])
    return faults


def event_counts(engine, result, game) -> dict[str, int]:
    """How often each card's event happened, by card id; the copies of a card (cards.yaml
    `copies`) are one card here, counted under its entry's id."""
    ids = engine.data.CARDS_IDS
    out: dict[str, int] = {}
    for c in sorted(engine.cards.EVENTS) if hasattr(engine, "cards") else []:
        card = game.card_base(ids[c])
        out[card] = out.get(card, 0) + result.events[c]
    return out


def build_report(game: str, args, result, compiled, engine, untriggered: list[str],
                 backend: dict[str, Any] | None = None) -> dict[str, Any]:
    """The report; `backend` says where the games ran (backends.py), the one part of it, with
    the times, that differs between backends for the same seeds."""
    faults = distinct_faults(result.errors)
    finished = max(1, result.games)
    status = 1 if result.errors or (args.require_every_event and untriggered) else 0
    low, high, default = engine.SPEC.seats()
    return {
        "game": game, "players": default if args.players is None else args.players,
        "player_count": {"min": low, "max": high}, "games": args.games, "finished": result.games,
        "bots": {engine.SPEC.players[seat]: bot for seat, bot in sorted((result.bots or {}).items())},
        "failed": len(result.errors),
        "seeds": {"first": args.seed, "last": args.seed + args.games - 1},
        "invariants_checked": not args.no_check, "seconds": round(result.seconds, 3),
        "mean_decisions": result.decisions / finished if result.games else None,
        "results": result_rows(result),
        "ends": end_rows(result),
        "per_player": player_rows(engine.SPEC.players[:default if args.players is None else args.players],
                                  result),
        "tracks": track_rows(compiled, result),
        "errors": [{"seed": e["seed"], "error": e["error"]} for e in result.errors],
        "faults": [dict(diagnostic_json(d), games=len(seeds), first_seed=seeds[0])
                   for d, seeds in faults.items()],
        "events": event_counts(engine, result, compiled.game),
        "never_happened": untriggered,
        **({"backend": backend} if backend else {}),
        "exit": status,
    }


def print_report(report: dict[str, Any], show_events: bool, faults: list[Diagnostic]) -> None:
    out = console()
    counts = report["player_count"]  # the count is said when the game allows others
    seats = f" with {report['players']} players" if counts["min"] != counts["max"] else ""
    print(_safe(f"{report['game']}{seats}: {report['finished']} games finished, {report['failed']} failed, "
                f"seeds {report['seeds']['first']}..{report['seeds']['last']}, invariants "
                f"{'' if report['invariants_checked'] else 'not '}checked after every decision"))
    backend = report.get("backend") or {}
    if backend.get("name") == "ray":
        print(f"  on Ray: {backend['workers']} CPUs, "
              f"{backend['address'] or 'started on this machine for the run'}")
    if report["bots"]:  # the other seats chose at random
        print(_safe("  bots: " + ", ".join(f"{seat} {bot}" for seat, bot in report["bots"].items()) +
                    "; the other seats at random"))
    if report["finished"]:
        print(f"  mean length: {report['mean_decisions']:.1f} decisions per game")
        results = table("results", [("winner", "left"), ("reason", "left"), ("games", "right"),
                                    ("share (%)", "right"), ("95% interval (%)", "right")])
        for row in report["results"]:
            results.add_row(_cell(str(row["winner"])), _cell(_reason(row["reason"])), str(row["games"]),
                            f"{100 * row['share']:.1f}", _interval(row["interval"]))
        out.print(results)
        rows = report["per_player"]
        _players(rows, out)
        if len(report["ends"]) > 1:  # else the results say it
            ends = table("ends, whoever won", [("reason", "left"), ("games", "right"), ("share (%)", "right"),
                                               ("95% interval (%)", "right")])
            for row in report["ends"]:
                ends.add_row(_cell(_reason(row["reason"])), str(row["games"]), f"{100 * row['share']:.1f}",
                             _interval(row["interval"]))
            out.print(ends)
        _tracks(report["tracks"], out)
    for error in report["errors"][:10]:
        print(terminal_safe(f"  error with seed {error['seed']}: {error['error']}"))  # may be lines
    _faults(report["faults"], faults)
    events = report["events"]
    if show_events and events:
        happened = sum(1 for n in events.values() if n)
        print(f"  events resolved: {sum(events.values())} in all, {happened} of {len(events)} cards")
        counts = table("events", [("card", "left"), ("resolved (times)", "right")])
        for card, count in events.items():
            counts.add_row(_cell(card), str(count))
        out.print(counts)


def _safe(text: str) -> str:
    """A line of the report: names, reasons and faults come from content, shown and never obeyed."""
    return terminal_safe(text, keep="")


def _cell(text: str) -> str:
    """A table cell from content: terminal-safe, and rich's markup escaped (`[bold]` shows as is)."""
    return escape(_safe(text))


def _reason(reason: str | None) -> str:
    return "(none given)" if reason is None else reason  # the rules gave no `because`


def _interval(bounds: list[float]) -> str:
    return f"{100 * bounds[0]:.1f}-{100 * bounds[1]:.1f}"


def _players(rows: list[dict[str, Any]], out) -> None:
    """Wins per seated player with their 95% interval; shared wins and the mean final value of
    each per-player track where the game has them."""
    tracks = list(rows[0]["tracks"]) if rows else []
    shared = any(row["shared_wins"] for row in rows)
    shared_columns = (("shared a win", "right"), ("shared a win (%)", "right")) if shared else ()
    players = table("per player", [("player", "left"), ("won alone", "right"), ("won alone (%)", "right"),
                                   ("95% interval (%)", "right"),
                                   *shared_columns,
                                   *((f"mean final {t}", "right") for t in tracks)])
    for row in rows:
        players.add_row(_cell(row["player"]), str(row["wins"]), f"{100 * row['win_share']:.1f}",
                        _interval(row["win_interval"]),
                        *((str(row["shared_wins"]), f"{100 * row['shared_share']:.1f}") if shared else ()),
                        *(f"{row['tracks'][t]:.1f}" for t in tracks))
    out.print(players)
    print("  legend: 95% interval: Wilson's score interval of the share over the finished games"
          + ("; a shared win (`end game winners`) counts once for each player who shares it; in the "
             "results above it is one row, its players joined by +" if shared else "")
          + ("; mean final: a per-player track's value when a game ended, averaged over the finished "
             "games" if tracks else ""))


def _tracks(rows: list[dict[str, Any]], out) -> None:
    if not rows:
        return
    tracks = table("mean final tracks", [("track", "left"), ("mean (track steps)", "right"),
                                         ("range (min..max)", "right"), ("meaning", "left")])
    for row in rows:
        ends = [f"{row[end]}: {row[key]}" for key, end in (("at_min", "min"), ("at_max", "max"))
                if row[key]]
        meaning = " ".join([row["description"]] + ([f"({'; '.join(ends)})"] if ends else []))
        tracks.add_row(_cell(row["track"]), f"{row['mean']:.2f}", f"{row['min']}..{row['max']}",
                       _cell(meaning.strip()))
    out.print(tracks)
    print("  legend: mean: the track's value when a game ended, averaged over finished games; where the "
          "range runs through 0, a negative mean lies toward the min end and a positive one toward the "
          "max end; meaning: the track's description in tracks.yaml and the game's notes on its end values")


def _faults(rows: list[dict[str, Any]], faults: list[Diagnostic]) -> None:
    """Each distinct fault of the rules once, as a located error on stderr, with the number of
    games it ended (the lines above give their seeds)."""
    if not rows:
        return
    for diagnostic, row in zip(faults, rows, strict=True):
        print(diagnostic.render(sources_of([diagnostic])), file=sys.stderr)
        print(f"note: in {row['games']} game{'s' if row['games'] != 1 else ''}, the first with seed "
              f"{row['first_seed']}\n", file=sys.stderr)
    print(f"{len(rows)} fault{'s' if len(rows) != 1 else ''} of the rules", file=sys.stderr)
