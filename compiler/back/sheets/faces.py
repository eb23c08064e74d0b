"""What a printed card face holds (the data the templates draw), and the helpers that size it.

cards.py fills faces for the deck's cards, extras.py for the extra cards (start card, scoring
card). Sizes are CSS classes of cards.css.j2; fit.py moves a face down a size where something
does not fit, never below MIN_PT.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.back.sheets.words import Words
from compiler.front.model import Region

MIN_PT = 6.5  # the smallest type anywhere on cards and sheets
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


# Font sizes of the text, largest first, with the longest text (in characters, a line break
# counting as 24) each is chosen for, on the 63 x 88 mm card in DejaVu Sans (measured with the
# Polish card texts: t0 holds some 400 characters, t3 700, t5 900). A text
# that does not fit when laid out is moved down a size (fit.py); t5 is MIN_PT.
TEXT_SIZES = ((360, "t0"), (430, "t1"), (500, "t2"), (640, "t3"), (700, "t4"), (None, "t5"))
# A name that does not fit two lines of n4 gets a taller band ("tall": the text box is shorter).
NAME_SIZES = ((16, "n1"), (26, "n2"), (40, "n3"), (None, "n4"), (None, "n4 tall"))
BAND_H = 16.0  # the band's height in mm
TALL_BAND_H = 19.6
LINE_SIZES = ((None, "f1"), (None, "f2"))


def size(weight: int, sizes: tuple, smaller: int = 0) -> str:
    """The CSS class for a text of `weight`, `smaller` steps below the one its length picks."""
    index = next(i for i, (limit, _) in enumerate(sizes) if limit is None or weight <= limit)
    return sizes[min(index + smaller, len(sizes) - 1)][1]


def text_size(text: str, smaller: int = 0) -> str:
    return size(len(text) + 24 * text.count("\n"), TEXT_SIZES, smaller)


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
