"""Types of the effect language.

Values: `int`, `bool`, `text`; entities `player`, `space`, `region`, `card`; the constants of a
declared enum; a table row; `list[T]` for every collection. References that are not values
but places: a track, a counter, a zone, a table. Entities and rows may be `none`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Type:
    name: str
    arg: Type | None = None  # element type of a list
    ref: str | None = None  # the enum, table, counter, track or zone it belongs to
    per_player: bool = False  # for families indexed by player

    def __str__(self) -> str:
        if self.name == "list":
            return f"list[{self.arg}]"
        if self.name == "row":
            return f"row of table '{self.ref}'"
        if self.name == "enum":
            return str(self.ref)
        if self.name == "counter_cell":
            return f"'{self.ref}[space]' without its player index"
        if self.name in ("counter", "track_family", "zone_family", "table"):
            return f"{self.name.replace('_', ' ')} '{self.ref}'"
        return self.name


INT = Type("int")
BOOL = Type("bool")
TEXT = Type("text")
NONE = Type("none")
VOID = Type("nothing")
ANY = Type("any")  # after an error, to avoid a cascade of reports
PLAYER = Type("player")
SPACE = Type("space")
REGION = Type("region")
CARD = Type("card")
DICE = Type("dice")
CELL = Type("cell")  # a square of the grid, in games laid on one

# Places (not values): the kinds of thing a global name can stand for.
TRACK = Type("track")  # an int that can be assigned
ZONE = Type("zone")  # a list of cards that can be moved to
LABEL = Type("label")

ENTITY_NAMES = ("player", "space", "region", "card")


def list_of(elem: Type) -> Type:
    return Type("list", elem)


def enum(name: str) -> Type:
    return Type("enum", ref=name)


def row(table: str) -> Type:
    return Type("row", ref=table)


def is_nullable(t: Type) -> bool:
    return t.name in ENTITY_NAMES or t.name in ("row", "none", "enum", "cell")


def element_type(t: Type) -> Type | None:
    """What iterating over a value of type t gives, or None if it cannot be iterated."""
    if t.name == "list":
        return t.arg
    if t == REGION:
        return SPACE
    if t == ZONE:
        return CARD
    if t == ANY:
        return ANY
    return None


def assignable(target: Type, value: Type) -> bool:
    """Can a value of type `value` stand where `target` is expected?"""
    if target == ANY or value == ANY or target == value:
        return True
    if value == NONE and is_nullable(target):
        return True
    if target.name == "list":
        elem = element_type(value)
        return elem is not None and assignable(target.arg or ANY, elem)
    return False
