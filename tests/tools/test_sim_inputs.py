"""`kurtyna sim --dump` naming what cannot be a folder of failed games is wrong usage, said
before any game is played (issue 41): it was a traceback when the first game failed."""

from __future__ import annotations

from ..conftest import FIXTURES, run_cli

FAULTS = str(FIXTURES / "games" / "faults")  # its games fail at once: --dump has something to write


def test_a_dump_folder_that_is_a_file_is_wrong_usage(tmp_path):
    taken = tmp_path / "failed"
    taken.write_text("the user's notes", "utf-8")
    done = run_cli("sim", FAULTS, "--games", "5", "--quiet", "--dump", str(taken))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"kurtyna: --dump {taken}: that is a file, not a folder; name a folder to "
                           "write the failed games to\n")
    assert taken.read_text("utf-8") == "the user's notes"


def test_a_dump_folder_in_no_folder_is_wrong_usage_and_nothing_is_made(tmp_path):
    nowhere = tmp_path / "no" / "such" / "failed"
    done = run_cli("sim", FAULTS, "--games", "5", "--quiet", "--dump", str(nowhere))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"kurtyna: --dump {nowhere}: there is no folder {nowhere.parent} to make it "
                           "in; create it first\n")
    assert list(tmp_path.iterdir()) == []


def test_a_new_dump_folder_in_an_existing_one_gets_the_failed_games(tmp_path):
    done = run_cli("sim", FAULTS, "--games", "5", "--quiet", "--dump", str(tmp_path / "failed"))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    written = sorted(p.name for p in (tmp_path / "failed").iterdir())
    assert written and set(written) <= {f"seed-{n}.json" for n in range(1, 6)}  # the games that failed
