"""Colours on the sheets: a region's colour (map.yaml `colour`), and the ink that reads on a
background (white on dark colours, near-black on light ones)."""

from __future__ import annotations

from compiler.front.model import Game, Region

DARK_INK = "#1a1a1a"
LIGHT_INK = "#ffffff"


def region_colour(game: Game, region: Region | None) -> str | None:
    """The region's colour; a subregion without one takes its region's."""
    regions = game.by_id(game.regions)
    while region is not None:
        if region.colour:
            return region.colour
        region = regions.get(region.within) if region.within else None
    return None


def luminance(colour: str) -> float:
    """Relative luminance of #rrggbb (WCAG 2), 0 for black to 1 for white."""
    def channel(hex2: str) -> float:
        c = int(hex2, 16) / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(colour[i:i + 2]) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink(background: str) -> str:
    """The text colour with the better contrast on `background`.

    >>> ink("#1f4e96"), ink("#d4a514")
    ('#ffffff', '#1a1a1a')
    """
    light = (1.05) / (luminance(background) + 0.05)
    dark = (luminance(background) + 0.05) / (luminance(DARK_INK) + 0.05)
    return LIGHT_INK if light >= dark else DARK_INK
