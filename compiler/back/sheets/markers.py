"""markers.html: the markers a player cuts out (game.yaml `sheets.markers`), fronts and backs.

Markers are squares of `size` mm on a grid centred on the page, abutting so that one cut
separates two; each kind (a counter's or a track's markers, for one player) starts a new row.
Each front page is followed by its back page, mirrored left to right for double-sided printing
that flips on the long edge (the marker in the first column has its back in the last), and
moved by the same back offset as the card backs. The front page has the cut lines across the
grid; the back page only short marks in the margins, so that a slightly misplaced back shows
no stray line. Faces keep their drawing MARKER_INSET mm inside the cut, for the same reason.

A kind may also be a variable's token (a whose-turn token, a token on the card being fought
over): one neutral token, or a player's with `player:`.

A face shows the player's name (for a player's marker), the value (markers worth several
units) or the marker's label, and the back's own words (e.g. Control). A `solid` back is
filled with the player's colour. The words are fitted to the face (markers_fit.py): set line
by line as measured, the players' short names where a full name does not fit, E710 where
nothing fits.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.back.sheets import board_labels, markers_fit
from compiler.back.sheets.html import render
from compiler.back.sheets.layout import Line, Paper
from compiler.back.sheets.strings import number
from compiler.back.sheets.words import Words
from compiler.front.model_board import MarkerKind

MARGIN = 12.0  # page margin, mm
HEAD = 12.0  # room for the title and the printing note
MARKER_INSET = markers_fit.MARKER_INSET
CUT_MARK = 4.0


@dataclass
class Face:
    top: str  # small: the player's name
    big: str  # the value, or the label
    bottom: str  # small: the back's own words
    ink: str
    fill: str
    value: bool  # `big` is a number (printed large)
    lines: markers_fit.Lines | None = None  # the words as printed, once fitted
    player: str | None = None  # whose name `top` is


@dataclass
class Marker:
    kind: str  # the counter or track
    front: Face
    back: Face


@dataclass
class Placed:
    x: float  # top-left corner on the page, mm
    y: float
    face: Face
    kind: str


def _player(words: Words, player: str | None, short: bool) -> str:
    if player is None:
        return ""
    if short and player in words.game.sheets.markers.short_names:
        return words.sheet(f"sheet.marker_name.{player}")
    return words.name(player)


def _face(words: Words, kind: MarkerKind, player: str | None, value: int | None, back: bool,
          short: bool = False) -> Face:
    spec = kind.back if back else None
    if spec and spec.player:
        player = spec.player
    colour = words.colour(player) if player else "#222222"
    label = words.sheet(f"sheet.marker.{kind.of}") if kind.label else words.name(kind.of)
    solid = bool(spec and spec.solid)
    return Face(_player(words, player, short), number(value) if value is not None else label,
                words.sheet(f"sheet.marker.{kind.of}.back") if spec and spec.label else "",
                "#ffffff" if solid else colour, colour if solid else "#ffffff", value is not None,
                player=player)


def marker_groups(words: Words, short: bool = False) -> list[list[Marker]]:
    """Every marker to print, grouped by kind and player, in content order; with `short`, the
    players' short names (`sheets.markers.short_names`) where content gives them."""
    game = words.game
    spec = game.sheets.markers
    if spec is None:
        return []
    per_player = {t.id: t.per_player for t in game.tracks} | {c.id: c.per_player for c in game.counters}
    groups = []
    for kind in spec.kinds:
        players: list[str | None] = [kind.player]
        if kind.player is None and per_player.get(kind.of, False):  # a variable's: one token
            players = [p.id for p in game.players]
        for player in players:
            values: list[int | None] = [v for v, n in kind.values.items() for _ in range(n)]
            values = values or [None] * kind.count
            groups.append([Marker(kind.of, _face(words, kind, player, v, False, short),
                                  _face(words, kind, player, v, True, short)) for v in values])
    return groups


def fitted_groups(words: Words) -> list[list[Marker]]:
    """`marker_groups` with every face's words fitted (markers_fit.py); CompileError (E710) when
    some do not fit."""
    return markers_fit.fit_groups(words, marker_groups)


def warnings(words: Words) -> list[str]:
    """Marker labels hyphenated to fit, for the author (markers_fit.warnings)."""
    if words.game.sheets.markers is None:
        return []
    return markers_fit.warnings(words, fitted_groups(words))


def _grid(paper: Paper, size: float) -> tuple[int, int, float, float]:
    cols = int((paper.width - 2 * MARGIN) // size)
    rows = int((paper.height - 2 * MARGIN - HEAD) // size)
    x0 = (paper.width - cols * size) / 2
    y0 = MARGIN + HEAD + (paper.height - 2 * MARGIN - HEAD - rows * size) / 2
    return cols, rows, round(x0, 3), round(y0, 3)


def _rows(groups: list[list[Marker]], cols: int) -> list[list[Marker]]:
    """Grid rows: a group of at least half a row starts a new row, smaller ones share rows."""
    out: list[list[Marker]] = []
    flow: list[Marker] = []
    for group in groups:
        if len(group) * 2 >= cols:
            out += [flow[i:i + cols] for i in range(0, len(flow), cols)]
            flow = []
            out += [group[i:i + cols] for i in range(0, len(group), cols)]
        else:
            flow += group
    return out + [flow[i:i + cols] for i in range(0, len(flow), cols)]


def pages(words: Words, paper: Paper, offset: tuple[float, float]) -> list[tuple[list[Placed], list[Placed]]]:
    """(front, back) of each sheet of markers: where every face goes."""
    size = words.game.sheets.markers.size
    cols, per_page, x0, y0 = _grid(paper, size)
    rows = _rows(fitted_groups(words), cols)
    out = []
    for start in range(0, len(rows), per_page):
        front, back = [], []
        for r, row in enumerate(rows[start:start + per_page]):
            y = round(y0 + r * size, 3)
            for c, marker in enumerate(row):
                front.append(Placed(round(x0 + c * size, 3), y, marker.front, marker.kind))
                back.append(Placed(round(x0 + (cols - 1 - c) * size + offset[0], 3), round(y + offset[1], 3),
                                   marker.back, marker.kind))
        out.append((front, back))
    return out


def cut_lines(placed: list[Placed], size: float, full: bool) -> list[Line]:
    """The cut lines of a page: each marker's outline (`full`), and short marks in the margins
    on every grid line, so that a long cut can be made with a ruler."""
    if not placed:
        return []
    left, right = min(p.x for p in placed), max(p.x for p in placed) + size
    top, bottom = min(p.y for p in placed), max(p.y for p in placed) + size
    lines = []
    if full:
        for p in placed:
            x1, y1 = round(p.x + size, 3), round(p.y + size, 3)
            lines += [Line(p.x, p.y, x1, p.y), Line(p.x, y1, x1, y1), Line(p.x, p.y, p.x, y1),
                      Line(x1, p.y, x1, y1)]
    for x in sorted({p.x for p in placed} | {round(p.x + size, 3) for p in placed}):
        lines += [Line(x, top - CUT_MARK - 1, x, top - 1), Line(x, bottom + 1, x, bottom + CUT_MARK + 1)]
    for y in sorted({p.y for p in placed} | {round(p.y + size, 3) for p in placed}):
        lines += [Line(left - CUT_MARK - 1, y, left - 1, y), Line(right + 1, y, right + CUT_MARK + 1, y)]
    return list(dict.fromkeys(lines))


def markers_html(words: Words, paper: Paper, offset: tuple[float, float] = (0.0, 0.0)) -> str:
    size = words.game.sheets.markers.size
    sheets = pages(words, paper, offset)

    def lab(key: str, **values: object) -> str:
        return board_labels.label(words.lang, key, **values)

    laid = [(front, back, cut_lines(front, size, True), cut_lines(back, size, False))
            for front, back in sheets]
    return render("markers.html.j2", words=words, paper=paper, size=size, inset=MARKER_INSET, margin=MARGIN,
                  sheets=laid, lab=lab, title=f"{words.name(words.game.id)} – {lab('markers')}",
                  border=markers_fit.BORDER, small=markers_fit.SMALL_PT, leading=markers_fit.LEADING,
                  value_leading=markers_fit.VALUE_LEADING)
