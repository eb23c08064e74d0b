"""The differential cache test of test_cache_differential.py on the three larger games, for the
long run: `make long` runs this file by name (its name does not start with `test_`, so `make
test` and a plain `pytest` never collect it); Żelazna Kurtyna runs in `make test`. A few minutes
of commands on two cores: every verb, four ways, on Zimna Wojna, CIA vs KGB and Jak zostać
mocarstwem."""

from __future__ import annotations

import pytest

from .test_cache_differential import check_answers


@pytest.mark.parametrize("game", ["zimna_wojna", "cia_kgb", "mocarstwo"])
def test_every_verb_answers_alike_whatever_the_cache_holds(game, tmp_path):
    check_answers(game, tmp_path)
