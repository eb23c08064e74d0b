"""A shared win (`end game winners`) through the tools: scenarios expect it, `kurtyna sim` tallies
it per player, `kurtyna play` says it in three languages, `kurtyna regress` counts it and the
golden playthroughs record it. tests/fixtures/games/podium ends in a shared win, a win or a
draw by its first answer (tests/dsl/test_shared_win.py)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from compiler.tools.regress.outcomes import metrics
from compiler.tools.regress.playthroughs import record, replay
from compiler.tools.regress.trajectory import recorded_result
from compiler.tools.sim.command import play_random, simulate

from ..conftest import FIXTURES, ROOT, run_cli

PODIUM = FIXTURES / "games" / "podium"


@pytest.fixture(scope="module")
def podium(compiled_packages):
    return compiled_packages(PODIUM)


# ---- scenarios ---------------------------------------------------------------------------------


def test_scenarios_expect_a_shared_win_one_winner_and_a_draw():
    result = run_cli("test", str(FIXTURES / "scenarios" / "podium"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.rstrip().endswith("5 passed, 0 failed")


def scenario(tmp_path, answer: str, expect: str) -> subprocess.CompletedProcess:
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {PODIUM}\nsource: test\nstart: game\nsteps:\n  - answer: [\"{answer}\"]\n"
                    f"expect:\n  - {expect}\n", "utf-8")
    return run_cli("test", str(path))


@pytest.mark.parametrize("answer, expect, says", [
    ("both", "{winner: draw}", "expected winner draw, but a shared win of red, blue"),
    ("both", "{winner: red}", "expected winner red, but a shared win of red, blue"),
    ("red", "{winners: [red, blue]}", "expected winners [red, blue], but red"),
    ("nobody", "{winners: [red, blue]}", "expected winners [red, blue], but draw"),
    ("both", "{winners: [red]}", "expected winners [red], but a shared win of red, blue"),
    ("blue gains", "{winners: []}", "expected winners [], but blue"),
])
def test_a_mismatch_says_what_the_game_gave(tmp_path, answer, expect, says):
    result = scenario(tmp_path, answer, expect)
    assert result.returncode == 1 and f"s.yaml:7: {says}" in result.stdout, result.stdout + result.stderr


def test_a_game_still_going_is_no_shared_win_and_a_step_may_end_the_game_so(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {PODIUM}\nsource: test\nsteps:\n  - expect:\n      - {{winners: [red, blue]}}\n"
                    "  - do: end game winners {p in players where score[p] == 0} because \"tied\"\n"
                    "expect:\n  - {winners: [blue, red]}\n", "utf-8")
    result = run_cli("test", str(path))
    assert result.returncode == 1, result.stdout
    assert "expected winners [red, blue], but the game is not over" in result.stdout
    path.write_text(path.read_text("utf-8").replace("  - expect:\n      - {winners: [red, blue]}\n", ""))
    assert run_cli("test", str(path)).returncode == 0


# ---- sim ---------------------------------------------------------------------------------------


def test_sim_tallies_shared_wins_per_player_apart_from_wins_alone(podium):
    report = simulate(podium, 300, 1, {}, check=True)
    assert report.games == 300 and not report.errors
    shared = report.results[(("red", "blue"), "tied")] + report.results[(("red", "blue"), "most_points")]
    alone_red = report.results[(("red",), "alone")] + report.results[(("red",), "most_points")]
    draws = report.results[((), "empty")]
    assert shared > 0 and alone_red > 0 and draws > 0
    assert report.shared == {"red": shared, "blue": shared}  # once for each player who shares it
    assert report.wins["red"] == alone_red
    assert report.wins["blue"] == report.results[(("blue",), "most_points")]
    assert sum(report.results.values()) == 300
    assert report.wins["red"] + report.wins["blue"] + shared + draws == 300


def test_sim_prints_and_gives_as_json_the_shared_wins():
    printed = run_cli("sim", str(PODIUM), "--games", "200", "--quiet")
    assert printed.returncode == 0, printed.stderr
    assert "│ red+blue │ tied" in printed.stdout and "│ draw     │ empty" in printed.stdout
    assert "per player" in printed.stdout
    assert "counts once for each player who shares it" in printed.stdout
    data = json.loads(run_cli("sim", str(PODIUM), "--games", "200", "--json").stdout)
    rows = {(r["winner"], r["reason"]): r for r in data["results"]}
    assert rows[("red+blue", "tied")]["winners"] == ["red", "blue"]
    assert rows[("draw", "empty")]["winners"] == []
    players = {p["player"]: p for p in data["per_player"]}
    shared = sum(r["games"] for r in data["results"] if len(r["winners"]) > 1)
    assert players["red"]["shared_wins"] == players["blue"]["shared_wins"] == shared
    assert players["blue"]["wins"] == sum(r["games"] for r in data["results"] if r["winners"] == ["blue"])
    assert players["red"]["shared_share"] == pytest.approx(shared / 200)


def test_sim_reports_each_players_mean_final_tracks(compiled_packages):
    """Per seated player: the mean final value of each per-player track (tiny's energy), the
    same as averaging the seeded random games one by one."""
    result = run_cli("sim", str(FIXTURES / "games" / "tiny"), "--games", "20", "--json")
    data = json.loads(result.stdout)
    engine = compiled_packages(FIXTURES / "games" / "tiny")
    game, spec = engine.Game(), engine.SPEC
    energy = next(t for t in spec.tracks if t.id == "energy")
    finals = [play_random(game, seed)[0] for seed in range(1, 21)]
    for i, row in enumerate(data["per_player"]):
        expected = sum(state.t[energy.slot + i] for state in finals) / 20
        assert row["player"] == spec.players[i] and row["tracks"]["energy"] == pytest.approx(expected)
    printed = run_cli("sim", str(FIXTURES / "games" / "tiny"), "--games", "20", "--quiet").stdout
    assert "mean final energy" in printed


# ---- the terminal ------------------------------------------------------------------------------


def play(answer: str, lang: str) -> str:
    result = subprocess.run([sys.executable, "-m", "compiler.cli", "play", str(PODIUM), "--as", "red",
                             "--lang", lang], input=answer + "\n", capture_output=True, text=True,
                            timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("lang, words", [("en", "Shared victory: Red, Blue (Tied)."),
                                         ("pl", "Wspólne zwycięstwo: Red, Blue (Remis)."),
                                         ("cs", "Společné vítězství: Red, Blue (Nerozhodně).")])
def test_the_terminal_says_a_shared_win_in_words(lang, words):
    assert play("both", lang).rstrip().endswith(words)


def test_the_terminal_says_one_winner_and_a_draw_as_before():
    assert play("red", "en").rstrip().endswith("Red wins (Alone).")
    assert play("nobody", "en").rstrip().endswith("Nobody wins (Empty).")


# ---- regress and golden playthroughs -----------------------------------------------------------


def test_a_playthrough_records_a_shared_win_and_replays_it(podium):
    texts = {seed: record(podium, "podium", seed, {}) for seed in range(1, 30)}
    shared = [t for t in texts.values() if "share the win (tied)" in t]
    single = [t for t in texts.values() if "game over: red wins (alone)" in t]
    assert shared and single
    assert "  result:\n    reason: tied\n    winner: null\n    winners: [red, blue]\n" in shared[0]
    assert "winners" not in single[0]  # one winner: the file reads as before shared wins
    for text in shared + single:
        assert replay(podium, text) == []
    assert replay(podium, shared[0].replace("winners: [red, blue]", "winners: [red]"))[0].startswith(
        "the end (after decision 0): the result differs")


def test_recorded_results_keep_winners_for_a_shared_win_only():
    assert recorded_result({"winner": "a", "winners": ["a"], "reason": "r"}) == {"winner": "a", "reason": "r"}
    assert recorded_result({"winner": None, "winners": [], "reason": "r"}) == {"winner": None, "reason": "r"}
    both = {"winner": None, "winners": ["a", "b"], "reason": "r"}
    assert recorded_result(both) == both and recorded_result(None) is None


def test_regress_outcomes_count_each_player_shared_wins():
    def game(winners: list[str]) -> dict:
        return {"winner": "+".join(winners) or "draw", "winners": winners, "reason": "points",
                "length": 10, "tracks": {}, "events": {}}

    before = {str(i): game(["red"] if i % 2 else ["blue"]) for i in range(200)}
    after = {str(i): game(["red", "blue"] if i < 60 else before[str(i)]["winners"]) for i in range(200)}
    found = {m.name: m for m in metrics(before, after)}
    assert found["winner: red+blue"].after == pytest.approx(0.3) and found["winner: red+blue"].significant
    assert found["shared win: red"].before == 0 and found["shared win: blue"].after == pytest.approx(0.3)
    older = {seed: {k: v for k, v in r.items() if k != "winners"} for seed, r in before.items()}
    assert "shared win: red" in {m.name for m in metrics(older, after)}  # a side that predates them
