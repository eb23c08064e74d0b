"""CIA vs KGB's readings as options (issue 43; docs/cia_kgb.md "The readings that are options"):
each choice option has a scenario for every reading, a printed label for every reading in every
language, and random games played with each reading keep the rules' invariants and end."""

from __future__ import annotations

import random

import pytest
import yaml

from dsl.runtime.invariants import violations

from ..conftest import CONTENT, ROOT

EXAMPLES = ROOT / "tests" / "examples" / "cia_kgb"


@pytest.fixture(scope="module")
def cia_kgb(compiled_packages):
    return compiled_packages(CONTENT / "cia_kgb")


def readings(spec) -> list[tuple[str, str]]:
    return [(option, constant) for option, constants in spec.option_choices.items() for constant in constants]


def test_the_readings_are_the_two_options_of_the_docs(cia_kgb):
    assert cia_kgb.SPEC.option_choices == {
        "reading_double_riot": ("token_stays", "tie_only"),
        "reading_double_agent": ("token_decides", "player_chooses"),
    }
    assert cia_kgb.SPEC.options == {"reading_double_riot": "token_stays",
                                    "reading_double_agent": "token_decides"}


def test_every_reading_has_its_scenario_citing_the_rulebook(cia_kgb):
    """reading_<what>_<constant>.yaml, with the option set for a reading that is not the default."""
    for option, constant in readings(cia_kgb.SPEC):
        what = option.removeprefix("reading_")
        scenario = yaml.safe_load((EXAMPLES / f"reading_{what}_{constant}.yaml").read_text("utf-8"))
        assert scenario["source"].startswith("001 "), (option, constant)
        given = scenario.get("options", {}).get(option, cia_kgb.SPEC.options[option])
        assert given == constant, (option, constant)


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_every_reading_is_printed_in_every_language(cia_kgb, lang):
    from compiler.back.i18n import translations
    from compiler.pipeline import compile_game

    compiled = compile_game(CONTENT / "cia_kgb")
    words = translations(compiled, lang)
    for option, constant in readings(cia_kgb.SPEC):
        english = translations(compiled, "en").message(f"sheet.value.{constant}", "")
        assert english, constant
        assert words.message(f"sheet.value.{constant}", english) != english, (lang, constant)
        assert words.message(f"name.{option}", "") not in ("", option), (lang, option)


@pytest.mark.parametrize("option, constant", [("reading_double_riot", "tie_only"),
                                              ("reading_double_agent", "player_chooses")])
def test_random_games_with_each_other_reading_hold_the_invariants_and_end(cia_kgb, option, constant):
    game = cia_kgb.Game({option: constant})
    for seed in range(40):
        state = game.new_state(seed)
        rnd = random.Random(seed)
        while not state.is_over():
            state.apply_index(rnd.randrange(len(state.decision().options)))
            assert not violations(state), (seed, violations(state))
        assert state.result()["reason"] in ("hundred_points", "targets_exhausted")


def test_the_double_agents_player_is_asked_only_with_its_reading(cia_kgb):
    """player_chooses asks the Double Agent's player which effect; the default never asks."""
    asked = {}
    for constant in ("token_decides", "player_chooses"):
        game = cia_kgb.Game({"reading_double_agent": constant})
        prompts = set()
        for seed in range(40):
            state = game.new_state(seed)
            rnd = random.Random(seed)
            while not state.is_over():
                prompts.add(state.decision().prompt)
                state.apply_index(rnd.randrange(len(state.decision().options)))
        asked[constant] = "double_agent_agenda.option" in prompts
    assert asked == {"token_decides": False, "player_chooses": True}
