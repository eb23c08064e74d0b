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


@pytest.mark.parametrize("lang, balance, reason", [
    ("en", "CIA holds the balance token and lets KGB act first in the struggle",
     "CIA wins (100 victory points reached)."),
    ("pl", "CIA ma żeton równowagi; pierwsza działa w walce strona: KGB",
     "Wygrywa CIA (osiągnięto 100 punktów zwycięstwa)."),
    ("cs", "CIA má žeton rovnováhy; v boji jedná první strana: KGB",
     "Vítězí CIA (dosaženo 100 vítězných bodů)."),
])
def test_the_log_tells_of_an_answer_in_the_third_person(lang, balance, reason):
    """A prompt speaks to the asked player ("You hold the balance token - choose ..."); the log
    speaks of them, in text.yaml `answered:` words, or says nothing where the rules log what the
    answer did (`false`); why a game ended reads in `reasons:` words, never as a raw id."""
    words = Words(compiled_game(CONTENT / "cia_kgb"), lang)
    assert words.log_line(["answer", "cia", "struggle_phase.p", "kgb"]) == balance
    assert words.log_line(["answer", "kgb", "activate.g", "banks"]) is None
    assert words.log_lines([["answer", "kgb", "activate.g", "banks"], ["say", "no_token", {}]]) == [
        words.log_line(["say", "no_token", {}])]
    assert words.result({"winner": "cia", "winners": ["cia"], "reason": "hundred_points"}) == reason


def test_a_prompt_without_an_answer_line_is_quoted():
    """Every answer the games log has a line; a prompt without one (here Zimna Wojna's headline,
    chosen in secret, so never logged with its answer) is quoted as asked."""
    words = Words(compiled_game(CONTENT / "zimna_wojna"), "en")
    line = words.log_line(["answer", "us", "choose_headline.pick", "blockade"])
    assert line == "US: Choose the card to headline - Blockade"


@pytest.mark.parametrize("lang, said", [("en", "US chooses no more."), ("pl", "USA: nic więcej."),
                                        ("cs", "USA: nic dalšího.")])
def test_stopping_early_reads_as_such_not_as_a_filled_line(lang, said):
    """A choice of "up to" N ends with the answer "done", which an answer's line cannot word."""
    words = Words(compiled_game(CONTENT / "zimna_wojna"), lang)
    assert words.log_line(["answer", "us", "norad.s", "done"]) == said
    assert "done" not in words.log_line(["answer", "us", "norad.s", "italy"])
