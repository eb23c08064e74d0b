"""Fixtures of the back-end tests: each game compiled once per test module (a module may fill
the compiled game's caches, so modules do not share one)."""

from __future__ import annotations

import pytest

from compiler.pipeline import compile_game

from ..conftest import CONTENT


@pytest.fixture(scope="module")
def zw():
    return compile_game(CONTENT / "zimna_wojna")


@pytest.fixture(scope="module")
def zk():
    return compile_game(CONTENT / "zelazna_kurtyna")
