"""CLI conventions (issue 17): --json reports that match their schemas, progress only on a
terminal, exit codes in --help, shell completion of game names."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import jsonschema
import pytest

from ..conftest import FIXTURES, ROOT, copy_game, run_cli

TINY = str(FIXTURES / "games" / "tiny")


def validated(result: subprocess.CompletedProcess, schema: str) -> dict:
    """stdout is one JSON object that matches dsl/schemas/<schema>.schema.json."""
    report = json.loads(result.stdout)
    spec = json.loads((ROOT / "dsl" / "schemas" / f"{schema}.schema.json").read_text("utf-8"))
    jsonschema.Draft7Validator.check_schema(spec)
    jsonschema.validate(report, spec)
    assert report["exit"] == result.returncode
    return report


def test_check_json(tmp_path):
    ok = validated(run_cli("check", "--all", "--json"), "check-report")
    assert ok["exit"] == 0 and {g["game"] for g in ok["games"]} >= {"zimna_wojna"}
    assert all(g["counts"]["cards"] > 0 for g in ok["games"])
    game = copy_game(FIXTURES / "games" / "tiny", tmp_path)
    text = (game / "map.yaml").read_text("utf-8")
    (game / "map.yaml").write_text(text.replace("adjacent: [", "adjacent: [nowhere, ", 1), "utf-8")
    result = run_cli("check", str(game), "--json")
    bad = validated(result, "check-report")
    assert result.returncode == 1 and result.stderr == ""  # the faults are in the JSON, not on stderr
    fault = bad["games"][0]["diagnostics"][0]
    assert fault["code"] == "E301" and fault["file"].endswith("map.yaml") and fault["line"] > 0
    assert "nowhere" in fault["message"]


def test_test_json():
    result = run_cli("test", "zelazna_kurtyna", "--json")
    report = validated(result, "test-report")
    assert report["failed"] == 0 and report["passed"] == len(report["scenarios"]) > 0


def test_test_json_reports_a_scenario_that_does_not_compile(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(f"game: {TINY}\nsource: here\nsteps:\n  - do: nowhere += 1\nexpect: [score == 0]\n",
                    "utf-8")
    result = run_cli("test", str(path), "--json")
    report = validated(result, "test-report")
    assert result.returncode == 1 and report["scenarios"][0]["diagnostics"]


def test_sim_json():
    result = run_cli("sim", TINY, "--games", "20", "--json")
    report = validated(result, "sim-report")
    assert report["finished"] == 20 and sum(r["games"] for r in report["results"]) == 20
    assert {t["track"] for t in report["tracks"]} == {"score", "round"}
    for row in report["results"] + report["ends"]:  # each share inside its own interval
        assert row["interval"][0] <= row["share"] <= row["interval"][1]
    assert sum(row["games"] for row in report["ends"]) == 20
    for row in report["per_player"]:
        assert row["win_interval"][0] <= row["win_share"] <= row["win_interval"][1]
    assert result.stderr == ""  # no progress bar in a pipe
    faulty = run_cli("sim", TINY, "--games", "3", "--option", "rounds=5", "--json")
    report = validated(faulty, "sim-report")
    assert faulty.returncode == 1 and report["faults"][0]["code"] == "R105"
    assert report["faults"][0]["file"].endswith("rules.yaml") and report["faults"][0]["games"] == 3


def test_bench_json():
    report = validated(run_cli("bench", TINY, "--games", "5", "--compile-runs", "1", "--repeat", "1",
                               "--seconds", "0.05", "--json"), "bench-report")
    row = report["games"][0]
    assert row["game"] == "tiny" and row["games_per_second"] > 0 and row["peak_memory_mib"] > 0


def test_i18n_status_json():
    report = validated(run_cli("i18n", "status", "zelazna_kurtyna", "--json"), "i18n-status")
    languages = {row["lang"]: row for row in report["games"][0]["languages"]}
    assert languages["en"]["catalog"] is None and languages["pl"]["catalog"]["total"] > 0
    assert run_cli("i18n", "update", "zelazna_kurtyna", "--json").returncode == 2


def test_sim_prints_no_progress_when_piped_and_tables_with_units():
    result = run_cli("sim", TINY, "--games", "10")
    assert result.returncode == 0 and "\r" not in result.stderr and result.stderr == ""
    assert "share (%)" in result.stdout and "mean (track steps)" in result.stdout
    assert "range (min..max)" in result.stdout and "-10..10" in result.stdout  # score's declared ends
    assert "legend:" in result.stdout


@pytest.mark.parametrize("verb", ["check", "build", "sheets", "test", "sim", "bench", "play", "text",
                                  "i18n", "regress"])
def test_every_help_ends_with_its_exit_codes(verb):
    text = run_cli(verb, "--help").stdout
    tail = " ".join(text[text.rindex("exit codes:"):].split())  # as one line, wrapped or not
    assert tail.startswith("exit codes: 0 ") and "; 1 " in tail and "; 2 " in tail


def test_the_top_level_help_says_what_the_exit_codes_mean():
    assert "exit codes: 0 success" in run_cli("--help").stdout


def test_game_names_complete(tmp_path):
    env = dict(os.environ, COMP_LINE="kurtyna sim zi", COMP_POINT="14", _ARGCOMPLETE="1",
               _ARGCOMPLETE_STDOUT_FILENAME=str(tmp_path / "out"), PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-m", "compiler.cli"], env=env, cwd=tmp_path, timeout=60,
                   capture_output=True)
    assert (tmp_path / "out").read_text().split() == ["zimna_wojna"]  # found from any folder
    script = run_cli("--print-completion", "bash")
    assert script.returncode == 0 and "kurtyna" in script.stdout


BROKEN_PIPE = """
import os, sys
read_end, write_end = os.pipe()
os.close(read_end)  # the reader (head) is gone
os.dup2(write_end, 1)
from compiler.tools.output import console
try:
    console().print("a table row")
    sys.stdout.flush()
except BrokenPipeError:
    os.write(2, b"BrokenPipeError")
"""


def test_a_reader_that_goes_away_is_no_failure():
    """`kurtyna sim ... | head -1`: a table written after the reader went away raises
    BrokenPipeError, which every verb ends on quietly with 0 (compiler/cli.py), where rich by
    itself would exit with 1."""
    done = subprocess.run([sys.executable, "-c", BROKEN_PIPE], capture_output=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stderr == b"BrokenPipeError", done.stderr


def test_sim_reports_games_that_end_without_a_reason(tmp_path):
    """`end game winner x` with no `because`: the table says so and the JSON has null (it was a
    TypeError)."""
    game = copy_game(FIXTURES / "games" / "tiny", tmp_path)
    rules = game / "rules.yaml"
    rules.write_text(rules.read_text("utf-8").replace('end game winner winner because "score"',
                                                      "end game winner winner"), "utf-8")
    text = run_cli("sim", str(game), "--games", "20")
    assert text.returncode == 0, text.stderr
    assert "(none given)" in text.stdout
    report = validated(run_cli("sim", str(game), "--games", "20", "--json"), "sim-report")
    assert None in {row["reason"] for row in report["results"]}
