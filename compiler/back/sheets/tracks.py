"""The tracks of the board (game.yaml `sheets.board.tracks`): each a row of boxes a marker fits
in, printed on the board's last pages.

A box shows its value, the content's short label for it, the columns of a table keyed by the
track's values (what a space race box needs and gives), and its note. A track too long for one
row of boxes at least MIN_BOX wide is wrapped into rows of equal length; where boxes are too
narrow for sentences, the notes are listed under the track instead. A track may print a part
of its range, every `step`-th value (`from`, `to`, `step`: a score counted in fives). A signed
track with `sides` tints each half in the colour of the player it favours and says so; a
`region_limit` prints, under each value without a note, the top-level regions whose attribute
is above that value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from compiler.back.sheets import board_labels
from compiler.back.sheets.board import mix
from compiler.back.sheets.strings import number
from compiler.back.sheets.words import Words
from compiler.front.model_board import BoardTrack, MarkerSpec

MAX_BOX = 42.0  # mm
NOTE_BOX = 24.0  # narrower boxes list their notes under the track


@dataclass
class TrackBox:
    value: str
    label: str = ""
    lines: list[str] = field(default_factory=list)
    note: str = ""
    tint: str = "#ffffff"


@dataclass
class TrackView:
    id: str
    name: str
    range: str
    per_player: bool
    note: str
    sides: str
    rows: list[list[TrackBox]]
    box_width: float
    box_height: float
    spot: float  # room left under a box's words for the marker
    listed: list[tuple[str, str]] = field(default_factory=list)  # (value, note) under the track


def track_views(words: Words, width: float) -> list[TrackView]:
    """The board's tracks laid out for a printable `width` (mm)."""
    spec = words.game.sheets.board
    if spec is None:
        return []
    markers = words.game.sheets.markers or MarkerSpec()
    return [_view(words, item, width, markers.size) for item in spec.tracks]


def _view(words: Words, item: BoardTrack, width: float, marker: float) -> TrackView:
    game = words.game
    track = game.by_id(game.tracks)[item.track]
    lab = board_labels.label
    values = list(item.values) if item.values is not None else list(range(track.min, track.max + 1))
    if item.descending:
        values.reverse()
    least = marker + 3.0
    rows = max(1, math.ceil(len(values) * least / width))
    per_row = math.ceil(len(values) / rows)
    box_w = round(min(MAX_BOX, width / per_row), 2)
    inside = box_w >= NOTE_BOX
    key = f"sheet.board.track.{item.track}"
    boxes, listed = [], []
    for value in values:
        box = TrackBox(number(value))
        if value in item.labels:
            box.label = words.sheet(f"{key}.label.{value}")
        box.lines = _table_lines(words, item, value)
        note = words.sheet(f"{key}.note.{value}") if value in item.notes else _limit(words, item, value)
        if note and inside:
            box.note = note
        elif note:
            listed.append((number(value), note))
        if item.sides and value:
            player = item.sides[0] if value > 0 else item.sides[1]
            box.tint = mix(words.colour(player), "#ffffff", 0.8)
        boxes.append(box)
    sides = ""
    if item.sides:
        sides = lab(words.lang, "sides", positive=words.name(item.sides[0]),
                    negative=words.name(item.sides[1]))
    note = words.sheet(f"{key}.note") if item.note else ""
    return TrackView(track.id, words.name(track.id),
                     lab(words.lang, "range", min=number(min(values)), max=number(max(values))),
                     track.per_player, note, sides,
                     [boxes[i:i + per_row] for i in range(0, len(boxes), per_row)],
                     box_w, round(least, 2), marker, listed)


def _table_lines(words: Words, item: BoardTrack, value: int) -> list[str]:
    if item.table is None:
        return []
    game = words.game
    table = game.by_id(game.tables)[item.table.table]
    row = next((r for r in table.rows if r.get(table.key) == value), None)
    if row is None:
        return []
    out = []
    for column in item.table.columns:
        shown = words.value(table.columns[column.name], row.get(column.name))
        if column.label:
            shown = f"{words.sheet(f'sheet.board.track.{item.track}.column.{column.name}')} {shown}"
        out.append(shown)
    return out


def _limit(words: Words, item: BoardTrack, value: int) -> str:
    limit = item.region_limit
    if limit is None:
        return ""
    key = f"sheet.board.track.{item.track}"
    game = words.game
    closed = [words.name(r.id) for r in game.regions
              if r.within is None and isinstance(r.attributes.get(limit.attribute), int)
              and r.attributes[limit.attribute] > value]
    if closed:
        return f"{words.sheet(f'{key}.limit')} {', '.join(closed)}"
    return words.sheet(f"{key}.limit_none") if limit.none else ""
