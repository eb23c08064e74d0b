"""Text broken into lines by measuring it, for the boxes whose lines the sheets set themselves
(the fields of the board, the faces of the markers): each line is printed as it is measured,
on a line of its own that does not wrap again, so what the layout model checks is what the PDF
shows.

Widths are DejaVu Sans's own advance widths (textwidth.py), of the text as it is printed
(typography.py: curly quotes, no-break spaces). Lines break at spaces, never at a no-break
space; with `hyphenate`, a word wider than the line is broken at the places the language's
hyphenation dictionary allows (Pyphen, which WeasyPrint uses too), with a hyphen at the end of
each part but the last.
"""

from __future__ import annotations

from functools import cache

from compiler.back.sheets.textwidth import text_width
from compiler.back.sheets.typography import SHY, typeset

PT = 0.3528  # mm per point


def width(text: str, pt: float, bold: bool = False) -> float:
    """How wide `text` is printed at `pt`, in mm (a soft hyphen that does not break takes no room)."""
    return text_width(text.replace(SHY, ""), pt * PT, bold)


@cache
def _dictionary(lang: str):
    import pyphen

    try:
        return pyphen.Pyphen(lang=lang)
    except KeyError:  # no dictionary for the language: its words are not hyphenated
        return None


def _parts(word: str, room: float, pt: float, bold: bool, lang: str) -> list[str] | None:
    """`word` broken at its hyphenation points into parts no wider than `room`, or None."""
    dictionary = _dictionary(lang)
    if dictionary is None:
        return None
    out = []
    rest = word
    while width(rest, pt, bold) > room:
        breaks = [p for p in dictionary.positions(rest) if width(rest[:p] + "-", pt, bold) <= room]
        if not breaks:
            return None
        cut = max(breaks)
        out.append(rest[:cut] + "-")
        rest = rest[cut:]
    return out + [rest]


def lines(text: str, room: float, pt: float, lang: str, *, bold: bool = False, hyphenate: bool = False,
          units: tuple[str, ...] = ()) -> list[str] | None:
    """`text`, typeset in `lang`, broken into lines no wider than `room` mm at `pt`, or None when a
    word does not fit on a line (and cannot be hyphenated to fit)."""
    out: list[str] = []
    for word in typeset(text, lang, units).split(" "):
        if not word:
            continue
        if out and width(out[-1] + " " + word, pt, bold) <= room:
            out[-1] += " " + word
            continue
        if width(word, pt, bold) <= room:
            out.append(word)
            continue
        parts = _parts(word, room, pt, bold, lang) if hyphenate else None
        if parts is None:
            return None
        out += parts
    return out
