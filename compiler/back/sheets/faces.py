"""What a printed card face holds (the data the templates draw), and the helpers that size it.

cards.py fills faces for the deck's cards, extras.py for the extra cards (start card, scoring
card). Sizes are CSS classes of cards.css.j2; fit.py moves a face down a size where something
does not fit, never below MIN_PT.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.back.sheets.words import Words
from compiler.front.model import Card, Game, Region

MIN_PT = 6.5  # the smallest type anywhere on cards and sheets
# A card whose bool attribute of this name is true is a house card (not in the published game):
# its face has a corner mark and says so, and the reference sheet's glossary lists it.
HOUSE = "house"
HOUSE_SYMBOL = "⌂"
CARD_W = 63.0
CARD_H = 88.0


@dataclass
class Tag:
    symbol: str
    label: str


@dataclass
class TrackBox:
    """A box of a track drawn on a card, in mm from the card's top-left corner."""

    x: float
    y: float
    w: float
    h: float
    value: str
    fill: str = ""  # the colour of the player whose end it is
    ink: str = "#1a1a1a"
    player: str = ""  # that player's name
    start: bool = False


@dataclass
class Extra:
    """What an extra card draws besides a name and a text."""

    boxes: list[TrackBox] = field(default_factory=list)
    heading: str = ""  # of the list of regions
    regions: list[tuple[str, str]] = field(default_factory=list)  # (name, colour)


@dataclass
class Face:
    id: str  # what fit.py's size steps and errors name: a card id, or extra:<id>
    name: str
    name_size: str  # a CSS class chosen from the name's length
    colour: str  # the band
    ink: str = "#ffffff"  # text on the band
    side: str = ""
    side_colour: str = ""
    corner: str = ""
    badge: str = ""
    badge_label: str = ""
    symbols: str = ""  # printed after the title
    underline: bool = False
    text: list[str] = field(default_factory=list)  # paragraphs
    text_size: str = "t1"
    tags: list[Tag] = field(default_factory=list)
    footer: list[str] = field(default_factory=list)  # the first foot line, after the tags
    more_footer: list[list[str]] = field(default_factory=list)  # further foot lines (`new_line`)
    region: list[str] = field(default_factory=list)  # region name, then its labelled values
    line_size: str = "f1"
    extra: Extra | None = None  # what an extra card draws (a track, a list of regions)
    text_from: float | None = None  # where the text box starts, mm from the top; None: below the band
    house: bool = False  # a house card (HOUSE)

    @property
    def band_h(self) -> float:
        return TALL_BAND_H if "tall" in self.name_size else BAND_H

    @property
    def text_top(self) -> float:
        return self.text_from if self.text_from is not None else self.band_h + 1.6

    @property
    def foot_lines(self) -> int:
        return bool(self.region) + bool(self.tags or self.footer) + len(self.more_footer)


@dataclass
class Back:
    title: str
    lines: list[str]
    colour: str
    ink: str = "#ffffff"  # the text's colour, the better contrast on `colour`


# The sizes of a card's text, name and foot lines, largest first: (points, CSS class of
# cards.css.j2). Every card of a deck starts at the largest, so a deck has one size of each; fit.py
# moves a box that does not fit a step down, and again, until it fits (the smallest reduction that
# does); the last step is MIN_PT (a name's last step is a taller band: the text box is shorter).
TEXT_SIZES = ((9.4, "t0"), (8.6, "t1"), (8.0, "t2"), (7.5, "t3"), (7.0, "t4"), (MIN_PT, "t5"))
NAME_SIZES = ((10.5, "n1"), (9.5, "n2"), (8.5, "n3"), (7.5, "n4"), (7.5, "n4 tall"))
BAND_H = 16.0  # the band's height in mm
TALL_BAND_H = 19.6
LINE_SIZES = ((7.2, "f1"), (MIN_PT, "f2"))


def size(sizes: tuple, smaller: int = 0) -> str:
    """The CSS class `smaller` steps below the largest of `sizes` (at most the last)."""
    return sizes[min(smaller, len(sizes) - 1)][1]


def points(sizes: tuple, css_class: str) -> float:
    """The type size in points of a class of `sizes`."""
    return next(pt for pt, name in sizes if name == css_class)


def is_house(game: Game, card: Card) -> bool:
    """Is `card` a house card: its bool attribute HOUSE is true?"""
    decl = game.card_attributes.get(HOUSE)
    return decl is not None and decl.type == "bool" and card.attributes.get(HOUSE) is True


def paragraphs(text: str | None) -> list[str]:
    """A card text as paragraphs: blank lines part them, single line breaks are kept."""
    if not text:
        return []
    return [p.strip("\n") for p in text.strip().split("\n\n") if p.strip()]


def space_region(words: Words, space_id: str) -> Region | None:
    """The top-level region of a space (its first), or None."""
    game = words.game
    space = game.by_id(game.spaces)[space_id]
    regions = game.by_id(game.regions)
    top = [r for r in space.regions if regions[r].within is None] or space.regions
    return regions[top[0]] if top else None


def region_line(words: Words, region: Region | None) -> list[str]:
    """A region as a card prints it: its name, chosen attributes, its number of spaces."""
    if region is None:
        return []
    game = words.game
    spec = game.sheets.face
    parts = [words.name(region.id)]
    for item in spec.region_attributes:
        value = region.attributes.get(item.name)
        shown = words.value(game.region_attributes[item.name].type, value)
        parts.append(f"{words.sheet(f'sheet.card.region.{item.name}')} {shown}")
    if spec.region_count:
        parts.append(f"{words.sheet('sheet.card.region_count')} {len(region.spaces)}")
    return parts
