"""A rename leaves a game that checks as before (issue 45): the workspace edit reaches every file
that names the item, text.yaml's `<owner>.<what>` prompt and answer keys and the catalogs'
msgctxt included, so `kurtyna check` finds nothing new and no translation is lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.tools.lsp.checking import check
from compiler.tools.lsp.rename import rename_edit
from compiler.tools.lsp.symbols import Place, Symbols

from ..conftest import CONTENT


def renamed(game: str, name: str, new: str) -> tuple[dict[Path, bytes], Symbols]:
    """The game's files after renaming `name` to `new` as an editor applies the edit."""
    folder = (CONTENT / game).resolve()
    checked = check(folder, {})
    symbols = Symbols(checked.compiled, checked.texts)
    edits: dict[Path, list[Place]] = {}

    def as_range(place: Place) -> Place:  # the test applies edits by place, not by LSP position
        return place

    edit = rename_edit(symbols, symbols.by_name[name], new, as_range, lambda path: path)
    for path, places in edit.changes.items():
        edits[Path(path)] = places
    out: dict[Path, bytes] = {}
    for path, changes in edits.items():
        lines = symbols.lines(path)[:]
        for change in sorted(changes, key=lambda e: (e.range.line, e.range.col), reverse=True):
            place = change.range
            text = lines[place.line - 1]
            assert text[place.col - 1:place.end_col - 1] == name, (path.name, place.line, text)
            lines[place.line - 1] = text[:place.col - 1] + new + text[place.end_col - 1:]
        out[path] = "\n".join(lines).encode("utf-8")
    return out, symbols


@pytest.mark.parametrize("game, name, kind, entry", [
    ("zimna_wojna", "blockade", "card", "text.{}"),  # asks questions: prompts, answers, catalog entries
    ("cia_kgb", "influence_of", "function", "play.column.{}"),  # a figure of game.yaml `play`
])
def test_a_renamed_item_checks_as_before(game, name, kind, entry):
    before = check((CONTENT / game).resolve(), {})
    buffers, symbols = renamed(game, name, name + "_renamed")
    assert symbols.by_name[name].kind == kind
    after = check((CONTENT / game).resolve(), buffers)
    assert after.compiled is not None
    faults = [f"{d.code} {d.message}" for found in after.faults.values() for d in found]
    assert faults == [f"{d.code} {d.message}" for found in before.faults.values() for d in found]
    files = {path.name for path in buffers}
    assert "text.yaml" in files or kind != "card"
    assert {"pl.po", "cs.po"} <= files
    for path, data in buffers.items():  # its translations went with it
        if path.suffix == ".po":
            assert f'msgctxt "{entry.format(name + "_renamed")}"' in data.decode("utf-8"), path.name
