"""`kurtyna lsp` driven as an editor drives it (issue 45): a process, spoken to over stdio.

Type a misspelt space into a card of Zimna Wojna and get E301 with "did you mean", fix it and see
it go; break a placeholder of a catalog; hover, go to a definition, list references, complete and
rename on each of the four games. The files on disk are never touched: the editor's buffers are
what is checked.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from compiler.tools.lsp.checking import check
from compiler.tools.lsp.complete import in_effect_text
from compiler.tools.lsp.symbols import Symbols

from ..conftest import CONTENT
from ..lsp_fixtures.editor import Editor, where

GAMES = ("zimna_wojna", "zelazna_kurtyna", "cia_kgb", "mocarstwo")
ZW = CONTENT / "zimna_wojna"


@pytest.fixture(scope="module")
def editor():
    ed = Editor()
    yield ed
    assert ed.alive, "the server is still running after every test"
    ed.close()


@pytest.fixture(scope="module")
def names():
    """Each game's names, found in this process: where the tests put the cursor."""
    made: dict[str, Symbols] = {}

    def of(game: str) -> Symbols:
        if game not in made:
            checked = check((CONTENT / game).resolve(), {})
            made[game] = Symbols(checked.compiled, checked.texts)
        return made[game]

    return of


def codes(editor: Editor, path: Path) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in editor.diagnostics(path.parent).get(path, [])]


def test_a_misspelt_space_typed_into_a_card_is_E301_then_cleared(editor):
    cards = ZW / "cards.yaml"
    on_disk = cards.read_bytes()
    pristine = cards.read_text("utf-8")
    editor.open_and_check(cards)
    assert codes(editor, cards) == []
    typed = pristine.replace("score_region(asia)\n",
                             "score_region(asia)\n      influence[itlay][us] += 1\n", 1)
    editor.change_and_check(cards, typed)
    (fault,) = editor.diagnostics(ZW)[cards]
    assert fault.code == "E301" and fault.message.startswith("unknown space 'itlay'")
    assert "hint: did you mean 'italy'?" in fault.message and fault.severity == 1
    line, char = where(cards, "score_region(asia)")
    assert (fault.range.start.line, fault.range.start.character) == (line + 1, len("      influence["))
    assert fault.range.end.character - fault.range.start.character == len("itlay")
    editor.change_and_check(cards, typed.replace("itlay", "italy"))
    found = codes(editor, cards)
    assert found and not [c for c, _ in found if c == "E301"], "the misspelling is fixed"
    # ... and the card's text is linted against the edited event, as check would: it names no Italy
    assert {c for c, _ in found} == {"E701"} and "names Italy" in found[0][1]
    editor.change_and_check(cards, pristine)
    assert all(not found for found in editor.diagnostics(ZW).values()), "every list cleared"
    editor.close_doc(cards)
    assert cards.read_bytes() == on_disk


def test_a_broken_placeholder_in_a_catalog_is_an_error_at_it(editor):
    po = CONTENT / "zelazna_kurtyna" / "locales" / "pl.po"
    text = po.read_text("utf-8")
    old = "{p?dokłada|dokładają} kostkę {s:to}"
    assert old in text
    editor.open_and_check(po, text.replace(old, old.replace("{s:to}", "{s:lok}"), 1))
    found = [d for d in editor.diagnostics(po.parents[1])[po] if d.code == "E706"]
    assert found and "did you mean 'loc'?" in found[0].message
    line, char = where(po, old, offset=old.index("{s:to}"))
    assert (found[0].range.start.line, found[0].range.start.character) == (line, char)
    editor.change_and_check(po, text)
    assert codes(editor, po) == []
    editor.close_doc(po)


def _use_in_effect(symbols: Symbols, kinds: tuple[str, ...]):
    """A name of one of `kinds` and a place in effect text that uses it: in a cards file if any does."""
    found = [(symbol, place) for symbol in symbols.by_name.values()
             if symbol.kind in kinds and symbol.declared for place in symbol.uses
             if place.path.suffix == ".yaml" and in_effect_text(symbols.lines(place.path), place.line - 1)]
    assert found, f"no {kinds} used in effect text"
    return next(((s, p) for s, p in found if "cards" in p.path.name), found[0])


@pytest.mark.parametrize("game", GAMES)
def test_hover_definition_references_on_each_game(editor, names, game):
    symbols = names(game)
    for kinds in (("procedure", "function"), ("card", "space", "region", "track", "counter", "zone")):
        symbol, place = _use_in_effect(symbols, kinds)
        editor.open_and_check(place.path)
        line, char = place.line - 1, place.col  # the cursor on the name's second character
        hover = editor.hover(place.path, line, char)
        assert hover is not None and f"{symbol.kind} `{symbol.name}`" in hover.contents.value
        target = editor.definition(place.path, line, char)
        declared = symbol.declared
        assert target.uri == declared.path.as_uri() and target.range.start.line == declared.line - 1
        text = declared.path.read_text("utf-8").split("\n")[declared.line - 1]
        assert text[target.range.start.character:target.range.end.character] == symbol.name
        found = editor.references(place.path, line, char)
        at = {(r.uri, r.range.start.line, r.range.start.character) for r in found}
        assert (place.path.as_uri(), place.line - 1, place.col - 1) in at
        assert (declared.path.as_uri(), declared.line - 1, declared.col - 1) in at
        editor.close_doc(place.path)


@pytest.mark.parametrize("game", GAMES)
def test_completion_and_rename_on_each_game(editor, names, game):
    symbols = names(game)
    symbol, place = _use_in_effect(symbols, ("procedure", "function"))
    editor.open_and_check(place.path)
    items = editor.completion(place.path, place.line - 1, place.col - 1).items
    assert symbol.name in {i.label for i in items}
    assert {"if", "let", "for"} <= {i.label for i in items}, "keywords of the effect language"
    edit = editor.rename(place.path, place.line - 1, place.col, f"{symbol.name}_renamed")
    edits = {(uri, e.range.start.line, e.range.start.character, e.new_text)
             for uri, found in edit.changes.items() for e in found}
    new = f"{symbol.name}_renamed"
    for p in symbol.places:
        assert (p.path.as_uri(), p.line - 1, p.col - 1, new) in edits
    for uri, found in edit.changes.items():  # each edit replaces exactly the old name
        lines = Path(uri.removeprefix("file://")).read_text("utf-8").split("\n")
        for e in found:
            assert lines[e.range.start.line][e.range.start.character:e.range.end.character] == symbol.name
    catalogs = [p for p in symbol.places if p.path.suffix in (".po", ".pot")]
    key = re.compile(rf'^msgctxt "(name|text|phrase|option|prompt)\.{symbol.name}[."]', re.M)
    if key.search((CONTENT / game / "locales" / "messages.pot").read_text("utf-8")):
        assert catalogs, "a catalog's msgctxt naming it is renamed too"
    editor.close_doc(place.path)


def test_rename_refuses_a_name_the_game_has(editor, names):
    symbols = names("zimna_wojna")
    symbol, place = _use_in_effect(symbols, ("procedure",))
    editor.open_and_check(place.path)
    with pytest.raises(Exception, match="already"):
        editor.rename(place.path, place.line - 1, place.col, "italy")
    editor.close_doc(place.path)


def test_completion_knows_what_fits(editor):
    cards = ZW / "cards.yaml"
    pristine = cards.read_text("utf-8")
    typed = pristine.replace("score_region(asia)\n", "score_region(asia)\n      influence[\n", 1)
    editor.open_and_check(cards)
    editor.change(cards, typed)
    line, _ = where(cards, "score_region(asia)")
    items = editor.completion(cards, line + 1, len("      influence[")).items
    first = {i.label for i in items if i.sort_text.startswith("0")}
    assert "italy" in first and "ussr" in first and "duck_and_cover" not in first
    typed = pristine.replace("score_region(asia)\n", "score_region(asia)\n      let x = china_card.\n", 1)
    editor.change(cards, typed)
    items = editor.completion(cards, line + 1, len("      let x = china_card.")).items
    assert {"ops", "side", "period"} <= {i.label for i in items}
    editor.change(cards, pristine)
    editor.close_doc(cards)
    po = CONTENT / "zelazna_kurtyna" / "locales" / "pl.po"
    editor.open(po)
    line, char = where(po, "{s:to}", offset=1)
    assert "s" in {i.label for i in editor.completion(po, line, char).items}
    assert {"gen", "loc", "to"} <= {i.label for i in editor.completion(po, line, char + 2).items}
    editor.close_doc(po)


def test_bad_input_gets_diagnostics_or_nothing_never_a_crash(editor, tmp_path):
    game = tmp_path / "zimna_wojna"
    shutil.copytree(ZW, game)
    cards = game / "cards.yaml"
    text = cards.read_text("utf-8")
    editor.open_and_check(cards, text[:len(text) // 2])  # half typed: cut in the middle of a line
    assert editor.diagnostics(game)[cards], "a fault of the half-typed file"
    editor.change_and_check(cards, text[:1000] + "\ud800" + text[1000:])  # no UTF-8 can say it
    assert any(d.code == "E101" and "UTF-8" in d.message for d in editor.diagnostics(game)[cards])
    editor.change_and_check(cards, "cards:\n" + "  # a long comment\n" * 600_000)  # about 10 MB
    assert editor.diagnostics(game)[cards], "too large a file is a fault, said at its start"
    editor.change(cards, text)
    editor.close_doc(cards)
    (game / "map.yaml").write_bytes((game / "map.yaml").read_bytes().replace(b"italy", b"it\xffaly", 1))
    editor.open_and_check(game / "game.yaml")  # a file on disk the editor has not opened
    assert any(d.code == "E101" for d in editor.diagnostics(game)[game / "map.yaml"])
    outside = tmp_path / "notes.yaml"
    outside.write_text("cards: [\n", "utf-8")
    editor.open(outside)
    assert editor.hover(outside, 0, 1) is None and editor.completion(outside, 0, 1) is None
    editor.pause(0.5)
    assert outside.as_uri() not in editor.client.diagnostics, "a file outside any game gets nothing"
    assert editor.alive
