"""Extra cards: printed with the deck, not part of it (game.yaml `sheets.extra_cards`).

A start card stands for a space: it takes the colour of the space's region, prints the region
like the deck's cards do, and lists the counters that start on the space. A scoring card draws
a track: the start value at the top centre, the values below it along the top row to the left
and then down the left edge, those above it to the right and down the right edge, each end in
the colour of the player content names for it; between the two arms, a list of the regions
(in map order, each in its colour) and the card's text.
"""

from __future__ import annotations

from compiler.back.sheets.colours import ink, region_colour
from compiler.back.sheets.faces import (
    CARD_H,
    CARD_W,
    LINE_SIZES,
    NAME_SIZES,
    TEXT_SIZES,
    Extra,
    Face,
    TrackBox,
    paragraphs,
    region_line,
    size,
    space_region,
)
from compiler.back.sheets.strings import number
from compiler.back.sheets.words import Words
from compiler.front.model import ExtraCard, Track

PAD = 3.5  # from the card's edge to the track
BOTTOM = 3.0
BOX_W = 10.0
MAX_BOX_H = 7.5


def faces(words: Words, smaller: dict[tuple[str, str], int]) -> list[Face]:
    return [extra_face(words, extra, smaller) for extra in words.game.sheets.extra_cards]


def face_id(extra: ExtraCard) -> str:
    return f"extra:{extra.id}"


def extra_face(words: Words, extra: ExtraCard, smaller: dict[tuple[str, str], int]) -> Face:
    game = words.game
    fid = face_id(extra)
    title = words.sheet(f"sheet.extra.{extra.id}.title") if extra.title else words.name(extra.space or "")
    out = Face(fid, title, size(NAME_SIZES, smaller.get(("title", fid), 0)), words.colour(None))
    region = space_region(words, extra.space) if extra.space else None
    out.colour = region_colour(game, region) or out.colour
    out.ink = ink(out.colour)
    out.region = region_line(words, region)
    out.line_size = size(LINE_SIZES, smaller.get(("line", fid), 0))
    text = words.sheet(f"sheet.extra.{extra.id}.text") if extra.text else ""
    out.text = paragraphs(text) + starting_counters(words, extra.space)
    if extra.track or extra.regions:
        out.extra = Extra()
    if extra.regions:
        out.extra.heading = words.sheet(f"sheet.extra.{extra.id}.regions")
        top = [r for r in game.regions if r.within is None]
        out.extra.regions = [(words.name(r.id), region_colour(game, r) or words.colour(None)) for r in top]
    if extra.track:
        top = out.band_h + 1.6
        out.extra.boxes = track_boxes(words, game.by_id(game.tracks)[extra.track], extra.ends, top,
                                      CARD_H - BOTTOM - 3.3 * out.foot_lines)
        out.text_from = top + out.extra.boxes[0].h + 1.4
    out.text_size = size(TEXT_SIZES, smaller.get(("text", fid), 0))
    return out


def starting_counters(words: Words, space: str | None) -> list[str]:
    """A line per counter that starts on `space`: 'Tokens: Red 1 · Blue 1'."""
    if space is None:
        return []
    out = []
    for counter in words.game.counters:
        if counter.per_player:
            parts = [f"{words.name(p)} {number(counter.start[p][space])}"
                     for p in (p.id for p in words.game.players)
                     if isinstance(counter.start.get(p), dict) and counter.start[p].get(space)]
        else:
            value = counter.start.get(space)
            parts = [number(value)] if isinstance(value, int) and value else []
        if parts:
            out.append(f"{words.name(counter.id)}: {' · '.join(parts)}")
    return out


def track_boxes(words: Words, track: Track, ends: dict[str, str], top: float, bottom: float
                ) -> list[TrackBox]:
    """The boxes of `track` folded over the card: its start at the top centre, lower values
    to the left and down the left edge, higher ones to the right and down the right edge."""
    start = track.start if isinstance(track.start, int) else track.min
    arm = max(start - track.min, track.max - start, 1)
    h = min(MAX_BOX_H, (bottom - top) / arm)
    left, right, centre = PAD, CARD_W - PAD - BOX_W, (CARD_W - BOX_W) / 2
    boxes = [TrackBox(round(centre, 2), top, BOX_W, round(h - 0.6, 2), number(start), start=True)]
    for step in range(1, arm + 1):
        y = round(top + (step - 1) * h, 2)
        for value, x, end in ((start - step, left, "min"), (start + step, right, "max")):
            if not track.min <= value <= track.max:
                continue
            box = TrackBox(x, y, BOX_W, round(h - 0.6, 2), number(value))
            if value == (track.min if end == "min" else track.max) and end in ends:
                box.fill = words.colour(ends[end])
                box.ink = ink(box.fill)
                box.player = words.name(ends[end])
            boxes.append(box)
    return boxes
