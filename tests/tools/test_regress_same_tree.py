"""`regress` when base and head are the same tree (issue 40, point 3): right after a commit, HEAD
and the working tree hold the same files, and the comparison would only find nothing. It says so
in one line, names `--base HEAD~1`, and stops at once with exit 0: nothing is exported, built or
played. The game in these repositories does not compile, so a run that built anything would end
with exit 2 instead; that is how the tests see that nothing was done."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from ..conftest import CONTENT, ROOT, edit_file

GAME = "zelazna_kurtyna"


def _git(cwd: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


def _regress(repo: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "compiler.cli", "regress", *args], cwd=repo,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.fixture
def repo(tmp_path) -> Path:
    """A repository of one game, committed, that does not compile (a number written as a word)."""
    folder = tmp_path / "repo"
    shutil.copytree(CONTENT / GAME, folder / "content" / GAME)
    edit_file(folder / "content" / GAME / "cards.yaml", "gain(ussr, 1)", "gain(ussr, one)", 1)
    (folder / ".gitignore").write_text("notes.txt\n", "utf-8")
    _git(folder, "init", "-q")
    _git(folder, "add", "-A")
    _git(folder, "commit", "-qm", "the game")
    return folder


def _was_compared(done: subprocess.CompletedProcess) -> bool:
    """The sides were exported and built: the game's fault shows."""
    return done.returncode == 2 and "could not be built or run" in done.stdout


def test_head_and_the_working_tree_right_after_a_commit_are_said_to_be_the_same_tree(repo):
    done = _regress(repo, GAME)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("\n") == 1 and done.stderr == ""  # one line, and nothing was run
    line = done.stdout.strip()
    assert line.startswith("base HEAD (")
    assert " and head the working tree are the same tree: nothing to compare; " in line
    assert line.endswith("to see what your last commit changed, use --base HEAD~1")
    assert not _was_compared(_regress(repo, GAME, "--base", "HEAD~0"))  # any name of the same commit


def test_two_commits_with_the_same_tree_as_json_and_html(repo, tmp_path):
    _git(repo, "commit", "-q", "--allow-empty", "-m", "nothing changed")
    page = tmp_path / "report.html"
    done = _regress(repo, "--base", "HEAD~1", "--head", "HEAD", "--json", "--html", str(page))
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    schema = json.loads((ROOT / "dsl" / "schemas" / "regress.schema.json").read_text("utf-8"))
    jsonschema.validate(report, schema)
    said = report["verdict"]["same_tree"]
    assert said.startswith("base HEAD~1 (") and " and head HEAD (" in said
    assert said.endswith("are the same tree: nothing to compare; to see what HEAD changed, use --base HEAD~1")
    assert report["games"] == [] and report["verdict"]["exit"] == 0
    assert f"<p>{said}</p>" in page.read_text("utf-8")


@pytest.mark.parametrize("change", ["edit", "stage", "untracked", "delete", "executable"])
def test_any_difference_of_the_working_tree_is_compared(repo, change):
    cards = repo / "content" / GAME / "cards.yaml"
    if change in ("edit", "stage"):
        cards.write_text(cards.read_text("utf-8") + "# a comment\n", "utf-8")
        if change == "stage":
            _git(repo, "add", "-A")
    elif change == "untracked":
        (repo / "content" / GAME / "extra.yaml").write_text("# new\n", "utf-8")
    elif change == "delete":
        (repo / ".gitignore").unlink()
    else:
        (repo / ".gitignore").chmod(0o755)
    assert _was_compared(_regress(repo, GAME, "--games", "2"))


def test_an_ignored_file_leaves_the_tree_the_same(repo):
    (repo / "notes.txt").write_text("my notes\n", "utf-8")  # ignored: the copy leaves it out too
    done = _regress(repo, GAME)
    assert done.returncode == 0 and "are the same tree" in done.stdout, done.stdout + done.stderr


def test_two_commits_that_differ_are_compared(repo):
    (repo / "content" / GAME / "extra.yaml").write_text("# new\n", "utf-8")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "a file more")
    assert _was_compared(_regress(repo, "--base", "HEAD~1", "--head", "HEAD", "--games", "2"))


def test_an_unknown_game_or_revision_is_still_wrong_usage(repo):
    done = _regress(repo, "no_such_game")
    assert done.returncode == 2 and "no game 'no_such_game'" in done.stderr
    done = _regress(repo, "--base", "no-such-rev", GAME)
    assert done.returncode == 2 and "no git revision 'no-such-rev'" in done.stderr
