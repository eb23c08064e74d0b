"""The differential cache test of test_cache_differential.py on the largest game, for the long
run: `make long` runs this file by name (its name does not start with `test_`, so `make test` and
a plain `pytest` never collect it); Żelazna Kurtyna runs in `make test`. Every verb, four ways, on
Zimna Wojna (about a minute: two verbs run at once). The cache's keys and contents are the same code for
every game, so CIA vs KGB and Jak zostać mocarstwem, which took three more minutes of every CI
run, are added by hand when the cache changes: `KURTYNA_DIFFERENTIAL_ALL=1 pytest -n 2
tests/tools/long_cache_differential.py` (docs/benchmarks.md)."""

from __future__ import annotations

import os

import pytest

from .test_cache_differential import check_answers

GAMES = ["zimna_wojna"] + (["cia_kgb", "mocarstwo"] if os.environ.get("KURTYNA_DIFFERENTIAL_ALL") else [])


@pytest.mark.parametrize("game", GAMES)
def test_every_verb_answers_alike_whatever_the_cache_holds(game, tmp_path):
    check_answers(game, tmp_path)
