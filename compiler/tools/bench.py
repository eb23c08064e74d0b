"""`kurtyna bench`: compile time, random games per second, decisions per second, memory."""

from __future__ import annotations

from compiler.diagnostics import CompileError
from compiler.tools.common import all_games, find_game, report, sources_of
from compiler.tools.engines import load_engine


def cmd_bench(args) -> int:
    import gc
    import time

    from compiler.pipeline import compile_game
    from compiler.tools.sim import peak_memory_mb, simulate

    folders = [find_game(g) for g in args.game] if args.game else all_games()
    for folder in folders:
        start = time.perf_counter()
        try:
            for _ in range(args.compile_runs):
                compile_game(folder)
        except CompileError as exc:
            report(exc.diagnostics, sources_of(exc.diagnostics))
            return 1
        compile_ms = (time.perf_counter() - start) * 1000 / args.compile_runs
        _, engine = load_engine(folder)
        if engine is None:
            return 1
        if not hasattr(engine, "SPEC") or engine.SPEC.play is None:
            print(f"{folder.name}: compile {compile_ms:.0f} ms; no play procedure to benchmark")
            continue
        # The same games run `repeat` times; the fastest run is the one least disturbed
        # by other work on the machine (as timeit reports), the median shows the spread.
        timings = []
        for _ in range(max(1, args.repeat)):
            gc.collect()
            result = simulate(engine, args.games, args.seed, {}, check=False, progress=False)
            timings.append(max(result.seconds, 1e-9))
        best, median = min(timings), sorted(timings)[len(timings) // 2]
        print(f"{folder.name}: compile {compile_ms:.0f} ms | {args.games} random games on one core, "
              f"best of {len(timings)}: {result.games / best:.1f} games/s "
              f"(median {result.games / median:.1f}), {result.decisions / best:,.0f} decisions/s, "
              f"{result.decisions / max(1, result.games):.0f} decisions/game | "
              f"peak memory {peak_memory_mb():.0f} MiB")
        means = ", ".join(f"{k} {v / max(1, result.games):.2f}" for k, v in result.track_totals.items())
        print(f"  mean final tracks: {means}")
        if result.errors:
            print(f"  {len(result.errors)} games failed; run 'kurtyna sim' to see why")
            return 1
    return 0
