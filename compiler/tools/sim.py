"""Random playouts for `kurtyna sim` and `kurtyna bench`, for any compiled game."""

from __future__ import annotations

import json
import random
import resource
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.diagnostics import CompileError, fault_diagnostic
from compiler.fsio import write_text
from compiler.tools.common import UsageError, find_game, parse_options
from compiler.tools.engines import Engines, failed_to_compile
from compiler.tools.output import print_json, progress
from dsl.runtime.bots import choose, parse_bots
from dsl.runtime.helpers import RuleError
from dsl.runtime.invariants import violations


@dataclass
class Report:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    results: Counter = field(default_factory=Counter)  # (winners, reason) -> games; no winner: a draw
    wins: Counter = field(default_factory=Counter)  # player id -> games it won alone
    shared: Counter = field(default_factory=Counter)  # player id -> games whose win it shared
    track_totals: dict[str, float] = field(default_factory=dict)
    player_track_totals: Counter = field(default_factory=Counter)  # (track id, player id) -> sum
    errors: list[dict[str, Any]] = field(default_factory=list)
    bots: dict[int, str] | None = None  # the bot of each seat that had one (`--bots`)
    events: Counter = field(default_factory=Counter)  # card index -> times its event was resolved

    def merge(self, other: Report) -> None:
        self.games += other.games
        self.decisions += other.decisions
        self.seconds = max(self.seconds, other.seconds)
        self.results.update(other.results)
        self.wins.update(other.wins)
        self.shared.update(other.shared)
        for key, value in other.track_totals.items():
            self.track_totals[key] = self.track_totals.get(key, 0) + value
        self.player_track_totals.update(other.player_track_totals)
        self.errors.extend(other.errors)
        self.events.update(other.events)


def play_random(game, seed: int, check: bool = False, limit: int = 200_000,
                bots: dict[int, str] | None = None):
    """One playout, uniform-random but for the seats `bots` gives a bot (dsl/runtime/bots.py);
    returns (state, decisions). Raises on an engine fault."""
    state = game.new_state(seed)
    rnd = random.Random(seed ^ 0x5EED)
    decisions = 0
    while not state.is_over():
        decision = state.decision()
        bot = bots.get(decision.player) if bots else None
        state.apply_index(choose(state, bot, rnd) if bot else rnd.randrange(len(decision.options)))
        decisions += 1
        if check:
            wrong = violations(state)
            if wrong:
                raise AssertionError(f"after decision {decisions}: " + "; ".join(wrong))
        if decisions >= limit:
            raise RuntimeError(f"no end after {limit} decisions")
    return state, decisions


Advance = Callable[[int], None]  # told how many more games are done (a progress bar)


def simulate(engine, games: int, seed: int, options: dict, check: bool, progress: Advance | None = None,
             dump: Path | None = None, players: int | None = None,
             bots: dict[int, str] | None = None) -> Report:
    """`games` random games from `seed` on, with `players` at the table (None: the game's default)."""
    game = engine.Game(options, players=players)
    spec = engine.SPEC
    report = Report()
    shared = [t for t in spec.tracks if not t.per_player]
    own = [t for t in spec.tracks if t.per_player]
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        try:
            state, decisions = play_random(game, game_seed, check, bots=bots)
        except Exception as exc:  # an engine or rules fault: record it and go on
            report.errors.append(_error(game_seed, exc))
            if progress is not None:
                progress(1)
            if dump is not None:  # the seed and options replay the game exactly
                dump.mkdir(parents=True, exist_ok=True)
                write_text(dump / f"seed-{game_seed}.json", json.dumps(
                    {"seed": game_seed, "options": options, "players": game.player_count,
                     "error": str(exc)}, indent=2))
            continue
        report.games += 1
        report.decisions += decisions
        report.events.update(entry[1] for entry in state.log if entry[0] == "event")
        result = state.result()
        report.results[(tuple(result["winners"]), result["reason"])] += 1
        (report.shared if len(result["winners"]) > 1 else report.wins).update(result["winners"])
        for track in shared:
            report.track_totals[track.id] = report.track_totals.get(track.id, 0) + state.t[track.slot]
        for track in own:
            for i in game.players:
                report.player_track_totals[track.id, spec.players[i]] += state.t[track.slot + i]
        if progress is not None:
            progress(1)
    report.seconds = time.perf_counter() - start
    report.bots = bots
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
    games, seed, options, check, players, bots = args
    return simulate(_ENGINE, games, seed, options, check, players=players, bots=bots)


def simulate_parallel(engine, games: int, seed: int, options: dict, check: bool, jobs: int,
                      progress: Advance | None = None, dump: Path | None = None,
                      players: int | None = None, bots: dict[int, str] | None = None) -> Report:
    """`simulate` over `jobs` forked processes, each playing consecutive ranges of seeds;
    the merged report is the same as one process would give (results do not depend on order).
    With one job it is `simulate` itself, progress bar and dump folder included."""
    if jobs <= 1 or games < 2 * jobs:
        return simulate(engine, games, seed, options, check, progress, dump, players, bots)
    import multiprocessing

    global _ENGINE
    _ENGINE = engine
    # More slices than jobs, so that a progress bar moves as each slice comes back.
    count = min(games, jobs * 8)
    sizes = [games // count + (1 if i < games % count else 0) for i in range(count)]
    starts = [seed + sum(sizes[:i]) for i in range(count)]
    start = time.perf_counter()
    report = Report()
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        slices = [(n, s, options, check, players, bots) for n, s in zip(sizes, starts, strict=True)]
        for size, part in zip(sizes, pool.imap(_simulate_slice, slices), strict=True):
            report.merge(part)
            if progress is not None:
                progress(size)
    report.errors.sort(key=lambda e: e["seed"])
    report.seconds = time.perf_counter() - start
    report.bots = bots
    return report


def peak_memory_mb() -> float:
    """Peak resident memory of this process so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cmd_sim(args) -> int:
    from compiler.tools.sim_report import build_report, distinct_faults, print_report

    folder = find_game(args.game)
    try:
        compiled, _, engine = Engines().get(folder)
    except CompileError as exc:
        return failed_to_compile(exc.diagnostics, args.json)
    options = parse_options(args.option)
    try:
        engine.Game(options, players=args.players)
        bots = parse_bots(args.bots, engine.SPEC.players)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.jobs > 1 and args.dump:
        raise UsageError("--dump works with one job only; leave out --jobs")
    with progress(args.games, "games", quiet=args.quiet or args.json) as advance:
        result = simulate_parallel(engine, args.games, args.seed, options, not args.no_check, args.jobs,
                                   advance, dump=Path(args.dump) if args.dump else None,
                                   players=args.players, bots=bots)
    untriggered = event_report(engine, result, compiled.game)
    report = build_report(folder.name, args, result, compiled, engine, untriggered)
    if args.json:
        print_json(report)
        return report["exit"]
    print_report(report, args.events, list(distinct_faults(result.errors)))
    if args.require_every_event and untriggered:
        print(f"  {len(untriggered)} events never happened: {', '.join(untriggered)}")
    return report["exit"]


def event_report(engine, result, game) -> list[str]:
    """The ids of cards whose event exists but never happened (of a card with copies: of none of
    its copies)."""
    from compiler.tools.sim_report import event_counts

    return [card for card, times in event_counts(engine, result, game).items() if not times]
