"""Print-and-play card sheets and reference sheets (HTML and PDF); see docs/sheets.md.

    layout.py     page geometry: the card grid, each card's bleed and cut marks, mirrored backs
    strings.py    the game's labels on the sheets (sheet.* keys), for the catalogs
    words.py      those labels, names and values in one locale, as printed
    labels.py     the sheets' own words, per locale
    faces.py      what a card face holds, and its type sizes
    cards.py      card faces and backs of the deck, calibration page
    extras.py     cards printed with the deck: a start card, a scoring card with a track
    fit.py        fitting faces into their boxes, one size for a deck; what does not fit is E710
    typography.py quotes, no-break spaces and hyphens of every printed text (html.py applies it)
    colours.py    region colours, and the ink that reads on a colour
    reference.py  the reference sheet; glossary.py its glossary box; graph.py draws each
                  region's adjacency (geometry.py, textwidth.py)
    board.py      the board drawing and its checks; board_fields.py its named fields
    markers.py    the markers to cut out; markers_fit.py fits their words (E710 when nothing fits)
    wrap.py       text broken into lines by measuring it, printed line by line as measured
    pdf.py        HTML to PDF (WeasyPrint), and the overflow of laid-out boxes
    build.py      writing build/<game>/<lang>/ without leaving half-written files
"""

from __future__ import annotations

from compiler.back.sheets.strings import sheet_strings

__all__ = ["sheet_strings"]
