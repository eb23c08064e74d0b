"""`kurtyna regress` end to end, on a clone of this checkout: a changed card's effect is found in
the scenarios, the games, the text and the outcomes; a comment changes nothing; the user's tree
is never touched."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from ..conftest import edit_file

ROOT = Path(__file__).resolve().parents[2]
CARD_FILE = Path("content/zimna_wojna/cards_25_44.yaml")
OLD_LINE = "      ussr chooses 4 s in africa | southeast_asia:"


def _git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True, env=env).stdout


def _regress(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "compiler.cli", "regress", *args], cwd=cwd,
                          capture_output=True, text=True, env=env)


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    """A clone of this checkout with the working tree's version of every tracked file, committed:
    the tests compare that commit with edits made on top of it."""
    if not (ROOT / ".git").exists():
        pytest.fail("these tests need the project's git checkout")
    target = tmp_path_factory.mktemp("regress") / "checkout"
    _git(ROOT.parent, "clone", "-q", str(ROOT), str(target))
    for name in filter(None, _git(ROOT, "ls-files", "-z", "--modified", "--others",
                                  "--exclude-standard").split("\0")):
        if (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    _git(target, "add", "-A")
    _git(target, "commit", "-q", "--allow-empty", "-m", "the tree under test")
    return target


def test_a_changed_effect_shows_in_scenarios_games_text_and_outcomes(clone):
    edit_file(clone / CARD_FILE, OLD_LINE, OLD_LINE.replace("chooses 4", "chooses 3"))
    _git(clone, "commit", "-qam", "three countries")
    before = _git(clone, "status", "--porcelain")
    try:
        done = _regress(clone, "--base", "HEAD~1", "--head", "HEAD", "zimna_wojna", "--json", "--games", "40")
    finally:  # back to the tree under test, edit undone (a later test looks at `git status`)
        _git(clone, "reset", "-q", "--hard", "HEAD~1")
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    schema = json.loads((ROOT / "dsl" / "schemas" / "regress.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(report, schema)
    game = report["games"][0]
    failing = {row["path"] for row in game["scenarios"]["newly_failing"]}
    assert "zimna_wojna/cards/030_decolonization.yaml" in failing
    assert all(row["failures"] for row in game["scenarios"]["newly_failing"])
    ways = game["playthroughs"]
    assert ways["diverged"] > 0 and ways["identical"] + ways["diverged"] == 40
    first = ways["divergences"][0]
    assert first["before"]["prompt"] == "decolonization.s"  # the 4th country is asked only before
    assert first["after"]["prompt"] != "decolonization.s"
    assert first["where"]["turn"] >= 1 and "action_round" in first["where"]  # when in the game
    assert {row["card"] for row in game["text"]["generated"]} == {"decolonization"}
    assert {row["lang"] for row in game["text"]["generated"]} == {"en", "pl", "cs"}
    assert any("[-4-] {+3+}" in row["diff"] for row in game["text"]["generated"])
    assert any(row["card"] == "decolonization" and row["after"] for row in game["text"]["lint"])
    names = {m["name"] for m in game["outcomes"]["metrics"]}
    assert "event: decolonization" in names and "winner: us" in names
    assert report["verdict"]["exit"] == 1
    assert before == ""  # the clone's tree was clean and regress wrote nothing into it


def test_a_comment_changes_nothing_and_the_working_tree_is_only_read(clone):
    """... and untracked files whose names are not UTF-8 (saved from an old archive: Latin-1
    "café"), which the copy of the working tree keeps by their bytes (issue 41)."""
    folder = clone / "content" / "zelazna_kurtyna"
    game_yaml = folder / "game.yaml"
    original = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text("# a comment from the editor\n" + original, encoding="utf-8")
    generated = sorted(p.relative_to(clone) for p in (clone / "generated").rglob("*") if p.is_file())
    strays = [os.fsencode(clone) + b"/notes-caf\xe9.txt", os.fsencode(folder) + b"/caf\xe9.txt"]
    for stray in strays:
        with open(stray, "wb") as file:
            file.write(b"notes")
    try:
        done = _regress(clone, "zelazna_kurtyna", "--games", "30")
        status = _git(clone, "status", "--porcelain")
    finally:
        game_yaml.write_text(original, encoding="utf-8")
        for stray in strays:
            os.unlink(stray)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 diverged" in done.stdout and "30 identical" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    assert sorted(line.strip() for line in status.splitlines()) == sorted([  # nothing else written
        "M content/zelazna_kurtyna/game.yaml", '?? "content/zelazna_kurtyna/caf\\351.txt"',
        '?? "notes-caf\\351.txt"'])
    assert sorted(p.relative_to(clone) for p in (clone / "generated").rglob("*") if p.is_file()) == generated


def _two_folders(clone: Path, tmp_path: Path) -> tuple[Path, Path]:
    """Żelazna Kurtyna's folder twice, the second with one card's effect changed."""
    old = tmp_path / "old" / "zelazna_kurtyna"
    new = tmp_path / "new" / "zelazna_kurtyna"
    shutil.copytree(clone / "content" / "zelazna_kurtyna", old)
    shutil.copytree(old, new)
    infiltrate = "infiltrate(ussr, 2, {s in spaces where on_grid(s)})"
    edit_file(new / "cards.yaml", infiltrate, infiltrate.replace("2", "1"))
    return old, new


def test_two_content_folders_and_an_html_page(clone, tmp_path):
    old, new = _two_folders(clone, tmp_path)
    page = tmp_path / "report.html"
    done = _regress(clone, "--base-dir", str(old), "--head-dir", str(new.parent), "--games", "30",
                    "--html", str(page))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "diverged" in done.stdout
    html = page.read_text(encoding="utf-8")
    assert "<h2>zelazna_kurtyna</h2>" in html and "<h3>Divergences</h3>" in html


def test_wrong_usage_is_exit_2_with_a_message(clone):
    done = _regress(clone, "--base", "no-such-rev", "zelazna_kurtyna")
    assert done.returncode == 2 and "no git revision 'no-such-rev'" in done.stderr
    done = _regress(clone, "--base", "HEAD", "--base-dir", ".", "zelazna_kurtyna")
    assert done.returncode == 2 and "not both" in done.stderr
    done = _regress(clone, "no_such_game")
    assert done.returncode == 2 and "no game 'no_such_game'" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_side_that_does_not_compile_is_exit_2_with_located_errors(clone):
    cards = clone / "content" / "zelazna_kurtyna" / "cards.yaml"
    original = cards.read_text(encoding="utf-8")
    cards.write_text(original.replace("gain(ussr, 1)", "gain(ussr, one)", 1), encoding="utf-8")
    try:
        done = _regress(clone, "zelazna_kurtyna", "--games", "5")
    finally:
        cards.write_text(original, encoding="utf-8")
    assert done.returncode == 2
    assert "head could not be built" in done.stdout
    assert "\ncontent/zelazna_kurtyna/cards.yaml:" in done.stdout  # as in the checkout, not the copy


def test_two_game_folders_of_different_names_are_the_same_game(tmp_path):
    old, new = tmp_path / "old_copy", tmp_path / "new_copy"
    shutil.copytree(ROOT / "content" / "zelazna_kurtyna", old)
    shutil.copytree(old, new)
    done = _regress(tmp_path, "--base-dir", str(old), "--head-dir", str(new), "--games", "5")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "zelazna_kurtyna" in done.stdout and "5 identical" in done.stdout


def test_a_bot_plays_the_seeded_games_of_both_sides(clone, tmp_path):
    """`--bot greedy`: the games are the bot's (other games than the stable choice's), the
    report says so, and the change still shows where the sides part."""
    old, new = _two_folders(clone, tmp_path)
    reports = {}
    for bot in ([], ["--bot", "greedy"]):
        done = _regress(clone, "--base-dir", str(old), "--head-dir", str(new.parent), "--games", "20",
                        "--json", *bot)
        assert done.returncode == 1, done.stdout + done.stderr
        reports[bool(bot)] = json.loads(done.stdout)
    assert reports[True]["settings"]["policy"] == "bot greedy"
    assert reports[True]["settings"]["backend"] == "local"
    assert reports[False]["settings"]["policy"] == "stable choice"
    game = reports[True]["games"][0]
    assert game["playthroughs"]["diverged"] > 0
    length = {bot: next(m for m in r["games"][0]["outcomes"]["metrics"] if m["name"] == "length")
              for bot, r in reports.items()}
    assert length[True]["before"] != length[False]["before"]  # the bot's games are not the stable choice's


def test_a_bot_on_a_side_whose_runtime_has_none_is_exit_2_in_words(clone):
    _git(clone, "rm", "-q", "--cached", "dsl/runtime/bots.py")  # the checkout keeps its bots
    _git(clone, "commit", "-qm", "a runtime from before bots")
    try:
        done = _regress(clone, "--base", "HEAD", "--head", "HEAD~1", "zelazna_kurtyna", "--games", "3",
                        "--bot", "greedy")
    finally:
        _git(clone, "reset", "-q", "HEAD~1")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "base could not be built or run" in done.stdout
    assert "runtime has no bots" in done.stdout and "Traceback" not in done.stdout + done.stderr
    done = _regress(clone, "zelazna_kurtyna", "--bot", "clever")
    assert done.returncode == 2 and "'clever' is not a bot" in done.stderr
