"""The convention of docs/authoring.md "Readings as options", held by every game: each reading of
each choice option has its scenario (`reading_<what>_<constant>.yaml`, citing the game's rulebook,
setting the option where the reading is not the default), and its printed sentence and the
option's name are translated in Polish and Czech. The games' own reading tests check what each
reading does (tests/games/test_cia_kgb_readings.py, test_mocarstwo_readings.py)."""

from __future__ import annotations

import pytest
import yaml

from compiler.back.i18n import translations
from compiler.tools.models import compiled_game

from ..conftest import CONTENT, ROOT

SEEDS = {"cia_kgb": "001", "mocarstwo": "004", "zimna_wojna": "002"}  # the rulebook each cites


def readings(game: str) -> list[tuple[str, str, str]]:
    """(option, constant, default) for every reading of every choice option of `game`."""
    model = compiled_game(CONTENT / game).game
    return [(o.id, c, o.default) for o in model.options if o.choices for c in model.enums[o.choices]]


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_every_reading_has_its_scenario_citing_the_rulebook(game):
    found = readings(game)
    assert found, f"{game} has no reading to check"
    for option, constant, default in found:
        what = option.removeprefix("reading_")
        path = ROOT / "tests" / "examples" / game / f"reading_{what}_{constant}.yaml"
        scenario = yaml.safe_load(path.read_text("utf-8"))
        assert scenario["source"].startswith(SEEDS[game] + " "), (option, constant)
        assert scenario.get("options", {}).get(option, default) == constant, (option, constant)


@pytest.mark.parametrize("game", sorted(SEEDS))
@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_every_reading_is_printed_in_every_language(game, lang):
    compiled = compiled_game(CONTENT / game)
    english, words = translations(compiled, "en"), translations(compiled, lang)
    for option, constant, _ in readings(game):
        source = english.message(f"sheet.value.{constant}", "")
        assert source, constant
        assert words.message(f"sheet.value.{constant}", source) != source, (lang, constant)
        assert words.message(f"name.{option}", "") not in ("", option), (lang, option)
