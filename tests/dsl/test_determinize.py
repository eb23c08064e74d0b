"""`state.determinize(player, rng)` (dsl/runtime/determinize.py): a copy consistent with what the
player knows. At random decisions of random games of every game: no card the player knows
moves, every zone keeps its size, the cards are the same cards, the player's own view is the
same, the unknown cards are really dealt anew (over many draws), the original state is not
touched, and the copy plays on to the end."""

from __future__ import annotations

import importlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ..conftest import budget
from .test_saves import played

GAMES = ["zimna_wojna", "zelazna_kurtyna", "cia_kgb", "mocarstwo"]
ENGINES = {name: importlib.import_module(f"generated.{name}") for name in GAMES}




@settings(max_examples=budget(60), deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 10_000), at=st.integers(0, 300),
       who=st.integers(0, 4), dealing=st.integers(0, 2**32))
def test_a_determinized_state_keeps_what_the_player_knows(name, seed, at, who, dealing):
    state = played(ENGINES[name].Game(), seed, at)
    if state.is_over():
        return
    player = who % state.game.player_count
    before = state.to_json()
    view = state.view(player)
    new = state.determinize(player, random.Random(dealing))
    assert state.to_json() == before  # the original is untouched
    for card in state.game.cards:
        if state.knows(player, card):
            assert new.where[card] == state.where[card]
            zone = state.where[card]
            assert new.zones[zone].index(card) == state.zones[zone].index(card)
    assert [len(z) for z in new.zones] == [len(z) for z in state.zones]
    assert sorted(c for z in new.zones for c in z) == sorted(c for z in state.zones for c in z)
    assert all(new.where[c] == slot for slot, z in enumerate(new.zones) for c in z)
    assert json.dumps(new.view(player), sort_keys=True) == json.dumps(view, sort_keys=True)
    rnd = random.Random(seed)
    for _ in range(2000):  # the copy is a game like any other: it plays on
        if new.is_over():
            break
        new.apply_index(rnd.randrange(len(new.decision().options)))


@pytest.mark.parametrize("name", ["zimna_wojna", "zelazna_kurtyna"])
def test_unknown_cards_are_dealt_anew(name):
    state = played(ENGINES[name].Game(), 5, 40)
    player = state.decision().player
    other = 1 - player
    hand = next(z for z in state.game.spec.zones if z.id == "hand").slot + other
    unknown = [c for c in state.zones[hand] if not state.knows(player, c)]
    assert unknown, "the opponent's hand holds cards the player cannot know"
    rng = random.Random(1)
    hands = {tuple(state.determinize(player, rng).zones[hand]) for _ in range(30)}
    assert len(hands) >= 5  # dealt anew, not the same cards each time
    # the opponent's own copy keeps their hand: they know it
    assert all(state.determinize(other, rng).zones[hand] == state.zones[hand] for _ in range(5))


def test_the_player_is_named_or_numbered_and_must_be_seated():
    state = played(ENGINES["zimna_wojna"].Game(), 2, 20)
    assert state.determinize("us", random.Random(0)).zones is not None
    with pytest.raises(ValueError, match="no player 'nato'"):
        state.determinize("nato", random.Random(0))
    with pytest.raises(ValueError, match="no player 2 in 'zimna_wojna'"):
        state.determinize(2, random.Random(0))
    two = played(ENGINES["mocarstwo"].Game(players=2), 2, 10)  # china is declared, not seated
    with pytest.raises(ValueError, match="player 'china' is not at the table"):
        two.determinize("china", random.Random(0))
