"""One card face alone, as the card sheets print it: an author's preview (`kurtyna card`).

The face is drawn by the same templates (cards.html.j2) and fitted by the same rounds as the
card sheets (fit.py `fit_fronts`), on a page that is the card itself: a paper of the card's size
grown by its bleed on every side, where the grid holds one card with its background reaching
the page's edges, no sheet note (there is no margin for one) and cut marks of no length (they
would lie outside the page). A box's fit depends on its own card alone (fit.py), so a card fits
here exactly when it fits on the sheets, in the same sizes, and a text that does not fit is the
same E710 at the same place.

The PNG is the PDF page rasterised with pypdfium2 (PDFium, a wheel with no system library; the
`--review` contact sheet uses it too, review.py), cut to the card's size in whole pixels and
saved with its resolution, so an image viewer or a printer shows it at its real size.
"""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

from compiler.back.sheets import fit, layout
from compiler.back.sheets import pdf as pdf_output
from compiler.back.sheets.extras import face_id
from compiler.back.sheets.words import Words

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72


def card_ids(compiled: Any) -> list[str]:
    """What `kurtyna card` can show: the deck's cards, then the extra cards printed with it."""
    game = compiled.game
    return [card.id for card in game.cards] + [extra.id for extra in game.sheets.extra_cards]


def alone(compiled: Any, card_id: str) -> Any:
    """The compiled game with this one card to print, once: a card of the deck (its copies
    printed once, no extra card), or else an extra card (and no card of the deck)."""
    game = compiled.game
    deck = [replace(card, copies=1) for card in game.cards if card.id == card_id]
    extras = [] if deck else [extra for extra in game.sheets.extra_cards if extra.id == card_id]
    if not deck and not extras:
        raise KeyError(card_id)
    sheets = replace(game.sheets, extra_cards=extras)
    return replace(compiled, game=replace(game, cards=deck, sheets=sheets))


def face_key(compiled: Any, card_id: str) -> str:
    """The id the sheets give this card's face (an extra card's is `extra:<id>`)."""
    if any(card.id == card_id for card in compiled.game.cards):
        return card_id
    return face_id(next(e for e in compiled.game.sheets.extra_cards if e.id == card_id))


def card_paper(bleed: float) -> layout.Paper:
    """A page exactly the card with its bleed: the grid on it is one card, its cut line `bleed`
    from each edge."""
    return layout.Paper("card", layout.CARD_W + 2 * bleed, layout.CARD_H + 2 * bleed)


def laid_out(compiled: Any, card_id: str, lang: str, bleed: float) -> tuple[str, Any]:
    """The card's page as HTML and as a laid-out document, fitted as the sheets fit it;
    CompileError (E710) when a box of it does not fit even in the smallest type, and PdfError
    when WeasyPrint cannot run here."""
    return fit.fit_fronts(Words(alone(compiled, card_id), lang), card_paper(bleed), bleed)


def pdf_bytes(document: Any) -> bytes:
    """The card's page as a PDF, the same bytes on every run (pdf.py)."""
    return pdf_output.to_bytes(document)


def pixels(bleed: float, dpi: int) -> tuple[int, int]:
    """The card's size with its bleed in whole pixels at `dpi`."""
    paper = card_paper(bleed)
    return (round(paper.width / MM_PER_INCH * dpi), round(paper.height / MM_PER_INCH * dpi))


def png_bytes(pdf: bytes, bleed: float, dpi: int) -> bytes:
    """The first page of `pdf` as a PNG at `dpi`: the card's size in whole pixels (PDFium rounds
    a page up to the next pixel; that last part-pixel is cut off), its resolution recorded."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / POINTS_PER_INCH).to_pil().convert("RGB")
    finally:
        document.close()
    width, height = pixels(bleed, dpi)
    if image.size != (width, height):
        image = image.crop((0, 0, width, height))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True, dpi=(dpi, dpi))
    return out.getvalue()
