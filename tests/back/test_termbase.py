"""The termbase (issue 42): an unapproved variant of a term typed into a catalog or an English
text is E711 at its line; a label of the termbase prints an approved form, and `i18n update`
fills an untranslated one with it (docs/translating.md, "The termbase")."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import polib
import pytest

from ..conftest import CONTENT, run_cli

HEADER = re.compile(r"^(?P<path>\S+):(?P<line>\d+):(?P<col>\d+): error\[(?P<code>E\d{3})\]: (?P<msg>.*)$",
                    re.M)


@pytest.fixture
def game(tmp_path) -> Path:
    """A copy of Zimna Wojna, whose text.yaml holds the periods' termbase."""
    folder = tmp_path / "zimna_wojna"
    shutil.copytree(CONTENT / "zimna_wojna", folder)
    return folder


def msgstr_line(po: Path, key: str) -> int:
    lines = po.read_text("utf-8").splitlines()
    at = lines.index(f'msgctxt "{key}"')
    return next(n for n in range(at, len(lines)) if lines[n].startswith("msgstr")) + 1


def set_translation(po: Path, key: str, text: str) -> None:
    catalog = polib.pofile(str(po), wrapwidth=0)
    catalog.find(key, by="msgctxt").msgstr = text
    catalog.save(str(po))


def errors(result) -> list[dict]:
    return [m.groupdict() for m in HEADER.finditer(result.stdout + result.stderr)]


def test_the_committed_games_pass_their_termbase():
    result = run_cli("check", "zimna_wojna", "--strict")
    assert result.returncode == 0 and "E711" not in result.stdout + result.stderr, result.stdout


def test_an_unapproved_period_typed_into_a_catalog_is_an_error_at_its_msgstr(game):
    po = game / "locales" / "pl.po"
    set_translation(po, "sheet.value.early", "Wczesna faza wojny")
    result = run_cli("check", str(game))
    found = [e for e in errors(result) if e["code"] == "E711"]
    assert result.returncode == 1 and found, result.stdout + result.stderr
    assert found[0]["path"].endswith("zimna_wojna/locales/pl.po")
    assert int(found[0]["line"]) == msgstr_line(po, "sheet.value.early")
    assert "'Wczesna faza wojny'" in found[0]["msg"] and "early_war" in found[0]["msg"]
    assert "Początek Wojny" in result.stdout + result.stderr  # the hint names the approved form


def test_a_rejected_variant_inside_a_card_text_is_found_in_any_case_ending(game):
    po = game / "locales" / "cs.po"
    catalog = polib.pofile(str(po), wrapwidth=0)
    entry = next(e for e in catalog if e.msgctxt.startswith("text.") and e.msgstr and not e.fuzzy)
    set_translation(po, entry.msgctxt, entry.msgstr + " Platí do konce rané fáze války.")
    result = run_cli("check", str(game))
    found = [e for e in errors(result) if e["code"] == "E711"]
    assert result.returncode == 1 and len(found) == 1, result.stdout + result.stderr
    assert int(found[0]["line"]) == msgstr_line(po, entry.msgctxt)
    assert "'rané fáze války'" in found[0]["msg"]


def test_update_fills_an_untranslated_label_with_the_approved_form(game):
    po = game / "locales" / "cs.po"
    set_translation(po, "sheet.value.late", "")
    assert run_cli("i18n", "update", str(game)).returncode == 0
    assert polib.pofile(str(po)).find("sheet.value.late", by="msgctxt").msgstr == "Závěr války"


def test_a_label_that_names_no_string_of_the_game_is_unknown(game):
    text = game / "text.yaml"
    text.write_text(text.read_text("utf-8").replace("labels: [sheet.value.early]",
                                                    "labels: [sheet.value.erly]"), "utf-8")
    result = run_cli("check", str(game))
    assert result.returncode == 1 and "E301" in result.stdout + result.stderr
    assert "did you mean 'sheet.value.early'" in result.stdout + result.stderr
