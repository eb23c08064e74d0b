"""The `kurtyna` command: argument wiring only. Each verb lives in compiler/tools/<verb>.py.

Every command takes a game by name (a folder under content/) or by path. Exit codes: 0 success,
1 faults in the content (all of them reported, in cause order), 2 wrong usage; each verb's
`--help` ends with what they mean for it (compiler/tools/exits.py EXIT_CODES).

A verb's module is imported only when that verb runs (`_verb`): `kurtyna build` with nothing to
build answers in a fraction of a second, which importing the whole compiler first would not allow.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import textwrap
from collections.abc import Callable

from compiler.cache import use_user_cache
from compiler.diagnostics import CompileError
from compiler.fsio import OutputError
from compiler.game_files import allow_links_out
from compiler.interrupts import interrupted
from compiler.locales import LOCALES
from compiler.tools.common import UsageError, game_names, parse_seed, report, sources_of
from compiler.tools.exits import exit_epilog
from compiler.tools.regress.command import add_parser as add_regress
from compiler.tools.serve.command import add_arguments as add_serve_arguments
from compiler.tools.sim.backends import add_arguments as add_backend_arguments
from compiler.tools.sim.workers import take_ctrl_c
from compiler.tools.stamps import compiler_key
from dsl.printable import terminal_safe


def _verb(name: str) -> Callable[[argparse.Namespace], int]:
    """`cmd_<name>` of compiler/tools/<name>.py, imported when the verb runs."""

    def run(args: argparse.Namespace) -> int:
        return getattr(importlib.import_module(f"compiler.tools.{name}"), f"cmd_{name}")(args)

    run.__name__ = f"cmd_{name}"
    return run


def version() -> str:
    """The version pyproject.toml gives, as installed (the one place it is written)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("kurtyna")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed: pip install -e .)"


def complete_games(prefix: str, **_) -> list[str]:
    """Shell completion of a game argument: the names of the games `find_game` would find."""
    return [name for name in game_names() if name.startswith(prefix)]


def complete_games_or_files(prefix: str, **kwargs) -> list[str]:
    from argcomplete.completers import FilesCompleter

    return complete_games(prefix) + list(FilesCompleter()(prefix, **kwargs))


class _Parsers:
    """`sub.add_parser` with the verb's exit codes as the epilog of its --help."""

    def __init__(self, sub) -> None:
        self.sub = sub

    def add_parser(self, name: str, **kwargs) -> argparse.ArgumentParser:
        return self.sub.add_parser(name, epilog=exit_epilog(name), **kwargs)


class _Version(argparse.Action):
    """`--version`, looked up only when asked (reading the installed metadata takes a while)."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(f"kurtyna {version()}")
        parser.exit()


class _PrintCompletion(argparse.Action):
    """`--print-completion SHELL`: the script that makes SHELL complete kurtyna's arguments."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        import argcomplete

        try:
            print(argcomplete.shellcode(["kurtyna"], shell=str(values)))
            sys.stdout.flush()
        except BrokenPipeError:  # piped into `head`: stop quietly, as the verbs do
            sys.stderr.close()
        parser.exit()


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kurtyna", description="Compile card-driven board games "
                                     "written in YAML and the Kurtyna effect language.",
                                     epilog=exit_epilog("kurtyna") + "; each command's --help says "
                                     "what they mean for it")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    parser.add_argument("--print-completion", action=_PrintCompletion, metavar="SHELL",
                        choices=["bash", "zsh", "fish", "tcsh", "powershell"],
                        help="print the shell completion script, e.g. "
                        "eval \"$(kurtyna --print-completion bash)\"")
    sub = _Parsers(parser.add_subparsers(dest="command", required=True, metavar="COMMAND"))

    check = sub.add_parser("check", help="check a game's content and report every fault")
    check.add_argument("game", nargs="*", help="game name (folder under content/) or path")
    check.add_argument("--all", action="store_true", help="every game under content/")
    check.add_argument("--json", action="store_true",
                       help="print the result as one JSON object (dsl/schemas/check-report.schema.json)")
    check.add_argument("--provisional", action="store_true",
                       help="list the cards marked provisional (not in the rulebook) with their notes")
    check.add_argument("--strict", action="store_true",
                       help="a stale translation (its English changed since) is an error, not a warning")
    check.set_defaults(func=_verb("check"))

    build = sub.add_parser("build", help="compile a game into generated/<game>/")
    build.add_argument("game", nargs="*", help="game name (folder under content/) or path")
    build.add_argument("--all", action="store_true", help="every game under content/")
    build.add_argument("--check", action="store_true",
                       help="write no engine (only its stamp); exit 1 if generated/ is stale")
    build.add_argument("--out", default="generated", help="output folder (default: generated)")
    build.add_argument("--force", action="store_true", help="compile every game, even one whose "
                       "content, compiler and engine are unchanged since its last build")
    build.set_defaults(func=_verb("build"))

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
    sheets.add_argument("--review", type=int, metavar="N",
                        help="instead of the sheets, write a contact sheet of N random cards per language "
                             "to OUT/<game>/review-<lang>.png (docs/translating.md)")
    sheets.add_argument("--seed", type=int, default=2026, help="seed of the --review sample (default 2026)")
    sheets.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes to lay out the languages and games in, side by side (default: "
                             "one per core); the files are the same whatever the number")
    sheets.set_defaults(func=_verb("sheets"))

    card = sub.add_parser("card", help="one card face exactly as the sheets print it, as PNG, PDF or "
                          "HTML: a preview")
    card.add_argument("game", help="game name (folder under content/) or path")
    card.add_argument("card", help="the card's id: a card of the deck, or an extra card printed with it")
    card.add_argument("--lang", choices=list(LOCALES), default="en", help="language (default en)")
    card.add_argument("--out", metavar="FILE", help="the file to write, in the format its name ends in: "
                      ".png, .pdf or .html (default: CARD.LANG.png in the current folder)")
    card.add_argument("--bleed", default="0mm", metavar="LENGTH",
                      help="the background past the cut line, 0 to 5 mm, as sheets --bleed (default 0mm)")
    card.add_argument("--dpi", default="300", metavar="N",
                      help="the PNG's resolution, 36 to 1200 dots per inch (default 300)")
    card.set_defaults(func=_verb("card"))

    test = sub.add_parser("test", help="run scenario files (rulebook examples)")
    test.add_argument("target", nargs="*", help="a game with scenarios under tests/examples/, a "
                      "folder, or scenario files (default: all of tests/examples/)")
    test.add_argument("--content", metavar="DIR", help="a folder of games to find a scenario's "
                      "game: in (also looked: next to the scenario, ./content, the checkout's content/)")
    test.add_argument("--json", action="store_true",
                      help="print the result as one JSON object (dsl/schemas/test-report.schema.json)")
    test.set_defaults(func=_verb("test"))

    sim = sub.add_parser("sim", help="play seeded games, at random or by --bots; report results and faults")
    sim.add_argument("game", help="game name or path")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=parse_seed, default=1, help="seed of the first game (default 1)")
    sim.add_argument("--option", action="append", help="a game option, name=value (repeatable)")
    sim.add_argument("--players", type=int, metavar="N", help="how many players sit at the table (the "
                     "first N in seating order; default: the game's default, game.yaml player_count)")
    sim.add_argument("--no-check", action="store_true", help="skip the invariant checks (faster)")
    sim.add_argument("--quiet", action="store_true",
                     help="no progress bar (there is one only when stderr is a terminal)")
    sim.add_argument("--dump", help="folder to write the seed and options of failed games to")
    sim.add_argument("--jobs", type=int, default=1, help="processes to play the games in (default 1; "
                     "with --backend ray and no --address, the CPUs of the Ray started for the run)")
    add_backend_arguments(sim)
    sim.add_argument("--bots", metavar="SEAT=BOT,...",
                     help="a bot for some seats, as PLAYER=BOT separated by commas (bots: random, "
                          "greedy, ismcts[:N|:Ts][:processes][:rollouts]; the others play at random; "
                          "docs/bots.md)")
    sim.add_argument("--events", action="store_true",
                     help="print how often each card's event was resolved")
    sim.add_argument("--require-every-event", action="store_true",
                     help="fail (exit 1) when some card's event never happened")
    sim.add_argument("--json", action="store_true",
                     help="print the result as one JSON object (dsl/schemas/sim-report.schema.json)")
    sim.set_defaults(func=_verb("sim"))

    bench = sub.add_parser("bench", help="measure compile time, playout speed and memory")
    bench.add_argument("game", nargs="*", help="games (default: every game under content/)")
    bench.add_argument("--games", type=int, default=200, help="random games per game (default 200)")
    bench.add_argument("--seed", type=parse_seed, default=1, help="seed of the first game")
    bench.add_argument("--players", type=int, metavar="N", help="how many players sit at the table in "
                       "the random games (every game benched must seat N; default: each game's default)")
    bench.add_argument("--compile-runs", type=int, default=3, help="compilations to average")
    bench.add_argument("--repeat", type=int, default=3,
                       help="play the same games this many times and report the fastest (default 3); the "
                       "public-API figures are the medians of as many rounds")
    bench.add_argument("--seconds", type=float, default=0.5, metavar="S",
                       help="time the copies and save loads of the late-game state over S seconds a round "
                       "(default 0.5)")
    bench.add_argument("--against", metavar="PATH",
                       help="also measure the peer engine in PATH (the folder holding its package; default "
                       "$KURTYNA_PEER) in the same run, for the game it plays, and print the ratios")
    bench.add_argument("--lsp", action="store_true",
                       help="measure `kurtyna lsp` instead: the time from an edit of one card to its fresh "
                       "faults, over --edits edits (docs/benchmarks.md)")
    bench.add_argument("--edits", type=int, default=20, metavar="N",
                       help="with --lsp: edits of the card to time (default 20)")
    bench.add_argument("--card", metavar="ID", help="with --lsp: the card to edit (default: the first whose "
                       "event holds a number from 0 to 9)")
    bench.add_argument("--json", action="store_true",
                       help="print the result as one JSON object (dsl/schemas/bench-report.schema.json)")
    bench.set_defaults(func=_verb("bench"))

    play = sub.add_parser("play", help="play a game in the terminal against bots")
    play.add_argument("game", help="game name or path")
    play.add_argument("--as", dest="side", help="the player you play, or several comma-separated "
                      "(red,blue) taking turns at one keyboard; the --bot plays every other "
                      "seated player (default: the first)")
    play.add_argument("--players", type=int, metavar="N", help="how many players sit at the table (the "
                      "first N in seating order; default: the game's default, game.yaml player_count)")
    play.add_argument("--seed", type=parse_seed, default=1, help="seed of the game")
    play.add_argument("--bot", metavar="BOT", help="the computer players: random (default), greedy, "
                      "ismcts[:N|:Ts][:processes][:rollouts] (docs/bots.md)")
    play.add_argument("--option", action="append", help="a game option, name=value (repeatable)")
    play.add_argument("--lang", choices=("en", "pl", "cs"), default="en",
                      help="the language of names, questions, card texts and the terminal (default en)")
    play.set_defaults(func=_verb("play"))

    serve = sub.add_parser("serve", help="play the games in a browser: a local web server")
    add_serve_arguments(serve)
    serve.set_defaults(func=_verb("serve"))

    lsp = sub.add_parser("lsp", help="a language server for editors, on stdin and stdout: faults as you "
                         "type, hover, definitions, references, completion, rename (docs/editors.md)")
    lsp.set_defaults(func=_verb("lsp"))

    add_regress(sub.sub)
    regress = sub.sub.choices["regress"]
    regress.epilog = textwrap.fill(exit_epilog("regress"), 100)  # its help keeps line breaks as written
    _completions(sub.sub)

    text = sub.add_parser("text", help="print card or rule text in a language")
    text.add_argument("game", help="game name or path")
    text.add_argument(
        "item", nargs="*", help="card ids or rule procedures (default: every card with an event)"
    )
    text.add_argument("--lang", default="en", choices=list(LOCALES) + ["all"], help="language (default en)")
    text.add_argument(
        "--generated",
        action="store_true",
        help="the text generated from the mechanics, even where the card has a printed text",
    )
    text.set_defaults(func=_verb("text"))

    i18n = sub.add_parser("i18n", help="translation catalogs: completeness, stale entries, refresh")
    i18n.add_argument(
        "action",
        choices=["status", "update", "init"],
        help="status: per-locale completeness and stale entries; update: refresh the catalogs; "
             "init GAME LANG: start the catalog of a language (pl, cs)",
    )
    i18n.add_argument("game", nargs="*", help="game name (folder under content/) or path; with init, "
                      "then the language")
    i18n.add_argument("--all", action="store_true", help="every game under content/")
    i18n.add_argument("--missing", action="store_true", help="with status: list untranslated keys too")
    i18n.add_argument("--json", action="store_true", help="with status: print it as one JSON object "
                      "(dsl/schemas/i18n-status.schema.json)")
    i18n.set_defaults(func=_verb("i18n"))
    for verb in ("check", "build", "sheets", "card", "test", "sim", "bench", "play", "text", "i18n"):
        sub.sub.choices[verb].add_argument(
            "--follow-links", action="store_true",
            help="read (and for i18n update, write) files of a game through links that lead out "
                 "of its folder, e.g. a catalog linked from elsewhere on purpose (default: such "
                 "a link is an error, docs/security.md)")
    return parser


def _completions(sub) -> None:
    """Game arguments complete from the games found (./content, $KURTYNA_CONTENT, the checkout)."""
    for verb, parser in sub.choices.items():
        for action in parser._actions:
            if action.dest in ("game", "target"):
                action.completer = complete_games_or_files if verb == "test" else complete_games  # type: ignore[attr-defined]

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
    take_ctrl_c()  # even when started with SIGINT ignored (compiler/tools/sim/workers.py)
    tolerant_streams()
    parser = make_parser()
    import argcomplete

    argcomplete.autocomplete(parser)  # answers the shell's completion request and exits; else nothing
    args = parser.parse_args(_attach_signed_values(sys.argv[1:] if argv is None else argv))
    use_user_cache(compiler_key)  # parser tables, syntax trees, catalogs kept (compiler/cache.py)
    allow_links_out(getattr(args, "follow_links", False))
    try:
        return args.func(args)
    except UsageError as exc:  # it may quote a name from the command line or a game folder
        print(f"kurtyna: {terminal_safe(exc)}", file=sys.stderr)
        return 2
    except CompileError as exc:  # commands that need a game that compiles (text, i18n), catalog faults
        report(exc.diagnostics, sources_of(exc.diagnostics))
        return 1
    except OutputError as exc:  # an output refused (it could lose someone's files) or busy
        print(f"kurtyna: {terminal_safe(exc)}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # output piped into `head`: stop quietly
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:  # Ctrl-C: what was being written is left as it was (fsio.py)
        return interrupted()


if __name__ == "__main__":
    sys.exit(main())
