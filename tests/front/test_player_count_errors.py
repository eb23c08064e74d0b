"""game.yaml `player_count` that cannot hold (E208), and `opponent` in a game that may seat more
than two (E502), each a located error with a hint; a two-player game keeps `opponent`."""

from __future__ import annotations

import pytest

from ..conftest import FIXTURES, compile_errors, copy_game, edit_file

TRIO = FIXTURES / "games" / "trio"
COUNT = "player_count: {min: 2, max: 3}"


@pytest.mark.parametrize(("count", "message", "hint"), [
    ("{min: 3, max: 2}", "player_count has min 3 above max 2", "swap them"),
    ("{min: 2, max: 4}", "player_count allows 4 players, but 'players' declares 3", "lower max to 3"),
    ("{min: 2, max: 3, default: 4}", "player_count defaults to 4, outside 2..3", "between min and max"),
])
def test_a_player_count_that_does_not_fit_is_e208_at_its_field(tmp_path, count, message, hint):
    game = copy_game(TRIO, tmp_path)
    edit_file(game / "game.yaml", COUNT, f"player_count: {count}")
    errors = compile_errors(game)
    assert [(e.code, e.message) for e in errors] == [("E208", message)]
    span = errors[0].span
    assert span.path.endswith("trio/game.yaml") and span.line == 14
    assert hint in errors[0].hint


def test_a_minimum_below_two_is_a_schema_error(tmp_path):
    game = copy_game(TRIO, tmp_path)
    edit_file(game / "game.yaml", COUNT, "player_count: {min: 1, max: 3}")
    assert [e.code for e in compile_errors(game)] == ["E205"]


@pytest.mark.parametrize("count", [COUNT, "player_count: {min: 3, max: 3}"])
def test_opponent_is_refused_when_more_than_two_may_play(tmp_path, count):
    game = copy_game(TRIO, tmp_path)
    edit_file(game / "game.yaml", COUNT, count)
    edit_file(game / "rules.yaml", "          starter = amber\n",
              "          starter = amber\n          starter = opponent(amber)\n")
    errors = compile_errors(game)
    assert [e.code for e in errors] == ["E502"]
    assert "'opponent' needs a game of exactly two players" in errors[0].message
    assert errors[0].hint == "use next_player(p) or a loop over players"
    assert errors[0].span.path.endswith("rules.yaml")


def test_opponent_stays_in_a_game_of_two_of_three_declared(tmp_path):
    """max 2: at most two sit at the table, so the other of two is well defined."""
    from compiler.pipeline import compile_game

    game = copy_game(TRIO, tmp_path)
    edit_file(game / "game.yaml", COUNT, "player_count: {min: 2, max: 2}")
    edit_file(game / "rules.yaml", "          starter = amber\n",
              "          starter = amber\n          starter = opponent(birch)\n")
    assert compile_game(game).game.seats() == (2, 2, 2)


def test_next_player_takes_a_player(tmp_path):
    game = copy_game(TRIO, tmp_path)
    edit_file(game / "rules.yaml", "after_last = next_player(birch)", "after_last = next_player(1)")
    assert [e.code for e in compile_errors(game)] == ["E501"]
