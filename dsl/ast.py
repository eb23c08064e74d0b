"""The effect language's syntax tree.

Nodes are frozen dataclasses. Each carries a `span` (line, column, end) relative to the effect
text it was parsed from; spans play no part in equality, so tests can write trees by hand.
Class names match the grammar's rule and alias names (`let_stmt` -> `LetStmt`), which is how the
parser builds them without glue code.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar


@dataclass(frozen=True)
class Pos:
    """A position inside one effect text (1-based; end column exclusive)."""

    line: int
    col: int
    end_line: int
    end_col: int


NOWHERE = Pos(1, 1, 1, 2)


@dataclass(frozen=True)
class Node:
    span: Pos = field(default=NOWHERE, compare=False, repr=False, kw_only=True)
    children_fields: ClassVar[tuple[str, ...]] = ()

    def children(self) -> list[Any]:
        out: list[Any] = []
        for name in self.children_fields:
            value = getattr(self, name)
            if isinstance(value, tuple | list):
                out.extend(v for v in value if isinstance(v, Node))
            elif isinstance(value, Node):
                out.append(value)
        return out

    def walk(self) -> Iterator[Any]:
        """This node and every node below it, parent before children, in field order. The
        nodes below a whole text or a definition are listed once and kept while the node lives
        (nodes never change, and every pass of the compiler walks each unit's tree)."""
        if not self.kept_walk:
            return _walked(self)
        found = _WALKS.get(id(self))
        if found is None or found[0]() is not self:
            found = (weakref.ref(self, partial(_forget, id(self), _WALKS)), tuple(_walked(self)))
            _WALKS[id(self)] = found
        return iter(found[1])

    kept_walk: ClassVar[bool] = False


_WALKS: dict[int, tuple[weakref.ref, tuple[Node, ...]]] = {}


def _forget(key: int, walks: dict, _ref: weakref.ref) -> None:
    walks.pop(key, None)  # (the table is bound here: at the interpreter's exit the module's are gone)


def _walked(node: Node) -> Iterator[Any]:
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        children = node.children()
        children.reverse()
        stack.extend(children)


# ---- types and definitions ------------------------------------------------------------

@dataclass(frozen=True)
class TypeRef(Node):
    name: str
    arg: TypeRef | None = None

    def __str__(self) -> str:
        return f"{self.name}[{self.arg}]" if self.arg else self.name


@dataclass(frozen=True)
class Param(Node):
    name: str
    type: TypeRef
    default: Expr | None = None
    children_fields = ("type", "default")


@dataclass(frozen=True)
class Definition(Node):
    name: str
    params: tuple[Param, ...]
    returns: TypeRef | None
    body: tuple[Stmt, ...]
    children_fields = ("params", "returns", "body")
    keyword: ClassVar[str] = "procedure"
    kept_walk = True


@dataclass(frozen=True)
class ProcedureDef(Definition):
    keyword: ClassVar[str] = "procedure"


@dataclass(frozen=True)
class FunctionDef(Definition):
    keyword: ClassVar[str] = "function"


@dataclass(frozen=True)
class HookDef(Definition):
    keyword: ClassVar[str] = "hook"


@dataclass(frozen=True)
class EventDef(Node):
    name: str
    params: tuple[Param, ...]
    children_fields = ("params",)


@dataclass(frozen=True)
class Module(Node):
    definitions: tuple[Node, ...]
    children_fields = ("definitions",)
    kept_walk = True


@dataclass(frozen=True)
class Body(Node):
    statements: tuple[Stmt, ...]
    children_fields = ("statements",)
    kept_walk = True


# ---- expressions ----------------------------------------------------------------------

class Expr(Node):
    pass


@dataclass(frozen=True)
class Name(Expr):
    id: str


@dataclass(frozen=True)
class IntLit(Expr):
    value: int


@dataclass(frozen=True)
class BoolLit(Expr):
    value: bool


@dataclass(frozen=True)
class NoneLit(Expr):
    pass


@dataclass(frozen=True)
class TextLit(Expr):
    value: str


@dataclass(frozen=True)
class Dice(Expr):
    count: int
    sides: int


@dataclass(frozen=True)
class ListLit(Expr):
    items: tuple[Expr, ...]
    children_fields = ("items",)


@dataclass(frozen=True)
class Call(Expr):
    func: str
    args: tuple[Expr, ...]
    children_fields = ("args",)


@dataclass(frozen=True)
class Aggregate(Expr):
    """`sum(troops[s][red] for s in north where s.value > 1)`"""

    func: str
    value: Expr
    var: str
    source: Expr
    cond: Expr | None = None
    children_fields = ("value", "source", "cond")


@dataclass(frozen=True)
class Comprehension(Expr):
    """`{s in north where troops[s][red] > 0}`"""

    var: str
    source: Expr
    cond: Expr
    children_fields = ("source", "cond")


@dataclass(frozen=True)
class Attribute(Expr):
    obj: Expr
    attr: str
    children_fields = ("obj",)


@dataclass(frozen=True)
class Index(Expr):
    obj: Expr
    key: Expr
    children_fields = ("obj", "key")


@dataclass(frozen=True)
class Unary(Expr):
    op: str  # "-" or "not"
    operand: Expr
    children_fields = ("operand",)


@dataclass(frozen=True)
class Binary(Expr):
    op: str  # + - * / % | & and or
    left: Expr
    right: Expr
    children_fields = ("left", "right")


@dataclass(frozen=True)
class Compare(Expr):
    """`a < b <= c`: every adjacent pair holds."""

    first: Expr
    ops: tuple[str, ...]
    rest: tuple[Expr, ...]
    children_fields = ("first", "rest")


@dataclass(frozen=True)
class Member(Expr):
    item: Expr
    collection: Expr
    negated: bool = False
    children_fields = ("item", "collection")


@dataclass(frozen=True)
class ChooseOne(Expr):
    chooser: Expr
    var: str
    source: Expr
    cond: Expr | None = None
    secret: bool = False  # `secretly`: the answer is not logged (simultaneous choices)
    children_fields = ("chooser", "source", "cond")


@dataclass(frozen=True)
class ChooseNumber(Expr):
    chooser: Expr
    low: Expr
    high: Expr
    secret: bool = False
    children_fields = ("chooser", "low", "high")


# ---- statements -----------------------------------------------------------------------

class Stmt(Node):
    pass


@dataclass(frozen=True)
class LetStmt(Stmt):
    name: str
    value: Expr
    children_fields = ("value",)


@dataclass(frozen=True)
class AssignStmt(Stmt):
    target: Expr
    op: str  # "=", "+=", "-="
    value: Expr
    children_fields = ("target", "value")


@dataclass(frozen=True)
class ExprStmt(Stmt):
    expr: Expr
    children_fields = ("expr",)


@dataclass(frozen=True)
class RequireStmt(Stmt):
    cond: Expr
    children_fields = ("cond",)


@dataclass(frozen=True)
class ReturnStmt(Stmt):
    value: Expr | None = None
    children_fields = ("value",)


@dataclass(frozen=True)
class MoveStmt(Stmt):
    card: Expr
    zone: Expr
    position: str = "top"
    children_fields = ("card", "zone")


@dataclass(frozen=True)
class DrawStmt(Stmt):
    count: Expr
    source: Expr
    dest: Expr
    children_fields = ("count", "source", "dest")


@dataclass(frozen=True)
class ShuffleStmt(Stmt):
    zone: Expr
    children_fields = ("zone",)


@dataclass(frozen=True)
class Kwarg(Node):
    name: str
    value: Expr
    children_fields = ("value",)


@dataclass(frozen=True)
class LogStmt(Stmt):
    message: str
    args: tuple[Kwarg, ...] = ()
    reader: Expr | None = None  # `to p`: a private line, for that player only
    children_fields = ("reader", "args")


@dataclass(frozen=True)
class EmitStmt(Stmt):
    event: str
    args: tuple[Expr, ...]
    children_fields = ("args",)


@dataclass(frozen=True)
class EndGameStmt(Stmt):
    """`end game winner p`, `end game winners ps` (a list of players: none is a draw, one is a
    win, more share the win) or `end game draw`, each with an optional `because "reason"`."""

    winner: Expr | None  # None: a draw, or the winners are a list (`winners`)
    reason: str | None = None
    winners: Expr | None = None  # `end game winners ps`: the list of players
    children_fields = ("winner", "winners")


@dataclass(frozen=True)
class PassStmt(Stmt):
    pass


@dataclass(frozen=True)
class BreakStmt(Stmt):
    pass


@dataclass(frozen=True)
class CancelStmt(Stmt):
    label: str


@dataclass(frozen=True)
class IfStmt(Stmt):
    branches: tuple[tuple[Expr, tuple[Stmt, ...]], ...]
    orelse: tuple[Stmt, ...] = ()

    def children(self) -> list[Any]:
        out: list[Any] = []
        for cond, body in self.branches:
            out.append(cond)
            out.extend(body)
        out.extend(self.orelse)
        return out


@dataclass(frozen=True)
class ForStmt(Stmt):
    var: str
    source: Expr
    cond: Expr | None
    body: tuple[Stmt, ...]
    children_fields = ("source", "cond", "body")


@dataclass(frozen=True)
class WhileStmt(Stmt):
    cond: Expr
    body: tuple[Stmt, ...]
    children_fields = ("cond", "body")


@dataclass(frozen=True)
class RepeatStmt(Stmt):
    count: Expr
    body: tuple[Stmt, ...]
    children_fields = ("count", "body")


@dataclass(frozen=True)
class ChooseStmt(Stmt):
    """`P chooses [up to] N x in S [where C] [, at most K each]: body`"""

    chooser: Expr
    count: Expr
    up_to: bool
    var: str
    source: Expr
    cond: Expr | None
    each_limit: Expr | None
    body: tuple[Stmt, ...]
    secret: bool = False
    children_fields = ("chooser", "count", "source", "cond", "each_limit", "body")


@dataclass(frozen=True)
class Option(Node):
    label: str
    cond: Expr | None
    body: tuple[Stmt, ...]
    children_fields = ("cond", "body")


@dataclass(frozen=True)
class OptionsStmt(Stmt):
    chooser: Expr
    options: tuple[Option, ...]
    secret: bool = False
    children_fields = ("chooser", "options")


@dataclass(frozen=True)
class Duration(Node):
    kind: str  # "until", "while", "forever", "once"
    event: str | None = None
    cond: Expr | None = None
    children_fields = ("cond",)


@dataclass(frozen=True)
class ModifyClause(Stmt):
    hook: str
    names: tuple[str, ...]
    amount: Expr
    cond: Expr | None = None
    children_fields = ("amount", "cond")


@dataclass(frozen=True)
class ForbidClause(Stmt):
    hook: str
    names: tuple[str, ...]
    cond: Expr | None = None
    children_fields = ("cond",)


@dataclass(frozen=True)
class WhenClause(Stmt):
    event: str
    names: tuple[str, ...]
    cond: Expr | None
    body: tuple[Stmt, ...]
    children_fields = ("cond", "body")


@dataclass(frozen=True)
class LastingStmt(Stmt):
    label: str | None
    duration: Duration
    body: tuple[Stmt, ...]
    children_fields = ("duration", "body")
