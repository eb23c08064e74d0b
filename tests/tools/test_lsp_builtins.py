"""Over a built-in function the language server shows its signature and its line of
docs/language.md (issue 45: "over a built-in, its entry in docs/language.md")."""

from __future__ import annotations

import pytest

from compiler.front.resolve.builtins import BUILTINS, GRID_BUILTINS
from compiler.tools.lsp.builtins_doc import builtin_at, builtin_hover, documented

from ..conftest import CONTENT
from ..lsp_fixtures.editor import Editor


@pytest.mark.parametrize("name", sorted({*BUILTINS, *GRID_BUILTINS}))
def test_every_built_in_has_its_signature_and_its_docs_line(name):
    """A built-in added to the compiler without a line in docs/language.md fails here."""
    assert name in documented(), f"docs/language.md has no row for `{name}(...)`"
    shown = builtin_hover(name)
    assert shown.startswith(f"built-in `{name}(") and documented()[name][1] in shown


def test_a_built_in_is_found_only_where_it_is_called():
    line = "    if size(hand[us]) > top_score:"
    assert builtin_at(line, line.index("size") + 2) == "size"
    assert builtin_at(line, line.index("top_score") + 1) is None  # a name that only starts alike
    assert builtin_at("  size: 3", 3) is None  # a YAML key, not a call


def test_the_editor_gets_the_built_ins_docs_on_hover():
    rules = CONTENT / "zimna_wojna" / "rules.yaml"
    lines = rules.read_text("utf-8").split("\n")
    line = next(i for i, text in enumerate(lines) if "size(" in text)
    editor = Editor()
    try:
        editor.open_and_check(rules)
        hover = editor.hover(rules, line, lines[line].index("size(") + 1)
        assert hover is not None and "built-in `size(collection) -> int`" in hover.contents.value
        assert "how many items a list, region or zone has" in hover.contents.value
    finally:
        editor.close()
