"""`end game winners <list>`: a win shared among players (K2).

tests/fixtures/games/podium asks red one question whose answers end the game with the winners
[red, blue] ("both"), [red] ("red"), [] ("nobody"), or change the score or cash first and end
with the leaders ("blue gains", "red saves", "even": most points, then most cash, still tied:
both share the win). The list's length decides at run time: none is a draw, one a win, more a
shared win, which is not a draw.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.pipeline import compile_game
from dsl import ast
from dsl.parser import parse_body
from dsl.runtime import GameOver
from dsl.runtime.log import lines

from ..conftest import FIXTURES, assert_copies_continue, compile_errors, copy_game, edit_file, run_cli

PODIUM = FIXTURES / "games" / "podium"


@pytest.fixture(scope="module")
def podium(compiled_packages):
    return compiled_packages(PODIUM)


def ended(podium, answer: str):
    state = podium.Game().new_state(seed=1)
    state.apply(answer)
    assert state.is_over()
    return state


# ---- the statement ----------------------------------------------------------------------------


def test_winners_parses_beside_winner_and_draw():
    shared, = parse_body('end game winners [red, blue] because "tied"\n').statements
    assert shared == ast.EndGameStmt(None, "tied", ast.ListLit((ast.Name("red"), ast.Name("blue"))))
    one, = parse_body("end game winner red\n").statements
    assert one == ast.EndGameStmt(ast.Name("red"), None)
    draw, = parse_body("end game draw\n").statements
    assert draw == ast.EndGameStmt(None, None) and draw.winners is None
    # `winners` stays usable as a name where the keyword cannot stand
    named = parse_body("let winners = [red]\nend game winners winners\n").statements
    assert named[1].winners == ast.Name("winners")


@pytest.mark.parametrize("winners", ["[red, blue]", "[]", "[red]", "players",
                                     "{p in players where score[p] > 0}", "leaders()",
                                     "[red] | [blue]"])
def test_any_list_of_players_is_accepted(tmp_path, winners):
    game = copy_game(PODIUM, tmp_path)
    edit_file(game / "rules.yaml", 'end game winners [red, blue] because "tied"',
              f'end game winners {winners} because "tied"')
    assert compile_game(game).program is not None


@pytest.mark.parametrize("winners, got", [("red", "player"), ("3", "int"), ("[1, 2]", "list[int]"),
                                          ("score", "track family 'score'")])
def test_anything_else_is_a_type_error_with_a_hint_where_it_stands(tmp_path, winners, got):
    game = copy_game(PODIUM, tmp_path)
    edit_file(game / "rules.yaml", 'end game winners [red, blue] because "tied"',
              f'end game winners {winners} because "tied"')
    errors = compile_errors(game)
    assert len(errors) == 1, [e.render() for e in errors]
    error = errors[0]
    assert error.code == "E501" and error.message == f"the winners should be list[player], but this is {got}"
    assert "`end game winner p`" in error.hint
    line = next(n for n, text in enumerate((game / "rules.yaml").read_text().splitlines(), 1)
                if "because \"tied\"" in text)
    assert (error.span.line, error.span.col) == (line, 36)  # at the list, after `end game winners `


def test_ending_the_game_is_refused_in_a_function(tmp_path):
    game = copy_game(PODIUM, tmp_path)
    edit_file(game / "rules.yaml", "          return {p in players",
              "          end game winners [red]\n          return {p in players")
    errors = compile_errors(game)
    assert [e.code for e in errors] == ["E503"] and "ending the game" in errors[0].message


# ---- run time ----------------------------------------------------------------------------------


def test_the_length_of_the_list_decides_draw_win_or_shared_win():
    assert GameOver.among([]).winners == () and GameOver.among([]).winner is None
    one = GameOver.among([2], "r")
    assert (one.winner, one.winners, one.reason) == (2, (2,), "r")
    shared = GameOver.among([3, 0, 3, None])  # seating order, each once; none is nobody
    assert (shared.winner, shared.winners) == (None, (0, 3))
    assert GameOver.among([None]).winners == ()
    assert GameOver(1, "x").winners == (1,) and GameOver(None).winners == ()  # `winner`, `draw`


@pytest.mark.parametrize("answer, result, line", [
    ("both", {"winner": None, "winners": ["red", "blue"], "reason": "tied"},
     "game over: Red and Blue share the win (tied)"),
    ("even", {"winner": None, "winners": ["red", "blue"], "reason": "most_points"},
     "game over: Red and Blue share the win (most_points)"),
    ("red", {"winner": "red", "winners": ["red"], "reason": "alone"}, "game over: Red wins (alone)"),
    ("red saves", {"winner": "red", "winners": ["red"], "reason": "most_points"},
     "game over: Red wins (most_points)"),
    ("blue gains", {"winner": "blue", "winners": ["blue"], "reason": "most_points"},
     "game over: Blue wins (most_points)"),
    ("nobody", {"winner": None, "winners": [], "reason": "empty"}, "game over: nobody (a draw) wins (empty)"),
])
def test_result_log_and_views_carry_the_winners(podium, answer, result, line):
    state = ended(podium, answer)
    assert state.result() == result
    assert json.loads(json.dumps(state.result())) == result
    assert lines(state)[-1] == line
    for player in ("red", "blue"):
        view = state.view(player)
        assert view["result"] == result
        assert view["log"][-1] == ["game_over", result["winner"], result["reason"], result["winners"]]


def test_a_shared_win_survives_a_save_and_a_clone(podium):
    state = podium.Game().new_state(seed=3)
    saved = state.to_json()  # mid-game: the answer is still to come
    loaded = podium.Game.state_from_json(saved)
    for s in (state, loaded):
        s.apply("both")
    assert loaded.result() == state.result() == {"winner": None, "winners": ["red", "blue"], "reason": "tied"}
    assert loaded.winners == (0, 1) and loaded.winner is None
    at_end = podium.Game.state_from_json(state.to_json())  # a save of the ended game
    assert at_end.is_over() and at_end.result() == state.result() and at_end.log == state.log
    assert state.clone().result() == state.result()
    assert_copies_continue(podium.Game().new_state(seed=4), seed=4)


def test_a_win_by_one_winner_keeps_its_result_shape_in_an_existing_game(tiny):
    state = tiny.Game().new_state(seed=1)
    while not state.is_over():
        state.apply_index(0)
    result = state.result()
    assert set(result) == {"winner", "winners", "reason"}
    assert result["winners"] == ([result["winner"]] if result["winner"] else [])


# ---- text --------------------------------------------------------------------------------------


def test_rule_text_reads_a_shared_win_in_every_language():
    result = run_cli("text", str(PODIUM), "play", "--lang", "all")
    assert result.returncode == 0, result.stderr
    en, pl, cs = result.stdout.splitlines()
    assert "both: Red and Blue share the victory." in en
    assert "red: Red wins." in en and "nobody: The game ends in a draw." in en  # known lists of 0 and 1
    assert "Zwycięstwo dzielą Red i Blue." in pl and "Red wygrywa." in pl
    assert "O vítězství se dělí Red a Blue." in cs and "Hra končí remízou." in cs


def test_the_generated_code_decides_at_run_time(podium):
    rules = (Path(podium.__file__).parent / "rules.py").read_text("utf-8")
    assert "raise GameOver.among([RED, BLUE], 'tied')" in rules
    assert "raise GameOver.among(f_leaders(st), 'most_points')" in rules
