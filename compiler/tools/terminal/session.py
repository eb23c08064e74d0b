"""The game loop of `kurtyna play`: the bot's turns, the player's decisions and commands.

Everything shown is drawn from the player's view (`state.view(player)`), so the terminal
cannot show what the player may not know; of the state itself it asks only whose decision it is
and whether the game is over (and the bot takes its legal answers).
"""

from __future__ import annotations

import os
import random
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console, ConsoleOptions, RenderableType, RenderHook
from rich.segment import Segment
from rich.text import Text

from compiler import game_files
from compiler.fsio import OutputError, write_text
from compiler.tools.terminal.answers import Answer, answers_of, fold, match
from compiler.tools.terminal.board import Board
from compiler.tools.terminal.words import Words
from dsl.printable import terminal_safe
from dsl.runtime.bots import choose
from dsl.runtime.helpers import RuleError

DEFAULT_SAVE = "kurtyna-save.json"
MAX_SAVE = 64 * 1024 * 1024  # bytes a save file may have (the late saves of the games here: about 70 KB)


class SafeConsole(Console):
    """The console of `kurtyna play`, the one boundary between the text of a game or a save and
    the terminal. Names, card texts, log lines and prompts come from content or a save, someone
    else's: an `ESC ]0;` in a card name must not retitle the window, nor `ESC ]52;` write the
    clipboard. Every character of what is printed that could control the terminal is written as
    a visible escape (dsl/printable.py): text given as a string (table cells too) before rich reads
    it, and a rich Text built elsewhere as it is drawn (rich itself already drops its BEL, BS,
    VT, FF and CR). The styles rich adds (bold, dim) are its own control codes and stay."""

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.push_render_hook(_Drawn())

    def render_str(self, text: str, **kwargs: Any) -> Text:
        return super().render_str(terminal_safe(text), **kwargs)


class _Drawn(RenderHook):
    def process_renderables(self, renderables: list) -> list:
        return [_Escaped(renderable) for renderable in renderables]


class _Escaped:
    """A renderable drawn as `inner` is, its text escaped where it could control the terminal."""

    def __init__(self, inner: RenderableType):
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[Segment]:
        for segment in console.render(self.inner, options):
            text = segment.text
            if segment.control or (text.isascii() and text.isprintable()) or text == "\n":
                yield segment
            else:
                yield Segment(terminal_safe(text), segment.style)


class Reader:
    """Lines the player types; on a terminal with readline, Tab completes answers and commands."""

    def __init__(self, inp: TextIO, out: TextIO, interactive: bool):
        self.inp, self.out, self.interactive = inp, out, interactive
        self.options: list[str] = []
        if interactive:
            try:
                import readline
            except ImportError:  # no readline here: typing works, Tab does not
                return
            readline.set_completer(self._complete)
            readline.set_completer_delims("")
            readline.parse_and_bind("tab: complete")

    def _complete(self, typed: str, state: int) -> str | None:
        found = [o for o in self.options if fold(o).startswith(fold(typed))]
        return found[state] if state < len(found) else None

    def read(self, prompt: str, options: list[str]) -> str | None:
        """A line, or None at the end of the input."""
        self.options = [terminal_safe(o, keep="") for o in options]  # readline lists them raw
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                return None
        print(prompt, end="", file=self.out, flush=True)
        line = self.inp.readline()
        return line.rstrip("\n") if line else None


class Session:
    """One game in the terminal: `humans` (seat indices, one or more: hot seat) type their
    answers, a bot (`bot`: random unless chosen, dsl/runtime/bots.py) for every other seated
    player."""

    def __init__(self, game: Any, compiled: Any, seed: int, humans: int | list[int], lang: str,
                 inp: TextIO, out: TextIO, interactive: bool, bot: str = "random"):
        self.humans = [humans] if isinstance(humans, int) else list(humans)
        self.game, self.compiled, self.seed, self.lang = game, compiled, seed, lang
        self.spec = game.spec
        self.state = game.new_state(seed)
        self.words = Words(compiled, lang)
        self.board = Board(compiled, self.spec, self.words)
        self.console = SafeConsole(file=out, highlight=False, emoji=False, markup=False,
                                   **({} if interactive else {"width": 120, "color_system": None}))
        self.reader = Reader(inp, out, interactive)
        self.bot = random.Random(seed)
        self.bot_name = bot
        self.marks: list[int] = []  # the length of the history before each of the player's answers
        self.log_shown = 0
        self.commands = self.words.command_words()

    def say(self, *things: Any) -> None:
        for thing in things:
            self.console.print(thing)

    def run(self) -> int:
        """Play until the game ends or the player stops; 0 either way. A fault of the rules
        (RuleError) ends the game: the log up to it is shown, and the fault goes on to the
        caller, which reports it located."""
        try:
            return self._run()
        except RuleError:
            self.show_log()
            raise

    @property
    def human(self) -> int:
        """The person whose view is shown: the one asked now, else the first listed."""
        state = self.state  # a state the rules broke still shows its log (run)
        decision = None if state.is_over() or state.broken is not None else state.decision()
        return decision.player if decision is not None and decision.player in self.humans else self.humans[0]

    def _run(self) -> int:
        seated = self.spec.players[:self.game.player_count]
        names = [self.words.name(seated[i]) for i in self.humans]
        others = ", ".join(self.words.name(p) for i, p in enumerate(seated) if i not in self.humans)
        intro = "intro_no_bot" if not others else "intro" if self.bot_name == "random" else "intro_bot"
        self.say(self.words.ui(intro, game=self.words.name(self.spec.id), player=", ".join(names),
                               others=others, bot=self.bot_name))
        fresh = True  # the player's turn begins: show the hand
        while True:
            self.play_bots()
            self.show_log()
            if self.state.is_over():
                self.say(self.result())
                return 0
            asked = self.human
            answered = self.ask(fresh)
            if answered is None:
                self.say(self.words.ui("stopped"))
                return 0
            # a new turn (show the hand again) when the game changed or another player is asked
            fresh = answered == "undo" or self.state.is_over() or \
                self.state.decision().player != asked

    def play_bots(self) -> None:
        """The bots answer, and so does a question with one legal answer (nobody is asked what
        they cannot choose: the log shows the answer)."""
        while not self.state.is_over():
            decision = self.state.decision()
            if decision.player in self.humans and len(decision.options) > 1:
                return
            self.state.apply_index(0 if decision.player in self.humans
                                   else choose(self.state, self.bot_name, self.bot))

    def show_log(self) -> None:
        view = self.state.view(self.human, log_from=self.log_shown)
        for line in self.words.log_lines(view["log"]):
            self.say(Text("  · " + line, style="dim"))
        self.log_shown = len(self.state.log)

    def result(self) -> str:
        return self.words.result(self.state.result())

    # -- one decision --------------------------------------------------------------------------
    def ask(self, fresh: bool) -> str | None:
        """Show the question and read until an answer or a command that changes the game:
        'answer', 'undo' or 'load'; None when the player stops."""
        view = self.state.view(self.human, log_from=len(self.state.log))
        decision = view["decision"]
        answers = answers_of(decision, self.spec, self.words)
        self.say(Text(""), self.board.tracks(view), *self.board.zones(view))
        if fresh and decision["item_kind"] != "card":  # a question of cards shows them anyway
            self.say(*self.board.holdings(view, skip=self.board.play.zones))  # not twice
        self.say(*self.board.answers(decision, answers, view))
        question = self.words.prompt(decision["prompt"], decision["kind"], decision["item_kind"])
        self.say(Text(self.words.ui("asks", player=self.words.name(view["player"]), prompt=question),
                      style="bold"))
        options = [a.words for a in answers] + list(self.commands)
        while True:
            line = self.reader.read("> ", options)
            if line is None:
                return None
            word, _, rest = line.strip().partition(" ")
            command = self.commands.get(word.casefold())
            if command is not None and not any(fold(line) == fold(a.words) for a in answers):
                done = self.command(command, rest.strip(), view)
                if done is not False:
                    return done
                continue
            if self.answer(line, answers):
                return "answer"

    def answer(self, line: str, answers: list[Answer]) -> bool:
        if not line.strip():
            return False
        chosen, could_be = match(line, answers)
        if chosen is None:
            if len(could_be) > 1:
                self.say(self.words.ui("ambiguous", text=line.strip(),
                                       answers=", ".join(f"[{a.key}] {a.words}" for a in could_be[:8])))
            else:
                self.say(self.words.ui("not_an_answer", text=line.strip()))
            return False
        self.marks.append(len(self.state.history))
        self.state.apply(chosen.value)
        return True

    # -- commands ------------------------------------------------------------------------------
    def command(self, command: str, rest: str, view: dict[str, Any]) -> str | None | bool:
        """Run a command: False to ask again, 'undo'/'load' when the game changed, None to stop."""
        if command == "quit":
            return None
        if command == "help":
            self.say(self.words.ui("help").rstrip())
        elif command == "board":
            self.say(*self.board.board(view))
        elif command == "hand":
            self.say(*self.board.holdings(view))
        elif command == "log":
            # ASCII digits only: str.isdigit() is true of "³", which int() refuses
            count = int(rest) if rest.isascii() and rest.isdigit() else 20
            lines = self.words.log_lines(self.state.view(self.human)["log"])
            for line in lines[len(lines) - min(count, len(lines)):]:
                self.say("  · " + line)
        elif command == "show":
            self.show_card(rest)
        elif command == "undo":
            return self.undo()
        elif command == "save":
            self.save(rest or DEFAULT_SAVE)
        elif command == "load":
            return self.load(rest or DEFAULT_SAVE)
        return False

    def undo(self) -> str | bool:
        if not self.marks:
            self.say(self.words.ui("nothing_to_undo"))
            return False
        self.state = self.game.replay(self.seed, self.state.history[:self.marks.pop()])
        self.log_shown = len(self.state.log)
        self.say(self.words.ui("undone"))
        return "undo"

    def save(self, path: str) -> None:
        try:
            check_save_path(path)
            write_text(Path(path), self.state.to_json())
        except (OSError, ValueError, OutputError) as exc:
            self.say(self.words.ui("cannot_save", path=path, problem=_problem(exc, path)))
            return
        self.say(self.words.ui("saved", path=path))

    def load(self, path: str) -> str | bool:
        try:
            # verify: a person loads a file now and then, and a replay of its history (a few ms)
            # makes sure the state in it is the one its answers lead to
            state = self.game.state_from_json(read_save(path), verify=True)
            if max(self.humans) >= state.game.player_count:  # a person would have no seat
                raise ValueError(f"it seats {state.game.player_count} players")
        except (OSError, ValueError) as exc:
            self.say(self.words.ui("cannot_load", path=path, problem=_problem(exc, path)))
            return False
        self.game, self.state, self.seed, self.marks = state.game, state, state.seed, []
        self.log_shown = len(state.log)
        self.say(self.words.ui("loaded", path=path))
        return "undo"

    def show_card(self, typed: str) -> None:
        from compiler.back.text import card_text

        if not typed:
            self.say(self.words.ui("show_usage"))
            return
        cards = [Answer(str(i + 1), self.words.name(c), c) for i, c in enumerate(self.spec.cards)]
        chosen, could_be = match(typed, cards)
        if chosen is None:
            self.say(self.words.ui("ambiguous", text=typed, answers=", ".join(a.words for a in could_be[:8]))
                     if could_be else self.words.ui("unknown_card", name=typed))
            return
        # a copy of a card (cards.yaml `copies`) prints its entry's text
        text = card_text(self.compiled, self.compiled.game.card_base(chosen.value), self.lang)
        self.say(self.board.card_table("", [(chosen.key, chosen.value)]),
                 Text(text or self.words.ui("no_text")))


def check_save_path(path: str) -> None:
    """ValueError saying why `save` cannot write a file at `path`: a name with a NUL byte, a folder
    that does not exist (it is not made: a typo in a path must not leave folders behind), or a
    folder or a special file where the save would go."""
    if "\0" in path:
        raise ValueError("a file name cannot hold a NUL byte")
    target = Path(path)
    if not target.parent.is_dir():
        what = "is not a folder" if target.parent.exists() else "does not exist"
        raise ValueError(f"the folder {target.parent} {what}; give a file in a folder that exists")
    if target.is_dir():
        raise ValueError("it is a folder; give the name of a file")
    if target.exists() and not target.is_file():
        raise ValueError("it is not a regular file (a pipe or a device?); give the name of a file")


def read_save(path: str) -> bytes:
    """The bytes of the save file at `path`: a regular file only, read at once (a FIFO or a device
    would make `load` wait or read for ever: the kind is checked before the file is opened,
    opened without waiting and checked again on what was opened), of MAX_SAVE bytes at most."""
    if "\0" in path:
        raise ValueError("a file name cannot hold a NUL byte")
    info = os.stat(path)  # a missing file: OSError, "No such file or directory"
    if stat.S_ISDIR(info.st_mode):
        raise ValueError("it is a folder; give the name of a save file")
    if not stat.S_ISREG(info.st_mode):
        raise ValueError("it is not a regular file (a pipe or a device?), so it is not read")
    if info.st_size > MAX_SAVE:
        raise ValueError(f"it has {info.st_size:,} bytes; a save has at most {MAX_SAVE:,}")
    try:  # opened without waiting and checked again on what was opened (compiler/game_files.py)
        return game_files.read_bytes(Path(path), limit=MAX_SAVE)
    except game_files.GameFileError as exc:  # swapped for a FIFO, or grown, since the check above
        raise ValueError(str(exc)) from None


def _problem(exc: Exception, path: str) -> str:
    """What went wrong, in one line: an OSError's own words without the path (the message names it)."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    text = str(exc)
    return text.removeprefix(f"{path}: ")
