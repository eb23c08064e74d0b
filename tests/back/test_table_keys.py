"""Tables keyed by an entity column (a player, space, region or card) or an enum constant.

The rules look a row up with the value they hold: an entity is a small int at run time, so the
engine's table must be keyed by that int, not by the id written in tracks.yaml. A table keyed by
a player column once failed at the first lookup with "table 'seats' has no row 0".
tests/fixtures/games/podium looks its `seats` table up by player in its setup.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import FIXTURES, copy_game, edit_file

PODIUM = FIXTURES / "games" / "podium"


@pytest.fixture(scope="module")
def podium(compiled_packages):
    return compiled_packages(PODIUM)


def test_a_table_keyed_by_a_player_column_is_looked_up_by_player(podium):
    data = podium.data
    assert set(data.TABLE_SEATS) == {data.RED, data.BLUE}
    assert "    RED: SeatsRow(who=RED, points=3, money=2),\n" in (
        Path(podium.__file__).parent / "data.py").read_text("utf-8")
    state = podium.Game().new_state(seed=1)  # the setup reads seats[p] for each player
    score, cash = podium.data.T_SCORE, podium.data.T_CASH
    assert state.t[score:score + 2] == [3, 3] and state.t[cash:cash + 2] == [2, 2]


TABLES = """
  - id: by_space
    key: where
    columns: {where: space, n: int}
    rows: [{where: alpha, n: 1}, {where: gamma, n: 3}]
  - id: by_region
    key: area
    columns: {area: region, n: int}
    rows: [{area: east, n: 4}]
  - id: by_card
    key: which
    columns: {which: card, n: int}
    rows: [{which: storm, n: 5}]
  - id: by_color
    key: shade
    columns: {shade: color, n: int}
    rows: [{shade: silver, n: 6}]
variables:
"""

LOOKUPS = """  - id: lookups
    code: |
      function looked_up() -> int:
          let n = by_space[gamma].n * 1000 + by_region[east].n * 100
          return n + by_card[storm].n * 10 + by_color[silver].n

  - id: hooks
"""


def test_tables_keyed_by_a_space_a_region_a_card_and_an_enum_are_looked_up_by_value(compiled_packages,
                                                                                    tmp_path):
    game = copy_game(FIXTURES / "games" / "tiny", tmp_path)
    edit_file(game / "tracks.yaml", "variables:\n", TABLES)
    edit_file(game / "rules.yaml", "  - id: hooks\n", LOOKUPS)
    engine = compiled_packages(game)
    state = engine.Game().new_state(seed=1)
    assert engine.rules.f_looked_up(state) == 3456
    data = engine.data
    assert set(data.TABLE_BY_SPACE) == {data.ALPHA, data.GAMMA}
    assert set(data.TABLE_BY_CARD) == {data.STORM} and set(data.TABLE_BY_COLOR) == {"silver"}
