"""The compiler, on one screen: the passes in order.

Each pass takes what the previous ones produced and writes faults to the diagnostics sink.
A pass that needs a well-formed input is skipped when an earlier pass found errors.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from compiler.diagnostics import CompileError, Diagnostics
from compiler.front.checks import check_map
from compiler.front.declare import load_game
from compiler.front.model import Game


@dataclass
class Compiled:
    game: Game
    program: object | None = None  # the typed program (compiler.front.resolve.Program)
    folder: Path | None = None  # the content folder it was compiled from
    text: object | None = None  # its text.yaml (compiler.back.i18n.sources.TextFile)


def compile_game(folder: Path) -> Compiled:
    """Load, check and resolve a game; raise CompileError with every fault found."""
    from compiler.back.i18n.sources import load_text_file
    from compiler.front.resolve import resolve_program

    diags = Diagnostics()
    game = load_game(folder, diags)
    if game is None or not game.complete:
        raise CompileError(diags.sorted())
    check_map(game, diags)
    program = resolve_program(game, diags)
    text = load_text_file(folder, diags)
    if diags.has_errors:
        raise CompileError(diags.sorted())
    return Compiled(game, program, folder, text)


def checked_game(folder: Path) -> Compiled:
    """`compile_game` plus the checks of text against mechanics (E7xx): what `kurtyna check`
    runs, and what must pass before anything is written (build, sheets)."""
    from compiler.back.i18n.lint import lint_translations

    compiled = compile_game(folder)
    faults = Diagnostics()
    lint_translations(compiled, faults)
    if faults.has_errors:
        raise CompileError(faults.sorted())
    return compiled
