"""What resolution produces: the typed program the back ends read.

Kept apart from the rules that fill it, so that a back end imports the shape of its input and
nothing of how names were bound. Types and references live in side tables keyed by node identity
(`Program.types`, `Program.refs`); the AST itself is never changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from compiler.diagnostics import Span
from compiler.front import types as T
from compiler.front.model import Game
from dsl import ast


@dataclass(frozen=True)
class Ref:
    """What a name or place refers to. `kind` is one of:
    local, constant (player/space/region/card/enum value), track, track_family, counter,
    zone, zone_family, table, collection (players/spaces/regions/cards), definition, builtin,
    copy (one copy of a card with copies, named in a scenario; `pyname` is its index)."""

    kind: str
    name: str
    type: T.Type
    pyname: str = ""


@dataclass
class Signature:
    name: str
    kind: str  # procedure, function, hook, event, builtin
    params: list[tuple[str, T.Type, ast.Expr | None]]
    returns: T.Type
    unit: Unit | None = None
    node: Any = None


@dataclass
class Unit:
    """A piece of effect text: a rule's `code:` or a card's `event:`."""

    kind: str  # "rule" or "event"
    name: str
    text: str
    doc: Any
    path: tuple
    tree: Any = None

    def locate(self, pos: ast.Pos) -> Span:
        end = pos.end_col if pos.end_line == pos.line else None
        return self.doc.text_span(self.path, pos.line, pos.col, end)


@dataclass
class Lasting:
    """A lasting-effect statement and the locals it captures from around it."""

    id: int
    node: ast.LastingStmt
    unit: Unit
    captures: list[str] = field(default_factory=list)
    owner: str = ""


@dataclass
class Program:
    game: Game
    units: list[Unit] = field(default_factory=list)
    defs: dict[str, Signature] = field(default_factory=dict)
    events: dict[str, Signature] = field(default_factory=dict)
    card_events: dict[str, Unit] = field(default_factory=dict)
    types: dict[int, T.Type] = field(default_factory=dict)
    refs: dict[int, Ref] = field(default_factory=dict)
    lasting: list[Lasting] = field(default_factory=list)
    lasting_of: dict[int, Lasting] = field(default_factory=dict)
    labels: dict[str, Span] = field(default_factory=dict)
    pynames: dict[int, str] = field(default_factory=dict)  # binding node -> python local name
    # Nodes whose region or zone stands where a list is kept (assigned, passed, returned): the
    # engine stores the list of its items, not the region or zone itself
    as_list: set[int] = field(default_factory=set)
    # Facts a back end derives from the whole program (which procedures ask, which recur), kept
    # so that `kurtyna test` does not recompute them for each of hundreds of scenarios.
    derived: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def type_of(self, node: ast.Node) -> T.Type:
        return self.types.get(id(node), T.ANY)
