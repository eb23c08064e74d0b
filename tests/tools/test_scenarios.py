"""`kurtyna test` runs scenario files; bad steps and failed expectations are explained."""

from __future__ import annotations

from ..conftest import FIXTURES, run_cli

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
