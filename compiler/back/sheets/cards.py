"""The card sheets: what each card's face and back show, placed on pages, as HTML.

What a face shows comes from game.yaml `sheets.card_face` (model.CardFace): the name and the
event text always; a corner value, a badge, the side (naming the card's side and choosing its
colour), marks, footer values and the region of the space a card stands for when content asks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.back.sheets import layout
from compiler.back.sheets.html import render
from compiler.back.sheets.strings import number
from compiler.back.sheets.words import Words
from compiler.front.model import Card


@dataclass
class Face:
    id: str
    name: str
    name_size: str  # a CSS class chosen from the name's length
    colour: str
    side: str = ""
    corner: str = ""
    badge: str = ""
    badge_label: str = ""
    symbols: str = ""  # printed after the title
    underline: bool = False
    text: list[str] = field(default_factory=list)  # paragraphs
    text_size: str = "t1"
    marks: list[str] = field(default_factory=list)
    footer: list[str] = field(default_factory=list)
    region: list[str] = field(default_factory=list)  # region name, then its labelled values


@dataclass
class Back:
    title: str
    lines: list[str]
    colour: str


# Font sizes of the event text, largest first, with the longest text (in characters, a line
# break counting as 24) each is chosen for: measured on 63 x 88 mm cards with DejaVu Sans.
# A text that still does not fit when laid out is moved one size down (build.py).
TEXT_SIZES = ((330, "t1"), (500, "t2"), (720, "t3"), (950, "t4"), (1200, "t5"), (None, "t6"))
NAME_SIZES = ((16, "n1"), (26, "n2"), (40, "n3"), (None, "n4"))


def _size(weight: int, sizes: tuple, smaller: int = 0) -> str:
    """The CSS class for a text of `weight`, `smaller` steps below the one its length picks."""
    index = next(i for i, (limit, _) in enumerate(sizes) if limit is None or weight <= limit)
    return sizes[min(index + smaller, len(sizes) - 1)][1]


def text_size(text: str, smaller: int = 0) -> str:
    return _size(len(text) + 24 * text.count("\n"), TEXT_SIZES, smaller)


def paragraphs(text: str | None) -> list[str]:
    """A card text as paragraphs: blank lines part them, single line breaks are kept."""
    if not text:
        return []
    return [p.strip("\n") for p in text.strip().split("\n\n") if p.strip()]


def face(words: Words, card: Card, smaller: dict[tuple[str, str], int] | None = None) -> Face:
    """What the face of `card` shows. `smaller` moves the name ("title", id) or the text
    ("text", id) of a card that did not fit some sizes down."""
    from compiler.back.text import card_text

    smaller = smaller or {}
    spec = words.game.sheets.face
    attrs = card.attributes
    name = words.name(card.id)
    side = attrs.get(spec.side) if spec.side else None
    out = Face(card.id, name, _size(len(name), NAME_SIZES, smaller.get(("title", card.id), 0)),
               words.colour(side))
    if spec.side:
        out.side = words.name(side) if side is not None else (
            words.sheet("sheet.card.side_none") if spec.side_none else "")
    decls = words.game.card_attributes
    if spec.corner and attrs.get(spec.corner) is not None:
        out.corner = words.value(decls[spec.corner].type, attrs[spec.corner])
    badge = attrs.get(spec.badge.name) if spec.badge else None
    if badge is not None and badge not in spec.badge_omit:
        out.badge = words.value(decls[spec.badge.name].type, badge)
        out.badge_label = words.sheet("sheet.card.badge")
    for mark in spec.marks:
        if attrs.get(mark.attribute):
            out.symbols += mark.symbol
            out.underline = out.underline or mark.underline
            if mark.label:
                label = words.sheet(f"sheet.card.mark.{mark.attribute}")
                out.marks.append(f"{mark.symbol} {label}" if mark.symbol else label)
    for item in spec.footer:
        value = attrs.get(item.name)
        if value is None:
            continue
        shown = words.value(decls[item.name].type, value)
        label = words.sheet(f"sheet.card.footer.{item.name}") if item.label else ""
        out.footer.append(f"{label}: {shown}" if label else shown)
    if spec.region_space and attrs.get(spec.region_space) is not None:
        out.region = region_line(words, attrs[spec.region_space])
    text = card_text(words.compiled, card.id, words.lang)
    out.text = paragraphs(text)
    out.text_size = text_size(text or "", smaller.get(("text", card.id), 0))
    return out


def region_line(words: Words, space_id: str) -> list[str]:
    """The region of a space as a card prints it: its name, chosen attributes, its size."""
    game = words.game
    spec = game.sheets.face
    space = game.by_id(game.spaces)[space_id]
    regions = game.by_id(game.regions)
    top = [r for r in space.regions if regions[r].within is None] or space.regions
    if not top:
        return []
    region = regions[top[0]]
    parts = [words.name(region.id)]
    for item in spec.region_attributes:
        value = region.attributes.get(item.name)
        shown = words.value(game.region_attributes[item.name].type, value)
        parts.append(f"{words.sheet(f'sheet.card.region.{item.name}')} {shown}")
    if spec.region_count:
        parts.append(f"{words.sheet('sheet.card.region_count')} {len(region.spaces)}")
    return parts


def back(words: Words, card: Card) -> Back:
    game = words.game
    spec = game.sheets.face
    lines = []
    for name in spec.back:
        value = card.attributes.get(name)
        if value is not None:
            lines.append(words.value(game.card_attributes[name].type, value))
    return Back(words.name(game.id), lines, words.colour(None))


@dataclass
class Placed:
    slot: layout.Slot
    item: object


def _pages(items: list, paper: layout.Paper, bleed: float, mirrored: bool,
           offset: tuple[float, float]) -> list[list[Placed]]:
    slots = layout.card_slots(paper, bleed, mirrored, offset)
    return [[Placed(slots[i - page.start], items[i]) for i in page]
            for page in layout.pages(len(items))]


def _fmt(value: float) -> str:
    """An offset in mm as printed: 1.5, -0.5, 0."""
    return f"{value:g}".replace("-", "−")


def fronts_html(words: Words, paper: layout.Paper, bleed: float,
                smaller: dict[tuple[str, str], int] | None = None) -> str:
    cards = [face(words, c, smaller) for c in words.game.cards]
    return render("cards.html.j2", words=words, paper=paper, bleed=bleed, kind="fronts",
                  pages=_pages(cards, paper, bleed, False, (0.0, 0.0)),
                  marks=layout.cut_marks(paper, bleed), note=words.ui("print_fronts"))


def backs_html(words: Words, paper: layout.Paper, bleed: float, offset: tuple[float, float]) -> str:
    cards = [back(words, c) for c in words.game.cards]
    note = words.ui("print_backs")
    if offset != (0.0, 0.0):
        note += " (" + words.ui("back_offset", x=_fmt(offset[0]), y=_fmt(offset[1])) + ")"
    return render("cards.html.j2", words=words, paper=paper, bleed=bleed, kind="backs",
                  pages=_pages(cards, paper, bleed, True, offset),
                  marks=layout.cut_marks(paper, bleed, offset), note=note)


@dataclass
class Tick:
    at: float  # mm from the scale's zero
    length: float
    label: str


def scale_ticks(half: int = 10) -> list[Tick]:
    """A scale from -half to +half mm: a tick every mm, longer and numbered every 5."""
    ticks = []
    for mm in range(-half, half + 1):
        major = mm % 5 == 0
        ticks.append(Tick(float(mm), 4.0 if major else 2.0, number(mm) if major else ""))
    return ticks


def calibration_html(words: Words, paper: layout.Paper, offset: tuple[float, float]) -> str:
    """Two pages: a cross on the front, scales on the back at the same (mirrored) place.

    Long-edge duplex mirrors left and right, and the cross sits on the vertical centre line,
    so its mirror image is itself: on a perfect printer the front's lines meet the back's
    scales at 0. The back page is moved by `offset`, like the card backs.
    """
    centre = (round(paper.width / 2, 3), round(paper.height / 2, 3))
    return render("calibration.html.j2", words=words, paper=paper, centre=centre, offset=offset,
                  ticks=scale_ticks(), steps=words.ui("calibration_steps").split("\n"),
                  offset_text=words.ui("offset_used", x=_fmt(offset[0]), y=_fmt(offset[1])))
