"""Rules that reach a player who is not at the table by naming it: a win for it, or a private
log line to it, is a fault of the rules (R104) located at the statement, and the state breaks;
with that player seated the same rules run. Fixture: a copy of trio (three declared, two or three
seated) whose setup, at option rounds 4, names cedar, the third player."""

from __future__ import annotations

import pytest

from dsl.runtime import GameOver
from dsl.runtime.helpers import RuleError

from ..conftest import FIXTURES, copy_game, edit_file

TRIO = FIXTURES / "games" / "trio"
AT = "          starter = amber\n"


@pytest.fixture(scope="module")
def trio(compiled_packages):
    return compiled_packages(TRIO)


def variant(tmp_path, compiled_packages, statement: str):
    """trio whose setup runs `statement` (about cedar) when option rounds is 4."""
    game = copy_game(TRIO, tmp_path)
    edit_file(game / "rules.yaml", AT, f"{AT}          if option(rounds) == 4:\n              {statement}\n")
    return compiled_packages(game)


@pytest.mark.parametrize("statement", ['end game winner cedar because "score"',
                                       'end game winners [amber, cedar] because "score"'])
def test_a_win_for_an_unseated_player_is_a_located_fault(tmp_path, compiled_packages, statement):
    engine = variant(tmp_path, compiled_packages, statement)
    with pytest.raises(RuleError) as caught:
        engine.Game({"rounds": 4}, players=2).new_state(1)
    fault = caught.value
    assert fault.code == "R104"
    assert fault.reason == ("the game ends with a win for 'cedar', who is not at the table "
                            "(this game seats 2 players)")
    assert fault.where[0].endswith("rules.yaml") and fault.where[1] == 14  # the `end game` line
    seated = engine.Game({"rounds": 4}, players=3).new_state(1)
    assert seated.is_over() and "cedar" in seated.result()["winners"]


def test_the_state_is_broken_and_not_over(trio):
    """`game_over` (how a state, and a scenario's `do:` step, end the game) refuses the win."""
    state = trio.Game(players=2).new_state(1)
    with pytest.raises(RuleError, match="win for 'cedar', who is not at the table"):
        state.game_over(GameOver(2, "score"))
    assert not state.is_over() and state.result() is None
    with pytest.raises(RuleError, match="not at the table"):
        state.decision()


def test_a_private_line_to_an_unseated_player_is_a_located_fault(tmp_path, compiled_packages):
    engine = variant(tmp_path, compiled_packages, 'log "peek" to cedar')
    with pytest.raises(RuleError) as caught:
        engine.Game({"rounds": 4}, players=2).new_state(1)
    assert caught.value.reason == ("the rules log 'peek' to 'cedar', who is not at the table "
                                   "(this game seats 2 players)")
    assert caught.value.where[1] == 14
    state = engine.Game({"rounds": 4}, players=3).new_state(1)
    assert state.view("cedar")["log"][0][:3] == ["say_to", "cedar", "peek"]
    assert state.view("amber")["log"][0] == ["private", "cedar"]
