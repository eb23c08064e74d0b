"""What `kurtyna regress` is given by someone else, or by a slip of the keyboard, gets a clear
error or is shown safely, never a traceback (issue 41): an --html path that is a folder or in
no folder, an absurd --games, a work tree holding a file whose name is not UTF-8, a playthrough
edited by hand into another encoding, and text from content that would control the terminal."""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest
from rich.console import Console

from compiler.tools.regress.playthroughs import PlaythroughError, load
from compiler.tools.regress.render import html_page, print_report
from compiler.tools.regress.sides import copy_working_tree

from ..conftest import CONTENT, ROOT, run_cli

NOT_UTF8 = b"caf\xe9.txt"  # Latin-1 "café": not UTF-8, a name Linux allows


@pytest.mark.parametrize("where, said", [
    (lambda tmp: tmp, "that is a folder; name the file to write the page to"),
    (lambda tmp: tmp / "no" / "such" / "report.html", "there is no folder"),
])
def test_an_html_page_that_cannot_be_written_there_is_said_before_the_run(tmp_path, where, said):
    page = where(tmp_path)
    done = run_cli("regress", "zelazna_kurtyna", "--games", "2", "--html", str(page))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"kurtyna: --html {page}: ") and said in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert not (tmp_path / "no").exists()  # no folder made on the way


@pytest.mark.parametrize("option", ["--games", "--max-games"])
def test_an_absurd_number_of_games_is_refused_with_the_bound(option):
    done = run_cli("regress", "zelazna_kurtyna", option, str(10**30), "--until-significant")
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"kurtyna: {option} {10**30}: at most 1000000 games per side\n"


def test_seeds_past_the_last_one_a_save_can_hold_are_refused():
    done = run_cli("regress", "zelazna_kurtyna", "--seed", str(2**63 - 5), "--games", "10")
    assert done.returncode == 2 and "past the last seed" in done.stderr and "Traceback" not in done.stderr


def _git(cwd: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


def test_the_work_tree_copy_keeps_a_file_whose_name_is_not_utf8(tmp_path):
    repo, into = tmp_path / "repo", tmp_path / "copy"
    repo.mkdir()
    into.mkdir()
    (repo / "tracked.txt").write_text("x", "utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "tracked.txt")
    _git(repo, "commit", "-qm", "one file")
    with open(os.fsencode(repo) + b"/" + NOT_UTF8, "wb") as untracked:  # saved by an old archiver
        untracked.write(b"notes")
    assert copy_working_tree(repo, into) == "working tree"
    assert sorted(os.listdir(os.fsencode(into))) == sorted([NOT_UTF8, b"tracked.txt"])
    assert open(os.fsencode(into) + b"/" + NOT_UTF8, "rb").read() == b"notes"


def _hand_edited(folder: Path) -> Path:
    """A golden playthrough whose header comment was saved in Latin-1."""
    path = folder / "tests" / "playthroughs" / "zelazna_kurtyna" / "seed-1.yaml"
    path.parent.mkdir(parents=True)
    original = (ROOT / "tests" / "playthroughs" / "zelazna_kurtyna" / "seed-1.yaml").read_bytes()
    path.write_bytes(b"# checked by Ren\xe9\n" + original)
    return path


def test_a_playthrough_that_is_not_utf8_is_refused_at_its_line_and_column(tmp_path):
    path = _hand_edited(tmp_path)
    with pytest.raises(PlaythroughError, match=r"seed-1\.yaml:1:17: not UTF-8 \(byte 0xe9\); save the file "
                       r"as UTF-8, or delete it and record it anew: kurtyna regress "
                       r"--update-playthroughs zelazna_kurtyna"):
        load(path)


def test_updating_playthroughs_from_a_file_that_is_not_utf8_writes_nothing(tmp_path):
    path = _hand_edited(tmp_path)
    before = path.read_bytes()
    done = run_cli("regress", "--update-playthroughs", str(CONTENT / "zelazna_kurtyna"), cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("kurtyna: tests/playthroughs/zelazna_kurtyna/seed-1.yaml:1:17: not UTF-8")
    assert "Traceback" not in done.stderr and path.read_bytes() == before
    assert os.listdir(path.parent) == ["seed-1.yaml"]


# -- text from content in the report ------------------------------------------------------------
# A window title, a cleared screen, the clipboard written, a line read backwards, and markup.
EVIL = "\x1b]0;pwned\x07\x1b[2J\x1b]52;c;ZWNobw==\x07\u202eevil [red]x[/red] <script>alert(1)</script>"


def _report() -> dict:
    """A report of two games, every string of it from content holding EVIL."""
    step = {"decision": 3, "who": EVIL, "prompt": EVIL, "answers": [EVIL, "b"], "chosen": EVIL, "log": [EVIL]}
    change = {"card": EVIL, "lang": "en", "before": "a", "after": EVIL, "diff": f"[-a-] {{+{EVIL}+}}"}
    row = {"path": EVIL, "title": EVIL, "source": EVIL, "before": "pass", "after": "fail", "failures": [EVIL]}
    return {"format": 1, "base": {"label": EVIL}, "head": {"label": EVIL},
            "settings": {"games": 2, "seed": 1, "alpha": 0.05, "policy": "stable choice"},
            "verdict": {"newly_failing": 1, "newly_passing": 0, "diverged": 1, "faults": 1, "significant": 0,
                        "exit": 1},
            "games": [{"game": EVIL,
                       "scenarios": {"run": 1, "unchanged": 0, "newly_failing": [row], "newly_passing": [],
                                     "added": [], "removed": []},
                       "playthroughs": {"seeds": 2, "identical": 1, "diverged": 1,
                                        "faults": [{"seed": 2, "before": None, "after": EVIL}],
                                        "divergences": [{"seed": 1, "decision": 3, "why": "question",
                                                         "before": step, "after": step, "context": [EVIL],
                                                         "where": {EVIL: 1}}]},
                       "outcomes": {"games": 2, "looks": 1, "alpha": 0.05,
                                    "metrics": [{"name": EVIL, "kind": "mean", "before": 1.0, "after": 2.0,
                                                 "diff": 1.0, "low": 0.5, "high": 1.5, "p": 0.01,
                                                 "significant": True}]},
                       "text": {"cards": [change], "generated": [change], "rules": [],
                                "lint": [{"card": EVIL, "lang": "en", "before": [], "after": [EVIL]}],
                                "became_stale": {EVIL: [{"key": EVIL}]}},
                       "sheets": {"pages_changed": [{"file": EVIL, "page": 1, "text_changed": True,
                                                     "image_changed": False, "diff": EVIL}],
                                  "pages_unchanged": 0, "errors": {EVIL: {"before": None, "after": EVIL}}}},
                      {"game": "other", "errors": {"head": EVIL}}]}


def test_the_terminal_report_shows_text_from_content_escaped_never_raw():
    out = io.StringIO()
    print_report(_report(), Console(file=out, width=400, highlight=False), all_metrics=True)
    shown = out.getvalue()
    for control in ("\x1b", "\x07", "\u202e"):
        assert control not in shown
    assert "\\x1b]0;pwned\\x07\\x1b[2J" in shown and "\\u202eevil" in shown  # shown, as escapes
    assert "[red]x[/red]" in shown  # not taken for markup either (the game's name in the rule)
    assert shown.count("pwned") >= 20  # every field was printed, each escaped


def test_the_html_page_escapes_every_string_from_content():
    page = html_page(_report())
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert page.count("&lt;script&gt;") >= 20
