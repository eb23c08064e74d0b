"""Fixtures of the back-end tests: each game compiled once per test module (a module may fill
the compiled game's caches, so modules do not share one)."""

from __future__ import annotations

import pytest

from compiler.pipeline import compile_game

from ..conftest import CONTENT, made_once_per_run


@pytest.fixture(scope="module")
def zw():
    return compile_game(CONTENT / "zimna_wojna")


@pytest.fixture(scope="module")
def zk():
    return compile_game(CONTENT / "zelazna_kurtyna")


@pytest.fixture(scope="session")
def zw_sheets_en(tmp_path_factory):
    """Every file `kurtyna sheets` writes for Zimna Wojna in English on A4: (folder, files
    written, warnings). Rendered once per run (about 16 s) and read by test_sheets.py and
    test_sheets_board.py, whichever worker runs them."""
    from compiler.back.sheets.build import Options, write_sheets

    def make(folder):
        target = folder / "zimna_wojna" / "en"
        files, warnings = write_sheets(compile_game(CONTENT / "zimna_wojna"), "en", Options(), target)
        return {"files": [path.name for path in files], "warnings": warnings}

    folder, made = made_once_per_run(tmp_path_factory, "zw-sheets-en", make)
    target = folder / "zimna_wojna" / "en"
    return target, [target / name for name in made["files"]], made["warnings"]
