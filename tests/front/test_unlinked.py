"""Places outside the network of links: map.yaml `unlinked_kinds`.

tests/fixtures/games/bazaar links two squares; its stalls (kind `stall`, listed in
`unlinked_kinds`) hold goods but are linked to nothing. They are left out of the connectivity
check, may list no `adjacent` (E606), have no neighbours in effects, and the sheets draw them as
places, not as nodes of the graph.
"""

from __future__ import annotations

import pytest

from compiler.back.sheets import board as board_mod
from compiler.back.sheets import reference
from compiler.back.sheets.words import Words
from compiler.pipeline import compile_game

from ..conftest import FIXTURES, compile_errors, copy_game, edit_file

BAZAAR = FIXTURES / "games" / "bazaar"


@pytest.fixture(scope="module")
def bazaar():
    return compile_game(BAZAAR)


def test_places_of_an_unlinked_kind_have_no_neighbours_and_the_map_still_compiles(bazaar,
                                                                                    compiled_packages):
    game = bazaar.game
    assert game.unlinked_kinds == ["stall"]
    assert [s.id for s in game.spaces if not game.linked(s)] == ["stall_a", "stall_b"]
    engine = compiled_packages(BAZAAR)
    data = engine.data
    assert data.ADJACENT[data.STALL_A] == () and data.ADJACENT[data.NORTH] == (data.SOUTH,)
    state = engine.Game().new_state(seed=1)
    assert engine.rules.f_links(state, data.STALL_B) == 0
    assert engine.rules.f_links(state, data.SOUTH) == 1
    assert state.decision().answers == ["stall_a", "stall_b"]
    state.apply("stall_b")
    state.apply("stall_a")
    goods = state.c[data.C_GOODS]
    assert goods[data.STALL_B][data.RED] == 1 and goods[data.STALL_A][data.BLUE] == 1


def test_without_unlinked_kinds_the_places_break_the_map_in_two(tmp_path):
    game = copy_game(BAZAAR, tmp_path)
    edit_file(game / "map.yaml", "unlinked_kinds: [stall]\n", "")
    errors = compile_errors(game)
    # and every place then needs a box on the board
    assert [e.code for e in errors] == ["E201", "E602", "E602"]
    assert errors[0].message == "the board gives no place to 1 space(s): stall_b"
    assert "stall_a, stall_b cannot be reached from 'north'" in errors[1].message


def test_a_place_of_an_unlinked_kind_may_not_list_links(tmp_path):
    game = copy_game(BAZAAR, tmp_path)
    edit_file(game / "map.yaml", "names: {en: Stall A}, ", "names: {en: Stall A}, adjacent: [north], ")
    [error] = compile_errors(game)
    assert error.code == "E606"
    assert "'stall_a' is a stall, a kind the map lists in 'unlinked_kinds'" in error.message
    assert error.hint == "remove the adjacent list, or 'stall' from 'unlinked_kinds'"
    line = (game / "map.yaml").read_text("utf-8").splitlines()[error.span.line - 1]
    assert line[error.span.col - 1:].startswith("[north]")


def test_a_linked_space_may_not_list_a_place_of_an_unlinked_kind(tmp_path):
    """The fault is the link itself: E601's "add it to the other's list" would only move it."""
    game = copy_game(BAZAAR, tmp_path)
    edit_file(game / "map.yaml", "adjacent: [south]}", "adjacent: [south, stall_a]}")
    [error] = compile_errors(game)
    assert error.code == "E606" and error.hint == "remove this link"
    assert "'north' lists 'stall_a' as adjacent, but 'stall_a' is a stall" in error.message
    line = (game / "map.yaml").read_text("utf-8").splitlines()[error.span.line - 1]
    assert line[error.span.col - 1:].startswith("stall_a]")


def test_an_unknown_kind_in_unlinked_kinds_is_reported_with_a_hint(tmp_path):
    game = copy_game(BAZAAR, tmp_path)
    edit_file(game / "map.yaml", "unlinked_kinds: [stall]", "unlinked_kinds: [stal]")
    errors = compile_errors(game)
    assert errors[0].code == "E301" and errors[0].message == "unknown space kind 'stal'"
    assert errors[0].hint == "did you mean 'stall'?"
    assert (errors[0].span.line, errors[0].span.col) == (3, 18)


def test_the_reference_sheet_lists_the_places_without_neighbours_or_a_drawing(bazaar):
    sections = {s.name: s for s in reference.map_sections(Words(bazaar, "en"))}
    town, stalls = sections["Town"], sections["Stalls"]
    assert town.links and town.headers[-1] == "Neighbours"
    assert {n.id for n in town.drawing.nodes} == {"north", "south"}
    assert not stalls.links and stalls.drawing is None
    assert stalls.headers == ["Name", "Rent"]
    assert [(r.name, r.cells, r.neighbours) for r in stalls.rows] == [
        ("Stall A", ["1"], []), ("Stall B", ["2"], [])]


def test_the_board_draws_a_place_given_a_box_and_needs_none_for_the_others(bazaar):
    board = board_mod.build_board(Words(bazaar, "en"))
    assert sorted(b.id for b in board.boxes) == ["north", "south", "stall_a"]
    assert [(link.a, link.b) for link in board.links] == [("north", "south")]
    assert board_mod.problems(board) == []
