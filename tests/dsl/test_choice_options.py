"""Choice options (issue 43): an option that takes one of an enum's constants, as a reading of a rule
the rulebook leaves open does. Declared with `type: <enum>`, read in effects as `option(id) == c`,
given as `--option id=c`, checked in saves and at the start like every other option."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dsl.runtime.options import OptionError
from tests.conftest import FIXTURES, copy_game, edit_file, run_cli

READING = ("  - id: reading\n    names: {en: Who wins}\n    type: color\n"
           "    description: gold - the leader wins; silver - every game is a draw.\n")


def tiny_with_reading(tmp_path: Path, option: str = READING) -> Path:
    """The tiny fixture with a choice option that decides how its game ends."""
    game = copy_game(FIXTURES / "games" / "tiny", tmp_path)
    edit_file(game / "game.yaml", "options:\n", "options:\n" + option, count=1)
    edit_file(game / "rules.yaml", "          let winner = leader()\n",
              "          let winner = leader()\n          if option(reading) == silver:\n"
              "              end game draw because \"tie\"\n", count=1)
    return game


@pytest.fixture(scope="module")
def reading_game(tmp_path_factory, compiled_packages):
    return compiled_packages(tiny_with_reading(tmp_path_factory.mktemp("reading")))


def test_a_choice_option_defaults_to_its_enums_first_constant_and_takes_the_others(reading_game):
    assert reading_game.Game().options["reading"] == "gold"
    assert reading_game.Game({"reading": "silver"}).options["reading"] == "silver"


@pytest.mark.parametrize("value, words", [
    ("bronze", "option 'reading' takes one of gold, silver, not 'bronze'"),
    (True, "takes one of gold, silver, not true"),
    (1, "takes one of gold, silver, not 1"),
])
def test_a_choice_option_refuses_what_its_enum_does_not_hold(reading_game, value, words):
    with pytest.raises(OptionError, match=words):
        reading_game.Game({"reading": value})


def test_a_save_with_a_reading_the_game_does_not_have_is_refused(reading_game):
    game = reading_game.Game({"reading": "silver"})
    state = game.new_state(3)
    saved = json.loads(state.to_json())
    assert saved["options"]["reading"] == "silver"
    assert game.state_from_json(json.dumps(saved)).game.options["reading"] == "silver"
    saved["options"]["reading"] = "bronze"
    with pytest.raises(ValueError, match="takes one of gold, silver"):
        game.state_from_json(json.dumps(saved))


def test_the_reading_changes_the_games_it_is_played_with(tmp_path):
    game = tiny_with_reading(tmp_path)
    plain = run_cli("sim", str(game), "--games", "20", "--json")
    silver = run_cli("sim", str(game), "--games", "20", "--json", "--option", "reading=silver")
    assert plain.returncode == 0 and silver.returncode == 0, plain.stderr + silver.stderr
    ends = {side: {end["reason"]: end["games"] for end in json.loads(out.stdout)["ends"]}
            for side, out in (("plain", plain), ("silver", silver))}
    assert ends["silver"] == {"tie": 20}
    assert ends["plain"].get("score", 0) > 0


def test_check_names_each_choice_option_and_its_readings(tmp_path):
    result = run_cli("check", str(tiny_with_reading(tmp_path)))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1] == "  option reading: gold (default) | silver"


def test_the_cli_refuses_a_reading_the_game_does_not_have(tmp_path):
    result = run_cli("sim", str(tiny_with_reading(tmp_path)), "--games", "1", "--option", "reading=bronze")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "option 'reading' takes one of gold, silver, not 'bronze'" in result.stderr


@pytest.mark.parametrize("option, needle, code, words", [
    (READING.replace("type: color", "type: colour"), "type: colour", "E301",
     "option 'reading' takes the constants of enum 'colour', which game.yaml does not declare"),
    (READING + "    default: bronze\n", "default: bronze", "E205",
     "option 'reading' defaults to 'bronze', not a constant of enum 'color' (gold, silver)"),
    (READING + "    max: 3\n", "max: 3", "E202", "option 'reading' is a choice of 'color'"),
])
def test_a_choice_option_that_cannot_hold_is_a_located_error(tmp_path, option, needle, code, words):
    game = tiny_with_reading(tmp_path, option)
    result = run_cli("check", str(game))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    lines = (game / "game.yaml").read_text("utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, 1) if needle in line)
    first = result.stderr.splitlines()[0]
    assert f"game.yaml:{number}:" in first and f"error[{code}]" in first and words in first, result.stderr


def test_an_effect_compares_a_choice_option_with_its_enums_constants_only(tmp_path):
    game = tiny_with_reading(tmp_path)
    edit_file(game / "rules.yaml", "if option(reading) == silver:", "if option(reading) == 2:", count=1)
    result = run_cli("check", str(game))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "rules.yaml:" in result.stderr and "error[E" in result.stderr


def test_the_reference_sheet_lists_each_reading_with_the_default_marked(tmp_path):
    from compiler.back.sheets import reference
    from compiler.back.sheets.layout import PAPERS
    from compiler.back.sheets.words import Words
    from compiler.tools.models import compiled_game

    game = tiny_with_reading(tmp_path)
    edit_file(game / "game.yaml", "enums:\n", "sheets:\n  values: {gold: The leader wins, silver: "
              "Every game is a draw}\nenums:\n", count=1)
    compiled = compiled_game(game)
    page = reference.reference_html(Words(compiled, "en"), PAPERS["a4"])
    assert "<h2>Readings to agree on before play</h2>" in page
    assert "<b>Who wins:</b> The leader wins <i>(default)</i>; Every game is a draw</li>" in page
    polish = reference.reference_html(Words(compiled, "pl"), PAPERS["a4"])
    assert "<h2>Interpretacje zasad do uzgodnienia przed grą</h2>" in polish


def test_rule_text_says_which_reading_a_branch_belongs_to(tmp_path):
    game = tiny_with_reading(tmp_path)
    said = run_cli("text", str(game), "play", "--lang", "en")
    assert said.returncode == 0, said.stderr
    assert 'If the table plays the reading "silver" of the rule: Who wins:' in said.stdout
    edit_file(game / "rules.yaml", "if option(reading) == silver:", "if option(reading) != gold:", count=1)
    said = run_cli("text", str(game), "play", "--lang", "en")
    assert 'If the table does not play the reading "gold" of the rule: Who wins:' in said.stdout
