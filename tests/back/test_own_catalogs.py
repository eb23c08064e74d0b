"""Kurtyna's own catalogs (issue 42): the templates of the effect language's constructs are
translated once, in compiler/back/text/locales/<lang>.po, for every game; a game's catalog holds
only its own strings, so a new small game asks its translator for a few dozen entries
(docs/translating.md, "Kurtyna's own catalogs")."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from compiler.back.i18n.own import TARGETS, outdated_own, own_catalog, own_path
from compiler.back.i18n.placeholders import Where, check_translation
from compiler.back.i18n.sources import construct_sources
from compiler.diagnostics import Diagnostics, Span

from ..conftest import CONTENT, FIXTURES, run_cli


def test_kurtynas_catalogs_follow_the_english_templates():
    assert outdated_own() == [], "run scripts/update-own-catalogs, then translate the new entries"


@pytest.mark.parametrize("lang", TARGETS)
def test_every_template_is_translated_for_its_current_english(lang):
    catalog = own_catalog(lang)
    english = {s.key: s.text for s in construct_sources()}
    assert set(catalog.entries) == set(english) and len(english) > 250
    undone = [key for key, e in catalog.entries.items() if not e.done or e.source != english[key]]
    assert undone == []


@pytest.mark.parametrize("lang", TARGETS)
def test_every_translation_keeps_its_placeholders_and_asks_for_known_forms(lang):
    catalog = own_catalog(lang)
    lines = own_path(lang).read_text("utf-8").splitlines()
    diags = Diagnostics()
    for entry in catalog.entries.values():
        where = Where(lines, entry.msgstr_lines, Span(str(own_path(lang)), entry.msgstr_lines[0], 1))
        check_translation(entry.source, entry.translation, entry.key, {}, where, diags)
    assert diags.sorted() == []


@pytest.mark.parametrize("lang", TARGETS)
def test_gettext_checks_kurtynas_catalogs(lang):
    result = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(own_path(lang))],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_games_catalogs_hold_no_construct_but_an_override():
    held = {path.relative_to(CONTENT).as_posix(): [line for line in path.read_text("utf-8").splitlines()
                                                    if line.startswith('msgctxt "construct.')]
            for path in CONTENT.glob("*/locales/*.po*")}
    assert {path: keys for path, keys in held.items() if keys} == {
        "cia_kgb/locales/cs.po": ['msgctxt "construct.set"']}


def test_a_new_small_game_asks_its_translator_for_its_own_entries_only(tmp_path):
    game = tmp_path / "trio"
    shutil.copytree(FIXTURES / "games" / "trio", game)  # nine cards, three players, no catalog
    assert run_cli("i18n", "update", str(game)).returncode == 0
    assert sorted(p.name for p in (game / "locales").iterdir()) == ["messages.pot"]  # no language yet
    refused = run_cli("text", str(game), "take_turn", "--lang", "pl")
    assert refused.returncode == 1 and "kurtyna i18n init trio pl" in refused.stderr
    started = run_cli("i18n", "init", str(game), "pl")
    assert started.returncode == 0 and (game / "locales" / "pl.po").is_file()
    report = json.loads(run_cli("i18n", "status", str(game), "--json").stdout)
    [pl] = [row["catalog"] for row in report["games"][0]["languages"] if row["lang"] == "pl"]
    assert 0 < pl["total"] < 60 and len(pl["missing"]) == pl["total"]
    assert not any(key.startswith("construct.") for key in pl["missing"])
    # until its entries are translated, the text says which it needs instead of mixing languages
    mixed = run_cli("text", str(game), "take_turn", "--lang", "pl")
    assert mixed.returncode == 1 and "name.hand" in mixed.stderr and mixed.stdout == ""


def test_init_refuses_an_unknown_language_and_a_second_game(tmp_path):
    game = tmp_path / "trio"
    shutil.copytree(FIXTURES / "games" / "trio", game)
    assert run_cli("i18n", "init", str(game), "de").returncode == 2
    assert run_cli("i18n", "init", str(game)).returncode == 2
    assert not (game / "locales").exists()


def test_sheets_refuse_a_language_whose_catalog_leaves_entries_in_english(tmp_path):
    game = tmp_path / "cia_kgb"
    shutil.copytree(CONTENT / "cia_kgb", game)
    po = game / "locales" / "pl.po"
    po.write_text(po.read_text("utf-8").replace('msgstr "Zimna wojna: CIA vs KGB"', 'msgstr ""', 1), "utf-8")
    (game / "locales" / "cs.po").unlink()
    out = tmp_path / "out"
    result = run_cli("sheets", str(game), "--review", "1", "--out", str(out))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "cia_kgb (pl): nothing written" in result.stderr and "name.cia_kgb" in result.stderr
    assert "note: cia_kgb has no cs catalog" in result.stderr
    assert sorted(p.name for p in (out / "cia_kgb").iterdir()) == ["review-en.png"]  # English only
    asked = run_cli("sheets", str(game), "--lang", "cs", "--review", "1", "--out", str(out))
    assert asked.returncode == 1 and "kurtyna i18n init cia_kgb cs" in asked.stderr
