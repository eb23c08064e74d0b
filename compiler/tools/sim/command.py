"""Random playouts for `kurtyna sim` and `kurtyna bench`, for any compiled game."""

from __future__ import annotations

import contextlib
import json
import random
import resource
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from compiler.diagnostics import CompileError, Diagnostic, Span, fault_diagnostic
from compiler.fsio import write_text
from compiler.tools import fault_lines
from compiler.tools.common import UsageError, find_game, parse_options
from compiler.tools.engines import Engines, failed_to_compile
from compiler.tools.output import print_json, progress
from compiler.tools.sim import backends
from compiler.tools.sim.workers import signals_held, worker_signals
from dsl.runtime.bots import choose, parse_bots
from dsl.runtime.forked import Died, can_fork, forked_map
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

    def as_data(self) -> dict[str, Any]:
        """The report as lists, numbers and strings (it comes back from another machine); the
        counters keep their order, so a report rebuilt and merged lists its rows as this one."""
        return {"games": self.games, "decisions": self.decisions, "seconds": self.seconds,
                "results": [[list(winners), reason, n] for (winners, reason), n in self.results.items()],
                "wins": list(self.wins.items()), "shared": list(self.shared.items()),
                "track_totals": list(self.track_totals.items()),
                "player_track_totals": [[t, p, v] for (t, p), v in self.player_track_totals.items()],
                "errors": [_error_data(e) for e in self.errors],
                "bots": None if self.bots is None else list(self.bots.items()),
                "events": list(self.events.items())}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Report:
        return cls(data["games"], data["decisions"], data["seconds"],
                   Counter({(tuple(w), r): n for w, r, n in data["results"]}), Counter(dict(data["wins"])),
                   Counter(dict(data["shared"])), dict(data["track_totals"]),
                   Counter({(t, p): v for t, p, v in data["player_track_totals"]}),
                   [_error_from_data(e) for e in data["errors"]],
                   None if data["bots"] is None else dict(data["bots"]), Counter(dict(data["events"])))


def _error_data(error: dict[str, Any]) -> dict[str, Any]:
    if "diagnostic" not in error:
        return error
    return {**error, "diagnostic": asdict(error["diagnostic"])}


def _error_from_data(error: dict[str, Any]) -> dict[str, Any]:
    if "diagnostic" not in error:
        return error
    found = dict(error["diagnostic"])
    found["span"] = None if found["span"] is None else Span(**found["span"])
    return {**error, "diagnostic": Diagnostic(**found)}


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
    if jobs <= 1 or games < 2 * jobs or not can_fork():
        return simulate(engine, games, seed, options, check, progress, dump, players, bots)
    global _ENGINE
    _ENGINE = engine
    # More slices than jobs, so that a progress bar moves as each slice comes back.
    ranges = backends.seed_ranges(games, seed, jobs * 8)
    start = time.perf_counter()
    parts = []
    slices = [(n, s, options, check, players, bots) for s, n in ranges]
    # Each slice in a forked process of its own (dsl/runtime/forked.py: not a Pool, whose
    # termination can hang); Ctrl-C: compiler/tools/sim/workers.py
    with contextlib.closing(forked_map(_simulate_slice, slices, jobs, child_setup=worker_signals,
                            around_fork=signals_held)) as reports:
        for (first, size), part in zip(ranges, reports, strict=True):
            if isinstance(part, Died):
                raise WorkerDied(f"the process playing seeds {first}..{first + size - 1} ended without "
                                 f"an answer (exit code {part.exitcode})")
            parts.append(part)
            if progress is not None:
                progress(size)
    return _merged(parts, start, bots)


class WorkerDied(Exception):
    """A process playing a slice of the games ended without its report (killed, out of memory)."""


def _merged(parts: list[Report], start: float, bots: dict[int, str] | None) -> Report:
    """The parts of a run, in seed order, as one report (errors by seed, the run's whole time)."""
    report = Report()
    for part in parts:
        report.merge(part)
    report.errors.sort(key=lambda e: e["seed"])
    report.seconds = time.perf_counter() - start
    report.bots = bots
    return report


def _play_range(archive: bytes, origins: dict, start: int, games: int, options: dict, check: bool,
                players: int | None, bots: dict[int, str] | None) -> dict[str, Any]:
    """A Ray task: one range of seeds on the engine shipped as source (with where its texts start
    in the content, so faults are placed as locally), the report as plain data."""
    engine = backends.engine_from(archive)
    fault_lines.give(engine, origins)
    return simulate(engine, games, start, options, check, players=players, bots=bots).as_data()


def simulate_ray(cluster: backends.Cluster, engine, games: int, seed: int, options: dict, check: bool,
                 progress: Advance | None = None, players: int | None = None,
                 bots: dict[int, str] | None = None) -> Report:
    """`simulate` as tasks on a Ray cluster, each a range of seeds carrying the generated engine
    as source (put in Ray's object store once); the parts are merged in seed order, so the
    report is the one `simulate` gives for the same seeds (times aside)."""
    ray = cluster.ray
    archive = ray.put(backends.pack(backends.engine_files(engine)))
    task = ray.remote(_play_range).options(max_retries=2)  # a range whose worker was lost runs again
    ranges = backends.seed_ranges(games, seed, cluster.cpus * 8)
    start = time.perf_counter()
    origins = fault_lines.held(engine)
    refs = [task.remote(archive, origins, first, size, options, check, players, bots)
            for first, size in ranges]
    parts = [Report() for _ in refs]  # each replaced by its range's report
    for index, data in backends.as_completed(cluster, refs):
        parts[index] = Report.from_data(data)
        if progress is not None:
            progress(ranges[index][1])
    return _merged(parts, start, bots)


def peak_memory_mb() -> float:
    """Peak resident memory of this process so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cmd_sim(args) -> int:
    from compiler.tools.sim.report import build_report, distinct_faults, print_report

    backends.check_arguments(args)
    if args.dump and (args.jobs > 1 or args.backend != "local"):
        raise UsageError("--dump works with one local job only; leave out --jobs and --backend")
    if args.dump:
        _check_dump(Path(args.dump))
    if args.backend == "ray" and args.jobs < 1:  # a local Ray of no CPU would never start a task
        raise UsageError("--jobs needs at least 1 CPU for the local Ray")
    folder = find_game(args.game)
    engines = Engines()  # kept to the end: its folder holds the engine's files, which Ray ships
    try:
        compiled, _, engine = engines.get(folder)
    except CompileError as exc:
        return failed_to_compile(exc.diagnostics, args.json)
    options = parse_options(args.option)
    try:
        engine.Game(options, players=args.players)
        bots = parse_bots(args.bots, engine.SPEC.players)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    check = not args.no_check
    with contextlib.ExitStack() as stack:
        cluster = (stack.enter_context(backends.ray_cluster(args.address, args.jobs))
                   if args.backend == "ray" else None)
        with progress(args.games, "games", quiet=args.quiet or args.json) as advance:
            if cluster is not None:
                result = simulate_ray(cluster, engine, args.games, args.seed, options, check, advance,
                                      players=args.players, bots=bots)
            else:
                try:
                    result = simulate_parallel(engine, args.games, args.seed, options, check, args.jobs,
                                               advance, dump=Path(args.dump) if args.dump else None,
                                               players=args.players, bots=bots)
                except WorkerDied as exc:
                    print(f"kurtyna: {exc}; no report", file=sys.stderr)
                    return 1
    backend = cluster.describe() if cluster else {"name": "local", "address": None, "workers": args.jobs}
    untriggered = event_report(engine, result, compiled.game)
    report = build_report(folder.name, args, result, compiled, engine, untriggered, backend)
    if args.json:
        print_json(report)
        return report["exit"]
    print_report(report, args.events, list(distinct_faults(result.errors)))
    if args.require_every_event and untriggered:
        print(f"  {len(untriggered)} events never happened: {', '.join(untriggered)}")
    return report["exit"]


def _check_dump(folder: Path) -> None:
    """--dump names a folder, or one to make in a folder that exists: said before the first game
    starts, not when the first one fails."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--dump {folder}: that is a file, not a folder; name a folder to write the "
                         "failed games to")
    if not folder.exists() and not folder.parent.is_dir():
        raise UsageError(f"--dump {folder}: there is no folder {folder.parent} to make it in; "
                         "create it first")


def event_report(engine, result, game) -> list[str]:
    """The ids of cards whose event exists but never happened (of a card with copies: of none of
    its copies)."""
    from compiler.tools.sim.report import event_counts

    return [card for card, times in event_counts(engine, result, game).items() if not times]
