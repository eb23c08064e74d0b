"""A stale translation (its English changed since it was translated) is printed as the English or
as the text generated from the card's event, so a player does not read what the translator wrote:
`kurtyna check` warns of it at the msgstr, `kurtyna check --strict` (run by `make test`) refuses
it (issue 40, point 4)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from compiler.back.i18n.lint import stale_translations
from compiler.pipeline import compile_game

from ..conftest import CONTENT, edit_file, run_cli

GAME = "zelazna_kurtyna"
OLD = "The USA infiltrates 2 cubes into Israel."
NEW = "The USA infiltrates 2 cubes into Israel, one at a time."


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of a real game under tmp_path/content, its English card text of Israel changed."""
    shutil.copytree(CONTENT / GAME, tmp_path / "content" / GAME)
    edit_file(tmp_path / "content" / GAME / "cards.yaml", OLD, NEW, 1)
    return tmp_path


def msgstr_line(path: Path, key: str) -> int:
    lines = path.read_text("utf-8").split("\n")
    start = lines.index(f'msgctxt "{key}"')
    return next(n for n in range(start, len(lines)) if lines[n].startswith("msgstr")) + 1


def test_a_fuzzy_translation_is_a_warning_and_an_error_with_strict(copy):
    assert run_cli("i18n", "update", GAME, cwd=copy).returncode == 0  # marks the two translations fuzzy
    where = {lang: f"content/{GAME}/locales/{lang}.po:"
             f"{msgstr_line(copy / 'content' / GAME / 'locales' / f'{lang}.po', 'text.israel_card')}:1"
             for lang in ("pl", "cs")}
    plain = run_cli("check", GAME, cwd=copy)
    assert plain.returncode == 0, plain.stderr
    for lang in ("pl", "cs"):
        assert f"{where[lang]}: warning[E722]: the {lang} translation of 'text.israel_card' is stale" \
               in plain.stderr, plain.stderr
    assert "the card prints the text generated from its event" in plain.stderr
    assert "remove the fuzzy flag" in plain.stderr and "2 warnings" in plain.stderr
    assert f"{GAME}: ok" in plain.stdout
    strict = run_cli("check", GAME, "--strict", cwd=copy)
    assert strict.returncode == 1
    for lang in ("pl", "cs"):
        assert f"{where[lang]}: error[E722]" in strict.stderr, strict.stderr
    assert f"{GAME}: ok" not in strict.stdout and "2 errors" in strict.stderr
    # the JSON report holds the same, with its severity
    found = json.loads(run_cli("check", GAME, "--json", cwd=copy).stdout)["games"][0]
    assert found["ok"] and {d["severity"] for d in found["diagnostics"]} == {"warning"}
    assert len(found["diagnostics"]) == 2
    report = run_cli("check", GAME, "--strict", "--json", cwd=copy)
    found = json.loads(report.stdout)
    assert report.returncode == 1 and found["exit"] == 1 and not found["games"][0]["ok"]
    assert {d["severity"] for d in found["games"][0]["diagnostics"]} == {"error"}


def test_a_translation_made_for_an_earlier_english_is_stale_too(copy):
    """Without `i18n update` the entry is not fuzzy, but its msgid is the old English."""
    result = run_cli("check", GAME, "--strict", cwd=copy)
    assert result.returncode == 1
    assert "error[E722]: the pl translation of 'text.israel_card' is stale" in result.stderr, result.stderr
    assert f"run `kurtyna i18n update {GAME}`" in result.stderr


def test_the_answer_is_the_same_from_the_kept_result(copy):
    """A check of an unchanged game answers from its kept result (compiler/tools/check.py): the
    warnings must come back with it, word for word."""
    run_cli("i18n", "update", GAME, cwd=copy)
    first = run_cli("check", GAME, cwd=copy)
    second = run_cli("check", GAME, cwd=copy)
    assert "warning[E722]" in first.stderr
    assert (second.returncode, second.stdout, second.stderr) == (first.returncode, first.stdout, first.stderr)


@pytest.mark.parametrize("game", sorted(p.name for p in CONTENT.iterdir() if (p / "game.yaml").is_file()))
def test_the_committed_catalogs_have_no_stale_translation(game):
    assert [d.render() for d in stale_translations(compile_game(CONTENT / game))] == []
