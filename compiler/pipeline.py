"""The compiler, on one screen: the passes in order.

Each pass takes what the previous ones produced and writes faults to the diagnostics sink.
A pass that needs a well-formed input is skipped when an earlier pass found errors.
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

from compiler import memo
from compiler.diagnostics import CompileError, Diagnostics
from compiler.front.bot import check_bot
from compiler.front.checks import check_map
from compiler.front.declare import load_game
from compiler.front.declare.play import check_play_functions
from compiler.front.declare.sheets import check_sheet_terms
from compiler.front.invariants import check_invariants
from compiler.front.model import Game
from compiler.front.text import TextFile, check_phrase_ids, load_text_file


@dataclass
class Compiled:
    game: Game
    program: object | None = None  # the typed program (compiler.front.resolve.Program)
    folder: Path | None = None  # the content folder it was compiled from

    @property
    def text(self) -> TextFile:
        """The game's text.yaml, as declared with the rest of the content."""
        return self.game.text


def compile_game(folder: Path) -> Compiled:
    """Load, check and resolve a game; raise CompileError with every fault found."""
    from compiler.front.resolve import resolve_program

    diags = Diagnostics()
    game = load_game(folder, diags)  # 1. load, schema, declare game.yaml and its included files
    if game is None or not game.complete:
        raise CompileError(diags.sorted())
    game.text = load_text_file(folder, diags)  # 2. declare text.yaml, the glossary and phrases
    check_sheet_terms(game, diags)  #    and the terms the printed sheets name
    check_map(game, diags)  # 3. structure checks of the map
    program = resolve_program(game, diags)  # 4. effect text: parse, bind names, check types
    check_phrase_ids(game, program, diags)  # 5. text.yaml's phrases are for things the rules have
    check_play_functions(game, program, diags)  #    and game.yaml `play` columns for its functions
    check_invariants(game, program, diags)  #    and game.yaml `invariants` for functions () -> bool
    check_bot(game, program, diags)  #    and game.yaml `bot` for a function (p: player) -> int
    if diags.has_errors:
        raise CompileError(diags.sorted())
    return Compiled(game, program, folder)


def checked_game(folder: Path, keep: bool = False) -> Compiled:
    """`compile_game` plus the checks of text against mechanics (E7xx) and of what the generated
    card text lacks (E720-E725): what `kurtyna check` runs, and what must pass before anything is
    written (build, sheets).

    With `keep`, for a process that checks the same game again and again after edits (`kurtyna
    lsp`, `kurtyna serve --watch`): the passes keep what they computed in memory and reuse what
    an earlier check computed from the same inputs (compiler/memo.py), so a check after an edit
    of one card redoes little more than that card's part. The answer is the same either way."""
    with memo.keeping() if keep else nullcontext():
        return check_text(compile_game(folder))


def check_text(compiled: Compiled) -> Compiled:
    """The second half of `checked_game`, for a game `compile_game` gave (`kurtyna lsp` keeps the
    compiled game even when its text has faults); CompileError with every fault found."""
    from compiler.back.i18n.lint import lint_translations
    from compiler.back.i18n.play_words import check_play_words
    from compiler.back.text.gaps import check_generated_text

    faults = Diagnostics()
    lint_translations(compiled, faults)
    if not faults.has_errors:  # the catalogs can be read: what the generated text lacks (E720-E725)
        check_generated_text(compiled, faults)
    check_play_words(compiled.program, compiled.text, faults)  # what the terminal asks and logs
    if faults.has_errors:
        raise CompileError(faults.sorted())
    return compiled
