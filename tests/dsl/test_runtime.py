"""The runtime core, through the engine compiled from the tiny test game.

tests/fixtures/games/tiny uses every construct of the language: choices of each kind, dice,
lasting effects of each duration, hooks, events, zones, tables, options and an optional space.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.tools.sim.command import play_random
from dsl.runtime import IllegalAnswer
from dsl.runtime.helpers import RuleError, TrackOverflow, row

from ..conftest import assert_copies_continue, drive

run = drive  # drive a generated procedure or event with answers


def random_game(tiny, seed: int, options=None, check: bool = False):
    state, _ = play_random(tiny.Game(options or {}), seed, check, limit=10_000)
    return state


def test_a_decision_names_the_player_and_lists_legal_answers(tiny):
    state = tiny.Game().new_state(seed=3)
    decision = state.decision()
    assert decision.player == 0 and decision.kind == "item" and decision.item_kind == "card"
    assert decision.prompt == "take_turn.c"
    hand = [tiny.data.CARDS_IDS[c] for c in state.zones[tiny.data.Z_HAND]]
    assert decision.answers == sorted(hand, key=tiny.data.CARDS_IDS.index)


def test_an_illegal_answer_is_refused_with_the_legal_ones(tiny):
    state = tiny.Game().new_state(seed=3)
    legal = state.decision().answers
    with pytest.raises(IllegalAnswer) as caught:
        state.apply("no_such_card")
    assert "take_turn.c" in str(caught.value) and legal[0] in str(caught.value)
    state.apply(legal[0])  # the state is unharmed


def test_same_seed_and_answers_give_the_same_game(tiny):
    a, b = random_game(tiny, 11), random_game(tiny, 11)
    assert a.log == b.log and a.result() == b.result() and a.t == b.t
    assert random_game(tiny, 12).log != a.log


def test_random_games_end_and_hold_the_invariants(tiny):
    results = set()
    for seed in range(150):
        state = random_game(tiny, seed, {"island": seed % 2 == 0}, check=True)
        assert state.result()["reason"] in ("score", "tie")
        results.add(state.result()["winner"])
    assert results <= {"red", "blue", None} and len(results) >= 2


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), cut=st.integers(0, 40))
def test_clone_and_json_in_the_middle_of_a_decision_continue_identically(tiny, seed, cut):
    state = tiny.Game({"island": seed % 3 == 0}).new_state(seed)
    rnd = random.Random(seed)
    for _ in range(cut):
        if state.is_over():
            break
        state.apply_index(rnd.randrange(len(state.decision().options)))
    assert_copies_continue(state, seed)


def test_json_form_is_plain_and_versioned(tiny):
    state = random_game(tiny, 5)
    data = json.loads(state.to_json())
    assert data["game"] == "tiny" and data["format"] == 2 and data["seed"] == 5
    assert set(data) == {"format", "game", "options", "seed", "history", "state"}
    with pytest.raises(ValueError):
        tiny.Game.state_from_json('{"format": 99}')


def test_forced_rolls_decide_dice_and_survive_cloning(tiny):
    d = tiny.data
    state = tiny.Game().new_state(seed=1)
    state.force_rolls(5)
    run(state, state.play_event(d.STORM, d.BLUE))
    assert state.t[d.T_SCORE] == -2  # a roll of 4 or more: score moves 2 towards blue
    state.force_rolls(2)
    run(state, state.play_event(d.STORM, d.BLUE))
    assert state.t[d.T_SCORE] == -2 and state.log[-1] == ("say", "storm_fizzles", {"roll": 2})
    assert json.loads(state.to_json())["history"] == [{"force": [5]}, {"force": [2]}]


def test_forced_draws_take_the_named_card_and_survive_cloning(tiny):
    d = tiny.data
    state = tiny.Game().new_state(seed=4)
    pick = state.zones[d.Z_DECK][0]  # the bottom card: a plain draw takes the top (the end)
    state.force_draws(pick)
    assert_copies_continue(state, 4)  # the forcing is part of the saved history
    state = tiny.Game().new_state(seed=4)
    state.force_draws(pick)
    rnd = random.Random(4)
    size = len(state.zones[d.Z_DECK])
    assert size > 2  # so that plain draws in the next round would not reach the bottom card
    while len(state.zones[d.Z_DECK]) == size:
        assert not state.is_over(), "nothing was drawn"
        state.apply_index(rnd.randrange(len(state.decision().options)))
    assert pick not in state.zones[d.Z_DECK]


def test_a_forced_draw_of_a_card_not_in_the_pile_is_refused(tiny):
    d = tiny.data
    state = tiny.Game().bare_state(1)
    state.move(d.RALLY, d.Z_DECK)
    state.force_draws(d.STORM)  # still in the box
    with pytest.raises(IllegalAnswer, match="forced draw 'storm' is not in the pile"):
        state.draw(1, d.Z_DECK, d.Z_HAND)


def test_require_makes_an_event_impossible(tiny):
    d = tiny.data
    state = tiny.Game().new_state(seed=1)
    assert state.event_possible(d.STORM, d.RED)
    state.t[d.T_SCORE] = 5
    assert not state.event_possible(d.STORM, d.RED)
    assert not state.event_possible(d.BLANK, d.RED)  # no event at all


def test_modifier_until_cancelled(tiny):
    d, rules = tiny.data, tiny.rules
    state = tiny.Game().new_state(seed=1)
    run(state, state.play_event(d.BOOST, d.RED))
    assert rules.h_power(state, d.RALLY, d.RED) == 3 and rules.h_power(state, d.RALLY, d.BLUE) == 2
    asked = run(state, state.play_event(d.RECALL, d.BLUE), [1])
    assert [a.kind for a in asked] == ["number"] and asked[0].answers == [0, 1, 2]
    assert rules.h_power(state, d.RALLY, d.RED) == 2  # recall cancelled the boost
    assert state.t[d.T_ENERGY + d.BLUE] == 3


def test_modifier_while_a_condition_holds(tiny):
    d, rules = tiny.data, tiny.rules
    state = tiny.Game().new_state(seed=1)
    run(state, state.play_event(d.FOG, d.RED))
    assert rules.h_power(state, d.STORM, d.RED) == 2  # gold card: -1
    assert rules.h_power(state, d.EMBARGO, d.RED) == 1  # silver card: unchanged
    state.t[d.T_SCORE] = 3
    assert rules.h_power(state, d.STORM, d.RED) == 3 and not state.lasting


def test_prohibition_until_an_event(tiny):
    d, rules = tiny.data, tiny.rules
    state = tiny.Game().new_state(seed=1)
    run(state, state.play_event(d.EMBARGO, d.RED))
    assert not rules.h_may_play(state, d.STORM, d.BLUE)  # power 3, opponent: forbidden
    assert rules.h_may_play(state, d.STORM, d.RED) and rules.h_may_play(state, d.RALLY, d.BLUE)
    run(state, state.emit("round_end", ()))
    assert rules.h_may_play(state, d.STORM, d.BLUE) and not state.lasting


def test_trigger_fires_once(tiny):
    d, rules = tiny.data, tiny.rules
    state = tiny.Game().new_state(seed=1)
    run(state, state.play_event(d.AMBUSH, d.RED))
    asked = run(state, rules.p_place_troops(state, d.BLUE, 2), [d.DELTA, d.DELTA])
    assert [a.prompt for a in asked] == ["place_troops.s", "place_troops.s"]
    assert None in asked[0].options and asked[0].answers[-1] == "done"
    # two placed, the first one ambushed
    assert state.c[d.C_TROOPS][d.DELTA][d.BLUE] == 2 and not state.lasting


def test_choose_distinct_and_at_most_each(tiny):
    d, rules = tiny.data, tiny.rules
    state = tiny.Game().new_state(seed=1)
    asked = run(state, state.play_event(d.RALLY, d.RED), [d.BETA, d.ALPHA])
    assert asked[0].answers == ["alpha", "beta"] and asked[1].answers == ["alpha"]
    asked = run(state, rules.p_place_troops(state, d.RED, 3), [d.ALPHA, d.ALPHA, None])
    assert "alpha" not in asked[2].answers  # at most 2 each
    assert state.c[d.C_TROOPS][d.ALPHA][d.RED] == 4


def test_options_and_optional_space(tiny):
    d = tiny.data
    assert d.ISLAND not in tiny.Game().spaces
    game = tiny.Game({"island": True, "rounds": 2})
    assert d.ISLAND in game.spaces and d.ISLAND in game.adjacent[d.DELTA]
    with pytest.raises(ValueError):
        tiny.Game({"islands": True})
    with pytest.raises(ValueError):
        tiny.Game({"island": 3})


def test_a_track_that_must_not_overflow_says_so(tiny):
    with pytest.raises(TrackOverflow, match="track 'round' moved to 5, outside 1..4"):
        random_game(tiny, 1, {"rounds": 5})


def test_a_missing_table_row_is_a_rule_error(tiny):
    assert row(tiny.data.TABLE_ROUNDS, 2, "rounds").draw == 1
    with pytest.raises(RuleError, match="table 'rounds' has no row 9"):
        row(tiny.data.TABLE_ROUNDS, 9, "rounds")


def test_membership_in_a_local_list_inside_a_comprehension(tiny):
    """The backend turns `s in base` inside a comprehension into a set built once; the
    result must be what the list scan would give."""
    d, rules = tiny.data, tiny.rules
    state = tiny.Game().bare_state(1)
    assert rules.f_near(state, [d.ALPHA]) == [d.ALPHA, d.BETA]
    assert rules.f_near(state, [d.GAMMA, d.ALPHA]) == [d.ALPHA, d.BETA, d.GAMMA, d.DELTA]
    assert rules.f_near(state, []) == []
