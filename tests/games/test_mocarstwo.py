"""Jak zostać mocarstwem (seed 004) beyond its scenarios: random games at every player count keep
the rules' invariants and end as the rulebook says, nothing ever happens to a player who is not
seated, and the terminal shows the table of a game for up to five. The rulebook's examples and
rules are scenarios in tests/examples/mocarstwo/."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest
import yaml

from dsl.runtime.invariants import violations

from ..conftest import CONTENT, ROOT

PLAYERS = ["germany", "japan", "united_kingdom", "china", "france"]


@pytest.fixture(scope="module")
def mocarstwo(compiled_packages):
    return compiled_packages(CONTENT / "mocarstwo")


def random_game(module, players: int, seed: int, check: bool = True):
    state = module.Game(players=players).new_state(seed)
    rnd = random.Random(seed)
    asked = set()
    while not state.is_over():
        decision = state.decision()
        asked.add(decision.player)
        state.apply_index(rnd.randrange(len(decision.options)))
        if check:
            assert not violations(state), (players, seed, violations(state))
    return state, asked


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_hold_the_invariants_and_end_after_the_last_year(mocarstwo, players):
    """004 p.6 §5, p.21: the game ends with the balance of year 12 (10 with five players); most
    points win, a tie goes to more cash, and players still tied share the victory."""
    last = 10 if players == 5 else 12
    for seed in range(1, 9):
        state, asked = random_game(mocarstwo, players, seed)
        seated = PLAYERS[:players]
        view = state.view(seated[0])
        assert view["tracks"]["year"] == last
        assert {mocarstwo.SPEC.players[p] for p in asked} <= set(seated)
        result = state.result()
        assert result["reason"] == "most_points"
        scores = view["tracks"]["final_score"]
        cash = view["tracks"]["cash"]
        best = max(scores[p] for p in seated)
        richest = max(cash[p] for p in seated if scores[p] == best)
        tied = [p for p in seated if scores[p] == best and cash[p] == richest]
        assert sorted(result["winners"]) == sorted(tied)
        assert all(scores.get(p, 0) == 0 for p in PLAYERS[players:])


def test_every_player_acts_and_the_unseated_never_do(mocarstwo):
    """Three players: Germany, Japan and the United Kingdom are asked; China and France never."""
    for seed in range(1, 5):
        state, asked = random_game(mocarstwo, 3, seed, check=False)
        assert {mocarstwo.SPEC.players[p] for p in asked} == {"germany", "japan", "united_kingdom"}
        assert "china" not in str(state.result())


def test_soft_power_claims_two_neighbouring_open_markets(mocarstwo):
    """004 p.14: Soft power claims two neighbouring fields, one above the other or side by side
    (reading R5: two rows of four, numbered column by column)."""
    spaces = yaml.safe_load((CONTENT / "mocarstwo" / "map.yaml").read_text("utf-8"))["spaces"]
    neighbours = {s["id"]: set(s.get("adjacent", [])) for s in spaces}
    assert neighbours["market_1"] == {"market_2", "market_3"}
    used = 0
    for seed in range(1, 25):
        state, _ = random_game(mocarstwo, 4, seed, check=False)
        for entry in state.log:
            if entry[0] == "say" and entry[1] == "soft_power_used":
                (_, a), (_, b) = entry[2]["market"], entry[2]["other"]  # ("space", index)
                assert mocarstwo.SPEC.spaces[b] in neighbours[mocarstwo.SPEC.spaces[a]]
                used += 1
    assert used > 0


def test_the_terminal_shows_only_the_countries_in_play():
    """play.spaces.hide_empty: of the 30 partner places only those in play are listed, and the
    closed markets with nothing on them are left out."""
    out = subprocess.run([sys.executable, "-m", "compiler.cli", "play", "mocarstwo", "--players", "3",
                          "--seed", "3"], input="board\nquit\n", cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    board = out.stdout[out.stdout.index("Partner countries"):]
    listed = [line.split("│")[1].strip() for line in board.splitlines() if line.count("│") > 2]
    assert listed[:3] == ["Country 1", "Country 2", "Country 3"] and "Country 4" not in listed
    assert "São Paulo" not in out.stdout  # market 8: covered with three players, nothing on it
    # the forecast (004 p.8) names the outlook as printed on the card backs, not its id
    assert re.search(r"The forecast shows: (Boom|Stable|Slump)\n", out.stdout)
    assert "_outlook" not in out.stdout
