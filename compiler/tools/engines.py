"""Compiling games into temporary engine packages and importing them, once per run (for the
verbs that play games: test, sim, bench, play).

When `generated/<game>/` (under the working folder, where `kurtyna build` writes) is exactly what
this content and compiler build (its stamp says so: compiler/tools/stamps.py), that engine is
imported instead of a new copy: the same code, and Python's compiled files of it are reused."""

from __future__ import annotations

import importlib
import importlib.util
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
from compiler.tools import fault_lines, stamps
from compiler.tools.common import report, sources_of
from compiler.tools.models import compiled_game
from compiler.tools.test.scenario_cache import ScenarioChecks

# Package names are unique in the process, not per Engines: a second Engines (or load_engine)
# compiling another folder of the same game would otherwise import the first one's module.
_SERIAL = itertools.count()
GENERATED = Path("generated")  # where `kurtyna build` writes by default


class Engines:
    """Compiles each game once per run into a temporary package and imports it."""

    def __init__(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="kurtyna-engines-")  # removed at exit
        self.root = Path(self._folder.name)
        self.loaded: dict[Path, tuple[Compiled, str, Any]] = {}
        self.games: dict[tuple, Any] = {}
        self.folders: dict[tuple, Path] = {}
        self.checks = ScenarioChecks()  # scenarios' compiled checks, kept between runs
        sys.path.insert(0, str(self.root))

    def get(self, folder: Path) -> tuple[Compiled, str, Any]:
        folder = folder.resolve()
        if folder not in self.loaded:
            compiled = compiled_game(folder)  # from the user's cache when nothing changed
            package = f"kurtyna_scenario_{compiled.game.id}_{next(_SERIAL)}"
            built = GENERATED / compiled.game.id
            if stamps.fresh_stamp(built, stamps.input_key(folder)) is not None:
                module = _import_as(package, built)
            else:
                fsio.write_folder(self.root / package, render_python(compiled.program, compiled.game.root))
                module = importlib.import_module(package)
            fault_lines.attach(module, compiled.program)  # faults at their file lines
            self.loaded[folder] = (compiled, package, module)
        return self.loaded[folder]

    def folder_of(self, doc: Any, path: Path, content: Path | None, diags: Any) -> Path | None:
        """`find_scenario_game`, looked up once per run for each folder of scenarios and game."""
        from compiler.tools.test.scenario_game import find_scenario_game

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


def _import_as(package: str, folder: Path) -> Any:
    """The engine package in `folder`, imported under the name `package` (its modules import
    one another relatively, so any name will do)."""
    spec = importlib.util.spec_from_file_location(package, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[package] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[package]
        raise
    return module


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
