"""What a lowering knows while it runs: the program, the unit and owner being lowered, the names
taken from data.py and the runtime, and the small helpers every node family uses (types and
references of nodes, positions for the source map, step counting, temporaries). Separate so that
the expression and statement families share one state without one of them owning it."""

from __future__ import annotations

from compiler.back.python.emitter import Emitter, Source
from compiler.front import types as T
from compiler.front.resolve import Program, Unit
from dsl import ast


class LoweringContext:
    """The state shared by the node families of the lowering (see ExpressionLowering, Lowerer)."""

    def __init__(self, program: Program, yielding: set[str], emitter: Emitter):
        self.p = program
        self.game = program.game
        self.yielding = yielding  # names of procedures that may ask (resumable frames)
        self.e = emitter
        self.unit: Unit | None = None
        self.owner = ""
        self.place = ""  # whose code is lowered, for fault reports ("procedure 'play'")
        self.prompt_name: str | None = None  # the name a choice is assigned to, for its prompt
        self.used: set[str] = set()  # names taken from data.py
        self.helpers: set[str] = set()  # names taken from the runtime's helpers
        # the questions lowered so far: prompt -> (kind, item kind, option labels) (GameSpec.decisions)
        self.asked: dict[str, tuple[str, str, tuple[str, ...]]] = {}
        # Inside a comprehension or aggregate: the names its loops bind, and the lists tested
        # with `in` that can be turned into a set once (see `iteration`).
        self.bound: list[str] = []
        self.hoisted: list[tuple[str, str]] | None = None

    def use(self, name: str) -> str:
        self.used.add(name)
        return name

    def helper(self, name: str) -> str:
        self.helpers.add(name)
        return name

    def here(self, node: ast.Node) -> Source:
        """The position of `node` inside its effect text, for the source map (Emitter.Source)."""
        unit = self.unit
        place = self.e.place((unit.doc.path, tuple(unit.path), self.place), unit.doc.text_origin(unit.path))
        return (place, node.span.line, node.span.col)

    def tick(self, at_entry: bool = False) -> None:
        """Count one step; past the game's limit the effect has run away (state.runaway)."""
        self.e.line("st.steps -= 1")
        self.e.line("if st.steps < 0:")
        self.e.line("    st.runaway(True)" if at_entry else "    st.runaway()")

    def typ(self, node: ast.Node) -> T.Type:
        return self.p.type_of(node)

    def ref(self, node: ast.Node):
        """What a name or place refers to (a resolve.Ref), or None."""
        return self.p.refs.get(id(node))

    def pyname(self, node: ast.Node) -> str:
        return self.p.pynames[id(node)]

    def simple(self, code: str) -> bool:
        return code.replace("_", "").isalnum()

    def hold(self, code: str, stem: str = "t") -> str:
        """Evaluate once: complex index expressions go to a temporary."""
        if self.simple(code):
            return code
        name = self.e.temp(stem)
        self.e.line(f"{name} = {code}")
        return name
