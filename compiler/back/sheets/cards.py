"""The card sheets: what each card's face and back show, placed on pages, as HTML.

What a face shows comes from game.yaml `sheets.card_face` (model.CardFace): the name and the
event text always; a corner value, a badge, the side (naming the card's side), marks, footer
values and the region of the space a card stands for when content asks. The band at the top
takes the colour of the card's region where the card belongs to one (it stands for a space of
the region, or a region attribute names it, like a region's scoring card) and the region has
a colour (map.yaml); otherwise the colour of its side.

Each mark is printed at the foot as a tag: its symbol (explained in the reference sheet's
glossary) or, for a mark without one, its label. Every foot line must fit on one line; every
text is at least MIN_PT (build.py fits them, see fit.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.back.sheets import extras, layout
from compiler.back.sheets.colours import ink, region_colour
from compiler.back.sheets.faces import (
    HOUSE_SYMBOL,
    LINE_SIZES,
    NAME_SIZES,
    TEXT_SIZES,
    Back,
    Face,
    Tag,
    is_house,
    paragraphs,
    region_line,
    size,
    space_region,
)
from compiler.back.sheets.html import render
from compiler.back.sheets.strings import number
from compiler.back.sheets.words import Words
from compiler.front.model import Card, Region


def face(words: Words, card: Card, smaller: dict[tuple[str, str], int] | None = None) -> Face:
    """What the face of `card` shows. `smaller` moves the name ("title", id), the text
    ("text", id) or the foot lines ("line", id) of a card that did not fit some sizes down."""
    from compiler.back.text import card_text

    smaller = smaller or {}
    spec = words.game.sheets.face
    attrs = card.attributes
    name = words.name(card.id)
    side = attrs.get(spec.side) if spec.side else None
    out = Face(card.id, name, size(NAME_SIZES, smaller.get(("title", card.id), 0)),
               words.colour(side), side_colour=words.colour(side))
    region = card_region(words, card)
    colour = region_colour(words.game, region)
    if colour:
        out.colour = colour
    out.ink = ink(out.colour)
    if spec.side:
        out.side = words.name(side) if side is not None else (
            words.sheet("sheet.card.side_none") if spec.side_none else "")
    decls = words.game.card_attributes
    if spec.corner and attrs.get(spec.corner) is not None:
        out.corner = words.value(decls[spec.corner].type, attrs[spec.corner])
    badge = attrs.get(spec.badge.name) if spec.badge else None
    if badge is not None and badge not in spec.badge_omit:
        out.badge = words.value(decls[spec.badge.name].type, badge)
        out.badge_label = words.badge_label(badge)
    for mark in spec.marks:
        if attrs.get(mark.attribute):
            out.symbols += mark.symbol
            out.underline = out.underline or mark.underline
            label = words.sheet(f"sheet.card.mark.{mark.attribute}") if mark.label else ""
            if mark.tag_symbol or label:
                out.tags.append(Tag(mark.tag_symbol, label))
    for item in spec.footer:
        value = attrs.get(item.name)
        if value is None:
            continue
        shown = words.value(decls[item.name].type, value)
        label = words.sheet(f"sheet.card.footer.{item.name}") if item.label else ""
        if item.name in spec.footer_breaks and (out.footer or out.more_footer):
            out.more_footer.append([])
        line = out.more_footer[-1] if out.more_footer else out.footer
        line.append(f"{label}: {shown}" if label else shown)
    if spec.region_space and attrs.get(spec.region_space) is not None:
        out.region = region_line(words, region)
    out.line_size = size(LINE_SIZES, smaller.get(("line", card.id), 0))
    out.text = paragraphs(card_text(words.compiled, card.id, words.lang))
    out.text_size = size(TEXT_SIZES, smaller.get(("text", card.id), 0))
    out.house = is_house(words.game, card)
    return out


def card_region(words: Words, card: Card) -> Region | None:
    """The region a card belongs to: that of the space it stands for (`card_face.region`), or
    the region that names the card in a card attribute (a region's scoring card)."""
    game = words.game
    spec = game.sheets.face
    if spec.region_space and card.attributes.get(spec.region_space) is not None:
        return space_region(words, card.attributes[spec.region_space])
    card_attrs = [n for n, d in game.region_attributes.items() if d.type == "card"]
    for region in game.regions:
        if any(region.attributes.get(a) == card.id for a in card_attrs):
            return region
    return None


def back(words: Words, card: Card | None) -> Back:
    """The back of a card (of an extra card, for None): the game's name and attributes, in the
    colour of the card's side where `card_back.side` names the attribute."""
    game = words.game
    face = game.sheets.face
    lines = []
    for name in face.back if card is not None else []:
        value = card.attributes.get(name)
        if value is not None:
            lines.append(words.value(game.card_attributes[name].type, value))
    side = card.attributes.get(face.back_side) if card is not None and face.back_side else None
    colour = words.colour(side)
    return Back(words.name(game.id), lines, colour, ink(colour))


def all_faces(words: Words, smaller: dict[tuple[str, str], int] | None = None) -> list[Face]:
    """Every face in print order: the extra cards, then the deck (a card with copies N times:
    print-and-play needs every physical card)."""
    deck = [face(words, c, smaller) for c in words.game.cards]
    return [*extras.faces(words, smaller or {}), *(f for c, f in zip(words.game.cards, deck, strict=True)
                                                   for _ in range(c.copies))]


def all_backs(words: Words) -> list[Back]:
    game = words.game
    return [*(back(words, None) for _ in game.sheets.extra_cards),
            *(back(words, c) for c in game.cards for _ in range(c.copies))]


@dataclass
class Placed:
    slot: layout.Slot
    item: object


@dataclass
class Sheet:
    number: int  # from 1, as the sheet's note prints it
    placed: list[Placed]


def _pages(items: list, grid: layout.Grid, mirrored: bool, offset: tuple[float, float],
           only: set[int] | None = None) -> list[Sheet]:
    """The sheets of `items`, each numbered; with `only`, just the sheets of those indexes (from
    0), still numbered as in the whole."""
    slots = layout.card_slots(grid, mirrored, offset)
    return [Sheet(n + 1, [Placed(slots[i - page.start], items[i]) for i in page])
            for n, page in enumerate(layout.pages(len(items), grid.per_page)) if only is None or n in only]


def _fmt(value: float) -> str:
    """An offset in mm as printed: 1.5, -0.5, 0."""
    return f"{value:g}".replace("-", "−")


def faces_html(words: Words, faces: list[Face], paper: layout.Paper, bleed: float,
               only: set[int] | None = None) -> str:
    """The fronts of `faces`, on every sheet or (`only`) on the sheets of those indexes (from 0):
    what fit.py lays out again after it made a few cards' type smaller."""
    grid = layout.grid(paper, bleed)
    sheets = len(layout.pages(len(faces), grid.per_page))
    return render("cards.html.j2", words=words, paper=paper, grid=grid, kind="fronts", note_at=layout.NOTE_AT,
                  pages=_pages(faces, grid, False, (0.0, 0.0), only), sheets=sheets,
                  note=words.ui("print_fronts"), house_symbol=HOUSE_SYMBOL)


def fronts_html(words: Words, paper: layout.Paper, bleed: float,
                smaller: dict[tuple[str, str], int] | None = None) -> str:
    return faces_html(words, all_faces(words, smaller), paper, bleed)


def backs_html(words: Words, paper: layout.Paper, bleed: float, offset: tuple[float, float]) -> str:
    note = words.ui("print_backs")
    if offset != (0.0, 0.0):
        note += " (" + words.ui("back_offset", x=_fmt(offset[0]), y=_fmt(offset[1])) + ")"
    grid = layout.grid(paper, bleed)
    pages = _pages(all_backs(words), grid, True, offset)
    return render("cards.html.j2", words=words, paper=paper, grid=grid, kind="backs", note_at=layout.NOTE_AT,
                  pages=pages, sheets=len(pages), note=note, house_symbol=HOUSE_SYMBOL)


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
