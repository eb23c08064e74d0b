"""`kurtyna sheets --review N`: a repeatable sample of cards, laid out as printed, in one PNG
per language."""

from __future__ import annotations

import io
import os
import subprocess
import sys

from compiler.back.sheets.build import Options
from compiler.back.sheets.review import contact_sheet, sample

from ..conftest import ROOT


def test_the_sample_is_repeatable_and_in_deck_order(zk):
    ids = [c.id for c in zk.game.cards]
    first = sample(zk, 5, seed=7)
    assert first == sample(zk, 5, seed=7)
    assert len(set(first)) == 5 and first == sorted(first, key=ids.index)
    assert sample(zk, 5, seed=8) != first
    assert sample(zk, 100, seed=7) == ids  # more than the deck: every card once


def test_the_contact_sheet_is_a_png_of_the_laid_out_cards(zk):
    from PIL import Image

    png = contact_sheet(zk, "pl", Options(), sample(zk, 10, seed=1))
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    width, height = image.size
    # 10 cards at 9 per A4 page: two pages side by side, portrait.
    assert height > width / 2 * 1.3 and width > 1000
    # Not blank: the cards' colour bands and text are there.
    assert len(image.convert("RGB").getcolors(maxcolors=1 << 20) or []) > 50


def test_the_review_verb_writes_a_png_per_language(tmp_path):
    args = ["sheets", "zelazna_kurtyna", "--review", "3", "--lang", "cs", "--out", str(tmp_path)]
    result = subprocess.run(
        [sys.executable, "-m", "compiler.cli", *args],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr
    written = sorted(p.name for p in (tmp_path / "zelazna_kurtyna").iterdir())
    assert written == ["review-cs.png"]
    assert "3 cards (seed 2026)" in result.stdout


def test_the_sample_holds_only_the_drawn_cards(zk):
    """Żelazna Kurtyna prints a start and a scoring card with its deck; a review sample does not."""
    from compiler.back.sheets.review import with_cards

    assert zk.game.sheets.extra_cards
    deck = [c.id for c in zk.game.cards]
    chosen = sample(zk, 4, seed=3)
    subset = with_cards(zk, chosen).game
    assert [c.id for c in subset.cards] == chosen and subset.sheets.extra_cards == []
    assert [c.id for c in zk.game.cards] == deck and zk.game.sheets.extra_cards  # untouched
