"""List-typed attributes (`type: list[<type>]`, `permutation: true`) and the `bottom(zone)` built-in.

tests/fixtures/games/ranked gives each card an order of guilds (most important first), a space a
route of spaces, and plays one rule that walks the top card's order; copies of it are broken in
temporary folders to see each fault reported where it stands.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from compiler.diagnostics import Diagnostic
from compiler.pipeline import compile_game

from ..conftest import FIXTURES, compile_errors, copy_game, edit_file, run_cli

GAME = FIXTURES / "games" / "ranked"
SECOND = "order: [masons, weavers, bakers, smiths]"  # the second card's order, in cards.yaml


@pytest.fixture(scope="module")
def ranked(compiled_packages):
    return compiled_packages(GAME)


@pytest.fixture
def broken(tmp_path) -> Path:
    """A copy of the ranked game to break."""
    return copy_game(GAME, tmp_path)


def at(folder: Path, filename: str, needle: str) -> tuple[int, int]:
    """Line and column (from 1) of the only occurrence of `needle` in a file of the game."""
    found = [(n, line.index(needle) + 1) for n, line in
             enumerate((folder / filename).read_text("utf-8").splitlines(), 1) if needle in line]
    assert len(found) == 1, found
    return found[0]


def only(diagnostics: list[Diagnostic], code: str) -> Diagnostic:
    found = [d for d in diagnostics if d.code == code]
    assert len(found) == 1, [d.render() for d in diagnostics]
    return found[0]


# ---- compiled and played ----------------------------------------------------------------------


def test_a_list_attribute_is_a_tuple_in_the_engine_and_a_rule_walks_it_in_order(ranked):
    assert ranked.data.CARD_ORDER == (("bakers", "smiths", "weavers", "masons"),
                                      ("masons", "weavers", "bakers", "smiths"),
                                      ("weavers", "masons", "smiths", "bakers"))
    assert ranked.data.CARD_MARKS == ((3, 1), (), ())  # optional and left out: the empty list
    assert ranked.data.SPACE_ROUTE[ranked.data.MIDDLE] == (ranked.data.SOUTH, ranked.data.NORTH)
    assert "(('bakers', 'smiths', 'weavers', 'masons'), (3, 1)),  # first" in (
        Path(ranked.__file__).parent / "data.py").read_text("utf-8")
    state = ranked.Game().new_state(seed=1)
    assert state.result() == {"winner": "red", "winners": ["red"], "reason": "done"}
    said = [(key, args) for kind, key, args in (e for e in state.log if e[0] == "say")]
    # the top card (the last moved to the pile) is 'third': its order, item by item
    assert [a["guild"] for k, a in said if k == "rank"] == ["weavers", "masons", "smiths", "bakers"]
    assert [a["space"][1] for k, a in said if k == "route"] == [ranked.data.SOUTH, ranked.data.NORTH]
    # its event, `for g in card.order where g != masons`
    assert [a["guild"] for k, a in said if k == "favour"] == ["weavers", "smiths", "bakers"]
    # rank(order, masons) = 2 through a `list[guild]` parameter, size 4, first is weavers and
    # smiths is in it (+1), it equals a list written out (+4), bottom(empty) is none (+2)
    assert state.t[ranked.data.T_SCORE] == 100 * 2 + 10 * 4 + 1 + 4 + 2


def test_bottom_is_the_card_under_all_others_and_none_in_an_empty_zone(ranked):
    state = ranked.Game().new_state(seed=1)
    ends = next(args for kind, key, args in (e for e in state.log if e[0] == "say") if key == "ends")
    # cards were moved to the pile in card order, each on top: 'first' lies at the bottom
    assert ends == {"top": ("card", ranked.data.THIRD), "bottom": ("card", ranked.data.FIRST)}
    pile = state.zones[ranked.data.Z_PILE]
    assert state.bottom(ranked.data.Z_PILE) == pile[0] and state.top(ranked.data.Z_PILE) == pile[-1]
    assert state.bottom(ranked.data.Z_EMPTY) is None


def test_list_items_of_text_reach_the_engine_as_escaped_literals(broken, compiled_packages):
    edit_file(broken / "game.yaml", "    marks:", '    notes: {type: "list[text]", default: []}\n    marks:')
    # in YAML's double quotes: three quotes and a line break, a backslash, an invisible line break
    edit_file(broken / "cards.yaml", "marks: [3, 1]}",
              r"""marks: [3, 1], notes: ["\"\"\"\nimport os", "it's \\ here", "\u2028line"]}""")
    engine = compiled_packages(broken)
    assert engine.data.CARD_NOTES[engine.data.FIRST] == ('"""\nimport os', "it's \\ here", "\u2028line")


# ---- checked ----------------------------------------------------------------------------------


def test_an_unknown_item_is_reported_at_the_item_with_a_suggestion(broken):
    edit_file(broken / "cards.yaml", "[bakers, smiths, weavers, masons]", "[bakers, smiths, weavrs, masons]")
    fault = only(compile_errors(broken), "E301")
    assert fault.message == "unknown guild 'weavrs'" and "weavers" in fault.hint
    assert (fault.span.line, fault.span.col) == at(broken, "cards.yaml", "weavrs")
    assert not [d for d in compile_errors(broken) if d.code == "E207"]  # no echo of the same fault


def test_an_unknown_item_in_a_block_list_points_at_its_own_line(broken):
    edit_file(broken / "cards.yaml", SECOND,
              "order:\n        - masons\n        - weavers\n        - bakres\n        - smiths")
    fault = only(compile_errors(broken), "E301")
    assert (fault.span.line, fault.span.col) == at(broken, "cards.yaml", "bakres")


def test_a_permutation_missing_a_value_names_it_at_the_list(broken):
    edit_file(broken / "cards.yaml", SECOND, "order: [masons, weavers, smiths]")
    fault = only(compile_errors(broken), "E207")
    assert fault.message == "'order' must list each guild exactly once: bakers is missing"
    assert (fault.span.line, fault.span.col) == at(broken, "cards.yaml", "[masons, weavers, smiths]")
    assert "smiths, bakers, masons, weavers" in fault.hint


def test_a_permutation_repeating_a_value_names_it(broken):
    edit_file(broken / "cards.yaml", SECOND,
              "order: [masons, weavers, bakers, smiths, weavers]")
    fault = only(compile_errors(broken), "E207")
    assert fault.message == "'order' must list each guild exactly once: weavers is given more than once"


def test_a_permutation_both_missing_and_repeating_says_both_in_the_cli(broken):
    edit_file(broken / "cards.yaml", SECOND, "order: [masons, masons, bakers, smiths]")
    result = run_cli("check", str(broken))
    assert result.returncode == 1
    line, col = at(broken, "cards.yaml", "[masons, masons, bakers, smiths]")
    assert (f"cards.yaml:{line}:{col}: error[E207]: 'order' must list each guild exactly once: "
            "weavers is missing; masons is given more than once") in result.stderr


@pytest.mark.parametrize(("old", "new", "code", "words"), [
    (SECOND, "order: masons", "E202",
     "expected a list of guild values, got 'masons'"),
    ("marks: [3, 1]", "marks: [3, 10]", "E205", "10 is outside the allowed range 0..9"),
    ("marks: [3, 1]", "marks: [3, true]", "E202", "expected a whole number, got 'True'"),
], ids=["not-a-list", "item-out-of-range", "item-of-the-wrong-type"])
def test_values_of_the_wrong_shape(broken, old, new, code, words):
    edit_file(broken / "cards.yaml", old, new)
    fault = only(compile_errors(broken), code)
    assert fault.message == words


@pytest.mark.parametrize(("old", "new", "code", "words", "hint"), [
    ("type: list[guild]", "type: list[gild]", "E301", "unknown type 'gild'", "guild"),
    ("type: list[guild]", "type: list[list[guild]]", "E205", "malformed list type 'list[list[guild]]'",
     "list[<type>]"),
    ('{type: "list[int]", optional: true', '{type: "list[int]", permutation: true, optional: true', "E205",
     "'permutation' needs a list of an enum's constants, and 'marks' is of type list[int]", "list[<enum>]"),
], ids=["unknown-item-type", "list-of-lists", "permutation-of-numbers"])
def test_declarations_of_the_wrong_shape(broken, old, new, code, words, hint):
    edit_file(broken / "game.yaml", old, new)
    fault = only(compile_errors(broken), code)
    assert fault.message == words and hint in fault.hint
    assert fault.span.path.endswith("game.yaml")


@pytest.mark.parametrize(("old", "new", "words"), [
    ("if bottom(empty) == none:", "if c.order == 3:", "comparing list[guild] with int is always false"),
    ("if bottom(empty) == none:", "if c.order > 0:", "'>' compares numbers, but this is list[guild]"),
    ("rank(c.order, masons)", "rank(middle.route, masons)",
     "argument 'xs' of 'rank' should be list[guild], but this is list[space]"),
    ("rank(c.order, masons)", "rank(c.marks, masons)",
     "argument 'xs' of 'rank' should be list[guild], but this is list[int]"),
], ids=["compared-with-int", "ordered-comparison", "wrong-list-argument", "list-of-other-items"])
def test_a_list_attribute_misused_in_effects_is_a_type_error(broken, old, new, words):
    edit_file(broken / "rules.yaml", old, new)
    faults = [d for d in compile_errors(broken) if d.code == "E501"]
    assert len(faults) == 1 and words in faults[0].message, [d.render() for d in faults]


# ---- shown to people --------------------------------------------------------------------------


def test_sheets_and_the_terminal_show_a_list_joined_by_arrows(ranked):
    from compiler.back.sheets import cards
    from compiler.back.sheets.words import Words
    from compiler.tools.terminal.board import Board
    from compiler.tools.terminal.words import Words as TerminalWords

    compiled = compile_game(GAME)
    faces = [cards.face(Words(compiled, "en"), card).footer for card in compiled.game.cards]
    assert faces[0] == ["Order: Bakers > Smiths > Weavers > Stonemasons"]  # sheets `values` name masons
    assert Words(compiled, "en").value("list[space]", ["south", "north"]) == "south > north"
    board = Board(compiled, ranked.Game().spec, TerminalWords(compiled, "en"))
    table = board.card_table("Cards", [("1", "first"), ("2", "second")])
    console = Console(width=120, record=True)
    console.print(table)
    shown = console.export_text()
    assert "Bakers > Smiths > Weavers > Stonemasons" in shown and "3 > 1" in shown


def test_enum_items_of_a_list_are_translated_by_the_catalogs(broken):
    from compiler.back.sheets import cards
    from compiler.back.sheets.words import Words
    from compiler.tools.terminal.words import Words as TerminalWords

    edit_file(broken / "cards.yaml", "    event: |\n      for g in card.order where g != masons:\n"
              "          log \"favour\" with guild=g\n", "")  # no card text to translate
    assert run_cli("i18n", "init", str(broken), "pl").returncode == 0
    edit_file(broken / "locales" / "pl.po", 'msgid "Stonemasons"\nmsgstr ""',
              'msgid "Stonemasons"\nmsgstr "Murarze"')
    compiled = compile_game(broken)
    assert cards.face(Words(compiled, "pl"), compiled.game.cards[1]).footer == [
        "Order: Murarze > Weavers > Bakers > Smiths"]  # the rest is not translated yet
    assert TerminalWords(compiled, "pl").attribute(["masons", "smiths"]) == "Murarze > Smiths"
