"""The frames the compiler writes for procedures that ask (compiler/back/python/resumable.py)
stay readable: no statement is written where nothing can reach it."""

from __future__ import annotations

import pytest

from ..conftest import ROOT

GAMES = ["zimna_wojna", "zelazna_kurtyna", "cia_kgb", "mocarstwo"]


def unreachable(lines: list[str]) -> list[int]:
    """Lines right after a `return` or `continue` at the same indentation (1-based)."""
    found = []
    for number, (line, after) in enumerate(zip(lines, lines[1:], strict=False), 1):
        text = line.strip()
        if (text.startswith("return") or text == "continue") and after.strip():
            if len(after) - len(after.lstrip()) == len(line) - len(line.lstrip()):
                found.append(number + 1)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_generated_line_follows_a_return_or_continue(game):
    for module in ("rules.py", "cards.py"):
        lines = (ROOT / "generated" / game / module).read_text("utf-8").splitlines()
        assert unreachable(lines) == [], f"generated/{game}/{module}"


def test_the_check_finds_a_line_after_a_return():
    assert unreachable(["if pc == 2:", "    return fr._done()", "    pc = 4", "    continue"]) == [3]
    assert unreachable(["if x:", "    return 1", "y = 2"]) == []
