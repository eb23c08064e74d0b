"""CIA vs KGB's readings as options (issue 43; docs/cia_kgb.md "The readings that are options"):
each choice option has a scenario for every reading, a printed label for every reading in every
language, and random games played with each reading keep the rules' invariants and end."""

from __future__ import annotations

import random

import pytest

from dsl.runtime.invariants import violations

from ..conftest import CONTENT


@pytest.fixture(scope="module")
def cia_kgb(compiled_packages):
    return compiled_packages(CONTENT / "cia_kgb")



def test_the_readings_are_the_two_options_of_the_docs(cia_kgb):
    assert cia_kgb.SPEC.option_choices == {
        "reading_double_riot": ("token_stays", "tie_only"),
        "reading_double_agent": ("token_decides", "player_chooses"),
    }
    assert cia_kgb.SPEC.options == {"reading_double_riot": "token_stays",
                                    "reading_double_agent": "token_decides"}


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
