"""`kurtyna test` runs scenario files; bad steps and failed expectations are explained."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from ..conftest import FIXTURES, ROOT, run_cli

SCENARIOS = FIXTURES / "scenarios"


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(f"game: {FIXTURES / 'games' / 'tiny'}\nsource: test\n" + text, "utf-8")
    return path


def test_passing_scenarios_report_pass_and_a_closing_count():
    result = run_cli("test", str(SCENARIOS / "tiny"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASS ") == 3
    assert result.stdout.rstrip().endswith("3 passed, 0 failed")


def test_an_illegal_step_names_the_step_the_decision_and_the_legal_answers():
    result = run_cli("test", str(SCENARIOS / "illegal_step.yaml"))
    assert result.returncode == 1
    assert ("step 1 (line 10): 'troops' is not a legal answer to 'take_turn.c' (red); "
            "legal answers: boost, embargo") in result.stdout


def test_a_failed_expectation_shows_both_sides(tmp_path):
    path = write(tmp_path, "s.yaml", "steps:\n  - do: score += 2\nexpect:\n  - score == 3\n")
    result = run_cli("test", str(path))
    assert result.returncode == 1
    assert "s.yaml:6: expected score == 3 (left side is 2, right side 3)" in result.stdout


def test_missing_answers_say_what_is_asked(tmp_path):
    path = write(tmp_path, "s.yaml", "steps:\n  - do: play_event(rally, red)\n    answers: [alpha]\n"
                                     "expect:\n  - score == 0\n")
    result = run_cli("test", str(path))
    assert "asks 'rally.s' of red, but no answer is left; legal answers: beta" in result.stdout


def test_a_fault_in_a_step_is_a_positioned_compile_error(tmp_path):
    path = write(tmp_path, "s.yaml", "steps:\n  - do: troops[alpah][red] += 1\nexpect:\n  - score == 0\n"
                                     "state:\n  troops: {gama: {red: 1}}\n")
    result = run_cli("test", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "s.yaml:4:16: error[E301]: unknown space 'alpah'" in result.stderr
    assert "did you mean 'alpha'?" in result.stderr
    assert "s.yaml:8:12: error[E301]: unknown space 'gama'" in result.stderr


def test_dice_are_forced_and_the_game_can_end_in_a_step(tmp_path):
    path = write(tmp_path, "s.yaml", "steps:\n  - do: |\n      let r = roll(d6)\n"
                                     "      if r == 6:\n          end game winner blue because \"six\"\n"
                                     "    dice: [6]\nexpect:\n  - winner: blue\n")
    result = run_cli("test", str(path))
    assert result.returncode == 0, result.stdout + result.stderr


def test_state_sets_variables_by_name(tmp_path):
    path = write(tmp_path, "s.yaml", "state:\n  last_player: blue\n  turns_taken: 4\nsteps: []\n"
                                     "expect:\n  - last_player == blue\n  - turns_taken == 4\n")
    result = run_cli("test", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    wrong = write(tmp_path, "w.yaml", "state:\n  last_player: green\nsteps: []\nexpect:\n  - score == 0\n")
    result = run_cli("test", str(wrong))
    assert result.returncode == 1 and "w.yaml:4:16: error[E301]: unknown player 'green'" in result.stderr


def test_a_step_cannot_start_a_lasting_effect(tmp_path):
    path = write(tmp_path, "s.yaml", "steps:\n  - do: |\n      lasting forever:\n"
                                     "          when game_end(): pass\nexpect:\n  - score == 0\n")
    result = run_cli("test", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "s.yaml:5:7: error[E503]: a scenario step cannot start a lasting effect" in result.stderr


# -- expectations between steps --------------------------------------------------------------------
def test_a_midway_expect_is_checked_at_its_step_and_stops_the_scenario(tmp_path):
    path = write(tmp_path, "s.yaml", "steps:\n  - do: score += 2\n  - expect: [score == 2]\n"
                                     "  - do: score += 1\n  - expect:\n      - score == 4\n"
                                     "  - do: score += 10\nexpect:\n  - score == 13\n")
    result = run_cli("test", str(path))
    assert result.returncode == 1
    assert f"     step 4 (line 7): {path}:8: expected score == 4 (left side is 3, right side 4)" \
        in result.stdout
    assert "score == 13" not in result.stdout  # it stopped there: the later step and the end not run
    assert result.stdout.rstrip().endswith("0 passed, 1 failed")


def test_midway_expects_alone_are_enough_and_any_step_may_check(tmp_path):
    path = write(tmp_path, "s.yaml", "options: {rounds: 1}\nstart: game\nseed: 4\nsteps:\n"
                                     "  - answer: [boost, troops, alpha, done]\n"
                                     "    expect: ['troops[alpha][red] == 2', {over: false}]\n"
                                     "  - answer: [blank, troops, gamma]\n"
                                     "  - expect: [{winner: blue}, score == -1]\n")
    result = run_cli("test", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    bare = write(tmp_path, "b.yaml", "steps:\n  - do: score += 1\n")
    result = run_cli("test", str(bare))
    assert result.returncode == 1
    assert "b.yaml:1:1: error[E201]: a scenario needs expectations" in result.stderr


def test_midway_expect_conditions_are_compiled_against_the_game(tmp_path):
    path = write(tmp_path, "s.yaml", "steps:\n  - expect: ['troops[alpah][red] == 0']\n"
                                     "  - expect: [score == red]\nexpect: [score == 0]\n")
    result = run_cli("test", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "s.yaml:4:22: error[E301]: unknown space 'alpah'" in result.stderr
    assert "did you mean 'alpha'?" in result.stderr
    assert "s.yaml:5:23: error[E501]: comparing int with player is always false" in result.stderr


# -- forced chance of setup --------------------------------------------------------------------
def test_setup_draws_force_the_opening_hands(tmp_path):
    path = write(tmp_path, "s.yaml", "start: game\nsetup:\n  draws: [storm, fog, rally]\n"
                                     "steps:\n  - expect:\n      - storm in hand[red]\n"
                                     "      - fog in hand[red]\n      - rally in hand[blue]\n"
                                     "      - size(hand[blue]) == 2\n")
    result = run_cli("test", str(path))
    assert result.returncode == 0, result.stdout + result.stderr


SETUP_ZW = """game: zimna_wojna
source: 002 §3.1
start: game
setup:
  draws: [{draws}]
steps:
  - expect:
      - size(hand[ussr]) == 9
      - fidel in hand[ussr]
      - blockade in hand[ussr]
      - nato in hand[us]
"""

SETUP_ZK = """game: zelazna_kurtyna
source: 000 PRZYGOTOWANIE DO GRY
start: game
setup:
  draws: [poland_card, cuba_card, iran_card, chile_card, zaire_card, japan_card]
steps:
  - expect:
      - poland_card in hand[ussr]
      - zaire_card in hand[ussr]
      - japan_card in hand[us]
"""


def test_setup_draws_force_the_opening_hands_of_both_games(tmp_path):
    (tmp_path / "zw.yaml").write_text(SETUP_ZW.format(draws="fidel, nato, blockade"), "utf-8")
    (tmp_path / "zk.yaml").write_text(SETUP_ZK, "utf-8")
    result = run_cli("test", str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.rstrip().endswith("2 passed, 0 failed")


def test_a_forced_setup_card_that_is_not_in_the_pile_fails_clearly(tmp_path):
    path = tmp_path / "zw.yaml"
    path.write_text(SETUP_ZW.format(draws="fidel, camp_david_accords"), "utf-8")  # a mid war card
    result = run_cli("test", str(path))
    assert result.returncode == 1
    assert ("     setup (line 5): forced draw 'camp_david_accords' is not in the pile drawn from"
            in result.stdout)


def test_setup_chance_left_untaken_and_setup_without_the_game_start_are_faults(tmp_path):
    dice = write(tmp_path, "d.yaml", "start: game\nsetup:\n  dice: [3]\nsteps: []\nexpect: [score == 0]\n")
    result = run_cli("test", str(dice))
    assert result.returncode == 1
    assert "setup (line 5): the game asked 'take_turn.c' of red before setup took the forced dice 3" \
        in result.stdout
    bare = write(tmp_path, "b.yaml", "setup:\n  draws: [strom]\nsteps: []\nexpect: [score == 0]\n")
    result = run_cli("test", str(bare))
    assert "b.yaml:3:1: error[E202]: 'setup:' forces the chance of the game's setup" in result.stderr
    assert "b.yaml:4:11: error[E301]: unknown card 'strom'" in result.stderr
    assert "did you mean 'storm'?" in result.stderr


# -- show ----------------------------------------------------------------------------------------
def test_show_prints_the_named_state_under_the_result_line(tmp_path):
    path = write(tmp_path, "s.yaml", "state:\n  troops: {alpha: {red: 2}}\n  hand: {blue: [fog]}\n"
                                     "steps:\n  - do: score += 2\n"
                                     "    show: [score, troops, hand, last_player]\n"
                                     "  - show: true\nexpect: [score == 2]\n")
    result = run_cli("test", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("PASS ")
    assert lines[1:8] == ["     show at step 1 (line 7):", "       score 2",
                          "       troops[alpha]: red 2, blue 0", "       troops[delta]: red 0, blue 1",
                          "       hand[red] (0): -", "       hand[blue] (1): fog", "       last_player: none"]
    assert lines[8] == "     show at step 2 (line 9):"
    everything = "\n".join(lines[9:])
    for text in ("score 2", "energy red", "troops[alpha]: red 2", "flags[gamma]: 1", "deck (", "discard (0)",
                 "turns_taken: 0"):
        assert text in everything


def test_show_of_an_unknown_name_is_an_error_at_its_line(tmp_path):
    path = write(tmp_path, "s.yaml", "steps:\n  - show: [score, trops]\nexpect: [score == 0]\n")
    result = run_cli("test", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "s.yaml:4:19: error[E301]: 'trops' is no track, counter, zone or variable of 'tiny'" \
        in result.stderr
    assert "did you mean 'troops'?" in result.stderr


# -- finding the game; what `kurtyna test` refuses ---------------------------------------------
def run_elsewhere(cwd, *args: str) -> subprocess.CompletedProcess:
    """`kurtyna test` from another folder, with the checkout importable as an installed package is."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "compiler.cli", "test", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_a_scenario_outside_the_checkout_runs_from_any_folder(tmp_path):
    (tmp_path / "zk.yaml").write_text(SETUP_ZK, "utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = run_elsewhere(elsewhere, str(tmp_path / "zk.yaml"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.rstrip().endswith("1 passed, 0 failed")


def test_content_names_a_folder_of_games_and_a_missing_game_says_where_it_looked(tmp_path):
    shutil.copytree(FIXTURES / "games" / "tiny", tmp_path / "games" / "tiny")
    (tmp_path / "sc").mkdir()
    path = tmp_path / "sc" / "s.yaml"
    path.write_text("game: tiny\nsource: test\nsteps: []\nexpect: [score == 0]\n", "utf-8")
    result = run_elsewhere(tmp_path / "sc", "s.yaml", "--content", str(tmp_path / "games"))
    assert result.returncode == 0, result.stdout + result.stderr
    result = run_elsewhere(tmp_path / "sc", "s.yaml")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "s.yaml:1:7: error[E301]: unknown game 'tiny': no game.yaml in tiny (next to the scenario); " \
           "content/tiny (./content); " in result.stderr
    assert f"{ROOT / 'content' / 'tiny'} (the checkout's content)" in result.stderr


def test_a_game_folder_is_refused_with_a_hint(tmp_path):
    for target, what in (("content/zimna_wojna", "the folder"), ("content/zimna_wojna/cards.yaml", "a file")):
        result = run_cli("test", target)
        assert result.returncode == 2, result.stdout + result.stderr
        assert f"kurtyna: '{target}' is {what} of the game 'zimna_wojna', not scenarios" in result.stderr
        assert "`kurtyna test zimna_wojna` runs its scenarios from tests/examples/zimna_wojna/" \
            in result.stderr
        assert "PASS" not in result.stdout and "FAIL" not in result.stdout


def test_a_folder_of_scenarios_with_their_game_beside_them_runs_only_the_scenarios(tmp_path):
    shutil.copytree(FIXTURES / "games" / "tiny", tmp_path / "tiny")
    (tmp_path / "s.yaml").write_text("game: tiny\nsource: test\nsteps: []\nexpect: [score == 0]\n", "utf-8")
    result = run_cli("test", str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.rstrip().endswith("1 passed, 0 failed")
