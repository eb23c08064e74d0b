"""The printed board, its tracks and the markers, as declared (map file `board`, game.yaml
`sheets.board` and `sheets.markers`); read by `compiler.front.declare.board`.

Lengths are millimetres on the printed board; a point is (x, y) from its top-left corner.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.diagnostics import Span
from compiler.front.model import Labelled

Point = tuple[float, float]

BOX = (34.0, 22.0)  # a space's box when the map says nothing
MARK_COLOUR = "#6b3fa0"
MARKER_SIZE = 12.0


@dataclass
class Route:
    """A link not drawn straight: through `via` points, or off the board's side edges (`wrap`)."""

    between: tuple[str, str]
    via: list[Point] = field(default_factory=list)
    wrap: bool = False


@dataclass
class Geometry:
    """The map file's `board`: where each box, region name and the legend go."""

    width: float
    height: float
    box: tuple[float, float] = BOX
    positions: dict[str, Point] = field(default_factory=dict)  # space -> centre of its box
    labels: dict[str, Point] = field(default_factory=dict)  # region -> top-left of its name
    legend: Point | None = None
    routes: list[Route] = field(default_factory=list)
    # a named field (game.yaml `sheets.board.fields`) -> (x, y) of its top-left corner, or (x, y, w, h)
    fields: dict[str, tuple[float, ...]] = field(default_factory=dict)
    field_spans: dict[str, Span | None] = field(default_factory=dict)
    span: Span | None = None


@dataclass
class RegionLimit:
    attribute: str  # an int region attribute
    label: str
    none: str = ""


@dataclass
class TrackTable:
    table: str
    columns: list[Labelled] = field(default_factory=list)  # Labelled.name is a column


@dataclass
class BoardTrack:
    """A track drawn on the board pages (game.yaml `sheets.board.tracks`)."""

    track: str
    descending: bool = False
    labels: dict[int, str] = field(default_factory=dict)
    notes: dict[int, str] = field(default_factory=dict)
    note: str = ""
    sides: tuple[str, str] | None = None  # (player favoured by positive values, by negative)
    region_limit: RegionLimit | None = None
    table: TrackTable | None = None
    span: Span | None = None
    # the values printed, ascending (`from`, `to`, `step`): a part of the track's range, every
    # `step`-th value (a score counted in fives); None: every value of the track
    values: list[int] | None = None


@dataclass
class BoardSpec:
    """game.yaml `sheets.board` and the map file's `board`."""

    geometry: Geometry | None = None
    value: Labelled | None = None  # int space attribute in a square
    mark: Labelled | None = None  # bool space attribute filling the name band
    mark_colour: str = MARK_COLOUR
    counter: str | None = None  # per-player counter: one box per player
    counter_players: list[str] = field(default_factory=list)  # order of those boxes
    start_label: str = ""  # print the counter's start values, explained by this label
    owner: str | None = None  # player space attribute colouring a player's home spaces
    regions: list[Labelled] = field(default_factory=list)
    tracks: list[BoardTrack] = field(default_factory=list)
    fields: list[BoardField] = field(default_factory=list)  # named fields; the map places them


@dataclass
class MarkerBack:
    player: str | None = None
    solid: bool = False
    label: str = ""


@dataclass
class MarkerKind:
    """One kind of marker (game.yaml `sheets.markers.items`)."""

    of: str  # a counter or a track
    player: str | None = None  # None: neutral, or one set per player (`per_player`)
    label: str = ""
    count: int = 1
    values: dict[int, int] = field(default_factory=dict)  # value -> how many
    back: MarkerBack | None = None
    span: Span | None = None


@dataclass
class MarkerSpec:
    size: float = MARKER_SIZE
    kinds: list[MarkerKind] = field(default_factory=list)
    short_names: dict[str, str] = field(default_factory=dict)  # player -> name where the full one is too long


@dataclass
class BoardField:
    """One field of a player's board (game.yaml `sheets.player_board.fields`), or of the main
    board (`sheets.board.fields`, placed by the map file's `board.fields`; no pieces)."""

    id: str
    label: str
    note: str = ""
    pieces: list[str] = field(default_factory=list)  # marker kinds (`sheets.markers` `of`) kept here
    card: bool = False  # an outline of a card
    span: Span | None = None


@dataclass
class AidParagraph:
    id: str
    title: str
    text: str


@dataclass
class PlayerBoardSpec:
    """game.yaml `sheets.player_board`: one board for each player."""

    titles: dict[str, str] = field(default_factory=dict)  # player -> printed name (English)
    fields: list[BoardField] = field(default_factory=list)
    below: tuple[str, str] | None = None  # (heading, note) along the bottom edge
    aid: list[AidParagraph] = field(default_factory=list)
