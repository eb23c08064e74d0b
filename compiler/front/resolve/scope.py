"""Where a body is checked: its local names (`Scope`) and what it may do (`Context`).

Shared by every construct family; a scope chain also records which locals a lasting effect
captures, since the back end must keep their values for as long as the effect lasts.
"""

from __future__ import annotations

import keyword
from dataclasses import dataclass

from compiler.front import types as T
from compiler.front.resolve.program import Lasting, Unit

RESERVED_PY = {"st", "rt", "g", "fr", "pc"} | set(dir(__builtins__) if isinstance(__builtins__, dict) else [])


def python_local(name: str) -> str:
    return name + "_" if keyword.iskeyword(name) or name in RESERVED_PY else name


class Scope:
    """Local names of one body; a lasting statement opens a boundary that records captures."""

    def __init__(self, parent: Scope | None = None, boundary: Lasting | None = None):
        self.parent = parent
        self.names: dict[str, tuple[T.Type, str]] = {}
        self.boundary = boundary

    def lookup(self, name: str) -> tuple[T.Type, str] | None:
        scope: Scope | None = self
        crossed: list[Lasting] = []
        while scope is not None:
            if name in scope.names:
                for lasting in crossed:
                    if name not in lasting.captures:
                        lasting.captures.append(name)
                return scope.names[name]
            if scope.boundary is not None:
                crossed.append(scope.boundary)
            scope = scope.parent
        return None

    def all_names(self) -> list[str]:
        out: list[str] = []
        scope: Scope | None = self
        while scope is not None:
            out.extend(scope.names)
            scope = scope.parent
        return out


@dataclass
class Context:
    """What the body being checked is allowed to do."""

    unit: Unit
    kind: str  # procedure, function, hook, event_body, lasting, trigger
    returns: T.Type = T.VOID
    in_loop: bool = False

    @property
    def pure(self) -> bool:
        return self.kind in ("function", "hook", "clause")


def loop_context(ctx: Context) -> Context:
    """The same context inside a loop, where 'break' is allowed."""
    return Context(ctx.unit, ctx.kind, ctx.returns, in_loop=True)
