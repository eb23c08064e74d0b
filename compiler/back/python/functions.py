"""Writing whole functions into a generated module: the comment naming the content line above
each, the step counted on entry, the guard of a card's requirements, and where the source map
points while a function opens. Separate from the node families (which write lines inside a
function) and from what the functions are for (writers.py, lasting.py)."""

from __future__ import annotations

from compiler.back.python import source as pysource
from compiler.back.python.emitter import Emitter
from compiler.back.python.resumable import RESTORE, RESUMED, SAVE, FrameLowerer, kept_locals, reachable
from compiler.front.resolve import Program, Unit
from dsl import ast


class FunctionWriter:
    """One generated module's functions: an Emitter and the Lowerer that fills it."""

    def __init__(self, program: Program, yielding: set[str]):
        self.program = program
        self.yielding = yielding
        self.e = Emitter()
        self.low = FrameLowerer(program, yielding, self.e)

    def where(self, unit: Unit, node: ast.Node) -> str:
        """The content file a definition is in, for the comment above its code: by file, never
        line, so that a comment added to the content moves nothing generated."""
        return unit.doc.path

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

    def resumable(self, name: str, params: list[str], signature: str, comment: str, unit: Unit, owner: str,
                  body: tuple, prologue: list[str] | None = None, *, place: str, node: ast.Node,
                  tick: bool = False, finish: str = "", bound: tuple[str, ...] = ()) -> None:
        """A Frame class lowered from a `body` that may ask (compiler/back/python/resumable.py):
        `params` are its parameters' names, `signature` them as written after `st`, the
        `prologue`'s lines open block 0 (`bound`: the names they set), and `finish` is its result
        when the body runs out."""
        e = self.e
        start = e.level
        self.enter(unit, owner, place, node)
        e.line("")
        e.line("")
        e.line(pysource.comment(comment))
        e.line(f"class {name}(Frame):")
        e.level += 1
        init = len(e.lines)
        e.line("")  # the locals, None until set: written below once known
        e.line(f"def __init__(fr, st{signature}):")
        e.line("")  # the parameters, set below
        e.line("")
        e.line(f"def _step(fr, st, {RESUMED}):")
        e.level += 1
        e.line(RESTORE)
        e.line("pc = fr._pc")
        e.line("while True:")
        e.level += 1
        e.temps = 0
        first_temp = len(e.temp_names)
        self.low.begin_frame()
        if tick:
            self.low.tick(at_entry=True)
        for line in prologue or []:
            e.line(line)
        self.low.block(body)
        if reachable(e):
            e.line(f"return fr._done({finish})")
        blocks = self.low.frame.labels + 1
        self.low.end_frame()
        e.level = start
        names = list(dict.fromkeys([*params, *bound, *self.frame_locals(body), *e.temp_names[first_temp:]]))
        self.fill_frame(init, params, names, blocks)

    def frame_locals(self, body: tuple) -> list[str]:
        """The names the body's statements bind (not those of its lasting effects' clauses)."""
        out: list[str] = []
        todo = list(reversed(body))
        while todo:
            node = todo.pop()
            if isinstance(node, ast.LastingStmt):
                continue
            pyname = self.program.pynames.get(id(node))
            if pyname is not None and isinstance(node, ast.LetStmt | ast.ForStmt | ast.ChooseStmt):
                out.append(pyname)
            todo.extend(reversed(node.children()))
        return out

    def fill_frame(self, init: int, params: list[str], names: list[str], blocks: int) -> None:
        """Write the frame's locals (class attributes: None until a frame sets its own), its
        `__init__` body, what a save holds of it (`_fields`, the locals it keeps when it stops,
        and `_pcs`, its number of blocks: dsl/runtime/snapshot.py checks a save against them)
        and its RESTORE and SAVE lines, now that every local is known."""
        lines = self.e.lines
        indent = lines[init + 1][:len(lines[init + 1]) - len(lines[init + 1].lstrip())]
        names = kept_locals(lines[init:], names, params)
        others = [n for n in names if n not in params]
        lines[init] = indent + " = ".join([*others, "None"]) if others else ""
        lines[init + 2] = indent + "    " + ("; ".join(f"fr.{p} = {p}" for p in params) or "pass")
        lines[init + 3] = indent + f"_fields, _pcs = {tuple(names)!r}, {blocks}"
        restore = save = "pass"
        if names:
            restore = f"{', '.join(names)} = {', '.join('fr.' + n for n in names)}"
            save = f"{', '.join('fr.' + n for n in names)} = {', '.join(names)}"
            if len(names) == 1:
                restore, save = f"{names[0]} = fr.{names[0]}", f"fr.{names[0]} = {names[0]}"
        for i in range(init, len(lines)):
            line = lines[i]
            if line.endswith(RESTORE):
                lines[i] = line[:-len(RESTORE)] + restore
            elif line.endswith(SAVE):
                lines[i] = line[:-len(SAVE)] + save

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
