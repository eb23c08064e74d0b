"""One check of a game with the editor's buffers: the faults `kurtyna check` reports.

`kurtyna check` reports every fault of a game that does not check (errors only), and a game that
does gets its stale translations as warnings: the same here, from the same passes
(compiler/pipeline.py), with unsaved buffers read in place of the files on disk
(`game_files.buffers`). The compiled game is kept whenever it compiles, faults in its text or
not, for the names the editor asks about (symbols.py).
"""

from __future__ import annotations

import os
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from compiler import game_files, memo
from compiler.diagnostics import CompileError, Diagnostic
from compiler.tools.lsp.files import disk_bytes, game_files_of


@dataclass
class Checked:
    """What one check of a game found, by absolute file path."""

    folder: Path
    faults: dict[Path, list[Diagnostic]] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)  # the game's files: each gets a (maybe empty) list
    compiled: object | None = None  # compiler.pipeline.Compiled, when the game compiled
    buffers: dict[Path, bytes] = field(default_factory=dict)  # what was checked instead of the disk

    @cached_property
    def texts(self) -> dict[Path, str]:
        """Each file's text as checked, read when first asked (to place faults, for the names):
        a check after an edit need not read every catalog again."""
        folder = self.folder / "locales"
        templates = sorted(folder.glob("*.pot")) if folder.is_dir() else []
        out = {}
        for path in {*self.files, *self.faults, *templates}:  # a template's keys name items too
            data = self.buffers[path] if path in self.buffers else disk_bytes(path, self.folder)
            out[path] = data.decode("utf-8", errors="replace") if data is not None else ""
        return out


def diagnostics_of(folder: Path, buffers: dict[Path, bytes],
                   keep: bool = True) -> tuple[list[Diagnostic], object | None]:
    """The diagnostics `kurtyna check` gives the game in `folder` (errors, or else the stale
    translations as warnings) and the compiled game, if it compiled. With `keep`, what earlier
    checks computed from the same inputs serves again (compiler/memo.py; the same answer)."""
    from compiler.back.i18n.lint import stale_translations
    from compiler.pipeline import check_text, compile_game

    with game_files.buffers(buffers), memo.keeping() if keep else nullcontext():
        try:
            compiled = compile_game(folder)
        except CompileError as exc:
            return list(exc.diagnostics), None
        try:
            check_text(compiled)
        except CompileError as exc:
            return list(exc.diagnostics), compiled
        return stale_translations(compiled), compiled


def check(folder: Path, buffers: dict[Path, bytes]) -> Checked:
    """Check the game in `folder` with `buffers` (absolute path -> bytes) over its files."""

    def read(path: Path) -> bytes | None:
        return buffers[path] if path in buffers else disk_bytes(path, folder)

    found, compiled = diagnostics_of(folder, buffers)
    checked = Checked(folder, compiled=compiled, buffers=dict(buffers))
    with memo.keeping():  # game.yaml as read last time, when it is the same
        checked.files = game_files_of(folder, read)
    for diagnostic in found:
        where = Path(os.path.abspath(diagnostic.span.path)) if diagnostic.span else folder / "game.yaml"
        checked.faults.setdefault(where, []).append(diagnostic)
    return checked
