"""Compiling games into temporary engine packages and importing them, once per run (for the
verbs that play games: test, sim, bench, play)."""

from __future__ import annotations

import importlib
import itertools
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from compiler import fsio
from compiler.back.python.lower import render_python
from compiler.diagnostics import CompileError
from compiler.pipeline import Compiled
from compiler.tools.common import report, sources_of
from compiler.tools.models import compiled_game

# Package names are unique in the process, not per Engines: a second Engines (or load_engine)
# compiling another folder of the same game would otherwise import the first one's module.
_SERIAL = itertools.count()


class Engines:
    """Compiles each game once per run into a temporary package and imports it."""

    def __init__(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="kurtyna-engines-")  # removed at exit
        self.root = Path(self._folder.name)
        self.loaded: dict[Path, tuple[Compiled, str, Any]] = {}
        self.games: dict[tuple, Any] = {}
        self.folders: dict[tuple, Path] = {}
        sys.path.insert(0, str(self.root))

    def get(self, folder: Path) -> tuple[Compiled, str, Any]:
        folder = folder.resolve()
        if folder not in self.loaded:
            compiled = compiled_game(folder)  # from the user's cache when nothing changed
            package = f"kurtyna_scenario_{compiled.game.id}_{next(_SERIAL)}"
            fsio.write_folder(self.root / package, render_python(compiled.program, compiled.game.root))
            self.loaded[folder] = (compiled, package, importlib.import_module(package))
        return self.loaded[folder]

    def folder_of(self, doc: Any, path: Path, content: Path | None, diags: Any) -> Path | None:
        """`find_scenario_game`, looked up once per run for each folder of scenarios and game."""
        from compiler.tools.scenario_game import find_scenario_game

        key = (path.parent, doc.data["game"], content)
        if key not in self.folders:
            folder = find_scenario_game(doc, path, content, diags)
            if folder is None:  # reported at this scenario's `game:`; not kept, so each is reported
                return None
            self.folders[key] = folder
        return self.folders[key]

    def game(self, module: Any, options: dict, players: int | None) -> Any:
        """`module.Game(options, players=players)`, made once per run for each choice of options
        and players (a game with its options is shared by all its states, as clones share it);
        OptionError for a bad choice, every time it is asked for."""
        key = (module.__name__, json.dumps(options, sort_keys=True, default=repr), players)
        if key not in self.games:
            self.games[key] = module.Game(options, players=players)
        return self.games[key]


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
