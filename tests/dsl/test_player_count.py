"""Player count (game.yaml `player_count`): `Game(options, players=N)` seats the first N declared
players, and nothing acts for, is asked of, is shown for or scores for the others.

The fixture game trio (tests/fixtures/games/trio) declares three players and is played by two
or three: each round every seated player takes a turn, from a starter that moves on with
`next_player`; setup records `next_player(birch)` and `previous_player(amber)` and counts the
seated players with `for p in players`."""

from __future__ import annotations

import json
import random

import pytest

from dsl.runtime.options import OptionError
from dsl.runtime.save import SaveError

from ..conftest import FIXTURES

TRIO = FIXTURES / "games" / "trio"


@pytest.fixture(scope="module")
def trio(compiled_packages):
    return compiled_packages(TRIO)


def play_out(state, seed: int = 1) -> set[str]:
    """Random answers to the end; the ids of the players asked."""
    rnd, asked = random.Random(seed), set()
    while not state.is_over():
        decision = state.decision()
        asked.add(decision.who)
        state.apply_index(rnd.randrange(len(decision.options)))
    return asked


def test_the_count_defaults_to_max_and_seats_the_first_n(trio):
    assert trio.SPEC.seats() == (2, 3, 3)
    assert trio.Game().players == [0, 1, 2]
    assert trio.Game(players=2).players == [0, 1]
    assert trio.Game({"rounds": 1}, players=3).player_count == 3


@pytest.mark.parametrize("bad", [1, 4, 0, True, "2"])
def test_a_count_outside_the_range_is_an_option_error(trio, bad):
    with pytest.raises(OptionError) as caught:
        trio.Game(players=bad)
    assert caught.value.option == "players"
    assert "2 to 3" in str(caught.value)


def test_next_and_previous_wrap_among_the_seated_players_only(trio):
    for seated, after_birch, before_amber in ((2, "amber", "birch"), (3, "cedar", "cedar")):
        state = trio.Game(players=seated).new_state(5)
        ids = trio.SPEC.players
        names = {name: ids.index(name) for name in ids}
        assert state.t[trio.SPEC.tracks[2].slot] == seated  # `for p in players` skipped cedar at 2
        variables = dict(zip(("starter", "after_last", "before_first"), state.v, strict=True))
        assert ids[variables["after_last"]] == after_birch
        assert ids[variables["before_first"]] == before_amber
        assert [state.next_player(p) for p in range(seated)] == [*range(1, seated), 0]
        assert [state.previous_player(p) for p in range(seated)] == [seated - 1, *range(seated - 1)]
        if seated == 2:
            with pytest.raises(Exception, match="not at the table"):
                state.next_player(names["cedar"])


def test_an_unseated_player_is_never_asked_shown_or_scored(trio):
    state = trio.Game(players=2).new_state(3)
    assert play_out(state) == {"amber", "birch"}
    view = state.view("amber")
    assert view["players"] == ["amber", "birch"]
    assert view["tracks"]["score"].keys() == {"amber", "birch"}
    assert view["zones"]["hand"].keys() == {"amber", "birch"}
    assert state.result()["winner"] in (None, "amber", "birch")
    with pytest.raises(ValueError, match="not at the table"):
        state.view("cedar")
    # cedar's hidden hand was never dealt, and nobody (not cedar either) is counted as seeing
    assert state.zones[trio.SPEC.zones[2].slot + 2] == []
    assert all(seen < 4 for seen in state.seen)


def test_three_seated_players_all_take_turns(trio):
    state = trio.Game(players=3).new_state(3)
    assert play_out(state) == {"amber", "birch", "cedar"}
    assert state.view("cedar")["players"] == ["amber", "birch", "cedar"]


def test_a_save_records_the_count_and_round_trips_at_two_players(trio):
    state = trio.Game(players=2).new_state(7)
    for _ in range(3):
        state.apply_index(0)
    text = state.to_json()
    assert json.loads(text)["players"] == 2
    loaded = trio.Game.state_from_json(text)
    assert loaded.game.player_count == 2 and loaded.history == state.history
    assert loaded.view("birch") == state.view("birch")
    assert play_out(loaded, 2) == play_out(state, 2)
    assert loaded.to_json() == state.to_json()


def test_a_save_without_a_count_loads_as_the_default_and_a_bad_count_is_refused(trio):
    data = json.loads(trio.Game(players=3).new_state(7).to_json())
    del data["players"]
    assert trio.Game.state_from_json(json.dumps(data)).game.player_count == 3
    data["players"] = 5
    with pytest.raises(SaveError) as caught:
        trio.Game.state_from_json(json.dumps(data))
    assert caught.value.where == "players" and "2 to 3" in caught.value.problem


def test_a_two_player_game_saves_as_before(tiny):
    """A game without player_count seats everyone and writes no count: its saves are unchanged."""
    state = tiny.Game().new_state(1)
    assert state.game.players == [0, 1]
    assert "players" not in json.loads(state.to_json())
    with pytest.raises(OptionError):
        tiny.Game(players=3)
