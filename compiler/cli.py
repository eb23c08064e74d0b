"""The `kurtyna` command.

Every command takes a game by name (a folder under content/) or by path. Exit codes: 0 success,
1 faults in the content (all of them reported, sorted), 2 wrong usage.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.diagnostics import CompileError, Diagnostic

CONTENT = Path("content")


class UsageError(Exception):
    pass


def find_game(arg: str) -> Path:
    """A game folder from a name (`my_game`) or a path (`content/my_game`)."""
    path = Path(arg)
    if (path / "game.yaml").is_file():
        return path
    if path.name == "game.yaml" and path.is_file():
        return path.parent
    by_name = CONTENT / arg
    if (by_name / "game.yaml").is_file():
        return by_name
    known = all_games()
    names = ", ".join(g.name for g in known) or "none"
    raise UsageError(f"no game '{arg}': expected a folder under {CONTENT}/ or a path to one "
                     f"holding game.yaml (games here: {names})")


def all_games() -> list[Path]:
    if not CONTENT.is_dir():
        return []
    return sorted(p for p in CONTENT.iterdir() if (p / "game.yaml").is_file())


def report(diagnostics: list[Diagnostic], sources: dict[str, str]) -> None:
    for diagnostic in diagnostics:
        print(diagnostic.render(sources), file=sys.stderr)
        print(file=sys.stderr)
    count = sum(1 for d in diagnostics if d.severity == "error")
    print(f"{count} error{'s' if count != 1 else ''}", file=sys.stderr)


def _sources(diagnostics: list[Diagnostic]) -> dict[str, str]:
    out: dict[str, str] = {}
    for d in diagnostics:
        if d.span and d.span.path not in out:
            if Path(d.span.path).is_symlink():  # it may lead out of the game (E306): not shown
                continue
            try:
                out[d.span.path] = Path(d.span.path).read_text("utf-8", errors="replace")
            except OSError:
                pass
    return out


def _games(args) -> list[Path]:
    if getattr(args, "all", False):
        games = all_games()
        if not games:
            raise UsageError(f"no games under {CONTENT}/")
        return games
    if not args.game:
        raise UsageError("name a game (a folder under content/) or use --all")
    return [find_game(g) for g in args.game]


def cmd_check(args) -> int:
    from compiler.pipeline import compile_game

    status = 0
    for folder in _games(args):
        try:
            compiled = compile_game(folder)
        except CompileError as exc:
            report(exc.diagnostics, _sources(exc.diagnostics))
            status = 1
            continue
        from compiler.tools.text import lint

        faults = lint(compiled).sorted()
        if faults:
            report(faults, _sources(faults))
            status = 1
            continue
        print(summary(compiled))
    return status


def summary(compiled) -> str:
    game = compiled.game
    program = compiled.program
    events = len(program.card_events) if program else 0
    kinds: dict[str, int] = {}
    for space in game.spaces:
        kinds[space.kind or "space"] = kinds.get(space.kind or "space", 0) + 1
    spaces = ", ".join(f"{n} {k}" for k, n in kinds.items())
    links = sum(len(s.adjacent) for s in game.spaces) // 2
    defs = len(program.defs) if program else 0
    return (f"{game.id}: ok - {len(game.players)} players, {len(game.spaces)} spaces ({spaces}), "
            f"{links} links, {len(game.regions)} regions, {len(game.tracks)} tracks, "
            f"{len(game.cards)} cards ({events} with events), {defs} definitions")


def cmd_build(args) -> int:
    from compiler.tools.build import build_games

    status = build_games(_games(args), check_only=args.check, out_root=Path(args.out))
    if args.check and status == 0:
        status = check_catalogs(_games(args))
    return status


def check_catalogs(folders: list[Path]) -> int:
    """Translation catalogs must match the content: a changed source is flagged by `i18n update`."""
    from compiler.back.i18n.manage import outdated_catalogs
    from compiler.pipeline import compile_game

    stale = [path for folder in folders for path in outdated_catalogs(compile_game(folder))]
    for path in stale:
        print(f"{path}: stale - run `kurtyna i18n update` (translations of changed texts get flagged)")
    return 1 if stale else 0


EXAMPLES = Path("tests") / "examples"


def cmd_sheets(args) -> int:
    from compiler.back.i18n import LOCALES
    from compiler.back.sheets.build import Options, write_sheets
    from compiler.back.sheets.layout import PAPERS, LayoutError, parse_length, parse_offset
    from compiler.back.sheets.pdf import PdfError
    from compiler.pipeline import checked_game

    if args.lang is not None and args.lang not in LOCALES:
        raise UsageError(f"unknown language '{args.lang}': choose one of {', '.join(LOCALES)}")
    if args.paper not in PAPERS:
        raise UsageError(f"unknown paper '{args.paper}': choose one of {', '.join(PAPERS)}")
    try:
        options = Options(PAPERS[args.paper], parse_length(args.bleed, "bleed"),
                          parse_offset(args.back_offset))
    except LayoutError as exc:
        raise UsageError(str(exc)) from None
    folders = _games(args)
    games = []
    for folder in folders:
        try:
            games.append(checked_game(folder))
        except CompileError as exc:
            report(exc.diagnostics, _sources(exc.diagnostics))
    if len(games) < len(folders):
        print("nothing written: fix the errors above first", file=sys.stderr)
        return 1
    langs = [args.lang] if args.lang else list(LOCALES)
    for compiled in games:
        for lang in langs:
            target = Path(args.out) / compiled.game.id / lang
            try:
                files, warnings = write_sheets(compiled, lang, options, target)
            except PdfError as exc:
                print(f"kurtyna: {exc}", file=sys.stderr)
                return 1
            for warning in warnings:
                print(f"warning: {compiled.game.id} ({lang}): {warning}", file=sys.stderr)
            print(f"{compiled.game.id} ({lang}): {len(files)} files in {target}/")
    return 0


def cmd_test(args) -> int:
    from compiler.tools.test import Engines, run_scenario, scenario_files

    targets: list[Path] = []
    for arg in args.target or [str(EXAMPLES)]:
        path = Path(arg)
        if path.exists():
            targets.append(path)
        elif (EXAMPLES / arg).is_dir():
            targets.append(EXAMPLES / arg)
        else:
            raise UsageError(f"no scenarios at '{arg}': name a game with scenarios under {EXAMPLES}/, "
                             "a folder, or a scenario file")
    files = scenario_files(targets)
    if not files:
        raise UsageError("no scenario files found")
    engines = Engines()
    passed = failed = 0
    for path in files:
        try:
            outcome = run_scenario(path, engines, CONTENT)
        except CompileError as exc:
            report(exc.diagnostics, _sources(exc.diagnostics))
            failed += 1
            continue
        if outcome.ok:
            passed += 1
            print(f"PASS {outcome.path}  {outcome.title} [{outcome.source}]")
        else:
            failed += 1
            print(f"FAIL {outcome.path}  {outcome.title} [{outcome.source}]")
            for failure in outcome.failures:
                print(f"     {failure}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def _options(pairs: list[str]) -> dict:
    """`--option variant=true --option bonus=2` as a dict; the game checks the values."""
    out: dict = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            raise UsageError(f"--option takes name=value, not '{pair}'")
        out[key.strip()] = _option_value(value.strip())
    return out


def _option_value(text: str) -> bool | int | str:
    """true/false, a whole number in ASCII digits (not '²' or '1_000'), or the text as given."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    digits = text[1:] if text[:1] in "+-" else text
    if digits.isascii() and digits.isdigit() and len(digits) <= 40:
        return int(text)
    return text


def _seed(text: str) -> int:
    """A --seed value: a whole number 0..2**63-1, as saves hold seeds."""
    from dsl.runtime.save import SEED_MAX

    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if not 0 <= seed <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"{seed} is outside 0..{SEED_MAX}")
    return seed


def _engine(folder: Path):
    from compiler.tools.test import Engines

    try:
        compiled, _, module = Engines().get(folder)
    except CompileError as exc:
        report(exc.diagnostics, _sources(exc.diagnostics))
        return None, None
    return compiled, module


def cmd_sim(args) -> int:
    from compiler.tools.sim import simulate_parallel

    folder = find_game(args.game)
    _, engine = _engine(folder)
    if engine is None:
        return 1
    options = _options(args.option)
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
    _report_faults(result.errors)
    untriggered = _event_report(engine, result, args.events)
    if args.require_every_event and untriggered:
        print(f"  {len(untriggered)} events never happened: {', '.join(untriggered)}")
        return 1
    return 1 if result.errors else 0


def _report_faults(errors: list[dict]) -> None:
    """Each distinct fault of the rules once, as a located error on stderr, with the number of
    games it ended (the lines above give their seeds)."""
    games: dict = {}
    for error in errors:
        if "diagnostic" in error:
            games.setdefault(error["diagnostic"], []).append(error["seed"])
    if not games:
        return
    for diagnostic, seeds in games.items():
        print(diagnostic.render(_sources([diagnostic])), file=sys.stderr)
        print(f"note: in {len(seeds)} game{'s' if len(seeds) != 1 else ''}, the first with seed "
              f"{seeds[0]}\n", file=sys.stderr)
    print(f"{len(games)} fault{'s' if len(games) != 1 else ''} of the rules", file=sys.stderr)


def _event_report(engine, result, show: bool) -> list[str]:
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
            report(exc.diagnostics, _sources(exc.diagnostics))
            return 1
        compile_ms = (time.perf_counter() - start) * 1000 / args.compile_runs
        _, engine = _engine(folder)
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


def cmd_play(args) -> int:
    from compiler.diagnostics import fault_diagnostic
    from compiler.tools.play import play_in_terminal
    from dsl.runtime.helpers import RuleError

    folder = find_game(args.game)
    _, engine = _engine(folder)
    if engine is None:
        return 1
    try:
        game = engine.Game(_options(args.option))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    players = list(engine.SPEC.players)
    side = args.side or players[0]
    if side not in players:
        raise UsageError(f"--as takes one of: {', '.join(players)}")
    try:
        return play_in_terminal(game, args.seed, players.index(side), sys.stdin, sys.stdout)
    except RuleError as fault:  # the rules failed: say where, like a compile error
        sys.stdout.flush()
        diagnostic = fault_diagnostic(fault)
        report([diagnostic], _sources([diagnostic]))
        return 1


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kurtyna", description="Compile card-driven board games "
                                     "written in YAML and the Kurtyna effect language.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = sub.add_parser("check", help="check a game's content and report every fault")
    check.add_argument("game", nargs="*", help="game name (folder under content/) or path")
    check.add_argument("--all", action="store_true", help="every game under content/")
    check.set_defaults(func=cmd_check)

    build = sub.add_parser("build", help="compile a game into generated/<game>/")
    build.add_argument("game", nargs="*", help="game name (folder under content/) or path")
    build.add_argument("--all", action="store_true", help="every game under content/")
    build.add_argument("--check", action="store_true",
                       help="write nothing; exit 1 if generated/ is stale")
    build.add_argument("--out", default="generated", help="output folder (default: generated)")
    build.set_defaults(func=cmd_build)

    sheets = sub.add_parser("sheets", help="print-and-play card sheets and reference sheets, "
                            "HTML and PDF, in build/<game>/<lang>/")
    sheets.add_argument("game", nargs="*", help="game name (folder under content/) or path")
    sheets.add_argument("--all", action="store_true", help="every game under content/")
    sheets.add_argument("--lang", help="en, pl or cs (default: every locale)")
    sheets.add_argument("--paper", default="a4", help="a4 or letter (default a4)")
    sheets.add_argument("--bleed", default="0mm",
                        help="background past the cut line on the grid's outer edges, e.g. 3mm (default 0)")
    sheets.add_argument("--back-offset", default="0mm,0mm",
                        help="move the card backs right,down to match the fronts, e.g. 1mm,-0.5mm "
                        "(read it from calibration.pdf)")
    sheets.add_argument("--out", default="build", help="output folder (default: build)")
    sheets.set_defaults(func=cmd_sheets)

    test = sub.add_parser("test", help="run scenario files (rulebook examples)")
    test.add_argument("target", nargs="*", help="a game with scenarios under tests/examples/, a "
                      "folder, or scenario files (default: all of tests/examples/)")
    test.set_defaults(func=cmd_test)

    sim = sub.add_parser("sim", help="play random games and report results and faults")
    sim.add_argument("game", help="game name or path")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=_seed, default=1, help="seed of the first game (default 1)")
    sim.add_argument("--option", action="append", help="a game option, name=value (repeatable)")
    sim.add_argument("--no-check", action="store_true", help="skip the invariant checks (faster)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.add_argument("--dump", help="folder to write the seed and options of failed games to")
    sim.add_argument("--jobs", type=int, default=1, help="processes to play the games in (default 1)")
    sim.add_argument("--events", action="store_true",
                     help="print how often each card's event was resolved")
    sim.add_argument("--require-every-event", action="store_true",
                     help="fail (exit 1) when some card's event never happened")
    sim.set_defaults(func=cmd_sim)

    bench = sub.add_parser("bench", help="measure compile time, playout speed and memory")
    bench.add_argument("game", nargs="*", help="games (default: every game under content/)")
    bench.add_argument("--games", type=int, default=200, help="random games per game (default 200)")
    bench.add_argument("--seed", type=_seed, default=1, help="seed of the first game")
    bench.add_argument("--compile-runs", type=int, default=3, help="compilations to average")
    bench.add_argument("--repeat", type=int, default=3,
                       help="play the same games this many times and report the fastest (default 3)")
    bench.set_defaults(func=cmd_bench)

    play = sub.add_parser("play", help="play a game in the terminal against a random bot")
    play.add_argument("game", help="game name or path")
    play.add_argument("--as", dest="side", help="the player you play (default: the first)")
    play.add_argument("--seed", type=_seed, default=1, help="seed of the game")
    play.add_argument("--option", action="append", help="a game option, name=value (repeatable)")
    play.set_defaults(func=cmd_play)

    from compiler.tools.text import add_parsers

    add_parsers(sub, find_game, _games)
    return parser


# Options whose value may start with '-' ("--back-offset -1mm,0"): argparse would take such a
# value for an option of its own, so it is attached to its option ("--back-offset=-1mm,0").
SIGNED_OPTIONS = ("--bleed", "--back-offset")


def _attach_signed_values(argv: list[str]) -> list[str]:
    out: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg in SIGNED_OPTIONS:
            value = next(args, None)
            out.append(arg if value is None else f"{arg}={value}")
        else:
            out.append(arg)
    return out


def tolerant_streams() -> None:
    """Write what the terminal's encoding cannot show as escapes (\\u015b), never crash on it:
    `LANG=C`, `PYTHONIOENCODING=ascii` or a pipe must not turn Polish text into a traceback."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):  # a real text stream, not a test's replacement
            stream.reconfigure(errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    tolerant_streams()
    parser = make_parser()
    args = parser.parse_args(_attach_signed_values(sys.argv[1:] if argv is None else argv))
    try:
        return args.func(args)
    except UsageError as exc:
        print(f"kurtyna: {exc}", file=sys.stderr)
        return 2
    except CompileError as exc:  # commands that need a game that compiles (text, i18n), catalog faults
        report(exc.diagnostics, _sources(exc.diagnostics))
        return 1
    except BrokenPipeError:  # output piped into `head`: stop quietly
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
