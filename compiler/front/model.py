"""The declared game: what content says exists, in plain typed records.

Built by `compiler.front.declare` from checked documents. Every record keeps the span it was declared
at, so later passes can point at it and generated code can name its source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from compiler.diagnostics import Span

# Types of attribute values and table columns that are not enums.
BASE_TYPES = ("int", "bool", "text", "player", "space", "region", "card")
# An attribute may hold a list of any of those or of an enum's constants: `list[<type>]`.
_LIST_TYPE = re.compile(r"list\[\s*([a-z][a-z0-9_]*)\s*\]")
# Why a card entry with `copies` cannot be named (in effects, attribute values, table cells).
COPIES_HINT = ("a card with copies has no single name; test its attributes, e.g. c.value == 1, "
               "or give the entry no copies")


def list_item_type(decl_type: str) -> str | None:
    """The item type of a declared `list[T]` attribute type, None for a scalar type. A malformed
    list type (`list[]`, `list[list[int]]`) gives the whole text, so it is reported unknown."""
    if not decl_type.startswith("list["):
        return None
    found = _LIST_TYPE.fullmatch(decl_type)
    return found.group(1) if found else decl_type


@dataclass
class Named:
    id: str
    span: Span
    names: dict[str, str] = field(default_factory=dict)
    # Where the item was declared, to place errors on any of its fields.
    doc: Any = field(default=None, kw_only=True, repr=False, compare=False)
    path: tuple = field(default=(), kw_only=True, repr=False, compare=False)

    def field_span(self, *keys: Any) -> Span:
        return self.doc.span(self.path + keys) if self.doc is not None else self.span


@dataclass
class AttributeDecl:
    name: str
    type: str
    span: Span
    optional: bool = False
    default: Any = None
    has_default: bool = False
    min: int | None = None
    max: int | None = None
    description: str = ""
    unique: bool = False  # no two items share a value (a printed number)
    permutation: bool = False  # a list[enum] holding each constant of its enum exactly once

    @property
    def item_type(self) -> str | None:
        """The type of each item of a list attribute; None for a scalar attribute."""
        return list_item_type(self.type)


@dataclass
class Player(Named):
    index: int = 0


@dataclass
class GameOption(Named):
    default: bool | int | str = False
    min: int | None = None  # the range of a number option (None: no bound on that side)
    max: int | None = None
    # A choice option (a reading of the rulebook, a variant with several forms) names the enum whose
    # constants it takes; its default is one of them
    choices: str | None = None
    explicit_default: bool = False


@dataclass
class Region(Named):
    within: str | None = None
    listed_spaces: list[str] | None = None
    attributes: dict[str, Any] = field(default_factory=dict)
    spaces: list[str] = field(default_factory=list)  # filled from the spaces' own lists
    colour: str | None = None  # #rrggbb for printed sheets (map.yaml `colour`)


@dataclass
class Space(Named):
    kind: str | None = None
    regions: list[str] = field(default_factory=list)
    adjacent: list[str] = field(default_factory=list)
    optional: str | None = None
    attributes: dict[str, Any] = field(default_factory=dict)


@dataclass
class Track(Named):
    per_player: bool = False
    min: int = 0
    max: int = 0
    start: int | dict[str, int] = 0
    overflow: str = "clamp"
    description: str = ""  # what the track measures and what its ends mean (tracks.yaml)


@dataclass
class Counter(Named):
    per_player: bool = False
    on: list[str] | None = None
    min: int = 0
    max: int | None = None
    start: dict[str, Any] = field(default_factory=dict)
    total_max: int | None = None  # most a player (or the whole game) may have over all spaces


@dataclass
class Variable(Named):
    type: str = "int"
    start: Any = None


@dataclass
class Zone(Named):
    per_player: bool = False
    hidden: bool = False
    initial: bool = False


@dataclass
class Table(Named):
    key: str = ""
    columns: dict[str, str] = field(default_factory=dict)
    rows: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Card(Named):
    attributes: dict[str, Any] = field(default_factory=dict)
    event: str | None = None
    event_span: Span | None = None
    text: dict[str, str] = field(default_factory=dict)
    provisional: bool = False
    optional: str | None = None
    note: str = ""  # cards.yaml `note`: for authors (what is known of a provisional card)
    copies: int = 1  # cards.yaml `copies`: identical physical cards, named `<id>.<k>`

    @property
    def copy_ids(self) -> list[str]:
        """The ids of the physical cards this entry stands for: its own id, or one per copy."""
        return [self.id] if self.copies == 1 else [f"{self.id}.{k}" for k in range(1, self.copies + 1)]


@dataclass
class RuleSource:
    """One `code:` block of a rules file, with what is needed to place errors inside it."""

    id: str
    code: str
    document: Any  # loader.Document
    path: tuple


@dataclass
class Labelled:
    """A content field shown on a printed sheet, with its English label (translated as sheet.*)."""

    name: str  # an attribute, a table column
    label: str = ""
    span: Span | None = None


@dataclass
class FaceMark:
    """A bool card attribute shown on the card face when true: a symbol after the title, the
    title underlined, and a tag at the foot (its own symbol, or the label)."""

    attribute: str
    label: str = ""
    symbol: str = ""
    underline: bool = False
    span: Span | None = None
    tag: str = ""  # the symbol in the tag at the card's foot ("" = `symbol`, else the label)

    @property
    def tag_symbol(self) -> str:
        return self.tag or self.symbol


@dataclass
class CardFace:
    """Which card attributes a printed card shows where (game.yaml `sheets.card_face`/`card_back`)."""

    corner: str | None = None  # attribute printed in the top corner (a card number)
    badge: Labelled | None = None  # attribute in a round badge
    badge_omit: list[Any] = field(default_factory=list)  # values for which no badge is drawn
    badge_term: str | None = None  # a text.yaml term printed under the badge, agreeing with the number
    badge_abbr: bool = False  # print that term's abbreviation
    side: str | None = None  # player attribute: names the card's side and colours it
    side_none: str = ""  # label of a card whose side is null
    footer: list[Labelled] = field(default_factory=list)
    footer_breaks: set[str] = field(default_factory=set)  # footer attributes that begin a new line
    marks: list[FaceMark] = field(default_factory=list)
    region_space: str | None = None  # space attribute whose region the card shows
    region_attributes: list[Labelled] = field(default_factory=list)
    region_count: str = ""  # label of the number of spaces in that region ("" = not shown)
    region_count_note: str = ""  # what that label means, for the glossary box
    back: list[str] = field(default_factory=list)  # attributes the back shows
    back_side: str | None = None  # player attribute: the back takes that side's colour


@dataclass
class ExtraCard:
    """A card printed with the deck but not part of it (game.yaml `sheets.extra_cards`): a start
    card standing for a space, a scoring card with a track drawn on it."""

    id: str
    title: str = ""  # English; "" = the name of `space`
    text: str = ""  # English
    space: str | None = None
    track: str | None = None
    ends: dict[str, str] = field(default_factory=dict)  # "min"/"max" -> player at that end
    regions: str = ""  # heading of the list of top-level regions ("" = no list)
    span: Span | None = None


@dataclass
class TrackNotes:
    track: str
    notes: dict[int, str] = field(default_factory=dict)  # value -> English note
    span: Span | None = None


@dataclass
class TableLabels:
    table: str
    columns: dict[str, str] = field(default_factory=dict)  # column -> English label
    span: Span | None = None


@dataclass
class Phase:
    """One step of the turn sequence as the reference sheet prints it."""

    id: str
    title: str
    mark: str = ""  # the rulebook's numbering (A, B, 1)...
    detail: str = ""
    span: Span | None = None


@dataclass
class SheetSpec:
    """game.yaml `sheets`: how printed sheets show the game. None means "not given": the sheets
    then show everything declared, labelled from the ids."""

    colours: dict[str, str] = field(default_factory=dict)  # player id or "none" -> #rrggbb
    values: dict[str, str] = field(default_factory=dict)  # enum constant -> English name
    # enum constant -> what its short printed name stands for (English), for the glossary box
    value_meanings: dict[str, str] = field(default_factory=dict)
    face: CardFace = field(default_factory=CardFace)
    space_columns: list[Labelled] | None = None
    region_columns: list[Labelled] | None = None
    tracks: list[TrackNotes] | None = None
    tables: list[TableLabels] | None = None
    turn_sequence: list[Phase] = field(default_factory=list)
    board: Any = None  # model_board.BoardSpec: the board, its tracks (map `board`, `sheets.board`)
    markers: Any = None  # model_board.MarkerSpec (`sheets.markers`)
    player_board: Any = None  # model_board.PlayerBoardSpec (`sheets.player_board`)
    extra_cards: list[ExtraCard] = field(default_factory=list)


@dataclass(frozen=True)
class PlayColumn:
    """One column of a table: an attribute, a counter (one column per player when kept per
    player) or a function of the rules of the row's item (and of each player)."""

    source: str  # attribute, counter or function
    name: str
    label: str  # English; catalogs translate it as play.column.<name>
    span: Span


@dataclass
class PlaySpec:
    """game.yaml `play`; empty lists mean "not given" (the terminal shows everything plainly)."""

    tracks: list[str] = field(default_factory=list)
    zones: list[str] = field(default_factory=list)  # zones shown with the tracks, in this order
    groups: list[str] = field(default_factory=list)  # regions that group the spaces, in order
    kinds: list[str] = field(default_factory=list)  # kinds of space listed (empty: all)
    space_columns: list[PlayColumn] = field(default_factory=list)
    hide_empty: bool = False  # leave out the rows and columns of a space table with nothing in them
    card_columns: list[PlayColumn] = field(default_factory=list)
    # figures shown with the tracks: functions of () or (player) (a total, a token's holder)
    figures: list[PlayColumn] = field(default_factory=list)

    @property
    def functions(self) -> list[PlayColumn]:
        return [c for c in self.space_columns if c.source == "function"]


@dataclass
class Game:
    id: str
    root: str  # the content folder, as shown to the author
    span: Span
    names: dict[str, str] = field(default_factory=dict)
    description: str = ""
    players: list[Player] = field(default_factory=list)
    # game.yaml `player_count` as (min, max, default); None: every declared player plays
    player_count: tuple[int, int, int] | None = None
    options: list[GameOption] = field(default_factory=list)
    enums: dict[str, list[str]] = field(default_factory=dict)
    space_kinds: list[str] = field(default_factory=list)
    layout: str = "fixed"  # "grid": spaces are laid on a grid during play, adjacency by edges
    # Kinds of space outside the network of links (map.yaml `unlinked_kinds`): no adjacency, not
    # in the connectivity check, no nodes of a graph on the sheets.
    unlinked_kinds: list[str] = field(default_factory=list)
    space_attributes: dict[str, AttributeDecl] = field(default_factory=dict)
    region_attributes: dict[str, AttributeDecl] = field(default_factory=dict)
    card_attributes: dict[str, AttributeDecl] = field(default_factory=dict)
    regions: list[Region] = field(default_factory=list)
    spaces: list[Space] = field(default_factory=list)
    tracks: list[Track] = field(default_factory=list)
    counters: list[Counter] = field(default_factory=list)
    variables: list[Variable] = field(default_factory=list)
    zones: list[Zone] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    rules: list[RuleSource] = field(default_factory=list)
    sheets: SheetSpec = field(default_factory=SheetSpec)
    play: PlaySpec = field(default_factory=PlaySpec)  # how `kurtyna play` shows it (game.yaml `play`)
    entry: dict[str, str] = field(default_factory=dict)
    step_limit: int | None = None  # game.yaml `limits: {steps: N}`; None: the runtime's default
    # game.yaml `invariants`: functions of the rules () -> bool that hold in every state, each
    # with where it is listed
    invariants: list[tuple[str, Span]] = field(default_factory=list)
    # game.yaml `bot: {evaluate: name}`: the function (p: player) -> int bots judge positions by
    bot_evaluate: tuple[str, Span] | None = None
    # game.yaml `bot: {scale: N}`: an evaluation N ahead is a clear lead to the search (ismcts.py)
    bot_scale: int | None = None
    # game.yaml `bot: {prefer: {prompt: name}}`: hints per question, each with where its key and
    # its function are written
    bot_prefer: list[tuple[str, str, Span, Span]] = field(default_factory=list)
    text: Any = None  # text.yaml (compiler.front.text.TextFile), declared by the pipeline
    documents: dict[str, Any] = field(default_factory=dict)  # shown path -> Document
    complete: bool = True  # False when a file could not be read; later passes are skipped
    # Ids of items too malformed to declare; references to them are not reported again.
    broken_names: set[str] = field(default_factory=set)

    def seats(self) -> tuple[int, int, int]:
        """(min, max, default) players at the table: game.yaml `player_count`, else all declared."""
        n = len(self.players)
        return self.player_count or (n, n, n)

    def by_id(self, items: list) -> dict[str, Any]:
        return {item.id: item for item in items}

    def linked(self, space: Space) -> bool:
        """Is the space part of the network of links (not of an `unlinked_kinds` kind)?"""
        return space.kind not in self.unlinked_kinds
    def physical_cards(self) -> list[tuple[str, Card]]:
        """Every physical card with the entry it is a copy of, in the order cards are declared:
        the engine's cards (a card with `copies` is N cards)."""
        return [(cid, card) for card in self.cards for cid in card.copy_ids]

    def card_base(self, card_id: str) -> str:
        """The entry id of a physical card's id (`coin.3` -> `coin`); any other id unchanged."""
        base, dot, _ = card_id.rpartition(".")
        return base if dot and any(c.id == base and c.copies > 1 for c in self.cards) else card_id

    def enum_of(self, constant: str) -> str | None:
        for enum, values in self.enums.items():
            if constant in values:
                return enum
        return None
