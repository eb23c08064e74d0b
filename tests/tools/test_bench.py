"""`kurtyna bench` (issue 20): the late-game figures of every game, and a peer engine measured in
the same run with the ratios. The peer (struggler) is on the project machine but not on CI: the
test that uses it asserts the report with it when it is there and the clear refusal when not."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from compiler.tools.bench.command import row_key
from compiler.tools.bench.state import COMPARED, KurtynaSubject, SubjectFailed, measure_all, ratios

from ..conftest import FIXTURES, ROOT
from ..front.test_schema import _properties

TINY = str(FIXTURES / "games" / "tiny")
PEER = ROOT.parent / "shared" / "peers" / "struggler" / "src"  # the project machine's copy of the peer
SCHEMA = json.loads((ROOT / "dsl" / "schemas" / "bench-report.schema.json").read_text("utf-8"))
QUICK = ("--games", "3", "--repeat", "1", "--compile-runs", "1", "--seconds", "0.05")


def bench(*args: str, peer_variable: str | None = None) -> subprocess.CompletedProcess:
    """`kurtyna bench` with $KURTYNA_PEER set to `peer_variable`, or unset."""
    env = {k: v for k, v in os.environ.items() if k != "KURTYNA_PEER"}
    if peer_variable is not None:
        env["KURTYNA_PEER"] = peer_variable
    return subprocess.run([sys.executable, "-m", "compiler.cli", "bench", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def report_of(result: subprocess.CompletedProcess) -> dict:
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    jsonschema.validate(report, SCHEMA)
    return report


def assert_sane(figures: dict) -> None:
    assert figures["clones_per_second"] > 0 and figures["save_load_ms"] > 0
    assert 0 < figures["state_memory_kib"] < 16 * 1024  # a state, not the process
    assert 0 < figures["save_kib"] < 1024
    assert 0 < figures["late_decision"] < figures["late_game_length"]
    assert figures["late_decision"] == int(figures["late_game_length"] * 0.8)


def test_the_report_has_the_late_game_figures_and_no_peer_without_one():
    [row] = report_of(bench(TINY, *QUICK, "--json"))["games"]
    assert row["api_games_per_second"] > 0 and row["games_per_second"] > 0
    assert_sane(row)
    assert "peer" not in row and "ratios" not in row
    table = bench(TINY, *QUICK)
    assert table.returncode == 0, table.stderr
    assert all(header in table.stdout for header in ("copies/s", "state memory (KiB)", "save load (ms)"))
    assert "Kurtyna / peer" not in table.stdout


def test_the_schema_describes_every_property():
    jsonschema.Draft7Validator.check_schema(SCHEMA)
    assert [p for p, sub in _properties(SCHEMA) if "description" not in sub] == []


@pytest.mark.parametrize("wrong, said", [
    (("--seconds", "nan"), "--seconds nan: give a time above 0 and at most 3600 s"),  # timed for ever
    (("--seconds", "inf"), "--seconds inf: give a time above 0 and at most 3600 s"),
    (("--seconds", "-0.5"), "--seconds -0.5: give a time above 0"),
    (("--compile-runs", "0"), "--compile-runs 0: give a whole number from 1 to 1000000"),  # divided by 0
    (("--compile-runs", "-2"), "--compile-runs -2: give a whole number from 1 to 1000000"),
    (("--games", "0"), "--games 0: give a whole number from 1 to 1000000"),
])
def test_a_number_bench_cannot_measure_with_is_wrong_usage_before_any_work(wrong, said):
    result = subprocess.run([sys.executable, "-m", "compiler.cli", "bench", TINY, *QUICK, *wrong], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)  # a NaN used to time for ever
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith(f"kurtyna: {said}") and "Traceback" not in result.stderr


def test_a_bad_peer_folder_is_wrong_usage(tmp_path: Path):
    missing = bench(TINY, *QUICK, "--json", "--against", str(tmp_path / "nowhere"))
    assert (missing.returncode, missing.stdout) == (2, "")
    assert f"--against {tmp_path / 'nowhere'}: no such folder" in missing.stderr
    empty = bench(TINY, *QUICK, "--against", str(tmp_path))
    assert empty.returncode == 2
    assert "no peer Kurtyna can drive is there (it drives: struggler" in empty.stderr
    no_time = bench(TINY, *QUICK, "--seconds", "0")
    assert no_time.returncode == 2 and "--seconds 0.0: give a time above 0" in no_time.stderr
    variable = bench(TINY, *QUICK, peer_variable=str(tmp_path / "nowhere"))
    assert variable.returncode == 2 and "$KURTYNA_PEER" in variable.stderr
    (tmp_path / "struggler").mkdir()
    (tmp_path / "struggler" / "__init__.py").write_text("raise ImportError('half a checkout')\n")
    broken = bench(TINY, *QUICK, "--against", str(tmp_path))
    assert broken.returncode == 2
    assert "the peer struggler does not load (ImportError: half a checkout)" in broken.stderr
    assert "Traceback" not in broken.stderr


def test_a_peer_that_fails_while_measured_is_named_and_no_traceback(tmp_path: Path):
    engine = tmp_path / "struggler" / "engine"
    engine.mkdir(parents=True)
    (tmp_path / "struggler" / "__init__.py").write_text("")
    (engine / "__init__.py").write_text("class Side:\n    CHANCE = 'chance'\n\n\nclass Engine:\n"
                                        "    @classmethod\n    def new_game(cls, seed):\n"
                                        "        raise RuntimeError('no dice')\n")
    result = bench("zimna_wojna", "--games", "2", "--repeat", "1", "--compile-runs", "1", "--seconds", "0.05",
                   "--json", "--against", str(tmp_path))
    assert (result.returncode, result.stdout) == (2, "")
    assert "zimna_wojna: the peer struggler failed (RuntimeError: no dice)" in result.stderr
    assert "Traceback" not in result.stderr


def test_against_the_peer_where_it_is_and_a_clear_refusal_where_it_is_not():
    result = bench("zimna_wojna", TINY, *QUICK, "--json", "--against", str(PEER))
    if not PEER.is_dir():  # CI: no copy of the peer
        assert (result.returncode, result.stdout) == (2, "")
        assert f"--against {PEER}: no such folder" in result.stderr
        return
    report = report_of(result)
    assert report["peer"] == {"name": "struggler", "folder": str(PEER.resolve()), "game": "zimna_wojna"}
    ours, tiny = report["games"]
    assert "peer" not in tiny and "ratios" not in tiny  # the peer plays one game only
    theirs = ours["peer"]
    assert theirs["name"] == "struggler" and theirs["games_per_second"] > 0
    assert_sane(theirs)
    for key, _, _ in COMPARED:
        ratio = ours["ratios"][key]
        assert abs(ratio - ours[row_key(key)] / theirs[key]) <= 0.001 * ratio + 0.001


class Counting:
    """A subject that records what was asked of it, in a log shared with the other subject."""

    def __init__(self, name: str, log: list, length: int) -> None:
        self.name, self.log, self.length = name, log, length

    def play(self, seed, stop=None):
        self.log.append((self.name, "play"))
        return {"seed": seed, "at": stop}, (self.length + seed if stop is None else stop)

    def copy(self, state):
        self.log.append((self.name, "copy"))
        return dict(state)

    def save(self, state):
        return json.dumps(state)

    def load(self, text):
        self.log.append((self.name, "load"))
        return json.loads(text)


def test_rounds_alternate_and_the_late_state_is_80_percent_into_the_longest_game(monkeypatch):
    monkeypatch.setattr("compiler.tools.bench.state.BUDGET", 0.01)
    log: list = []
    ours, theirs = measure_all([Counting("a", log, 100), Counting("b", log, 50)], seed=1, games=5, rounds=2)
    games = [name for name, what in log if what == "play"][:20]
    assert games == ["a"] * 5 + ["b"] * 5 + ["a"] * 5 + ["b"] * 5  # round by round, whole games
    assert (ours["late_decision"], ours["late_game_length"]) == (84, 105)  # seed 5 is the longest
    assert (theirs["late_decision"], theirs["late_game_length"]) == (44, 55)
    half = {key: 2.0 for key, _, _ in COMPARED}
    assert ratios(dict(half, save_kib=1.0), dict(half, games_per_second=4.0, clones_per_second=0)) == {
        "games_per_second": 0.5, "clones_per_second": None, "state_memory_kib": 1.0, "save_load_ms": 1.0,
        "save_kib": 0.5}


def test_a_subject_that_raises_is_named(monkeypatch):
    monkeypatch.setattr("compiler.tools.bench.state.BUDGET", 0.01)
    log: list = []
    broken = Counting("b", log, 5)
    broken.copy = lambda state: 1 / 0
    with pytest.raises(SubjectFailed) as info:
        measure_all([Counting("a", log, 5), broken], seed=1, games=2, rounds=1)
    assert info.value.subject is broken and isinstance(info.value.error, ZeroDivisionError)
    assert str(info.value) == "b: ZeroDivisionError: division by zero"


def test_a_public_api_fault_fails_the_bench_with_exit_1(monkeypatch, capsys):
    """The random games passed, but a copy raises: the game is at fault (exit 1, said on stderr)."""
    from compiler.cli import main

    def broken(self, state):
        raise RuntimeError("copy lost a card")

    monkeypatch.setattr(KurtynaSubject, "copy", broken)
    assert main(["bench", TINY, *QUICK, "--json"]) == 1
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    jsonschema.validate(report, SCHEMA)
    assert report["exit"] == 1 and report["games"][0]["failed"] == 1
    assert "tiny: Kurtyna: RuntimeError: copy lost a card" in captured.err


def test_the_kurtyna_subject_copies_and_loads_the_state_it_played(tiny):
    subject = KurtynaSubject(tiny, None)
    state, decisions = subject.play(3, stop=5)
    assert decisions == 5
    for copy in (subject.copy(state), subject.load(subject.save(state))):
        assert copy.history == state.history and copy.decision() == state.decision() and copy.t == state.t


def test_the_language_server_part_edits_a_card_and_reports_its_times():
    """`--lsp` drives `kurtyna lsp` as an editor does; what it measures is a figure, not a check."""
    [row] = report_of(bench(TINY, "--lsp", "--edits", "3", "--json"))["lsp"]
    assert row["game"] == "tiny" and row["edits"] == 3 and row["file"] == "cards.yaml"
    assert 0 < row["check_ms"]["min"] <= row["check_ms"]["median"] <= row["check_ms"]["max"]
    assert row["total_ms"]["median"] >= row["check_ms"]["median"]
    wrong = bench(TINY, "--lsp", "--edits", "0")
    assert wrong.returncode == 2 and "--edits 0: give a whole number from 1" in wrong.stderr
