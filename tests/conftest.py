"""Shared fixtures: paths, compiling a game into a temporary package, and running the CLI."""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# Hypothesis budgets. "suite": the normal test run, small and quick. "fuzz": `make fuzz`
# (pytest --hypothesis-profile=fuzz), long. A property test that should grow under `make fuzz`
# sets no max_examples of its own (an explicit one wins over any profile), or `budget(n)`.
settings.register_profile("suite", max_examples=60, deadline=None)
settings.register_profile("fuzz", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                 HealthCheck.filter_too_much])


def pytest_configure(config):
    if not config.getoption("--hypothesis-profile", default=None):
        settings.load_profile("suite")
    # The commands the tests run keep their cache (compiler/cache.py) in a folder of this run,
    # not in the user's own: each run starts cold and leaves nothing behind in the home folder.
    if "KURTYNA_CACHE" not in os.environ:
        os.environ["KURTYNA_CACHE"] = _MADE["cache"] = tempfile.mkdtemp(prefix="kurtyna-test-cache-")
    # Where Python may keep no bytecode (PYTHONDONTWRITEBYTECODE), each of the ~200 `kurtyna`
    # processes the tests start would compile every module it imports again: they keep it in a
    # folder of this run instead, outside the checkout, removed at its end like the cache above.
    # (The environment is read by the xdist workers and every subprocess, started after this.)
    if os.environ.get("PYTHONDONTWRITEBYTECODE") and "PYTHONPYCACHEPREFIX" not in os.environ:
        _MADE["dont_write"] = os.environ.pop("PYTHONDONTWRITEBYTECODE")
        os.environ["PYTHONPYCACHEPREFIX"] = _MADE["bytecode"] = tempfile.mkdtemp(prefix="kurtyna-test-pyc-")
    # pytest-xdist hands out whole files (--dist loadfile), by default the files with the most
    # tests first; pytest_collection_modifyitems below orders them slowest first instead.
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


_MADE: dict[str, str] = {}  # what this process made for the run, removed at its end


def pytest_unconfigure(config):
    if "cache" in _MADE:
        shutil.rmtree(_MADE.pop("cache"), ignore_errors=True)
        os.environ.pop("KURTYNA_CACHE", None)
    if "bytecode" in _MADE:
        shutil.rmtree(_MADE.pop("bytecode"), ignore_errors=True)
        os.environ.pop("PYTHONPYCACHEPREFIX", None)
        os.environ["PYTHONDONTWRITEBYTECODE"] = _MADE.pop("dont_write")


# The test files that take longest, slowest first (seconds on one core, docs/design.md "Tests in
# parallel"). Under xdist each file runs whole on one worker; started in this order, the long
# ones run side by side from the start and the short ones fill in at the end, so the workers
# finish together (a long file handed out last would leave one worker running it alone).
SLOW_FILES = {
    "back/test_sheets.py": 60, "tools/test_ray_backend.py": 3,
    "tools/test_cache_differential.py": 55, "tools/test_regress_same_tree.py": 15,
    "tools/test_regress_report.py": 14,
    "tools/test_regress_command.py": 30, "back/test_catalogs.py": 30,
    "back/test_sheets_typography.py": 150,  # every sheet of every game in PL and CS
    "back/test_sheets_cards.py": 22, "back/test_build.py": 20, "tools/test_terminal_tmux.py": 20,
    "tools/test_hostile_folder.py": 60, "tools/test_hostile_outputs.py": 40,
    "tools/test_signals.py": 35, "tools/test_play_hostile.py": 20, "back/test_python_limits.py": 30,
    "tools/test_house_card.py": 30, "tools/test_card_verb.py": 45,
    "tools/test_bots.py": 22, "front/test_errors.py": 18, "tools/test_caches.py": 15,
    "tools/test_scenarios.py": 14,
    "tools/test_player_count_cli.py": 14, "back/test_sheets_board.py": 14, "tools/test_tools.py": 13,
    "tools/test_lsp_editor.py": 75, "tools/test_lsp_compare.py": 65,  # a language server, every game
    "tools/test_kept_checks.py": 45,  # every check twice: kept and cold
    "tools/test_serve_browser.py": 60, "tools/test_serve.py": 25, "tools/test_serve_load.py": 15,
    "tools/test_install.py": 12, "tools/test_bench.py": 12, "tools/test_atomic.py": 12,
    "back/test_security.py": 11, "tools/test_cli_conventions.py": 11, "tools/test_shared_win_tools.py": 9,
    "back/test_text.py": 9, "dsl/test_views.py": 8, "dsl/test_runtime_faults.py": 8, "dsl/test_saves.py": 8,
}


def pytest_collection_modifyitems(session, config, items):
    """Tests of the slowest files first (SLOW_FILES), the rest as collected. Every worker orders
    the same collection the same way, as xdist requires."""
    here = Path(__file__).resolve().parent

    def weight(item) -> int:
        path = Path(str(item.path))
        name = path.relative_to(here).as_posix() if path.is_relative_to(here) else ""
        return -SLOW_FILES.get(name, 0)

    items.sort(key=weight)  # stable: a file's tests keep their order


def budget(small: int) -> int:
    """`small` examples in the ordinary run (a slow property's own number); a larger loaded
    profile (`make fuzz`) wins."""
    loaded = settings().max_examples
    return small if loaded <= 100 else loaded


@pytest.fixture(scope="session")
def compiled_packages(tmp_path_factory):
    """Compile a game folder into an importable package under a temporary folder."""
    from compiler.tools import fault_lines
    from compiler.tools.build import build_games
    from compiler.tools.models import compiled_game

    out = tmp_path_factory.mktemp("engines")
    cache: dict[Path, object] = {}
    paths: list[str] = []

    def load(folder: Path):
        if folder not in cache:
            if folder.resolve().is_relative_to(ROOT):
                # A game of the checkout (content/, tests/fixtures/) is built once per run, by
                # the first worker that asks; each process imports it from there.
                relative = folder.resolve().relative_to(ROOT).as_posix()
                package = "engine_" + re.sub(r"\W", "_", relative)

                def build(shared: Path) -> dict:
                    assert build_games([folder], check_only=False, out_root=shared / package) == 0
                    return {}

                where, _ = made_once_per_run(tmp_path_factory, package, build)
            else:
                package = f"pkg{len(cache)}"  # one package per folder: two games may share a name
                assert build_games([folder], check_only=False, out_root=out / package) == 0
                where = out
            if str(where) not in sys.path:
                sys.path.insert(0, str(where))
                paths.append(str(where))
            engine = importlib.import_module(f"{package}.{folder.name}")
            fault_lines.attach(engine, compiled_game(folder).program)  # faults at their file lines
            cache[folder] = engine
        return cache[folder]

    yield load
    for path in paths:
        if path in sys.path:
            sys.path.remove(path)


def made_once_per_run(tmp_path_factory, name: str, make):
    """What `make(folder)` writes into a folder of this run and returns (JSON), made by the
    first process of the run that asks and read by the others: xdist workers share the run's
    temporary folder, and one waits while another makes it (rendering a game's sheets takes
    seconds). Tests only read the folder."""
    import fcntl
    import json

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # pytest-N/popen-gwK: the run's folder, shared by its workers
    folder, done = root / f"once-{name}", root / f"once-{name}.json"
    with open(root / f"once-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a process that failed left
            folder.mkdir()
            done.write_text(json.dumps(make(folder)), "utf-8")
    return folder, json.loads(done.read_text("utf-8"))


@pytest.fixture(scope="session")
def tiny(compiled_packages):
    """The engine of tests/fixtures/games/tiny, a game that uses every construct."""
    return compiled_packages(FIXTURES / "games" / "tiny")


def drive(state, frame, answers=()) -> list:
    """Run a generated procedure or event on `state`, giving raw answers in order; return the
    decisions asked. Those that may ask are frames (dsl/runtime/frames.py), run on a stack of
    their own; a plain function has run already, and nothing is asked."""
    from dsl.runtime.frames import Frame, run

    asked: list = []
    answers = list(answers)
    if not isinstance(frame, Frame):
        return asked
    stack = [frame]
    decision = run(state, stack, None)
    while decision is not None:
        asked.append(decision)
        decision = run(state, stack, answers.pop(0))
    return asked


def assert_copies_continue(state, seed: int) -> None:
    """Clone and JSON round trip of `state`, then play all three on with the same answers:
    they must stay identical to the end."""
    import random

    forced = any(isinstance(entry, dict) for entry in state.history)  # scenarios' forced chance
    copies = [state.clone(), type(state.game).state_from_json(state.to_json(), allow_forced=forced)]
    for copy in copies:
        assert copy.decision() == state.decision()
        assert copy.t == state.t and copy.c == state.c and copy.zones == state.zones
    follow = random.Random(seed + 1)
    while not state.is_over():
        index = follow.randrange(len(state.decision().options))
        for s in (state, *copies):
            s.apply_index(index)
    for copy in copies:
        assert copy.log == state.log and copy.result() == state.result()


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """Run `kurtyna` as a user would, in a subprocess."""
    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def copy_game(src: Path, dest_root: Path) -> Path:
    """A writable copy of a game folder (same folder name, so its id still matches)."""
    dest = dest_root / src.name
    shutil.copytree(src, dest)
    return dest


def edit_file(path: Path, old: str, new: str, count: int = -1) -> None:
    """Replace `old` by `new` in a file (the first `count` times; all by default), failing when
    `old` is not there: an edit that silently does nothing would make its test pass for nothing."""
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), "utf-8")


def compile_errors(folder: Path) -> list:
    """The diagnostics of a game that must not compile."""
    from compiler.diagnostics import CompileError
    from compiler.pipeline import compile_game

    with pytest.raises(CompileError) as info:
        compile_game(folder)
    return info.value.diagnostics


@pytest.fixture
def zk_copy(tmp_path) -> Path:
    """A folder holding `content/zelazna_kurtyna`, a copy to break (run the CLI from it)."""
    copy_game(ROOT / "content" / "zelazna_kurtyna", tmp_path / "content")
    return tmp_path
