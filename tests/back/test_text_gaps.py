"""What the generated card text needs: phrases, terms and translations come from the content or
the check fails (E720-E725), never an id or English fallback; a value is named by what it is;
option labels and construct templates are the translator's; verbs agree with their subject."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from compiler.back.i18n import translations
from compiler.back.text import generated_text
from compiler.back.text.gaps import check_generated_text
from compiler.diagnostics import Diagnostics
from compiler.pipeline import compile_game

from ..conftest import edit_file as edit
from ..conftest import run_cli

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"




def gaps(folder: Path) -> list:
    diags = Diagnostics()
    check_generated_text(compile_game(folder), diags)
    return diags.sorted()


def test_the_games_lack_nothing(zw, zk):
    for compiled in (zw, zk):
        diags = Diagnostics()
        check_generated_text(compiled, diags)
        assert diags.sorted() == []


def test_a_procedure_without_a_phrase_is_an_error_at_its_definition(zk_copy):
    folder = zk_copy / "content" / "zelazna_kurtyna"
    edit(folder / "text.yaml", '  gain:\n    do: "{p} gains {points|point}"\n', "")
    result = subprocess.run([sys.executable, "-m", "compiler.cli", "check", "zelazna_kurtyna"], cwd=zk_copy,
                            capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 1 and "Traceback" not in result.stderr
    where = "content/zelazna_kurtyna/rules.yaml:19:7"
    assert f"{where}: error[E720]: the item 'gain' has no phrase" in result.stderr
    assert "east_germany_card" in result.stderr  # the cards that need it are named
    assert "hint: add it under `phrases:` in text.yaml, e.g. `gain: {do: " in result.stderr


def test_an_attribute_without_a_term_is_an_error_in_text_yaml(zw, tmp_path):
    folder = tmp_path / "zimna_wojna"
    shutil.copytree(CONTENT / "zimna_wojna", folder)
    edit(folder / "text.yaml", "  scoring: scoring_card\n", "")
    found = [d for d in gaps(folder) if d.code == "E721"]
    assert [d.message.split(" (")[0] for d in found] == [
        "the attribute 'scoring' has no glossary term: card text would print its id"]
    assert found[0].span.path.endswith("text.yaml") and "attributes:" in found[0].hint


def test_an_untranslated_string_is_an_error_at_its_catalog_entry(zk_copy):
    folder = zk_copy / "content" / "zelazna_kurtyna"
    edit(folder / "locales" / "cs.po", 'msgstr "{p} {p?získá|získají} {points|point:acc}"', 'msgstr ""')
    [found] = gaps(folder)
    assert found.code == "E722" and found.span.path.endswith("locales/cs.po")
    assert "'phrase.gain.do' has no current translation in cs.po" in found.message


def test_a_grammatical_number_is_singular_or_plural(zk_copy):
    folder = zk_copy / "content" / "zelazna_kurtyna"
    text = (folder / "locales" / "pl.po").read_text("utf-8")
    entry = text.index('msgctxt "name.us.number"')
    fixed = text[:entry] + text[entry:].replace('msgstr "plural"', 'msgstr "mnoga"', 1)
    (folder / "locales" / "pl.po").write_text(fixed, "utf-8")
    [found] = gaps(folder)
    assert found.code == "E725" and "'name.us.number' says 'mnoga'" in found.message


# ---- what the text says --------------------------------------------------------------------


def test_verbs_agree_with_a_plural_name(zk):
    # Polish and Czech "USA" take plural verbs (glossary PL-INDECL), "ZSRR"/"SSSR" singular ones.
    assert "USA zdobywają 1 punkt" in generated_text(zk, "brazil_card", "pl")
    assert "ZSRR zdobywa 1 punkt" in generated_text(zk, "east_germany_card", "pl")
    assert "USA získají 1 bod" in generated_text(zk, "brazil_card", "cs")
    assert "SSSR získá 1 bod" in generated_text(zk, "east_germany_card", "cs")
    # Infiltration as rulebook 000 words it: "ZSRR infiltruje jedną kostkę".
    assert "ZSRR infiltruje 2 kostki" in generated_text(zk, "east_germany_card", "pl")


def test_a_roll_is_named_by_what_it_is(zw):
    text = generated_text(zw, "korean_war", "en")
    assert "Roll a die and subtract the number of countries adjacent to South Korea" in text
    assert "Subtract 1 from the roll." in text and "If the roll is at least 4:" in text
    assert "Zmniejsz wynik rzutu o 1" in generated_text(zw, "korean_war", "pl")
    summit = generated_text(zw, "summit", "en")
    assert summit.startswith("Roll 1: roll a die and add") and "If roll 1 is more than roll 2:" in summit


def test_a_random_pick_and_a_snapshot_are_named_by_what_they_are(zw):
    assert generated_text(zw, "five_year_plan", "en").startswith(
        "Pick a random card from the cards in the hand of the USSR other than “The China Card”. "
        "If there is such a card: Put that card on the discard pile.")
    # The USA's hand is counted before cards are discarded from it: the count is noted.
    text = generated_text(zw, "ask_not_what_your_country_can_do_for_you", "en")
    assert text.startswith("Note the number of cards in the hand of the US.")
    assert "Repeat as many times as the noted number minus the number of cards in the hand of the US" in text


def test_option_labels_are_translated(zw):
    tr = translations(zw, "pl")
    assert tr.sources["option.blockade.discard"].text == "discard"
    text = generated_text(zw, "blockade", "pl")
    assert "odrzucenie karty (tylko jeśli" in text and "discard" not in text


def test_a_translator_overrides_a_construct_for_one_game(zk_copy):
    """Kurtyna's own catalog says "Tylko jeśli {cond}" for every game; a game's translator adds the
    entry to the game's catalog to say it otherwise there, `i18n update` keeps it, and an entry
    that only repeats Kurtyna's words is dropped (docs/translating.md, "Kurtyna's own catalogs")."""
    folder = zk_copy / "content" / "zelazna_kurtyna"
    po = folder / "locales" / "pl.po"
    assert "construct." not in po.read_text("utf-8")  # the game's catalog holds its own strings only
    assert generated_text(compile_game(folder), "brazil_card", "pl").startswith("Tylko jeśli liczba kart")
    override = '\nmsgctxt "construct.require"\nmsgid "Only if {cond}"\nmsgstr "Wyłącznie gdy {cond}"\n'
    po.write_text(po.read_text("utf-8") + override, "utf-8")
    assert generated_text(compile_game(folder), "brazil_card", "pl").startswith("Wyłącznie gdy liczba kart")
    assert run_cli("i18n", "update", str(folder)).returncode == 0
    assert 'msgstr "Wyłącznie gdy {cond}"' in po.read_text("utf-8")  # kept: the game's own words
    assert generated_text(compile_game(folder), "brazil_card", "pl").startswith("Wyłącznie gdy liczba kart")
    # the same words as Kurtyna's are no override: update drops the entry
    edit(po, 'msgstr "Wyłącznie gdy {cond}"', 'msgstr "Tylko jeśli {cond}"')
    assert run_cli("i18n", "update", str(folder)).returncode == 0
    assert "construct." not in po.read_text("utf-8")
    assert generated_text(compile_game(folder), "brazil_card", "pl").startswith("Tylko jeśli liczba kart")
