"""Whether a card text can fit its card, without laying the card out.

A card text that cannot fit its card even in the smallest type is E710, which `kurtyna sheets`
finds by laying the cards out (compiler/back/sheets/fit.py). `kurtyna check` finds it without a
layout, with a bound that never refuses a text the layout fits: the text box at its largest (the
usual band, no foot line) and the smallest type, as compiler/back/sheets/templates/cards.css.j2
sets them (tests/back/test_text_fit.py reads them there and lays texts out at the bound).
"""

from __future__ import annotations

import math

from compiler.back.sheets.faces import BAND_H, CARD_H, CARD_W, MIN_PT
from compiler.back.sheets.textwidth import MEAN_EM, text_width

TEXT_SIDE = 3.5  # mm, left and right of `.text`
TEXT_BOTTOM = 3.0  # mm, `.text` without a foot line
TEXT_TOP = BAND_H + 1.6  # mm, faces.Face.text_top below the usual band
LINE_HEIGHT = 1.22  # em, `.text`
PARAGRAPH_GAP = 0.4  # em, `.text p` margin below a paragraph
KERNING = 0.03  # the most kerning may narrow a text, a share of its glyphs' advance widths
NARROWEST = 0.25  # em: less than any glyph of DejaVu Sans, for when the font cannot be read
PT = 25.4 / 72  # mm in a point
SLACK = 0.2  # mm: the layout allows half a pixel before it calls a box overflowing


def least_height(text: str) -> float:
    """The least height in mm that a card text takes in the smallest type on the widest text box.

    A paragraph (a blank line parts them; a single line break is kept, `pre-line`) laid in n
    lines of width W loses at most n - 1 spaces at the breaks, so with T the width of its words
    and s a space's, T - (n - 1)s <= nW, and n >= (T + s) / (W + s). T is the sum of the glyphs'
    advance widths, less what kerning may take away."""
    size = MIN_PT
    width = CARD_W - 2 * TEXT_SIDE
    known = text_width("iiii", 1.0) < 4 * MEAN_EM  # the font's own widths, not the stand-in mean

    def advance(part: str) -> float:
        measured = text_width(part, size * PT) * (1 - KERNING)
        return measured if known else len(part) * NARROWEST * size * PT

    space = advance(" ")
    paragraphs = [p for p in text.strip().split("\n\n") if p.strip()]
    lines = 0
    for paragraph in paragraphs:
        for part in paragraph.strip("\n").split("\n"):
            words = " ".join(part.split())
            lines += max(1, math.ceil((advance(words) + space) / (width + space) - 1e-9)) if words else 1
    gaps = max(0, len(paragraphs) - 1) * PARAGRAPH_GAP
    return (lines * LINE_HEIGHT + gaps) * size * PT


def text_box_height() -> float:
    """The height in mm of a card's text box at its largest."""
    return CARD_H - TEXT_TOP - TEXT_BOTTOM
