"""Bots (dsl/runtime/bots.py) and game.yaml `bot` (compiler/front/bot.py): `greedy` picks a
legal answer without touching the state, the same one for the same seed, plays better than
random where the evaluation says what matters, and takes `kurtyna sim --bots`; an evaluation
that is not a function (p: player) -> int is a located error."""

from __future__ import annotations

import json
import random

import pytest

from compiler.tools.sim.command import simulate
from dsl.runtime.bots import choose, ismcts_plan, parse_bots
from dsl.runtime.ismcts import Plan
from dsl.runtime.worth import value_of
from generated import zelazna_kurtyna
from generated.zimna_wojna import Game as ZwGame

from ..conftest import FIXTURES, compile_errors, copy_game, edit_file, run_cli
from ..dsl.test_saves import played


def test_greedy_gives_a_legal_answer_leaves_the_state_alone_and_repeats_for_a_seed():
    for seed in range(5):
        state = played(ZwGame(), seed, 60)
        before = state.to_json()
        first = choose(state, "greedy", random.Random(seed))
        assert 0 <= first < len(state.decision().options)
        assert state.to_json() == before
        assert choose(state, "greedy", random.Random(seed)) == first


def test_a_won_game_is_worth_most_and_the_evaluation_is_the_games():
    state = played(ZwGame(), 3, 40)
    us, ussr = 1, 0
    assert ZwGame.spec.players[us] == "us"
    state.t[1] = 0  # the VP track
    board = value_of(state, us)  # what scoring every region now would give the US over the USSR
    assert board != 0  # this position has one side ahead on the board
    assert value_of(state, ussr) == -board
    state.t[1] = 5  # the US five ahead: four times the lead, and the board (content/zimna_wojna/rules.yaml)
    assert value_of(state, us) == 20 + board and value_of(state, ussr) == -20 - board
    state.end(us, "test")
    assert value_of(state, us) > 10**6 > -(10**6) > value_of(state, ussr)


def test_the_scale_of_an_evaluation_comes_from_game_yaml():
    assert ZwGame.spec.evaluate_scale == 20  # game.yaml bot.scale
    assert zelazna_kurtyna.SPEC.evaluate_scale == 5  # none given: the runtime's default


def test_greedy_beats_random_at_zelazna_kurtyna_from_either_seat():
    """Seeded, so the same every run: 200 games a seat."""
    spec = zelazna_kurtyna.SPEC
    for seat in ("us", "ussr"):
        report = simulate(zelazna_kurtyna, 200, 1, {}, check=False, bots={spec.players.index(seat): "greedy"})
        baseline = simulate(zelazna_kurtyna, 200, 1, {}, check=False)
        wins = report.wins[seat]  # of 200
        assert wins > baseline.wins[seat] and wins > 100, (seat, wins, baseline.wins[seat])


def test_sim_takes_bots_and_refuses_unknown_ones():
    result = run_cli("sim", "zelazna_kurtyna", "--games", "20", "--bots", "us=greedy", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == 20 and report["bots"] == {"us": "greedy"}
    for bad, words in (("us=clever", "'clever' is not a bot"), ("nato=greedy", "'nato' is not a player")):
        result = run_cli("sim", "zelazna_kurtyna", "--games", "2", "--bots", bad)
        assert result.returncode == 2 and words in result.stderr and "Traceback" not in result.stderr
    assert parse_bots(" us = greedy , ussr=random", ("ussr", "us")) == {1: "greedy", 0: "random"}


@pytest.mark.parametrize("evaluate, code, words", [
    ("no_such", "E301", "unknown function 'no_such'"),
    ("take_turn", "E304", "is a procedure; the bot's evaluation is a function"),
    ("bot_score_none", "E502", "does not take one player"),
    ("bot_score_bool", "E501", "gives bool; the bot's evaluation gives a whole number"),
])
def test_an_evaluation_that_is_not_a_function_of_a_player_is_a_located_error(tmp_path, evaluate, code, words):
    game = copy_game(FIXTURES / "games" / "tiny", tmp_path)
    rules = game / "rules.yaml"
    rules.write_text(rules.read_text("utf-8").rstrip("\n") + """
  - id: bot_scores
    code: |
      function bot_score_none() -> int:
          return 0

      function bot_score_bool(p: player) -> bool:
          return true
""", "utf-8")
    edit_file(game / "game.yaml", "\nentry:", f"\nbot:\n  evaluate: {evaluate}\nentry:")
    errors = compile_errors(game)
    assert [(e.code, e.span.line) for e in errors if words in e.message] == [(code, _line(game, evaluate))]


def _line(game, evaluate: str) -> int:
    lines = (game / "game.yaml").read_text("utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.strip() == f"evaluate: {evaluate}")


# -- ismcts -------------------------------------------------------------------------------------
def test_ismcts_gives_a_legal_answer_leaves_the_state_alone_and_repeats_for_a_seed():
    state = played(zelazna_kurtyna.Game(), 4, 6)
    before = state.to_json()
    first = choose(state, "ismcts:40", random.Random(7))
    assert 0 <= first < len(state.decision().options) and state.to_json() == before
    assert choose(state, "ismcts:40", random.Random(7)) == first
    side_by_side = choose(state, "ismcts:40:2", random.Random(7))  # two forked searches, 20 each
    assert choose(state, "ismcts:40:2", random.Random(7)) == side_by_side and state.to_json() == before


def test_ismcts_beats_random_at_zelazna_kurtyna():
    """Seeded: 12 games, the US searching 60 iterations a decision, the USSR at random."""
    spec = zelazna_kurtyna.SPEC
    report = simulate(zelazna_kurtyna, 12, 1, {}, check=True, bots={spec.players.index("us"): "ismcts:60"})
    assert report.games == 12 and report.wins["us"] >= 11, report.wins


@pytest.mark.parametrize("bot, words", [
    ("ismcts:0", "is no ismcts bot"), ("ismcts:lots", "is no ismcts bot"),
    ("ismcts:5m", "is no ismcts bot"), ("greedy:3", "is not a bot"),
    ("ismcts:1s:0", "is no ismcts bot"), ("ismcts:1s:many", "is no ismcts bot"),
    ("ismcts:1s:greedyish", "is no ismcts bot"), ("ismcts:200:random99999", "is no ismcts bot"),
])
def test_a_bot_budget_that_cannot_be_read_is_refused(bot, words):
    with pytest.raises(ValueError, match=words):
        parse_bots(f"us={bot}", ("ussr", "us"))
    assert parse_bots("us=ismcts:1.5s:2,ussr=ismcts", ("ussr", "us")) == {1: "ismcts:1.5s:2", 0: "ismcts"}


def test_the_plan_of_an_ismcts_bot():
    assert ismcts_plan("ismcts") == Plan(iterations=200)
    assert ismcts_plan("ismcts:1s:2") == Plan(seconds=1.0, processes=2)
    assert ismcts_plan("ismcts:500:greedy") == Plan(iterations=500, rollout="greedy", depth=8)
    assert ismcts_plan("ismcts:2.5s:random10:2") == Plan(seconds=2.5, processes=2, depth=10)
    assert ismcts_plan("ismcts:300:random0") == Plan(iterations=300, depth=0)


@pytest.mark.parametrize("rollouts", ["greedy3", "random0"])
def test_ismcts_with_other_rollouts_answers_legally_and_repeats_for_a_seed(rollouts):
    state = played(zelazna_kurtyna.Game(), 4, 6)
    before = state.to_json()
    bot = f"ismcts:30:{rollouts}"
    first = choose(state, bot, random.Random(7))
    assert 0 <= first < len(state.decision().options) and state.to_json() == before
    assert choose(state, bot, random.Random(7)) == first


def test_play_takes_a_bot_for_the_other_seats():
    import subprocess
    import sys

    from ..conftest import ROOT

    def play(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "compiler.cli", "play", "zelazna_kurtyna", "--as", "us",
                               *args], cwd=ROOT, input="quit\n", capture_output=True, text=True, timeout=120)

    searched = play("--bot", "ismcts:20")
    assert searched.returncode == 0 and "Choose a strategy card to play" in searched.stdout
    assert "the bot 'ismcts:20' plays USSR" in searched.stdout  # not "a random bot"
    assert "a random bot plays USSR" in play().stdout
    refused = play("--bot", "clever")
    assert refused.returncode == 2 and "'clever' is not a bot" in refused.stderr
