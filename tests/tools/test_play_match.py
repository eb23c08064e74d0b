"""scripts/play_match.sh: a long match played in pieces (docs/matches/README.md). A stand-in for
`kurtyna` (KURTYNA) writes which seeds it was asked for, so these tests check the pieces, not
the games: every piece played exactly once when two runs share a match, and a run cut off
midway resumed by the next."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from ..conftest import ROOT

SCRIPT = ROOT / "scripts" / "play_match.sh"

# Records its arguments, takes a moment (so two runs overlap), prints a one-line report.
STAND_IN = """#!/usr/bin/env bash
echo "$*" >> "{log}"
sleep 0.2
echo '{{"args": "'"$*"'"}}'
"""


def _stand_in(tmp_path: Path) -> tuple[Path, Path]:
    log = tmp_path / "calls.log"
    fake = tmp_path / "fake-kurtyna"
    fake.write_text(STAND_IN.format(log=log), encoding="utf-8")
    fake.chmod(0o755)
    return fake, log


def _start(fake: Path, folder: Path, first: int, last: int, chunk: int) -> subprocess.Popen:
    return subprocess.Popen(
        ["bash", str(SCRIPT), "zimna_wojna", "us=greedy", str(folder), str(first), str(last), str(chunk)],
        env={**os.environ, "KURTYNA": str(fake)}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _seeds_asked(log: Path) -> list[str]:
    return sorted(line.split("--seed ")[1].split()[0] for line in log.read_text().splitlines())


def test_two_runs_share_a_match_and_play_each_piece_once(tmp_path):
    fake, log = _stand_in(tmp_path)
    folder = tmp_path / "match"
    runs = [_start(fake, folder, 1, 23, 5) for _ in range(2)]
    for run in runs:
        _, err = run.communicate(timeout=60)
        assert run.returncode == 0, err
    assert _seeds_asked(log) == ["1", "11", "16", "21", "6"]  # each piece once, by one run or the other
    pieces = sorted(p.name for p in folder.iterdir())
    assert pieces == ["seeds-001-005.json", "seeds-006-010.json", "seeds-011-015.json",
                      "seeds-016-020.json", "seeds-021-023.json"]  # no .part, no .lock left
    last = json.loads((folder / "seeds-021-023.json").read_text())
    assert "--games 3 --seed 21 --jobs 1" in last["args"]


def test_a_run_cut_off_is_resumed_and_finished_pieces_are_kept(tmp_path):
    fake, log = _stand_in(tmp_path)
    folder = tmp_path / "match"
    folder.mkdir()
    (folder / "seeds-001-005.json").write_text('{"kept": true}')
    # what a run killed while playing seeds 6-10 leaves: its .part and its (no longer held) lock
    (folder / "seeds-006-010.json.part").write_text('{"half')
    (folder / "seeds-006-010.json.lock").write_text("")
    run = _start(fake, folder, 1, 10, 5)
    _, err = run.communicate(timeout=60)
    assert run.returncode == 0, err
    assert _seeds_asked(log) == ["6"]
    assert json.loads((folder / "seeds-001-005.json").read_text()) == {"kept": True}
    assert "--seed 6" in json.loads((folder / "seeds-006-010.json").read_text())["args"]
    assert sorted(p.name for p in folder.iterdir()) == ["seeds-001-005.json", "seeds-006-010.json"]


def test_a_failing_piece_stops_the_run_and_leaves_no_report(tmp_path):
    fake = tmp_path / "fake-kurtyna"
    fake.write_text("#!/usr/bin/env bash\necho '{\"partial\"' ; exit 1\n", encoding="utf-8")
    fake.chmod(0o755)
    folder = tmp_path / "match"
    run = _start(fake, folder, 1, 10, 5)
    run.communicate(timeout=60)
    assert run.returncode == 1
    assert sorted(p.name for p in folder.iterdir()) == ["seeds-001-005.json.lock", "seeds-001-005.json.part"]
