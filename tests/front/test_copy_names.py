"""One copy of a card with copies (cards.yaml `copies: N`) named in effect text: scenarios may
(`coin.2 in hand[red]`), the rules may not (E304); and the tools that count or show a card
treat a card's copies as the card (`kurtyna sim` events, the terminal's `show`).

tests/fixtures/games/stalls has five coins and three gems (the gems with an event) and a crown.
"""

from __future__ import annotations

import json

import pytest

from dsl.parser import EffectSyntaxError, parse_expression

from ..conftest import FIXTURES, compile_errors, copy_game, edit_file, run_cli
from ..tools.test_play_zones import play

STALLS = FIXTURES / "games" / "stalls"


def scenario_faults(tmp_path, expect: str) -> str:
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {STALLS}\nsource: stalls\nsteps:\n  - do: move gem.1 to pile\n"
                    f"expect:\n  - {expect}\n", "utf-8")
    result = run_cli("test", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    return result.stderr


def test_a_scenario_names_copies_in_its_steps_and_expectations():
    result = run_cli("test", str(FIXTURES / "scenarios" / "named_copies.yaml"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed, 0 failed" in result.stdout


def test_a_copy_is_one_token_of_the_language():
    assert parse_expression("top(pile) == gem.2").rest[0].id == "gem.2"
    assert parse_expression("s.adjacent").attr == "adjacent"  # an attribute is not a copy
    with pytest.raises(EffectSyntaxError, match="expected a name$"):
        parse_expression("gem.2x")


def test_the_rules_cannot_name_one_copy(tmp_path):
    game = copy_game(STALLS, tmp_path)
    edit_file(game / "rules.yaml", "              move c to pile\n",
              "              move c to pile\n          move coin.2 to pile\n")
    [error] = compile_errors(game)
    assert error.code == "E304"
    assert error.message == "'coin.2' is one copy of 'coin': rules cannot name one copy"
    assert error.hint.startswith("a card with copies has no single name; test its attributes")


def test_a_scenario_naming_the_entry_is_told_the_copies_and_an_unknown_copy_is_unknown(tmp_path):
    faults = scenario_faults(tmp_path, "coin in pile")
    assert "error[E304]: 'coin' is a card with copies: no single card has that name" in faults
    assert "a scenario names one copy: coin.1 ... coin.5" in faults
    faults = scenario_faults(tmp_path, "coin.6 in pile")
    assert "error[E301]: unknown card 'coin.6'" in faults and "did you mean 'coin.5'?" in faults
    faults = scenario_faults(tmp_path, "crown.1 in pile")  # a card without copies has none
    assert "error[E301]: unknown card 'crown.1'" in faults


def test_sim_counts_the_events_of_a_cards_copies_together():
    report = json.loads(run_cli("sim", str(STALLS), "--games", "3", "--json",
                                "--require-every-event").stdout)
    assert list(report["events"]) == ["gem"] and report["events"]["gem"] > 0
    assert report["never_happened"] == [] and report["exit"] == 0


def test_show_prints_the_text_of_a_copys_entry():
    lines = play(STALLS, "show coin", "show gem", "quit", side="red")
    assert "Worth 1." in lines  # authored
    assert "Add 1 to cash of the player." in lines  # generated from the gem's event
    assert "This card has no text." not in lines
