"""`--players N` on `kurtyna sim` and `kurtyna play`, hot-seat `--as a,b`, and a scenario's
`players:`, with the fixture game trio (three declared, played by two or three)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ..conftest import FIXTURES, ROOT, run_cli

TRIO = str(FIXTURES / "games" / "trio")
# Every answer trio may ask, by name: what is not an answer now is refused and the next is tried.
WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


@pytest.mark.parametrize("players", [2, 3])
def test_sim_plays_at_the_count_asked_and_says_it(players):
    result = run_cli("sim", TRIO, "--games", "30", "--players", str(players), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["players"] == players and report["player_count"] == {"min": 2, "max": 3}
    assert report["finished"] == 30
    winners = {row["winner"] for row in report["results"]}
    assert winners <= {"draw", "amber", "birch", "cedar"}
    if players == 2:
        assert "cedar" not in winners  # the unseated player never wins
    text = run_cli("sim", TRIO, "--games", "5", "--players", str(players))
    assert text.stdout.startswith(f"trio with {players} players: 5 games finished")


def test_sim_of_a_game_with_one_count_says_none():
    result = run_cli("sim", str(FIXTURES / "games" / "tiny"), "--games", "3")
    assert result.returncode == 0 and result.stdout.startswith("tiny: 3 games finished")


def test_a_count_the_game_does_not_seat_is_refused_without_a_traceback():
    for verb in (["sim", TRIO, "--games", "1"], ["play", TRIO]):
        result = run_cli(*verb, "--players", "4")
        assert result.returncode == 2
        assert "the number of players is 4; 'trio' seats 2 to 3 players" in result.stderr
        assert "Traceback" not in result.stderr


def play(*args: str, lines: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "compiler.cli", "play", TRIO, *args],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120,
                          cwd=ROOT)


def test_play_three_seats_with_two_people_at_one_keyboard():
    result = play("--players", "3", "--as", "amber,cedar", lines=WORDS * 30)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Trio: you play Amber, Cedar; a random bot plays Birch.")
    assert "score: Amber 0, Birch 0, Cedar 0 | round: 1" in out  # all three seats in the header
    assert "Amber: Choose a card" in out and "Cedar: Choose a card" in out  # both people are asked
    assert "Birch: Choose" not in out  # the bot answers for birch
    assert "Birch: take_turn" in out  # and birch's turns are in the log
    assert "wins (" in out or "Nobody wins (" in out


def test_play_two_seats_shows_no_third_player():
    result = play("--players", "2", "--as", "birch", lines=WORDS * 30)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Trio: you play Birch; a random bot plays Amber.")
    assert "Cedar" not in result.stdout


def test_play_as_every_seat_has_no_bot():
    result = play("--players", "2", "--as", "amber,birch", lines=WORDS * 30)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Trio: you play Amber, Birch, taking turns at one keyboard.")


@pytest.mark.parametrize(("side", "message"), [
    ("cedar", "'cedar' is not at the table: 2 players play (amber, birch)"),
    ("amber,nobody", "--as takes one or more of: amber, birch (not 'nobody')"),
    ("amber,amber", "--as names a player twice"),
])
def test_play_refuses_a_seat_that_is_not_at_the_table(side, message):
    result = play("--players", "2", "--as", side, lines=[])
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_scenarios_set_the_count_and_the_json_report_carries_it():
    result = run_cli("test", str(FIXTURES / "scenarios" / "trio"), "--json")
    assert result.returncode == 0, result.stdout
    rows = {row["path"].rsplit("/", 1)[-1]: row for row in json.loads(result.stdout)["scenarios"]}
    assert rows["two_seated.yaml"]["players"] == 2 and rows["two_seated.yaml"]["ok"]
    assert rows["three_seated.yaml"]["players"] == 3 and rows["three_seated.yaml"]["ok"]


def test_a_scenario_count_out_of_range_is_an_error_at_its_line(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {TRIO}\nsource: test\nplayers: 4\nsteps: []\nexpect:\n  - seated == 0\n",
                    "utf-8")
    result = run_cli("test", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert ("s.yaml:3:10: error[E205]: the number of players is 4; 'trio' seats 2 to 3 players"
            in result.stderr)
    assert "hint: give a number from 2 to 3, or leave out 'players' (then 3)" in result.stderr


def test_bench_and_regress_take_the_count_and_say_it():
    bench = run_cli("bench", TRIO, "--players", "2", "--games", "5", "--compile-runs", "1", "--repeat", "1",
                    "--seconds", "0.05", "--json")
    assert bench.returncode == 0, bench.stderr
    assert json.loads(bench.stdout)["games"][0]["players"] == 2
    regress = run_cli("regress", "--base-dir", TRIO, "--head-dir", TRIO, "--players", "2", "--games", "10",
                      "--jobs", "1", "--json")
    assert regress.returncode == 0, regress.stderr
    report = json.loads(regress.stdout)
    assert report["settings"]["players"] == 2 and report["games"][0]["players"] == 2
    text = run_cli("regress", "--base-dir", TRIO, "--head-dir", TRIO, "--players", "3", "--games", "5",
                   "--jobs", "1")
    assert "trio (3 players)" in text.stdout


def test_a_scenario_state_for_an_unseated_player_is_an_error_at_its_key(tmp_path):
    """score, hand and a player variable of cedar when two sit: cedar would never play them."""
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {TRIO}\nsource: test\nplayers: 2\nstate:\n  score: {{amber: 1, cedar: 3}}\n"
                    "  hand: {cedar: [one]}\n  starter: cedar\nsteps: []\nexpect:\n  - seated == 0\n",
                    "utf-8")
    result = run_cli("test", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    message = "error[E205]: 'cedar' is not at the table: the scenario seats 2 players (amber, birch)"
    assert [line.split("s.yaml:", 1)[1] for line in result.stderr.splitlines() if message in line] == [
        f"5:21: {message}", f"6:10: {message}", f"7:12: {message}"]
    assert "hint: leave it out, or seat more players with 'players:'" in result.stderr
    path.write_text(path.read_text("utf-8").replace("players: 2", "players: 3"), "utf-8")
    assert run_cli("test", str(path)).returncode == 0


def test_a_scenario_that_ends_with_a_win_for_an_unseated_player_fails_at_the_step(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {TRIO}\nsource: test\nplayers: 2\nsteps:\n  - do: |\n"
                    "      end game winner cedar because \"score\"\nexpect:\n  - seated == 0\n", "utf-8")
    result = run_cli("test", str(path))
    assert result.returncode == 1
    assert ("s.yaml:6:7: error[R104]: the game ends with a win for 'cedar', who is not at the table "
            "(this game seats 2 players)") in result.stdout


def test_regress_says_a_count_the_game_does_not_seat_without_a_traceback():
    result = run_cli("regress", "--base-dir", TRIO, "--head-dir", TRIO, "--players", "4", "--games", "4",
                     "--jobs", "1")
    assert result.returncode == 2
    assert "base could not be built or run:\nthe number of players is 4; 'trio' seats 2 to 3 players" \
        in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_check_says_how_many_may_sit_at_the_table():
    from .test_cli_conventions import validated

    text = run_cli("check", TRIO).stdout
    assert text.startswith("trio: ok - 3 players (2 to 3 at the table, 3 by default), ")
    counts = validated(run_cli("check", TRIO, "--json"), "check-report")["games"][0]["counts"]
    assert counts["players"] == 3 and counts["player_count"] == {"min": 2, "max": 3, "default": 3}
    tiny = validated(run_cli("check", str(FIXTURES / "games" / "tiny"), "--json"), "check-report")
    assert "player_count" not in tiny["games"][0]["counts"]  # one count: said as before
