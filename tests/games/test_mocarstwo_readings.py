"""Jak zostać mocarstwem's readings as options (issue 43; docs/mocarstwo.md "The readings that
are options"): each choice option has a scenario for every reading, a printed label for every
reading in every language, and random games played with each reading keep the rules' invariants
and end."""

from __future__ import annotations

import random

import pytest

from dsl.runtime.invariants import violations

from ..conftest import CONTENT


@pytest.fixture(scope="module")
def mocarstwo(compiled_packages):
    return compiled_packages(CONTENT / "mocarstwo")



def test_the_readings_are_the_two_options_of_the_docs(mocarstwo):
    assert mocarstwo.SPEC.option_choices == {
        "reading_free_countries": ("fill_up", "one_each"),
        "reading_policy_action": ("own_move", "same_move"),
    }
    assert mocarstwo.SPEC.options == {"reading_free_countries": "fill_up",
                                      "reading_policy_action": "own_move"}


@pytest.mark.parametrize("option, constant", [("reading_free_countries", "one_each"),
                                              ("reading_policy_action", "same_move")])
@pytest.mark.parametrize("players", [2, 5])
def test_random_games_with_each_other_reading_hold_the_invariants_and_end(mocarstwo, option, constant,
                                                                          players):
    game = mocarstwo.Game({option: constant}, players=players)
    for seed in range(12):
        state = game.new_state(seed)
        rnd = random.Random(seed)
        while not state.is_over():
            state.apply_index(rnd.randrange(len(state.decision().options)))
            assert not violations(state), (seed, violations(state))
        assert state.result()["reason"] == "most_points"


def test_the_policy_alone_is_a_move_of_its_own_only_with_its_reading(mocarstwo):
    """own_move asks a holder whose tokens are all placed whether to use the Consistent Policy
    token alone ("decline the policy" is one answer); same_move never does, and after an action
    paid with the token alone the same player acts again at once (the move's own action)."""
    declined_offered = {}
    for constant in ("own_move", "same_move"):
        game = mocarstwo.Game({"reading_policy_action": constant}, players=3)
        offered = False
        for seed in range(30):
            state = game.new_state(seed)
            rnd = random.Random(seed)
            follow = None  # the player who must act next: paid with the policy alone (same_move)
            while not state.is_over():
                decision = state.decision()
                answers = decision.answers
                offered |= decision.prompt == "take_action.option" and "decline the policy" in answers
                if follow is not None and decision.prompt == "take_action.option":
                    assert decision.who == follow, seed
                    follow = None
                answer = answers[rnd.randrange(len(answers))]
                if constant == "same_move" and decision.prompt == "pay_one.option" and answer == "policy":
                    follow = decision.who
                state.apply_index(answers.index(answer))
        declined_offered[constant] = offered
    assert declined_offered == {"own_move": True, "same_move": False}
