"""The words of `kurtyna play` and `kurtyna serve` agree with the names they use (issue 44)."""

from __future__ import annotations

import pytest

from compiler.tools.models import compiled_game
from compiler.tools.terminal.words import Words
from tests.conftest import CONTENT


@pytest.mark.parametrize("lang, winner, said", [
    ("pl", "germany", "Wygrywają Niemcy"),  # a plural name takes a plural verb
    ("pl", "japan", "Wygrywa Japonia"),
    ("cs", "germany", "Vítězí Německo"),
    ("en", "germany", "Germany wins"),
])
def test_a_win_agrees_with_the_winners_name(lang, winner, said):
    words = Words(compiled_game(CONTENT / "mocarstwo"), lang)
    result = {"winner": winner, "winners": [winner], "reason": None}
    assert words.result(result).startswith(said)
