"""The printed board: every space as a box at the place the map file's `board` gives, the links
between neighbours drawn under the boxes, region names, a legend. tiles.py cuts it into pages.

What a box shows comes from game.yaml `sheets.board`: the space's name in a band (filled where
the `mark` attribute is true), the `value` attribute in a small square, and one box per player
for the `counter`, with the counter's start values if asked. Only spaces that may hold the
counter show these; the others (a player's home space) are plain boxes, in their owner's colour
where the `owner` attribute names a player. A space that needs a game option has a dashed
border. Subregions are strips along the top of their spaces' boxes, in the subregion's colour.

Links are straight lines from box centre to box centre (or through the route's `via` points),
cut at the two boxes' borders; a `wrap` route leaves the board at its side edges instead, each
end naming the space at the other. `problems` lists links that run through a box, a region's
name or the legend, and boxes that overlap: `kurtyna sheets` reports them as warnings. The
named fields of content (board_fields.py) are boxes too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.back.sheets import board_fields, board_labels, geometry, wrap
from compiler.back.sheets.strings import number
from compiler.back.sheets.words import Words
from compiler.front.model_board import BoardSpec, Geometry, Point

PAD = 1.0  # inside a box, mm
BORDER = 0.35  # a box's border; what it holds is placed inside it
BAND = 6.5  # height of the name band: two lines of 7 pt
SQUARE = 5.0  # the value's square
STRIP = 1.6  # height of the subregion strips
NAME_PT = 7.0  # type sizes, pt (never below 6.5)
SMALL_PT = 6.5
REGION_PT = 13.0
PT = 0.3528  # mm per point
CHAR = 0.62  # mean width of a DejaVu Sans (bold) character, in ems
LEGEND_WIDTH = 82.0
LEGEND_ROW = 4.6  # height of a legend line
LEGEND_PAD = 2.0  # the legend's padding left and right, mm
SAMPLE = 11.0  # least width of the column of samples, mm (a line, a value square...)
SAMPLE_GAP = 2.0  # between a sample and its text
CELL = 4.2  # a player's box in the legend, mm; one per player, CELL_STEP apart
CELL_STEP = 4.6
CELL_BORDER = 0.4  # a player's box's border on a space, mm
WRAP_LABEL = 30.0  # room left at a board edge for the name at the end of a wrapped link


def mix(colour: str, other: str, share: float) -> str:
    """`colour` with `share` of `other` mixed in (#rrggbb)."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b, strict=True))


@dataclass
class Cell:
    x: float  # relative to its box
    y: float
    w: float
    h: float
    name: str  # the player's name
    colour: str
    start: str = ""
    lines: list[str] = field(default_factory=list)  # the name as printed (cell_names)


@dataclass
class Box:
    id: str
    name: str
    x: float  # top-left corner, board mm
    y: float
    w: float
    h: float
    fill: str
    border: str
    band: str = "#ffffff"
    band_text: str = "#111111"
    value: str = ""
    cells: list[Cell] = field(default_factory=list)
    strips: list[str] = field(default_factory=list)  # subregion colours
    home: bool = False  # a plain box: the name alone, centred
    optional: bool = False

    @property
    def centre(self) -> Point:
        return (self.x + self.w / 2, self.y + self.h / 2)


@dataclass
class Link:
    a: str
    b: str
    points: list[Point]  # the line drawn, cut at the boxes' borders
    kind: str  # "inside" a region, "between" regions, "home" (to a plain box)
    wrap_label: str = ""  # a wrapped link: the name of the space at the other end
    label_at: Point | None = None

    @property
    def label_rect(self) -> tuple[float, float, float, float]:
        """Where a wrapped link's name is printed (estimated): x, y, w, h."""
        x, y = self.label_at
        width = _width(self.wrap_label, SMALL_PT)
        left = x - width if self.points[-1][0] > self.points[0][0] else x
        return (left, y - SMALL_PT * PT, width, SMALL_PT * PT * 1.2)


@dataclass
class Label:
    region: str
    name: str
    lines: list[str]  # the region attributes, under the name
    x: float
    y: float
    colour: str
    size: float  # pt
    width: float  # estimated, mm
    height: float


@dataclass
class LegendItem:
    kind: str  # how the sample is drawn: mark, value, cell, start, strip, link, optional, home
    text: str
    colour: str = ""
    sample: str = ""

    @property
    def width(self) -> float:
        """How wide the sample is drawn, mm: a player's box per player side by side, else the
        column's least width."""
        if self.kind == "cell":
            return round(len(self.colour.split()) * CELL_STEP - (CELL_STEP - CELL), 1)
        return SAMPLE


@dataclass
class Board:
    width: float
    height: float
    title: str
    boxes: list[Box]
    links: list[Link]
    labels: list[Label]
    legend: list[LegendItem]
    legend_at: Point | None
    legend_height: float
    legend_sample: float = SAMPLE  # the width of the column of samples: the widest sample
    fields: list[board_fields.Field] = field(default_factory=list)  # named fields (board_fields.py)

    @property
    def legend_text(self) -> float:
        """The width left for a legend line's text, mm, right of the column of samples."""
        return round(LEGEND_WIDTH - 2 * LEGEND_PAD - self.legend_sample - SAMPLE_GAP - 0.5, 1)

    def rects(self) -> list[tuple[str, float, float, float, float]]:
        """(what, x, y, w, h) of everything a link must not run through."""
        out = [(f"box '{b.id}'", b.x, b.y, b.w, b.h) for b in self.boxes]
        out += [(f"field '{f.id}'", f.x, f.y, f.w, f.h) for f in self.fields]
        out += [(f"the name of region '{lb.region}'", lb.x, lb.y, lb.width, lb.height) for lb in self.labels]
        out += [(f"the end of the link {lk.a}–{lk.b}", *lk.label_rect) for lk in self.links if lk.wrap_label]
        if self.legend_at:
            out.append(("the legend", *self.legend_at, LEGEND_WIDTH, self.legend_height))
        return out


def _width(text: str, pt: float) -> float:
    return round(len(text) * CHAR * pt * PT, 1)


def _top_region(words: Words, space) -> str | None:
    regions = words.game.by_id(words.game.regions)
    top = [r for r in space.regions if regions[r].within is None]
    return top[0] if top else None


def build_board(words: Words) -> Board | None:
    """The board drawing in `words`' language, or None when the map has no `board`."""
    game = words.game
    spec: BoardSpec | None = game.sheets.board
    if spec is None or spec.geometry is None:
        return None
    geo = spec.geometry
    names = cell_names(words, spec, geo)
    boxes = {s.id: _box(words, spec, geo, s, names) for s in game.spaces if s.id in geo.positions}
    links = _links(words, spec, geo, boxes)
    labels = [_label(words, spec, rid, point) for rid, point in geo.labels.items()]
    legend = _legend(words, spec, boxes, links)
    # The samples stand in a column as wide as the widest (a box per player), the texts beside
    # it: no sample reaches into its text, whatever the number of players.
    sample = max([SAMPLE] + [i.width for i in legend])
    text_width = LEGEND_WIDTH - 2 * LEGEND_PAD - sample - SAMPLE_GAP - 0.5
    height = 9.0 + sum(LEGEND_ROW * max(1, -(-_width(i.text, SMALL_PT) // text_width)) for i in legend)
    title = f"{words.name(game.id)} – {board_labels.label(words.lang, 'board')}"
    return Board(geo.width, geo.height, title, list(boxes.values()), links, labels, legend, geo.legend,
                 height, sample, board_fields.build_fields(words, spec))


def _holds_counter(words: Words, spec: BoardSpec, space) -> bool:
    if spec.counter is None:
        return False
    counter = words.game.by_id(words.game.counters)[spec.counter]
    return counter.on is None or space.kind in counter.on


def _cell_width(spec: BoardSpec, geo: Geometry) -> float:
    players = len(spec.counter_players)
    return (geo.box[0] - 2 * BORDER - PAD * (players + 1)) / players


def cell_names(words: Words, spec: BoardSpec, geo: Geometry) -> dict[str, list[str]]:
    """Each player's name as printed in their boxes: broken between words to the box's width
    (wrap.py); where a name does not fit, every player's short name of the markers
    (`sheets.markers.short_names`), as the markers print them."""
    if not spec.counter_players:
        return {}
    room = _cell_width(spec, geo) - 2 * CELL_BORDER - 0.4
    players = spec.counter_players

    def fitted(names: dict[str, str]) -> dict[str, list[str] | None]:
        return {p: wrap.lines(names[p], room, SMALL_PT, words.lang, units=words.units) for p in players}

    full = {p: words.name(p) for p in players}
    lines = fitted(full)
    markers = words.game.sheets.markers
    if not all(lines.values()) and markers is not None and markers.short_names:
        lines = fitted({p: words.sheet(f"sheet.marker_name.{p}") if p in markers.short_names else full[p]
                        for p in players})
    return {p: found or [full[p]] for p, found in lines.items()}


def _box(words: Words, spec: BoardSpec, geo: Geometry, space, names: dict[str, list[str]]) -> Box:
    game = words.game
    w, h = geo.box
    cx, cy = geo.positions[space.id]
    regions = game.by_id(game.regions)
    top = _top_region(words, space)
    base = regions[top].colour if top and regions[top].colour else "#c8c8c8"
    box = Box(space.id, words.name(space.id), round(cx - w / 2, 2), round(cy - h / 2, 2), w, h,
              fill=mix(base, "#ffffff", 0.55), border=mix(base, "#000000", 0.45),
              optional=space.optional is not None)
    owner = space.attributes.get(spec.owner) if spec.owner else None
    if not _holds_counter(words, spec, space):
        box.home = True
        if owner:
            box.fill = box.band = words.colour(owner)
            box.border = mix(box.fill, "#000000", 0.4)
            box.band_text = "#ffffff"
        return box
    box.strips = [r.colour for r in game.regions if r.within and space.id in r.spaces and r.colour]
    if spec.mark and space.attributes.get(spec.mark.name):
        box.band, box.band_text = spec.mark_colour, "#ffffff"
    if spec.value and space.attributes.get(spec.value.name) is not None:
        box.value = number(space.attributes[spec.value.name])
    players = spec.counter_players
    counter = game.by_id(game.counters)[spec.counter]
    top_y = (STRIP if box.strips else 0.0) + BAND + PAD
    inner_h = h - 2 * BORDER
    cell_w = _cell_width(spec, geo)
    cell_h = inner_h - top_y - PAD
    for i, player in enumerate(players):
        start = counter.start.get(player, {}).get(space.id) if spec.start_label else None
        box.cells.append(Cell(round(PAD + i * (cell_w + PAD), 2), round(top_y, 2), round(cell_w, 2),
                              round(cell_h, 2), words.name(player), words.colour(player),
                              number(start) if start else "", names[player]))
    return box


def _exit(box: Box, toward: Point) -> Point:
    """Where the line from the box's centre toward `toward` crosses its border."""
    cx, cy = box.centre
    dx, dy = toward[0] - cx, toward[1] - cy
    scales = []
    if dx:
        scales.append(box.w / 2 / abs(dx))
    if dy:
        scales.append(box.h / 2 / abs(dy))
    t = min(scales + [1.0])
    return (round(cx + dx * t, 2), round(cy + dy * t, 2))


def _links(words: Words, spec: BoardSpec, geo: Geometry, boxes: dict[str, Box]) -> list[Link]:
    game = words.game
    spaces = game.by_id(game.spaces)
    routes = {frozenset(r.between): r for r in geo.routes}
    out = []
    for a, b in sorted({tuple(sorted((s.id, n))) for s in game.spaces for n in s.adjacent}):
        if a not in boxes or b not in boxes:
            continue
        if boxes[a].home or boxes[b].home:
            kind = "home"
        else:
            kind = "inside" if _top_region(words, spaces[a]) == _top_region(words, spaces[b]) else "between"
        route = routes.get(frozenset((a, b)))
        if route and route.wrap:
            out += _wrapped(words, geo, boxes[a], boxes[b], kind)
            continue
        via = list(route.via) if route else []
        if route and route.between[0] != a:
            via.reverse()
        ends = [boxes[a].centre, *via, boxes[b].centre]
        points = [_exit(boxes[a], ends[1]), *via, _exit(boxes[b], ends[-2])]
        out.append(Link(a, b, points, kind))
    return out


def _wrapped(words: Words, geo: Geometry, one: Box, other: Box, kind: str) -> list[Link]:
    """A link drawn as two arrows running off the board's side edges, the left box's to the left."""
    left, right = (one, other) if one.centre[0] <= other.centre[0] else (other, one)
    out = []
    for box, edge, far in ((left, 0.0, right), (right, geo.width, left)):
        y = box.centre[1]
        start = _exit(box, (edge, y))
        label_x = edge + 1.0 if edge == 0.0 else edge - 1.0
        out.append(Link(box.id, far.id, [start, (edge, y)], kind, wrap_label=far.name,
                        label_at=(label_x, round(y - 1.2, 2))))
    return out


def _label(words: Words, spec: BoardSpec, region_id: str, point: Point) -> Label:
    game = words.game
    region = game.by_id(game.regions)[region_id]
    parts = []
    for item in spec.regions:
        value = region.attributes.get(item.name)
        decl = game.region_attributes[item.name]
        if value is None or value is False:
            continue
        text = words.sheet(f"sheet.board.region.{item.name}")
        parts.append(text if decl.type == "bool" else f"{text} {words.value(decl.type, value)}")
    lines = parts if region.within is None else []
    size = REGION_PT if region.within is None else NAME_PT + 2
    colour = mix(region.colour or "#888888", "#000000", 0.5)
    name = words.name(region_id)
    width = max([_width(name, size)] + [_width(line, SMALL_PT) for line in lines])
    height = round(size * PT * 1.25 + SMALL_PT * PT * 1.25 * len(lines), 1)
    return Label(region_id, name, lines, point[0], point[1], colour, size, width, height)


def _legend(words: Words, spec: BoardSpec, boxes: dict[str, Box], links: list[Link]) -> list[LegendItem]:
    game = words.game
    lab = board_labels.label
    lang = words.lang
    out = []
    if spec.mark:
        out.append(LegendItem("mark", words.sheet("sheet.board.mark"), spec.mark_colour))
    if spec.value:
        out.append(LegendItem("value", words.sheet("sheet.board.value"), sample="3"))
    if spec.counter:
        colours = " ".join(words.colour(p) for p in spec.counter_players)
        out.append(LegendItem("cell", lab(lang, "cells", counter=words.name(spec.counter)), colours))
    if spec.start_label:
        out.append(LegendItem("start", words.sheet("sheet.board.start"), sample="1"))
    for region in game.regions:
        if region.within and region.colour:
            out.append(LegendItem("strip", lab(lang, "subregion", name=words.name(region.id)), region.colour))
    kinds = {link.kind for link in links}  # explain only the kinds of line drawn
    if "inside" in kinds:
        out.append(LegendItem("link", lab(lang, "link")))
    if "between" in kinds:
        out.append(LegendItem("between", lab(lang, "link_between")))
    linked = {end for link in links for end in (link.a, link.b)}  # a place linked to nothing is no neighbour
    homes = [b.name for b in boxes.values() if b.home and b.id in linked]
    if homes:
        out.append(LegendItem("home", lab(lang, "link_home", names=", ".join(homes))))
    if any(link.wrap_label for link in links):
        out.append(LegendItem("wrap", lab(lang, "wrap")))
    options = {s.optional for s in game.spaces if s.optional and s.id in boxes}
    for option in sorted(options):
        out.append(LegendItem("optional", lab(lang, "option", name=words.name(option))))
    return out


def problems(board: Board, slack: float = 0.4) -> list[str]:
    """What a reader of the board could misread: a link through a box, a region's name, the
    legend, a named field or the name at a wrapped link's end (each shrunk by `slack` mm, so that
    touching a border is no fault); any two of these that overlap; any of them off the board; a
    field whose words or card run past it (board_fields.problems)."""
    out = []
    for link in board.links:
        for what, x, y, w, h in board.rects():
            if what in (f"box '{link.a}'", f"box '{link.b}'"):
                continue
            inside = geometry.Box(x + slack, y + slack, x + w - slack, y + h - slack)
            segments = zip(link.points, link.points[1:], strict=False)
            if any(geometry.segment_hits_box(*p, *q, inside) for p, q in segments):
                out.append(f"the link {link.a}–{link.b} runs through {what}")
    rects = board.rects()
    for i, (what, *a) in enumerate(rects):
        for other, *b in rects[i + 1:]:
            if a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]:
                out.append(f"{what} and {other} overlap")
    for what, x, y, w, h in rects:
        if x < 0 or y < 0 or x + w > board.width + 0.01 or y + h > board.height + 0.01:
            out.append(f"{what} runs off the board ({board.width:g} x {board.height:g} mm)")
    return out + board_fields.problems(board.fields)
