"""How wide a text is in DejaVu Sans (the sheets' font), from the font's own advance widths.

The drawings place labels by their widths. The font is read once with fontTools (which
WeasyPrint already needs) from where Debian and Ubuntu install it; without it, a mean width of
0.6 em a character (a little wider than DejaVu Sans's mean) is used instead.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

FONT_FILES = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans.ttf",
              "/usr/share/fonts/TTF/DejaVuSans.ttf")
MEAN_EM = 0.6
BOLD_STAND_IN = 1.15  # without the bold font's widths: how much wider than the regular face bold is
# Straight quotes are printed curly (typography.py), and every language's curly marks are as wide.
PRINTED = str.maketrans({'"': "“", "'": "’"})


@cache
def _advances(bold: bool = False) -> tuple[dict[int, float], float] | None:
    """(code point -> advance in em, the advance of a missing glyph), or None without the font."""
    files = [p.replace("DejaVuSans.ttf", "DejaVuSans-Bold.ttf") for p in FONT_FILES] if bold else FONT_FILES
    path = next((Path(p) for p in files if Path(p).is_file()), None)
    if path is None:
        return None
    try:
        from fontTools.ttLib import TTFont
    except ImportError:
        return None
    font = TTFont(path, lazy=True)
    scale = font["head"].unitsPerEm
    metrics = font["hmtx"].metrics
    advances = {code: metrics[name][0] / scale for code, name in font.getBestCmap().items()}
    return advances, metrics[".notdef"][0] / scale


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of `text` set in DejaVu Sans (its bold face with `bold`) at `size` (any unit;
    the result is in the same).

    >>> round(text_width("MMMM", 10) / text_width("iiii", 10), 1) > 2
    True
    >>> text_width("Marker", 10, bold=True) > text_width("Marker", 10)
    True
    """
    known = _advances(bold)
    if known is None:
        regular = _advances() if bold else None
        if regular is not None:
            return text_width(text, size) * BOLD_STAND_IN
        return len(text) * MEAN_EM * size * (BOLD_STAND_IN if bold else 1.0)
    advances, missing = known
    return sum(advances.get(ord(ch), missing) for ch in text.translate(PRINTED)) * size
