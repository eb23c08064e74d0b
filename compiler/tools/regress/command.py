"""`kurtyna regress`: what a change of the rules, the card texts or the compiler did.

Compares two sides (by default the last commit against the working tree) game by game:
rulebook scenarios, seeded stable-choice games and where they diverge, paired outcome
statistics, and the printed and rule texts. Exit codes: 0 no behaviour changed, 1 behaviour
changed, 2 an error (wrong usage, a side that does not build). See docs/regress.md.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from compiler import fsio
from compiler.tools.common import UsageError, parse_options, parse_seed
from compiler.tools.sim.backends import add_arguments as add_backend_arguments
from compiler.tools.sim.backends import check_arguments as check_backend_arguments
from dsl.printable import terminal_safe

if TYPE_CHECKING:
    from compiler.tools.regress.sides import SameTree, Side

PLAYTHROUGHS = Path("tests") / "playthroughs"


def add_parser(sub) -> None:
    regress = sub.add_parser("regress", help="compare two versions of the rules: scenarios, games, "
                             "outcomes, texts", description=__doc__.split("\n\n")[1],
                             formatter_class=argparse.RawDescriptionHelpFormatter)
    regress.add_argument("game", nargs="*", help="games to compare (default: every game on either side)")
    regress.add_argument("--base", help="git revision before the change (default HEAD)")
    regress.add_argument("--head", help="git revision after the change (default: the working tree, "
                         "uncommitted edits included)")
    regress.add_argument("--base-dir", help="a content folder (or one game's folder) as the side before")
    regress.add_argument("--head-dir", help="a content folder (or one game's folder) as the side after")
    regress.add_argument("--games", type=int, default=200, help="seeded games per side (default 200)")
    regress.add_argument("--seed", type=parse_seed, default=1, help="seed of the first game (default 1)")
    regress.add_argument("--option", action="append", help="a game option, name=value (repeatable)")
    regress.add_argument("--base-option", action="append", metavar="NAME=VALUE",
                         help="an option of the base side's seeded games only (repeatable): with "
                         "--head-option, compares two readings of one version; without --base, both "
                         "sides are the working tree")
    regress.add_argument("--head-option", action="append", metavar="NAME=VALUE",
                         help="an option of the head side's seeded games only (repeatable)")
    regress.add_argument("--players", type=int, metavar="N", help="how many players sit at the table in "
                         "the seeded games (default: each game's default)")
    regress.add_argument("--alpha", type=float, default=0.05,
                         help="significance level of the outcome tests (default 0.05)")
    regress.add_argument("--until-significant", action="store_true",
                         help="play --games more seeds at a time until an outcome is significant")
    regress.add_argument("--max-games", type=int, default=2000,
                         help="most seeds per side with --until-significant (default 2000)")
    regress.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                         help="processes to run the sides and games in (default: the machine's cores)")
    regress.add_argument("--bot", help="a bot takes every decision of the seeded games, so that outcomes "
                         "reflect sensible play: greedy, ismcts[:budget] or random (default: the stable "
                         "choice; docs/bots.md). Each side plays with its own runtime's bot")
    add_backend_arguments(regress)
    regress.add_argument("--sheets", action="store_true",
                         help="also build both sides' sheets and list the pages that changed (slow)")
    regress.add_argument("--json", action="store_true", help="print the report as JSON (docs/regress.md)")
    regress.add_argument("--html", help="also write the report as an HTML page to this file")
    regress.add_argument("--all-metrics", action="store_true",
                         help="show every card's event frequency, not only the significant ones")
    regress.add_argument("--update-playthroughs", action="store_true",
                         help="rewrite tests/playthroughs/<game>/ from the working tree and stop")
    regress.set_defaults(func=cmd_regress)


def _side_spec(rev: str | None, folder: str | None, default: str, name: str) -> dict:
    if rev is not None and folder is not None:
        raise UsageError(f"give --{name} or --{name}-dir, not both")
    return {"dir": folder} if folder is not None else {"rev": rev or default}


MAX_GAMES = 1_000_000  # seeds per side: a day's run on one core; more is a slip of the keyboard


def _check(args) -> None:
    from dsl.runtime.save import SEED_MAX

    if args.games < 2:
        raise UsageError("--games needs at least 2 games per side to compare outcomes")
    for option, count in (("--games", args.games), ("--max-games", args.max_games)):
        if count > MAX_GAMES:
            raise UsageError(f"{option} {count}: at most {MAX_GAMES} games per side")
    last = args.seed + (args.max_games if args.until_significant else args.games) - 1
    if last > SEED_MAX:
        raise UsageError(f"--seed {args.seed}: the games would use seeds up to {last}, past the last "
                         f"seed {SEED_MAX}; give a smaller seed")
    if args.html is not None:
        _check_html(Path(args.html))
    if not 0 < args.alpha < 1:
        raise UsageError("--alpha must be between 0 and 1 (e.g. 0.05)")
    if args.jobs < 1:
        raise UsageError("--jobs needs at least 1 process")
    if args.until_significant and args.max_games < args.games:
        raise UsageError("--max-games must be at least --games")
    if args.bot is not None:
        from dsl.runtime.bots import check_bot

        try:
            check_bot(args.bot)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    check_backend_arguments(args)


def _check_html(page: Path) -> None:
    """--html names a file to write in a folder that exists: said before the run, not after it."""
    if page.is_dir():
        raise UsageError(f"--html {page}: that is a folder; name the file to write the page to, "
                         f"e.g. {page / 'regress.html'}")
    if page.exists() and not page.is_file():
        raise UsageError(f"--html {page}: that is not a regular file; name a file to write the page to")
    if not page.parent.is_dir():
        raise UsageError(f"--html {page}: there is no folder {page.parent} to write it in; create it first")


def _side_options(args) -> dict[str, dict]:
    """`--base-option` / `--head-option` by side; options that differ nowhere are said to be so."""
    sides = {name: parse_options(given) for name, given in
             (("base", args.base_option), ("head", args.head_option)) if given}
    if sides:
        common = parse_options(args.option or [])
        if {**common, **sides.get("base", {})} == {**common, **sides.get("head", {})}:
            raise UsageError("--base-option and --head-option give both sides the same options; "
                             "give the reading to compare on one side, e.g. --head-option name=value")
    return sides


def _games(wanted: list[str], base: Side, head: Side) -> list[str]:
    present = {p.name for side in (base, head) if side.content.is_dir()
               for p in side.content.iterdir() if (p / "game.yaml").is_file()}
    return _chosen(wanted, present)


def _chosen(wanted: list[str], present: set[str]) -> list[str]:
    """The games asked for (every game present when none is), each one that is there."""
    if not wanted:
        if not present:
            raise UsageError("no games on either side (no folder with game.yaml under content/)")
        return sorted(present)
    unknown = [g for g in wanted if g not in present]
    if unknown:
        names = ", ".join(sorted(present)) or "none"
        raise UsageError(f"no game '{unknown[0]}' on either side (games: {names})")
    return wanted


def cmd_regress(args) -> int:
    from rich.console import Console

    from compiler.tools.regress.compare import Settings, compare
    from compiler.tools.regress.sides import WORKING_TREE, prepare, same_tree, workspace

    if args.update_playthroughs:
        return _update_playthroughs(args)
    _check(args)
    side_options = _side_options(args)
    head_spec = _side_spec(args.head, args.head_dir, WORKING_TREE, "head")
    if side_options and args.base is None and args.base_dir is None:
        base_spec = dict(head_spec)  # two readings of one version: the head's, on both sides
    else:
        base_spec = _side_spec(args.base, args.base_dir, "HEAD", "base")
    same = same_tree(base_spec, head_spec, Path.cwd())
    if same is not None and not side_options:  # said at once: playing both sides would find nothing
        return _same_tree(args, same, head_spec)
    errors = Console(stderr=True)
    status = errors.status("preparing") if sys.stderr.isatty() else None
    if status is not None:
        status.start()

    def progress(message: str) -> None:
        if status is not None:
            status.update(message)

    try:
        with workspace() as scratch, _backend(args) as workers:
            work = Path(scratch)
            progress("exporting both sides")
            base = prepare(base_spec, "base", work, Path.cwd())
            head = prepare(head_spec, "head", work, Path.cwd())
            games = _games(args.game, base, head)
            settings = Settings(games=args.games, seed=args.seed, options=parse_options(args.option or []),
                                side_options=side_options, players=args.players,
                                alpha=args.alpha, until_significant=args.until_significant,
                                max_games=args.max_games, jobs=args.jobs, progress=progress,
                                sheets=args.sheets, bot=args.bot, workers=workers, backend=args.backend)
            (work / "scratch").mkdir()
            report = compare(base, head, games, settings, work / "scratch")
    finally:
        if status is not None:
            status.stop()
    return _report(args, report)


def _report(args, report: dict) -> int:
    """The report on stdout (as JSON with --json) and as an HTML page with --html; its exit code."""
    from compiler.tools.output import PipedConsole
    from compiler.tools.regress.render import html_page, print_report

    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        # A pipe gets long lines rather than lines broken at 80 columns.
        width = None if sys.stdout.isatty() else 140
        print_report(report, PipedConsole(highlight=False, width=width), args.all_metrics)
    if args.html:  # after the report is out: a page that cannot be written loses nothing else
        try:
            fsio.write_text(Path(args.html), html_page(report))
        except OSError as exc:  # the folder went away, no permission, a full disk
            raise UsageError(f"--html {args.html}: the page could not be written "
                             f"({exc.strerror or exc})") from None
    return report["verdict"]["exit"]


def _same_tree(args, same: SameTree, head_spec: dict) -> int:
    """Base and head hold the same files: one line says so and how to see a change, exit 0. The
    games named are still checked (an unknown one is wrong usage, as ever)."""
    from compiler.tools.regress.compare import Settings, same_tree_report
    from compiler.tools.regress.sides import WORKING_TREE

    _chosen(args.game, same.games)
    head = head_spec["rev"]
    hint = ("to see what your last commit changed, use --base HEAD~1" if head == WORKING_TREE
            else f"to see what {head} changed, use --base {head}~1")
    head_said = "the working tree" if head == WORKING_TREE else same.head
    said = f"base {same.base} and head {head_said} are the same tree: nothing to compare; {hint}"
    settings = Settings(games=args.games, seed=args.seed, options=parse_options(args.option or []),
                        players=args.players, alpha=args.alpha, until_significant=args.until_significant,
                        max_games=args.max_games, jobs=args.jobs, sheets=args.sheets, bot=args.bot,
                        backend=args.backend)
    return _report(args, same_tree_report(same.base, same.head, settings, said))


@contextlib.contextmanager
def _backend(args) -> Iterator[Callable | None]:
    """How the sides' seeded games run: None for local worker processes, or Ray's workers for the
    run (the cluster is left, or the Ray started for it stopped, when it ends)."""
    if args.backend != "ray":
        yield None
        return
    from compiler.tools.regress.remote import ray_workers
    from compiler.tools.sim.backends import ray_cluster

    with ray_cluster(args.address, args.jobs) as cluster:
        yield ray_workers(cluster)


def _update_playthroughs(args) -> int:
    """Rewrite tests/playthroughs/<game>/ from the working tree's content (this is the one mode
    that writes into your checkout: the files are meant to be committed)."""
    from compiler.tools.common import all_games, find_game
    from compiler.tools.regress.playthroughs import PlaythroughError, update_playthroughs

    folders = [find_game(name) for name in args.game] if args.game else all_games()
    if not folders:
        raise UsageError("no games under content/ to record")
    try:
        changed = update_playthroughs(folders, PLAYTHROUGHS)
    except PlaythroughError as exc:  # a file edited by hand into another encoding
        print(f"kurtyna: {terminal_safe(exc)}", file=sys.stderr)
        return 1
    for path in changed:
        print(f"updated {path}")
    print(f"{len(changed)} playthrough file(s) changed" if changed else "playthroughs up to date")
    return 0
