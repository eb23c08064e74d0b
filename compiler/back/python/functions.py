"""Writing whole functions into a generated module: the comment naming the content line above
each, the step counted on entry, the guard of a card's requirements, and where the source map
points while a function opens. Separate from the node families (which write lines inside a
function) and from what the functions are for (writers.py, lasting.py)."""

from __future__ import annotations

from compiler.back.python import source as pysource
from compiler.back.python.emitter import Emitter
from compiler.back.python.statements import Lowerer
from compiler.front.resolve import Program, Unit
from dsl import ast


class FunctionWriter:
    """One generated module's functions: an Emitter and the Lowerer that fills it."""

    def __init__(self, program: Program, yielding: set[str]):
        self.program = program
        self.yielding = yielding
        self.e = Emitter()
        self.low = Lowerer(program, yielding, self.e)

    def where(self, unit: Unit, node: ast.Node) -> str:
        span = unit.locate(node.span)
        return f"{span.path}:{span.line}"

    def enter(self, unit: Unit, owner: str, place: str, node: ast.Node) -> None:
        """Start lowering a function of `unit`: its lines map to `node` until a statement's do."""
        self.low.unit, self.low.owner, self.low.place = unit, owner, place
        self.e.at = self.low.here(node)

    def function(self, header: str, comment: str, unit: Unit, owner: str, body: tuple,
                 prologue: list[str] | None = None, *, place: str, node: ast.Node,
                 tick: bool = False) -> None:
        """A function lowered from `body`. With `tick` it counts a step on entry: a function that
        may recur (directly, or through events, triggers and hooks) counts towards the limit."""
        e = self.e
        self.enter(unit, owner, place, node)
        e.line("")
        e.line("")
        e.line(pysource.comment(comment))
        e.line(header)
        e.level += 1
        if tick:
            self.low.tick(at_entry=True)
        for line in prologue or []:
            e.line(line)
        e.temps = 0
        self.low.block(body)
        e.level -= 1

    def plain(self, name: str, params: str, comment: str, body: list[str], tick: bool = False) -> None:
        """A function of ready lines, all mapped to where `enter` pointed."""
        self.e.line("")
        self.e.line("")
        self.e.line(pysource.comment(comment))
        self.e.line(f"def {name}({params}):")
        self.e.level += 1
        if tick:
            self.low.tick(at_entry=True)
        for line in body:
            self.e.line(line)
        self.e.level -= 1

    def guard(self, unit: Unit, owner: str, name: str, params: str, body: tuple) -> bool:
        """The function telling whether a card's `require` statements hold; False if it has none."""
        requires = [s for s in body if isinstance(s, ast.RequireStmt)]
        if not requires:
            return False
        self.enter(unit, owner, f"the requirement of card '{owner}'", requires[0])
        conds = " and ".join(self.low.ex(r.cond) for r in requires)
        self.e.line("")
        self.e.line("")
        self.e.line(f"def {name}({params}):")
        self.e.level += 1
        self.low.tick(at_entry=True)  # event_possible may be asked again from inside
        self.e.line(f"return {conds}")
        self.e.level -= 1
        return True
