"""`regress` tells the whole truth, first things first (issue 40, point 2): the terminal, JSON and
HTML reports hold the same sections, and the HTML page shows the verdict, then each game's
outcomes, scenarios and text (printed, generated, rule text, contradictions, catalog entries to
translate again), and the divergences last, the first 20 open and the rest folded."""

from __future__ import annotations

import copy
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from compiler.tools.regress.render import DIVERGENCES_SHOWN, html_page, print_report

from ..conftest import CONTENT, ROOT, edit_file

SECTIONS = ['<section id="verdict">', '<section class="outcomes">', '<section class="scenarios">',
            '<section class="text">', '<section class="divergences">']


def _git(cwd: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


@pytest.fixture(scope="module")
def socialist_governments(tmp_path_factory) -> tuple[dict, str]:
    """The issue's change, in a repository of Zimna Wojna and its scenarios: Socialist
    Governments removes Influence from 4 countries, not 3, a change of rules only (its printed
    text, authored in three languages, stays). The report as JSON, and as the HTML page."""
    repo = tmp_path_factory.mktemp("socialist") / "repo"
    shutil.copytree(CONTENT / "zimna_wojna", repo / "content" / "zimna_wojna")
    shutil.copytree(ROOT / "tests" / "examples" / "zimna_wojna", repo / "tests" / "examples" / "zimna_wojna")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "before")
    edit_file(repo / "content" / "zimna_wojna" / "cards.yaml", "ussr chooses 3 c in western_europe",
              "ussr chooses 4 c in western_europe")
    _git(repo, "commit", "-qam", "four countries")
    page = repo.parent / "report.html"
    done = subprocess.run([sys.executable, "-m", "compiler.cli", "regress", "zimna_wojna", "--base", "HEAD~1",
                           "--head", "HEAD", "--games", "3", "--json", "--html", str(page)], cwd=repo,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1, done.stdout + done.stderr
    return json.loads(done.stdout), page.read_text("utf-8")


def _section(page: str, start: str) -> str:
    begin = page.index(start)
    return page[begin:page.index("</section>", begin)]


def test_the_html_page_shows_the_generated_text_and_the_contradictions_after_the_verdict_and_outcomes(
        socialist_governments):
    report, page = socialist_governments
    places = [page.index(section) for section in SECTIONS]
    assert places == sorted(places), "verdict, outcomes, scenarios, text, divergences"
    text = _section(page, '<section class="text">')
    places = [text.index(heading) for heading in ("<h3>Text</h3>", "<h4>Generated from the mechanics</h4>",
                                                  "<h4>Now contradicts its effect</h4>")]
    assert places == sorted(places)
    for lang in ("en", "pl", "cs"):  # the word diff of each language's generated text
        assert re.search(rf"<td>socialist_governments</td><td>{lang}</td><td class=\"change\">[^<]*"
                         r"<del>3</del> <ins>4</ins>", text), lang
        # the lint's finding, in whatever words: it names the effect's new number
        assert re.search(rf'<li class="contradicts">socialist_governments \[{lang}\]: [^<]*\b4\b', text), lang
    assert "ZSRR wybiera <del>3</del> <ins>4</ins> państwa" in text  # in Polish, not half in English
    scenarios = _section(page, '<section class="scenarios">')
    assert "FAIL zimna_wojna/cards/007_socialist_governments.yaml" in scenarios
    # the JSON holds what the page shows
    game = report["games"][0]
    assert {(row["card"], row["lang"]) for row in game["text"]["generated"]} == {
        ("socialist_governments", lang) for lang in ("en", "pl", "cs")}
    assert {row["lang"] for row in game["text"]["lint"] if row["card"] == "socialist_governments"} == {
        "en", "pl", "cs"}


def test_the_terminal_json_and_html_hold_the_same_text_section(socialist_governments):
    report, page = socialist_governments
    out = io.StringIO()
    print_report(report, Console(file=out, width=400, highlight=False))
    shown = out.getvalue()
    game = report["games"][0]
    for row in game["text"]["generated"]:
        assert f"generated {row['card']} [{row['lang']}]: {row['diff']}" in shown
    for row in game["text"]["lint"]:
        for fault in row["after"]:
            assert f"now contradicts its effect {row['card']} [{row['lang']}]: {fault}" in shown
            assert f'<li class="contradicts">{row["card"]} [{row["lang"]}]: {fault}</li>' in page


def _report(divergences: int, stale: bool = True) -> dict:
    """A report of one game with `divergences` diverged seeds, a card event among its metrics,
    and catalog entries to translate again."""
    step = {"decision": 3, "who": "us", "prompt": "p.x", "answers": ["a", "b"], "chosen": "a", "log": []}
    metric = {"kind": "share", "before": 0.5, "after": 0.5, "diff": 0.0, "low": -0.1, "high": 0.1, "p": 1.0,
              "significant": False}
    return {"format": 1, "base": {"label": "HEAD"}, "head": {"label": "working tree"},
            "settings": {"games": divergences, "seed": 1, "alpha": 0.05, "policy": "stable choice"},
            "verdict": {"newly_failing": 0, "newly_passing": 0, "diverged": divergences, "faults": 0,
                        "significant": 0, "exit": 1},
            "games": [{"game": "g",
                       "scenarios": {"run": 0, "unchanged": 0, "newly_failing": [], "newly_passing": [],
                                     "added": [], "removed": []},
                       "playthroughs": {"seeds": divergences, "identical": 0, "diverged": divergences,
                                        "faults": [],
                                        "divergences": [{"seed": seed, "decision": 3, "why": "question",
                                                         "before": step, "after": step, "context": []}
                                                        for seed in range(1, divergences + 1)]},
                       "outcomes": {"games": divergences, "looks": 1, "alpha": 0.05,
                                    "metrics": [{**metric, "name": "winner: us"},
                                                {**metric, "name": "event: marshall_plan"}]},
                       "text": {"cards": [], "generated": [], "rules": [], "lint": [],
                                "became_stale": {"pl": [{"key": "card.x.text"}]} if stale else {}}}]}


def test_the_first_divergences_are_shown_and_the_rest_folded():
    page = html_page(_report(DIVERGENCES_SHOWN + 7))
    divergences = _section(page, '<section class="divergences">')
    shown, folded = divergences.split('<details class="more-divergences">')
    assert shown.count("<tr><td>") == DIVERGENCES_SHOWN and folded.count("<tr><td>") == 7
    assert "<summary>7 more diverged seeds</summary>" in folded
    assert f"<td>{DIVERGENCES_SHOWN}</td>" in shown and f"<td>{DIVERGENCES_SHOWN + 1}</td>" in folded
    few = _section(html_page(_report(3)), '<section class="divergences">')
    assert few.count("<tr><td>") == 3 and "more-divergences" not in few


def test_the_outcomes_come_first_and_unchanged_card_events_are_folded():
    page = html_page(_report(2))
    outcomes = _section(page, '<section class="outcomes">')
    first, folded = outcomes.split("<details>")
    assert "winner: us" in first and "event: marshall_plan" not in first
    assert "event: marshall_plan" in folded and "1 card events without a significant change" in folded


def test_catalog_entries_to_translate_again_end_the_text_section():
    text = _section(html_page(_report(2)), '<section class="text">')
    assert "<h4>Catalog entries to translate again</h4>" in text
    assert "Catalog pl: 1 entry to translate again:\ncard.x.text" in text
    assert "<h4>" not in _section(html_page(_report(2, stale=False)), '<section class="text">')


def test_every_section_of_the_page_is_in_order_for_each_game():
    two = copy.deepcopy(_report(2))
    two["games"].append({**copy.deepcopy(two["games"][0]), "game": "h"})
    page = html_page(two)
    for game in page.split("<h2>")[2:]:  # after the verdict's heading, one part per game
        places = [game.index(section) for section in SECTIONS[1:]]
        assert places == sorted(places)
