"""CIA vs KGB (seed 001) beyond its scenarios: what each player may see (the hidden Agent X,
private looks at cards) in views and in terminal play, and random games that keep the rules'
invariants. The rulebook's examples and rules are scenarios in tests/examples/cia_kgb/."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from dsl.runtime.invariants import violations

from ..conftest import CONTENT, ROOT


@pytest.fixture(scope="module")
def cia_kgb(compiled_packages):
    return compiled_packages(CONTENT / "cia_kgb")


def play_until(state, stop, rnd: random.Random, limit: int = 5000) -> None:
    for _ in range(limit):
        if state.is_over() or stop(state):
            return
        state.apply_index(rnd.randrange(len(state.decision().options)))
    raise AssertionError("the condition never came")


def test_the_other_agent_x_stays_hidden_until_the_debriefing(cia_kgb):
    """001 "Faza 2": each side lays its Agent X face down; it is revealed at the debriefing."""
    for seed in range(1, 6):
        state = cia_kgb.Game().new_state(seed)
        rnd = random.Random(seed)
        play_until(state, lambda s: s.view("cia")["zones"]["agent_x"]["kgb"]["size"] == 1, rnd)
        kgb_agent = state.view("kgb")["zones"]["agent_x"]["kgb"]["cards"]
        seen = state.view("cia")["zones"]["agent_x"]["kgb"]
        assert seen == {"size": 1, "known": []} and len(kgb_agent) == 1
        assert not any(kgb_agent[0] in str(entry) for entry in state.view("cia")["log"])
        play_until(state, lambda s: any(e[0] == "say" and e[1] == "agent_revealed"
                                        for e in s.view("cia")["log"]), rnd)
        log = state.view("cia")["log"]
        named = [e[2]["agent"] for e in log if e[:2] in (["say", "agent_revealed"], ["say", "riot"])]
        assert kgb_agent[0] in named  # revealed at the debriefing, or by its riot before it


def test_a_private_look_reaches_only_its_player(cia_kgb):
    """Media (001 "Karty mediów"), the Analyst and the Double Agent look at cards in private:
    the other player's view has only a placeholder at the same place in the log."""
    found = 0
    for seed in range(1, 40):
        state = cia_kgb.Game().new_state(seed)
        play_until(state, lambda s: any(e[0] == "say_to" for e in s.log), random.Random(seed))
        if state.is_over():
            continue
        index = next(i for i, e in enumerate(state.log) if e[0] == "say_to")
        reader = cia_kgb.SPEC.players[state.log[index][1]]
        other = next(p for p in cia_kgb.SPEC.players if p != reader)
        mine, theirs = state.view(reader)["log"][index], state.view(other)["log"][index]
        # what was looked at: a group card (Media, Analyst), targets (Space Race), an Agent X
        assert mine[0] == "say_to" and mine[2] in ("looked_at", "looked_at_group", "agent_seen") and mine[3]
        assert theirs == ["private", reader]
        found += 1
    assert found >= 10


def test_random_games_hold_the_invariants_and_end(cia_kgb):
    reasons = set()
    for seed in range(60):
        state = cia_kgb.Game().new_state(seed)
        rnd = random.Random(seed)
        while not state.is_over():
            state.apply_index(rnd.randrange(len(state.decision().options)))
            assert not violations(state), (seed, violations(state))
        result = state.result()
        reasons.add(result["reason"])
        totals = {p: state.view(p)["tracks"]["vp"][p] for p in ("cia", "kgb")}
        if result["reason"] == "hundred_points":
            assert totals[result["winner"]] >= 100 and totals[result["winner"]] > min(totals.values())
    assert reasons == {"hundred_points", "targets_exhausted"}


def test_terminal_play_shows_the_table_and_hides_the_other_agent():
    result = subprocess.run([sys.executable, "-m", "compiler.cli", "play", "cia_kgb", "--seed", "3"],
                            input="1\nboard\nquit\n", capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for shown in ("Target", "Population", "Stability", "Factions", "Ready groups",
                  "Mobilized groups", "Terminated", "Victory pile", "On leave"):
        assert shown in out, shown
    # a side's pile is listed on its own once it holds something; empty for both, it is one line
    assert "Victory pile: none" in out and "Victory pile - KGB" not in out
    assert "Agent X - KGB: hidden cards: 1" in out
    assert " > " in out  # the target's faction order for a tie


def test_the_end_reason_is_translated():
    """The result line of `kurtyna play` says why the game ended in the player's language: the
    reasons of `end game ... because` are catalog entries (literal.<reason>), their English
    text.yaml's `reasons:`, never the id with spaces ("Hundred points")."""
    from compiler.back.i18n import translations
    from compiler.back.i18n.sources import literal_key
    from compiler.pipeline import compile_game

    compiled = compile_game(CONTENT / "cia_kgb")
    said = {lang: translations(compiled, lang).message(literal_key("hundred_points"), "?")
            for lang in ("en", "pl", "cs")}
    assert said == {"en": "100 victory points reached", "pl": "osiągnięto 100 punktów zwycięstwa",
                    "cs": "dosaženo 100 vítězných bodů"}


def test_every_agenda_resolves_in_random_games(cia_kgb):
    """All twelve agents carry out their agendas (001 "Faza 5") in a few hundred random games."""
    resolved: set[str] = set()
    for seed in range(300):
        state = cia_kgb.Game().new_state(seed)
        rnd = random.Random(seed)
        while not state.is_over():
            state.apply_index(rnd.randrange(len(state.decision().options)))
        resolved |= {e[2]["agent"] for e in state.view("cia")["log"] if e[:2] == ["say", "agenda"]}
        if len(resolved) == 12:
            break
    assert resolved == {c for c in cia_kgb.SPEC.cards if c.startswith(("cia_", "kgb_"))}
