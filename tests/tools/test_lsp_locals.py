"""Local names in the language server (issue 45: definition and references of every name the
effect language binds): a parameter, a `let`, a loop or a choice variable is a name of its own
per binding, and a comprehension's, an aggregate's or a choice's variable holds inside its
expression only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.tools.lsp.checking import check
from compiler.tools.lsp.symbols import Symbols

from ..conftest import CONTENT
from ..lsp_fixtures.editor import Editor

GAMES = ("zimna_wojna", "zelazna_kurtyna", "cia_kgb", "mocarstwo")


def symbols_of(game: str) -> Symbols:
    checked = check((CONTENT / game).resolve(), {})
    return Symbols(checked.compiled, checked.texts)


def local_at(symbols: Symbols, path: Path, line: int, text: str, occurrence: int = 0):
    """The local named `text` at its `occurrence`-th place on `line` of `path`."""
    row = symbols.lines(path)[line - 1]
    col = [m.start() + 1 for m in re.finditer(rf"\b{re.escape(text)}\b", row)][occurrence]
    found = symbols.find(path, line, col)
    assert found is not None and found[0].kind == "local", (line, text, found)
    return found[0]


def line_of(path: Path, fragment: str) -> int:
    return next(i for i, row in enumerate(path.read_text("utf-8").split("\n"), 1) if fragment in row)


@pytest.mark.parametrize("game", GAMES)
def test_every_place_of_a_local_is_its_name(game):
    symbols = symbols_of(game)
    found = {id(s): s for rows in symbols.at.values() for items in rows.values() for _, s in items
             if s.kind == "local"}
    assert len(found) > 50
    for symbol in found.values():
        assert symbol.declared is not None and symbol.uses
        for place in symbol.places:
            assert symbols.lines(place.path)[place.line - 1][place.col - 1:place.end_col - 1] == symbol.name


def test_a_let_and_the_choice_inside_it_are_two_names():
    """`let c = us chooses one c in discards` (Blockade): the `c` moved afterwards is the let's,
    and the `c` of the comprehension above is a third, used inside its braces only."""
    cards = (CONTENT / "zimna_wojna" / "cards.yaml").resolve()
    symbols = symbols_of("zimna_wojna")
    let_line = line_of(cards, "let c = us chooses one c in discards")
    moved = local_at(symbols, cards, let_line + 1, "c")
    assert moved.declared.line == let_line and moved is local_at(symbols, cards, let_line, "c")
    braces = line_of(cards, "let discards = {c in hand[us]")
    inner = local_at(symbols, cards, braces, "c", 1)
    assert inner is not moved and {p.line for p in inner.places} == {braces}


def test_an_aggregate_s_variable_is_bound_after_its_use():
    """`sum(region_score(r, p) ... for r in regions ...)`: the `r` before `for` is the one after it."""
    rules = (CONTENT / "zimna_wojna" / "rules.yaml").resolve()
    symbols = symbols_of("zimna_wojna")
    line = line_of(rules, "let board = sum(region_score(r, p)")
    used = local_at(symbols, rules, line, "r")
    row = symbols.lines(rules)[line - 1]
    assert used.declared.col - 1 == row.index("for r in") + len("for ")
    param = local_at(symbols, rules, line, "p")
    assert "p: player" in symbols.lines(rules)[param.declared.line - 1]


def test_the_editor_goes_to_a_local_s_binding_and_finds_its_uses():
    cards = (CONTENT / "zimna_wojna" / "cards.yaml").resolve()
    let_line = line_of(cards, "let c = us chooses one c in discards")
    row = cards.read_text("utf-8").split("\n")[let_line]  # the line after: `move c to discard`
    at = re.search(r"\bc\b", row).start()
    editor = Editor()
    try:
        editor.open_and_check(cards)
        target = editor.definition(cards, let_line, at)
        assert target is not None and target.range.start.line == let_line - 1
        found = editor.references(cards, let_line, at)
        assert {r.range.start.line for r in found} == {let_line - 1, let_line}
        hover = editor.hover(cards, let_line, at)
        assert "local `c`" in hover.contents.value and "card" in hover.contents.value
    finally:
        editor.close()
