"""A game's own invariants (game.yaml `invariants`), checked with the runtime's.

tests/fixtures/games/bazaar lists two: `one_per_stall` (no two traders in one stall), which
random play breaks whenever both players pick the same stall, and `coins_in_range`. `kurtyna
sim` reports a broken one with its seed, `kurtyna test` at the end of a scenario, and the
compiler refuses an invariant that is not a function `() -> bool`.
"""

from __future__ import annotations

import json
import re

import pytest

from dsl.runtime.invariants import content_violations, violations

from ..conftest import FIXTURES, compile_errors, copy_game, edit_file, run_cli

BAZAAR = FIXTURES / "games" / "bazaar"
SCENARIOS = FIXTURES / "scenarios" / "bazaar"
# where one_per_stall is defined: its file, never a line (a comment added to the content must not
# change the engine: tests/tools/test_comments_move_nothing.py); the invariant's name is its function's
PLACE = "tests/fixtures/games/bazaar/rules.yaml"
BROKEN = f"invariant 'one_per_stall' ({PLACE}) does not hold"


@pytest.fixture(scope="module")
def bazaar(compiled_packages):
    return compiled_packages(BAZAAR)


def test_the_engine_checks_the_invariants_of_the_content(bazaar):
    spec = bazaar.SPEC
    assert [(name, where) for name, _, where in spec.invariants] == [
        ("one_per_stall", PLACE), ("coins_in_range", PLACE)]
    state = bazaar.Game().new_state(seed=1)
    state.apply("stall_a")
    assert violations(state) == []
    steps = state.steps
    state.apply("stall_a")
    assert violations(state) == [BROKEN] == content_violations(state)
    assert state.steps == steps  # checking is no step of the game


def test_a_fault_inside_an_invariant_is_reported_not_raised(tmp_path, compiled_packages):
    game = copy_game(BAZAAR, tmp_path)
    edit_file(game / "rules.yaml", "return all(0 <= coins[p] <= 20 for p in players)",
              "return 6 / (coins[red] - 3) > 0")
    engine = compiled_packages(game)
    state = engine.Game().new_state(seed=1)  # coins start at 3
    [wrong] = violations(state)
    assert wrong.startswith("invariant 'coins_in_range' (")
    # the function is defined on line 23; the fault lies in its statement on line 24
    assert wrong.endswith("rules.yaml:24: division by zero in function 'coins_in_range'")
    assert "could not be checked" in wrong


def test_sim_reports_a_broken_invariant_with_its_seed():
    result = run_cli("sim", str(BAZAAR), "--games", "6", "--json")
    report = json.loads(result.stdout)
    assert result.returncode == 1 and report["failed"] == 4
    assert report["errors"][0] == {"seed": 1, "error": f"AssertionError: after decision 2: {BROKEN}"}
    result = run_cli("sim", str(BAZAAR), "--games", "6")
    assert f"error with seed 1: AssertionError: after decision 2: {BROKEN}" in result.stdout
    unchecked = run_cli("sim", str(BAZAAR), "--games", "6", "--no-check", "--json")
    assert unchecked.returncode == 0 and json.loads(unchecked.stdout)["finished"] == 6


def test_a_scenario_fails_when_an_invariant_breaks_though_its_expectations_hold():
    result = run_cli("test", str(SCENARIOS))
    assert result.returncode == 1
    assert re.search(r"^PASS \S+/bazaar/apart.yaml", result.stdout, re.M)
    assert re.search(r"^FAIL \S+/bazaar/crowded.yaml", result.stdout, re.M)
    assert f"     at the end: {BROKEN}\n" in result.stdout
    assert "1 passed, 1 failed" in result.stdout


@pytest.mark.parametrize("listed, code, message, hint", [
    ("one_per_stal", "E301", "unknown function 'one_per_stal'", "did you mean 'one_per_stall'?"),
    ("setup", "E304", "'setup' is a procedure; an invariant is a function",
     "write it as function name() -> bool: it changes nothing and asks nothing"),
    ("links", "E502", "function 'links' takes 1 parameter(s); an invariant takes none",
     "check every case inside the function (`for p in players:`): function name() -> bool"),
    ("wealth", "E501", "function 'wealth' gives int; an invariant gives a truth",
     "function name() -> bool: true when the state is sound"),
])
def test_an_invariant_must_be_a_function_without_parameters_giving_a_bool(tmp_path, listed, code,
                                                                           message, hint):
    game = copy_game(BAZAAR, tmp_path)
    edit_file(game / "game.yaml", "invariants: [one_per_stall, ", f"invariants: [{listed}, ")
    edit_file(game / "rules.yaml", "      function coins_in_range",
              "      function wealth() -> int:\n          return coins[red]\n\n      function coins_in_range")
    [error] = compile_errors(game)
    assert (error.code, error.message, error.hint) == (code, message, hint)
    assert error.span.path.endswith("game.yaml") and error.span.col == 14
