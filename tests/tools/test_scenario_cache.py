"""`kurtyna test` keeps each scenario's compiled checks in the user's cache folder
(compiler/tools/test/scenario_cache.py): a second run compiles no scenario again and gives the same
results; an edited scenario, a changed game or a faulty scenario is compiled anew."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.tools.engines import Engines
from compiler.tools.test import command as scenario_test

from ..conftest import CONTENT, ROOT

SCENARIOS = ROOT / "tests" / "examples" / "zelazna_kurtyna"


@pytest.fixture
def copy(tmp_path, monkeypatch) -> Path:
    """A copy of Żelazna Kurtyna and three of its scenarios; a cache folder of the test's own."""
    monkeypatch.setenv("KURTYNA_CACHE", str(tmp_path / "cache"))
    shutil.copytree(CONTENT / "zelazna_kurtyna", tmp_path / "content" / "zelazna_kurtyna")
    (tmp_path / "scenarios").mkdir()
    for path in sorted(SCENARIOS.glob("*.yaml"))[:3]:
        shutil.copy(path, tmp_path / "scenarios" / path.name)
    return tmp_path


def run(copy: Path, monkeypatch) -> tuple[list[tuple[str, bool, list]], int]:
    """Each scenario's outcome, and how many were compiled (not taken from the cache)."""
    compiled = []
    original = scenario_test._compile_checks
    monkeypatch.setattr(scenario_test, "_compile_checks",
                        lambda *args: compiled.append(1) or original(*args))
    engines = Engines()
    outcomes = []
    for path in sorted((copy / "scenarios").glob("*.yaml")):
        try:
            outcome = scenario_test.run_scenario(path, engines, copy / "content")
            outcomes.append((path.name, outcome.ok, outcome.failures))
        except scenario_test.CompileError as exc:
            outcomes.append((path.name, False, [d.message for d in exc.diagnostics]))
    engines.checks.save()
    return outcomes, len(compiled)


def test_a_second_run_compiles_no_scenario_and_agrees(copy, monkeypatch):
    first, compiled = run(copy, monkeypatch)
    assert compiled == 3 and all(ok for _, ok, _ in first)
    again, compiled = run(copy, monkeypatch)
    assert compiled == 0 and again == first
    assert len(list((copy / "cache").glob("scenarios-zelazna_kurtyna-*.json"))) == 1


def test_an_edited_scenario_is_compiled_anew_and_its_new_result_given(copy, monkeypatch):
    run(copy, monkeypatch)
    path = sorted((copy / "scenarios").glob("*.yaml"))[0]
    text = path.read_text("utf-8")
    assert "expect:\n  - " in text
    path.write_text(text.replace("expect:\n  - ", "expect:\n  - 1 == 2\n  - ", 1), "utf-8")
    outcomes, compiled = run(copy, monkeypatch)
    assert compiled == 1
    assert outcomes[0][1] is False and any("1 == 2" in f for f in outcomes[0][2])
    assert all(ok for _, ok, _ in outcomes[1:])


def test_a_faulty_scenario_is_never_kept_and_is_reported_each_run(copy, monkeypatch):
    path = sorted((copy / "scenarios").glob("*.yaml"))[1]
    faulty = path.read_text("utf-8").replace("expect:\n  - ", "expect:\n  - no_such_name > 1\n  - ", 1)
    path.write_text(faulty, "utf-8")
    for _ in range(2):
        outcomes, compiled = run(copy, monkeypatch)
        assert outcomes[1][1] is False and any("no_such_name" in f for f in outcomes[1][2])
    assert compiled == 1  # the faulty one, compiled again in the second run


def test_a_changed_game_compiles_every_scenario_anew(copy, monkeypatch):
    run(copy, monkeypatch)
    rules = copy / "content" / "zelazna_kurtyna" / "rules.yaml"
    rules.write_text(rules.read_text("utf-8") + "\n# a comment changes the game's input\n", "utf-8")
    _, compiled = run(copy, monkeypatch)
    assert compiled == 3


def test_the_kept_source_imports_from_the_engine_of_the_run(copy, monkeypatch):
    run(copy, monkeypatch)
    engines = Engines()
    folder = (copy / "content" / "zelazna_kurtyna").resolve()
    path = sorted((copy / "scenarios").glob("*.yaml"))[0]
    kept = engines.checks.lookup(folder, path, path.read_bytes(), "some_engine_7")
    assert kept is not None and "from some_engine_7." in kept
    assert "kurtyna_scenario_" not in kept
