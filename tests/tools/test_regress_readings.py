"""`kurtyna regress --base-option/--head-option` (issue 43): two readings of one version of the
content compared as two versions are, so a rules editor sees what a reading changes."""

from __future__ import annotations

import json

import jsonschema

from tests.conftest import run_cli
from tests.dsl.test_choice_options import tiny_with_reading
from tests.tools.test_regress_command import ROOT


def test_a_reading_against_the_default_shows_what_it_changes(tmp_path):
    game = tiny_with_reading(tmp_path)
    page = tmp_path / "report.html"
    done = run_cli("regress", "--head-dir", str(game), "--head-option", "reading=silver",
                   "--games", "30", "--json", "--html", str(page), cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr  # behaviour changed
    report = json.loads(done.stdout)
    schema = json.loads((ROOT / "dsl" / "schemas" / "regress.schema.json").read_text("utf-8"))
    jsonschema.validate(report, schema)
    assert report["settings"]["head_options"] == {"reading": "silver"}
    assert "base_options" not in report["settings"]
    [tiny] = report["games"]
    # the same questions and answers to the last, then another end: every game a draw
    assert {d["why"] for d in tiny["playthroughs"]["divergences"]} == {"end"}
    metrics = {m["name"]: m for m in tiny["outcomes"]["metrics"]}
    assert metrics["end: tie"]["after"] == 1.0 and metrics["end: tie"]["significant"]
    assert metrics["length"]["diff"] == 0
    assert "(reading=silver)" in page.read_text("utf-8")


def test_the_terminal_report_names_each_sides_reading(tmp_path):
    game = tiny_with_reading(tmp_path)
    done = run_cli("regress", "--base-dir", str(game), "--head-dir", str(game), "--base-option",
                   "reading=gold", "--head-option", "reading=silver", "--games", "10", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    heading = " ".join(done.stdout.split("─")[0].split())  # the line before the first game's rule
    assert "(reading=gold) →" in heading and heading.endswith("(reading=silver)"), heading


def test_the_same_options_on_both_sides_or_a_reading_the_game_lacks_is_wrong_usage(tmp_path):
    game = tiny_with_reading(tmp_path)
    done = run_cli("regress", "--head-dir", str(game), "--option", "reading=silver", "--head-option",
                   "reading=silver", cwd=tmp_path)
    assert done.returncode == 2 and "give both sides the same options" in done.stderr
    done = run_cli("regress", "--head-dir", str(game), "--head-option", "reading=bronze", "--games", "4",
                   cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr + done.stdout
    assert "option 'reading' takes one of gold, silver, not 'bronze'" in done.stdout + done.stderr
