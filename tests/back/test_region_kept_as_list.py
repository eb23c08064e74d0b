"""A region or zone that stands where a list is kept (assigned to a list, passed to a list
parameter, returned as a list, chosen into a list) is kept as the list of its items: the engine
iterates it later like any list (a region kept as its index failed at run time with R106)."""

from __future__ import annotations

import pytest

from tests.conftest import FIXTURES, copy_game, edit_file, run_cli

HEADER = "      procedure score_regions():\n"
CASES = {
    "assigned": "          let area = west | east\n          let q = red chooses one q in regions\n"
                "          area = q\n          for s in area:\n              score += 0\n",
    "chosen into a list": "          let area = west | east\n          area = red chooses one q in regions\n"
                          "          for s in area:\n              score += 0\n",
    "passed and returned": "          let q = red chooses one q in regions\n          count_in(q)\n"
                           "          count_in(some_area(q))\n",
}
DEFINITIONS = ("      procedure count_in(area: list[space]):\n"
               "          for s in area:\n              score += 0\n\n"
               "      function some_area(q: region) -> list[space]:\n          return q\n\n")


@pytest.mark.parametrize("case", CASES)
def test_a_region_kept_as_a_list_is_iterated_later(tmp_path, case):
    game = copy_game(FIXTURES / "games" / "tiny", tmp_path)
    edit_file(game / "rules.yaml", HEADER, DEFINITIONS + HEADER + CASES[case], count=1)
    assert run_cli("check", str(game)).returncode == 0
    played = run_cli("sim", str(game), "--games", "5")
    assert played.returncode == 0, played.stdout + played.stderr
    assert "5 games finished, 0 failed" in played.stdout, played.stdout
