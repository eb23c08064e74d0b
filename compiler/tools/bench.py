"""`kurtyna bench`: compile time, random games per second, decisions per second, memory."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from compiler.diagnostics import CompileError
from compiler.tools.common import UsageError, all_games, find_game
from compiler.tools.engines import failed_to_compile, load_engine
from compiler.tools.output import console, print_json, table


def measure(folder, args) -> dict[str, Any] | None:
    """One game's numbers; None when its engine cannot be loaded. CompileError when it does not compile."""
    import gc
    import time

    from compiler.pipeline import compile_game
    from compiler.tools.sim import peak_memory_mb, simulate

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
    return dict(row, games=args.games, runs=len(timings), games_per_second=result.games / best,
                games_per_second_median=result.games / median,
                decisions_per_second=result.decisions / best, decisions_per_game=result.decisions / finished,
                peak_memory_mib=round(peak_memory_mb(), 1),
                mean_final_tracks={k: v / finished for k, v in result.track_totals.items()},
                failed=len(result.errors))


def cmd_bench(args) -> int:
    folders = [find_game(g) for g in args.game] if args.game else all_games()
    rows = []
    status = 0
    for folder in folders:
        try:
            row = measure(folder, args)
        except CompileError as exc:
            return failed_to_compile(exc.diagnostics, args.json)
        if row is None:
            return 1
        rows.append(row)
        if row.get("failed"):  # no point measuring more: the engine is wrong
            status = 1
            break
    if args.json:
        print_json({"games": rows, "seed": args.seed, "exit": status})
    else:
        print_tables(rows, args)
    return status


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
