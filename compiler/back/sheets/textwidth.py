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
# Straight quotes are printed curly (typography.py), and every language's curly marks are as wide.
PRINTED = str.maketrans({'"': "“", "'": "’"})


@cache
def _advances() -> tuple[dict[int, float], float] | None:
    """(code point -> advance in em, the advance of a missing glyph), or None without the font."""
    path = next((Path(p) for p in FONT_FILES if Path(p).is_file()), None)
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


def text_width(text: str, size: float) -> float:
    """The width of `text` set in DejaVu Sans at `size` (any unit; the result is in the same).

    >>> round(text_width("MMMM", 10) / text_width("iiii", 10), 1) > 2
    True
    """
    known = _advances()
    if known is None:
        return len(text) * MEAN_EM * size
    advances, missing = known
    return sum(advances.get(ord(ch), missing) for ch in text.translate(PRINTED)) * size
