"""A contact sheet for review: N random cards of a game in one locale, laid out exactly as the
card sheets print them, rasterised to one PNG (pages side by side, two per row).

A reviewer reads the cards as a player would without printing anything; the seed makes the
sample repeatable, so a second review after fixes looks at the same cards. Rasterising uses
pypdfium2 (PDFium's renderer, a wheel on PyPI with no system library), and Pillow, which
WeasyPrint already needs.
"""

from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

from compiler.back.sheets import pdf as pdf_output

# Pixels per inch of the contact sheet: 9 cards per A4 page stay readable at 6.5 pt.
RESOLUTION = 110
PAGES_PER_ROW = 2


def sample(compiled: Any, count: int, seed: int) -> list[str]:
    """`count` card ids drawn with `seed`, in the order of the deck."""
    ids = [card.id for card in compiled.game.cards]
    chosen = set(random.Random(seed).sample(ids, min(count, len(ids))))
    return [card_id for card_id in ids if card_id in chosen]


def with_cards(compiled: Any, card_ids: list[str]) -> Any:
    """The compiled game with only these cards, each printed once (a card with copies too), and
    none of the extra cards printed with the deck (a start or scoring card is not a card of the
    sample)."""
    keep = set(card_ids)
    game = replace(compiled.game, cards=[replace(c, copies=1) for c in compiled.game.cards if c.id in keep],
                   sheets=replace(compiled.game.sheets, extra_cards=[]))
    return replace(compiled, game=game)


def contact_sheet(compiled: Any, lang: str, options: Any, card_ids: list[str]) -> bytes:
    """The PNG of the chosen cards' fronts in `lang`."""
    import pypdfium2
    from PIL import Image

    from compiler.back.sheets.fit import fit_fronts
    from compiler.back.sheets.words import Words

    _html, document = fit_fronts(Words(with_cards(compiled, card_ids), lang), options.paper, options.bleed)
    pdf = pypdfium2.PdfDocument(pdf_output.to_bytes(document))
    pages = [pdf[i].render(scale=RESOLUTION / 72).to_pil() for i in range(len(pdf))]
    width, height = pages[0].size
    rows = (len(pages) + PAGES_PER_ROW - 1) // PAGES_PER_ROW
    sheet = Image.new("RGB", (width * min(PAGES_PER_ROW, len(pages)), height * rows), "white")
    for i, page in enumerate(pages):
        sheet.paste(page, ((i % PAGES_PER_ROW) * width, (i // PAGES_PER_ROW) * height))
    out = io.BytesIO()
    sheet.save(out, format="PNG", optimize=True)
    return out.getvalue()
