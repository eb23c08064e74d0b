"""The static description of a game that a generated engine hands to the runtime.

Generated code fills a `GameSpec` with the game's declared things (as plain tuples and dicts)
and with the compiled functions (entry procedures, card events, lasting-effect clauses). The
runtime reads nothing else: it has no idea which game it runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .grid import CELL_NAMES


@dataclass(frozen=True)
class TrackSpec:
    id: str
    slot: int  # index into State.t; per-player tracks take one slot per player
    per_player: bool
    min: int
    max: int
    start: tuple[int, ...]  # one value, or one per player
    overflow: str = "clamp"


@dataclass(frozen=True)
class CounterSpec:
    id: str
    per_player: bool
    min: int
    max: int | None
    on: tuple[int, ...] | None  # space indices that may hold it (None: all)
    start: tuple[tuple[int, int, int], ...]  # (space, player or -1, value)
    total_max: int | None = None  # most a player (or the game) may have summed over all spaces


@dataclass(frozen=True)
class ZoneSpec:
    id: str
    slot: int  # index into State.zones; per-player zones take one slot per player
    per_player: bool
    hidden: bool = False
    initial: bool = False


@dataclass(frozen=True)
class LastingSpec:
    """One `lasting` statement: its label, duration and compiled clauses."""

    id: int
    label: str | None
    duration: str  # until, while, forever, once
    until: str | None = None  # event name for "until"
    alive: Callable[..., bool] | None = None  # condition for "while": fn(st, env)
    modifiers: dict[str, tuple[Callable[..., int], ...]] = field(default_factory=dict)
    forbids: dict[str, tuple[Callable[..., bool], ...]] = field(default_factory=dict)
    triggers: dict[str, tuple[Callable[..., Any], ...]] = field(default_factory=dict)
    source: str = ""


# Steps an effect may take between two decisions unless game.yaml sets `limits: {steps: N}`:
# far above what real rules need (docs/language.md, "How it runs"), so only a runaway reaches it.
DEFAULT_STEP_LIMIT = 1_000_000


@dataclass(frozen=True)
class GameSpec:
    id: str
    players: tuple[str, ...]
    spaces: tuple[str, ...]
    regions: tuple[str, ...]
    cards: tuple[str, ...]
    enums: dict[str, tuple[str, ...]]
    options: dict[str, Any]  # option id -> default
    space_optional: dict[int, str]  # space index -> option that puts it on the map
    card_optional: dict[int, str]
    adjacent: tuple[tuple[int, ...], ...]
    space_regions: tuple[tuple[int, ...], ...]
    tracks: tuple[TrackSpec, ...]
    counters: tuple[CounterSpec, ...]
    zones: tuple[ZoneSpec, ...]
    track_slots: int
    zone_slots: int
    events: dict[int, Callable[..., Any]]  # card index -> event generator fn(st, player, card)
    event_checks: dict[int, Callable[..., bool]]  # card index -> fn(st, player, card)
    lasting: tuple[LastingSpec, ...]
    variables: tuple[Any, ...] = ()  # start values of the game's variables
    setup: Callable[..., Any] | None = None
    play: Callable[..., Any] | None = None
    messages: dict[str, str] = field(default_factory=dict)
    display: dict[str, tuple[str, ...]] = field(default_factory=dict)  # kind -> English names
    # option id -> (min, max) for number options declared with a range (None: unbounded side)
    option_ranges: dict[str, tuple[int | None, int | None]] = field(default_factory=dict)
    # option id -> the constants a choice option takes (game.yaml `type:`, an enum); its value is one
    option_choices: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # game.yaml `player_count` as (min, max, default); None: every declared player plays
    player_count: tuple[int, int, int] | None = None
    step_limit: int = DEFAULT_STEP_LIMIT  # loop rounds and recurring calls between two decisions
    # Functions of the rules that views show per space (game.yaml `play`): name -> (fn(st, space)
    # or fn(st, space, player) -> bool, whether it takes the player)
    shown: dict[str, tuple[Callable[..., Any], bool]] = field(default_factory=dict)
    # Figures views show with the tracks (game.yaml `play.figures`): name -> (fn(st) or
    # fn(st, player), whether it takes the player, "player"/"card"/"space" when it gives one, else "")
    figures: dict[str, tuple[Callable[..., Any], bool, str]] = field(default_factory=dict)
    # The content's invariants (game.yaml `invariants`): (name, fn(st) -> bool, "path:line" of the
    # function), checked by invariants.violations with the runtime's own
    invariants: tuple[tuple[str, Callable[..., bool], str], ...] = ()
    # game.yaml `bot: {evaluate: name}`: fn(st, player) -> int, how bots value a position
    evaluate: Callable[..., int] | None = None
    # game.yaml `bot: {scale: N}`: how far ahead an evaluation is a clear lead (0.88 of a win to the search)
    evaluate_scale: int = 5
    # game.yaml `bot: {prefer: ...}`: prompt key -> fn(st, player, raw answer) -> int, which answers
    # bots try first (worth.preferred)
    prefer: dict[str, Callable[..., int]] = field(default_factory=dict)
    # every question the rules may ask: prompt key -> (kind, item kind, option labels)
    decisions: dict[str, tuple[str, str, tuple[str, ...]]] = field(default_factory=dict)

    def seats(self) -> tuple[int, int, int]:
        """(min, max, default) players at the table; the first N in seating order play."""
        n = len(self.players)
        return self.player_count or (n, n, n)

    def display_of(self, kind: str) -> tuple[str, ...] | None:
        """The names people read for an item kind (English), indexed by the raw value."""
        return self.display.get(kind) or self.names_of(kind)

    def names_of(self, kind: str) -> tuple[str, ...] | None:
        """The external ids of an item kind, indexed by the raw value."""
        if kind == "card":  # asked most: which card to play
            return self.cards
        if kind == "space":
            return self.spaces
        if kind == "player":
            return self.players
        if kind == "region":
            return self.regions
        if kind == "cell":  # cells are named by their coordinates
            return CELL_NAMES
        return None
