"""Print-and-play card sheets and reference sheets (HTML and PDF); see docs/sheets.md.

    layout.py     page geometry: the 3 x 3 card grid, bleed, cut marks, mirrored backs
    strings.py    the game's labels on the sheets (sheet.* keys), for the catalogs
    words.py      those labels, names and values in one locale, as printed
    labels.py     the sheets' own words, per locale
    cards.py      card faces and backs, calibration page
    reference.py  the reference sheet; graph.py draws each region's adjacency
    pdf.py        HTML to PDF (WeasyPrint)
    build.py      writing build/<game>/<lang>/ without leaving half-written files
"""

from __future__ import annotations

from compiler.back.sheets.strings import sheet_strings

__all__ = ["sheet_strings"]
