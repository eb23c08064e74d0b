"""`kurtyna bench`: compile time, random games per second, decisions per second, memory; the
figures of a late-game state (copies/s, memory, save load time); with a peer (`--against`), the
peer's figures in the same run and the ratios (state.py, peer.py)."""

from __future__ import annotations

import math
import sys
from typing import Any

from rich.markup import escape

from compiler.diagnostics import CompileError
from compiler.tools.bench.peer import Peer, peer_from
from compiler.tools.bench.state import COMPARED, KurtynaSubject, SubjectFailed, measure_all, ratios
from compiler.tools.common import UsageError, all_games, find_game
from compiler.tools.engines import failed_to_compile, load_engine
from compiler.tools.output import console, print_json, table


def measure(folder, args, peer: Peer | None = None) -> dict[str, Any] | None:
    """One game's numbers; None when its engine cannot be loaded. CompileError when it does not compile."""
    import gc
    import time

    from compiler.pipeline import compile_game
    from compiler.tools.sim.command import peak_memory_mb, simulate

    start = time.perf_counter()
    for _ in range(args.compile_runs):
        compile_game(folder)
    compile_ms = (time.perf_counter() - start) * 1000 / args.compile_runs
    _, engine = load_engine(folder)
    if engine is None:
        return None
    row: dict[str, Any] = {"game": folder.name, "compile_ms": round(compile_ms, 1)}
    if not hasattr(engine, "SPEC") or engine.SPEC.play is None:
        return dict(row, note="no play procedure to benchmark")
    players = getattr(args, "players", None)
    try:
        row["players"] = engine.Game(players=players).player_count
    except ValueError as exc:  # a count this game does not seat
        raise UsageError(f"{folder.name}: {exc}") from None
    # The same games run `repeat` times; the fastest run is the one least disturbed
    # by other work on the machine (as timeit reports), the median shows the spread.
    timings = []
    for _ in range(max(1, args.repeat)):
        gc.collect()
        result = simulate(engine, args.games, args.seed, {}, check=False, players=players)
        timings.append(max(result.seconds, 1e-9))
    best, median = min(timings), sorted(timings)[len(timings) // 2]
    finished = max(1, result.games)
    row = dict(row, games=args.games, runs=len(timings), games_per_second=result.games / best,
               games_per_second_median=result.games / median,
               decisions_per_second=result.decisions / best, decisions_per_game=result.decisions / finished,
               peak_memory_mib=round(peak_memory_mb(), 1),
               mean_final_tracks={k: v / finished for k, v in result.track_totals.items()},
               failed=len(result.errors))
    if row["failed"]:
        return row
    plays = peer is not None and peer.game == folder.name
    return dict(row, **late_figures(engine, folder.name, args, peer if plays else None))


def late_figures(engine, game: str, args, peer: Peer | None) -> dict[str, Any]:
    """The public-API figures (state.py), and the peer's with the ratios when it plays `game`."""
    subjects = [KurtynaSubject(engine, getattr(args, "players", None))] + ([peer] if peer else [])
    try:
        figures = measure_all(subjects, args.seed, args.games, args.repeat, getattr(args, "seconds", None))
    except SubjectFailed as exc:
        if exc.subject is peer:  # the peer is a measuring stick: its fault is no fault of the game
            raise UsageError(f"{game}: the peer {peer.name} failed "
                             f"({type(exc.error).__name__}: {exc.error})") from None
        # the same games passed `simulate`: the public API (answers, clone, saves) is at fault
        print(f"{game}: {exc}", file=sys.stderr)
        return {"failed": 1}
    ours = figures[0]
    out = {row_key(k): v for k, v in ours.items()}
    if peer is not None:
        out.update(peer=dict(figures[1], name=peer.name), ratios=ratios(ours, figures[1]))
    return out


def row_key(key: str) -> str:
    """Where a figure of state.py sits in a game's row: `games_per_second` is taken by the
    fastest `kurtyna sim`-style run, so the public-API one is `api_games_per_second`."""
    return "api_" + key if key == "games_per_second" else key


MAX_SECONDS = 3600.0  # --seconds a round: an hour; more would look like a hang
MAX_COUNT = 1_000_000  # --compile-runs, --games, --repeat: more would look like a hang


def check_arguments(args) -> None:
    """The numbers bench loops over or times, each said wrong before any work: a NaN or an
    infinite --seconds would time for ever, --compile-runs 0 divide by zero."""
    seconds = getattr(args, "seconds", 0.5)
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise UsageError(f"--seconds {seconds}: give a time above 0 and at most {MAX_SECONDS:.0f} s "
                         "to measure copies and loads over (e.g. 0.5)")
    for option, count, least in (("--compile-runs", args.compile_runs, 1), ("--games", args.games, 1),
                                 ("--repeat", args.repeat, 1), ("--edits", getattr(args, "edits", 1), 1)):
        if not least <= count <= MAX_COUNT:
            raise UsageError(f"{option} {count}: give a whole number from {least} to {MAX_COUNT}")


def cmd_bench(args) -> int:
    check_arguments(args)
    if getattr(args, "lsp", False):
        return bench_lsp(args)
    peer = peer_from(getattr(args, "against", None))  # a bad folder is wrong usage, before any work
    folders = [find_game(g) for g in args.game] if args.game else all_games()
    rows = []
    status = 0
    for folder in folders:
        try:
            row = measure(folder, args, peer)
        except CompileError as exc:
            return failed_to_compile(exc.diagnostics, args.json)
        if row is None:
            return 1
        rows.append(row)
        if row.get("failed"):  # no point measuring more: the engine is wrong
            status = 1
            break
    if args.json:
        about = {"peer": {"name": peer.name, "folder": str(peer.folder), "game": peer.game}} if peer else {}
        print_json({"games": rows, "seed": args.seed, **about, "exit": status})
    else:
        print_tables(rows, args)
        print_late(rows, args)
        print_peer(rows, peer)
    return status


def bench_lsp(args) -> int:
    """`--lsp`: the language server's time to fresh faults after an edit of one card (lsp.py)."""
    from compiler.tools.bench.lsp import measure_lsp

    folders = [find_game(g) for g in args.game] if args.game else all_games()
    rows = []
    for folder in folders:
        try:
            rows.append(measure_lsp(folder, args.edits, getattr(args, "card", None)))
        except CompileError as exc:
            return failed_to_compile(exc.diagnostics, args.json)
    if args.json:
        print_json({"lsp": rows, "exit": 0})
        return 0
    out = table(f"kurtyna lsp: fresh faults after an edit of one card, {args.edits} edits (median, range)",
                [("game", "left"), ("card", "left"), ("first check (ms)", "right"),
                 ("check after the quiet time (ms)", "right"), ("from the edit (ms)", "right")])
    for row in rows:
        check, total = row["check_ms"], row["total_ms"]
        out.add_row(escape(row["game"]), escape(row["card"]), f"{row['first_check_ms']:.0f}",
                    f"{check['median']:.0f} ({check['min']:.0f}-{check['max']:.0f})",
                    f"{total['median']:.0f} ({total['min']:.0f}-{total['max']:.0f})")
    console().print(out)
    print(f"the server checks once edits pause for {rows[0]['debounce_ms']:.0f} ms; 'from the edit' includes "
          "that quiet time" if rows else "no game")
    return 0


def print_tables(rows: list[dict[str, Any]], args) -> None:
    runs = max(1, args.repeat)
    speed = table(f"{args.games} random games per game on one core, best of {runs} runs (median in brackets)",
                  [("game", "left"), ("compile (ms)", "right"), ("games/s", "right"),
                   ("decisions/s", "right"), ("decisions/game", "right"), ("peak memory (MiB)", "right")])
    for row in rows:
        if "note" in row:
            speed.add_row(escape(row["game"]), f"{row['compile_ms']:.0f}", "-", "-", "-", "-")
            continue
        seats = f" ({row['players']} players)" if getattr(args, "players", None) else ""
        speed.add_row(escape(row["game"] + seats), f"{row['compile_ms']:.0f}",
                      f"{row['games_per_second']:.1f} ({row['games_per_second_median']:.1f})",
                      f"{row['decisions_per_second']:,.0f}", f"{row['decisions_per_game']:.0f}",
                      f"{row['peak_memory_mib']:.0f}")
    out = console()
    out.print(speed)
    for row in rows:
        if "note" in row:
            print(f"{row['game']}: {row['note']}")
            continue
        means = ", ".join(f"{k} {v:.2f}" for k, v in row["mean_final_tracks"].items())
        print(f"{row['game']}: mean final tracks: {means}")
        if row["failed"]:
            print(f"  {row['failed']} games failed; run 'kurtyna sim' to see why")
    print("peak memory is the process's peak resident memory so far (it includes compiling)")


def print_late(rows: list[dict[str, Any]], args) -> None:
    late = [row for row in rows if "clones_per_second" in row]
    if not late:
        return
    runs = max(1, args.repeat)
    out = table(f"Public API, medians of {runs} rounds; late game: 80% into the longest game",
                [("game", "left"), ("games/s", "right"), ("copies/s", "right"),
                 ("state memory (KiB)", "right"), ("save load (ms)", "right"), ("save (KiB)", "right"),
                 ("late decision", "right")])
    for row in late:
        out.add_row(escape(row["game"]), f"{row['api_games_per_second']:.1f}",
                    f"{row['clones_per_second']:,.0f}", f"{row['state_memory_kib']:,.1f}",
                    f"{row['save_load_ms']:.2f}", f"{row['save_kib']:.1f}",
                    f"{row['late_decision']} of {row['late_game_length']}")
    console().print(out)
    print("games/s: decision().answers and apply; state memory: what one late-game state loaded from its "
          "save holds (tracemalloc)")


def print_peer(rows: list[dict[str, Any]], peer: Peer | None) -> None:
    if peer is None:
        return
    compared = [row for row in rows if "peer" in row]
    if not compared:
        print(f"no game benched here has the peer {peer.name}: it plays {peer.game}")
        return
    for row in compared:
        theirs = row["peer"]
        out = table(f"{row['game']} against {peer.name}, one run, rounds alternating",
                    [("measure", "left"), ("Kurtyna", "right"), (peer.name, "right"),
                     ("ratio (Kurtyna / peer)", "right")])
        for key, words, _ in COMPARED:
            ratio = row["ratios"][key]
            out.add_row(words, f"{row[row_key(key)]:,.2f}", f"{theirs[key]:,.2f}",
                        "-" if ratio is None else f"{ratio:.2f}")
        out.add_row("late-game state at decision", f"{row['late_decision']} of {row['late_game_length']}",
                    f"{theirs['late_decision']} of {theirs['late_game_length']}", "")
        console().print(out)
