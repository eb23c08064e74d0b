"""Random playouts for `kurtyna sim` and `kurtyna bench`, for any compiled game."""

from __future__ import annotations

import json
import random
import resource
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.diagnostics import fault_diagnostic
from compiler.fsio import write_text
from compiler.tools.common import UsageError, find_game, parse_options, sources_of
from compiler.tools.engines import load_engine
from dsl.runtime.helpers import RuleError
from dsl.runtime.invariants import violations


@dataclass
class Report:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    results: Counter = field(default_factory=Counter)
    track_totals: dict[str, float] = field(default_factory=dict)
    errors: list[dict[str, Any]] = field(default_factory=list)
    events: Counter = field(default_factory=Counter)  # card index -> times its event was resolved

    def merge(self, other: Report) -> None:
        self.games += other.games
        self.decisions += other.decisions
        self.seconds = max(self.seconds, other.seconds)
        self.results.update(other.results)
        for key, value in other.track_totals.items():
            self.track_totals[key] = self.track_totals.get(key, 0) + value
        self.errors.extend(other.errors)
        self.events.update(other.events)


def play_random(game, seed: int, check: bool = False, limit: int = 200_000):
    """One uniform-random playout; returns (state, decisions). Raises on an engine fault."""
    state = game.new_state(seed)
    rnd = random.Random(seed ^ 0x5EED)
    decisions = 0
    while not state.is_over():
        decision = state.decision()
        state.apply_index(rnd.randrange(len(decision.options)))
        decisions += 1
        if check:
            wrong = violations(state)
            if wrong:
                raise AssertionError(f"after decision {decisions}: " + "; ".join(wrong))
        if decisions >= limit:
            raise RuntimeError(f"no end after {limit} decisions")
    return state, decisions


def simulate(engine, games: int, seed: int, options: dict, check: bool, progress: bool,
             dump: Path | None = None) -> Report:
    game = engine.Game(options)
    spec = engine.SPEC
    report = Report()
    shared = [t for t in spec.tracks if not t.per_player]
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        try:
            state, decisions = play_random(game, game_seed, check)
        except Exception as exc:  # an engine or rules fault: record it and go on
            report.errors.append(_error(game_seed, exc))
            if dump is not None:  # the seed and options replay the game exactly
                dump.mkdir(parents=True, exist_ok=True)
                write_text(dump / f"seed-{game_seed}.json", json.dumps(
                    {"seed": game_seed, "options": options, "error": str(exc)}, indent=2))
            continue
        report.games += 1
        report.decisions += decisions
        report.events.update(entry[1] for entry in state.log if entry[0] == "event")
        result = state.result()
        report.results[(result["winner"] or "draw", result["reason"])] += 1
        for track in shared:
            report.track_totals[track.id] = report.track_totals.get(track.id, 0) + state.t[track.slot]
        if progress and (i + 1) % max(1, games // 50) == 0:
            done = (i + 1) / games
            bar = "#" * int(done * 30)
            print(f"\r[{bar:<30}] {i + 1}/{games} games", end="", file=sys.stderr, flush=True)
    report.seconds = time.perf_counter() - start
    if progress:
        print(file=sys.stderr)
    return report


def _error(seed: int, exc: Exception) -> dict[str, Any]:
    """A failed game, as plain data (it crosses processes): a fault of the rules keeps its
    content location and hint; anything else (a broken invariant) its Python traceback."""
    if isinstance(exc, RuleError):
        diagnostic = fault_diagnostic(exc)
        return {"seed": seed, "error": diagnostic.render().splitlines()[0], "diagnostic": diagnostic}
    return {"seed": seed, "error": f"{type(exc).__name__}: {exc}",
            "where": traceback.format_exc(limit=-3)}


_ENGINE = None  # the engine a forked worker inherits (modules do not pickle)


def _simulate_slice(args: tuple) -> Report:
    games, seed, options, check = args
    return simulate(_ENGINE, games, seed, options, check, progress=False)


def simulate_parallel(engine, games: int, seed: int, options: dict, check: bool, jobs: int,
                      progress: bool, dump: Path | None = None) -> Report:
    """`simulate` over `jobs` forked processes, each playing a consecutive range of seeds;
    the merged report is the same as one process would give (results do not depend on order).
    With one job it is `simulate` itself, progress bar and dump folder included."""
    if jobs <= 1 or games < 2 * jobs:
        return simulate(engine, games, seed, options, check, progress, dump)
    import multiprocessing

    global _ENGINE
    _ENGINE = engine
    sizes = [games // jobs + (1 if i < games % jobs else 0) for i in range(jobs)]
    starts = [seed + sum(sizes[:i]) for i in range(jobs)]
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        slices = [(n, s, options, check) for n, s in zip(sizes, starts, strict=True)]
        parts = pool.map(_simulate_slice, slices)
    report = Report()
    for part in parts:
        report.merge(part)
    report.errors.sort(key=lambda e: e["seed"])
    report.seconds = time.perf_counter() - start
    return report


def peak_memory_mb() -> float:
    """Peak resident memory of this process so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cmd_sim(args) -> int:
    folder = find_game(args.game)
    _, engine = load_engine(folder)
    if engine is None:
        return 1
    options = parse_options(args.option)
    try:
        engine.Game(options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.jobs > 1 and args.dump:
        raise UsageError("--dump works with one job only; leave out --jobs")
    result = simulate_parallel(engine, args.games, args.seed, options, not args.no_check, args.jobs,
                               progress=not args.quiet and args.jobs <= 1,
                               dump=Path(args.dump) if args.dump else None)
    print(f"{folder.name}: {result.games} games finished, {len(result.errors)} failed, "
          f"seeds {args.seed}..{args.seed + args.games - 1}, invariants "
          f"{'not ' if args.no_check else ''}checked after every decision")
    if result.games:
        print(f"  mean length: {result.decisions / result.games:.1f} decisions")
        for track, total in result.track_totals.items():
            print(f"  mean final {track}: {total / result.games:.2f}")
        print("  results:")
        for (winner, reason), count in sorted(result.results.items(), key=lambda kv: -kv[1]):
            print(f"    {winner:>8} by {reason:<16} {count:6d}  {100 * count / result.games:5.1f}%")
    for error in result.errors[:10]:
        print(f"  error with seed {error['seed']}: {error['error']}")
    report_faults(result.errors)
    untriggered = event_report(engine, result, args.events)
    if args.require_every_event and untriggered:
        print(f"  {len(untriggered)} events never happened: {', '.join(untriggered)}")
        return 1
    return 1 if result.errors else 0


def report_faults(errors: list[dict]) -> None:
    """Each distinct fault of the rules once, as a located error on stderr, with the number of
    games it ended (the lines above give their seeds)."""
    games: dict = {}
    for error in errors:
        if "diagnostic" in error:
            games.setdefault(error["diagnostic"], []).append(error["seed"])
    if not games:
        return
    for diagnostic, seeds in games.items():
        print(diagnostic.render(sources_of([diagnostic])), file=sys.stderr)
        print(f"note: in {len(seeds)} game{'s' if len(seeds) != 1 else ''}, the first with seed "
              f"{seeds[0]}\n", file=sys.stderr)
    print(f"{len(games)} fault{'s' if len(games) != 1 else ''} of the rules", file=sys.stderr)


def event_report(engine, result, show: bool) -> list[str]:
    """Prints how often each card's event was resolved (with --events); returns the ids of
    cards whose event exists but never happened."""
    ids = engine.data.CARDS_IDS
    with_events = sorted(engine.cards.EVENTS) if hasattr(engine, "cards") else []
    if show and with_events:
        print(f"  events resolved: {sum(result.events.values())} in all, "
              f"{sum(1 for c in with_events if result.events[c])} of {len(with_events)} cards")
        for c in with_events:
            print(f"    {ids[c]:<40} {result.events[c]:8d}")
    return [ids[c] for c in with_events if not result.events[c]]
