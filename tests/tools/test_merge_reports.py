"""scripts/merge_sim_reports.py: `kurtyna sim --json` reports of disjoint seed ranges add up to
the report of the whole range (a bot match is played in pieces; docs/bots.md), and pieces that
cannot be one match are refused in words."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ..conftest import ROOT, run_cli

SCRIPT = ROOT / "scripts" / "merge_sim_reports.py"
MATCH = ("zelazna_kurtyna", "--bots", "us=greedy", "--no-check", "--json")  # greedy US against random


def _sim(first: int, games: int, *extra: str) -> dict:
    done = run_cli("sim", *MATCH, "--seed", str(first), "--games", str(games), *extra)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _merge(tmp_path, *reports: dict, markdown: bool = False) -> subprocess.CompletedProcess:
    files = []
    for i, report in enumerate(reports):
        files.append(tmp_path / f"part{i}.json")
        files[-1].write_text(json.dumps(report), encoding="utf-8")
    flags = ["--markdown"] if markdown else []
    return subprocess.run([sys.executable, str(SCRIPT), *flags, *map(str, files)],
                          capture_output=True, text=True, timeout=60)


def test_pieces_add_up_to_the_whole_run(tmp_path):
    whole = _sim(1, 30)
    done = _merge(tmp_path, _sim(21, 10), _sim(1, 12), _sim(13, 8))  # out of order on purpose
    assert done.returncode == 0, done.stderr
    merged = json.loads(done.stdout)
    assert merged["finished"] == whole["finished"] == 30
    assert merged["seeds"] == [{"first": 1, "last": 12}, {"first": 13, "last": 20}, {"first": 21, "last": 30}]
    assert merged["mean_decisions"] == pytest.approx(whole["mean_decisions"])
    for key in ("results", "ends", "per_player"):
        assert _rounded(merged[key]) == _rounded(whole[key]), key
    assert len({row["reason"] for row in merged["ends"]}) > 1  # a run where the sums are not trivial
    table = _merge(tmp_path, _sim(1, 4), _sim(5, 4), markdown=True).stdout
    assert "zelazna_kurtyna, us=greedy: 8 games (seeds 1-4, 5-8)" in table
    assert "| us wins |" in table and "| ended by " in table


def _rounded(rows: list[dict]) -> list[dict]:
    """Rows with shares and intervals to 9 places (sums of means are not bit-exact)."""
    def rounded(value):
        if isinstance(value, float):
            return round(value, 9)
        if isinstance(value, list):
            return [rounded(v) for v in value]
        if isinstance(value, dict):
            return {k: rounded(v) for k, v in value.items()}
        return value
    return [rounded(row) for row in rows]


def test_pieces_of_different_matches_or_overlapping_seeds_are_refused(tmp_path):
    piece = _sim(1, 3)
    other_bots = _sim(4, 3)
    other_bots["bots"] = {"ussr": "greedy"}
    refused = _merge(tmp_path, piece, other_bots)
    assert refused.returncode == 1 and "part1.json: bots is {'ussr': 'greedy'}" in refused.stderr
    overlap = _merge(tmp_path, piece, _sim(3, 2))
    assert overlap.returncode == 1 and "seeds 3-4 overlap part0.json (1-3)" in overlap.stderr
    not_a_report = _merge(tmp_path, piece, {"game": "zelazna_kurtyna"})
    assert not_a_report.returncode == 1 and "Traceback" not in not_a_report.stderr
    assert "lacks what `kurtyna sim --json` writes" in not_a_report.stderr
