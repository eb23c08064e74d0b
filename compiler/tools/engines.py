"""Compiling games into temporary engine packages and importing them, once per run (for the
verbs that play games: test, sim, bench, play)."""

from __future__ import annotations

import importlib
import itertools
import sys
import tempfile
from pathlib import Path
from typing import Any

from compiler import fsio
from compiler.back.python.lower import render_python
from compiler.diagnostics import CompileError
from compiler.pipeline import Compiled, compile_game
from compiler.tools.common import report, sources_of

# Package names are unique in the process, not per Engines: a second Engines (or load_engine)
# compiling another folder of the same game would otherwise import the first one's module.
_SERIAL = itertools.count()


class Engines:
    """Compiles each game once per run into a temporary package and imports it."""

    def __init__(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="kurtyna-engines-")  # removed at exit
        self.root = Path(self._folder.name)
        self.loaded: dict[Path, tuple[Compiled, str, Any]] = {}
        sys.path.insert(0, str(self.root))

    def get(self, folder: Path) -> tuple[Compiled, str, Any]:
        folder = folder.resolve()
        if folder not in self.loaded:
            compiled = compile_game(folder)
            package = f"kurtyna_scenario_{compiled.game.id}_{next(_SERIAL)}"
            fsio.write_folder(self.root / package, render_python(compiled.program, compiled.game.root))
            self.loaded[folder] = (compiled, package, importlib.import_module(package))
        return self.loaded[folder]


def load_engine(folder: Path):
    try:
        compiled, _, module = Engines().get(folder)
    except CompileError as exc:
        report(exc.diagnostics, sources_of(exc.diagnostics))
        return None, None
    return compiled, module


def failed_to_compile(diagnostics: list, as_json: bool) -> int:
    """A game that does not compile: its faults on stderr, or with --json as the one JSON object
    on stdout; exit 1."""
    if as_json:
        from compiler.tools.output import diagnostic_json, print_json

        print_json({"diagnostics": [diagnostic_json(d) for d in diagnostics], "exit": 1})
    else:
        report(diagnostics, sources_of(diagnostics))
    return 1
