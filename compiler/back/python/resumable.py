"""Bodies that may ask a player, lowered to resumable frames (dsl/runtime/frames.py).

Such a body becomes the `_step(fr, st, _resumed)` method of a Frame class: a `while True` loop
over numbered blocks (`if pc == 3:`), split wherever the body stops - to ask a player (`return
st.ask(...)`), to call another frame (a procedure that asks, `emit`, `play_event`) - and wherever
control flow that contains such a stop branches or loops. Statements that never stop are lowered
as everywhere else, with Python's own `if`, `for` and `while`, so most of a frame reads like the
plain function it would otherwise be. The frame keeps its locals in fast Python locals while it
runs: `_step` takes them from the frame when it starts (`a, b = fr.a, fr.b`) and puts them back
before it stops (`fr.a, fr.b = a, b`), so a stopped frame is plain data to copy.

A stop is always followed by its block: `fr._pc = 4; return <what>` then `if pc == 4:` with the
answer or the callee's result in `_resumed`. A loop that contains a stop keeps its items and
index in temporaries (`_items3`, `_i3`), which are locals of the frame like any other.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from compiler.back.python.callgraph import asks
from compiler.back.python.statements import Lowerer
from dsl import ast

RESTORE = "\0restore"  # placeholder lines, filled in once the frame's locals are all known
SAVE = "\0save"
RESUMED = "_resumed"  # the answer, or the result of a call, a block resumes with


BLOCK = re.compile(r"^\s*if pc == \d+:$")


def kept_locals(lines: list[str], names: list[str], params: list[str]) -> list[str]:
    """The locals a frame must keep when it stops: all but those that live within one block, set
    there before they are read (a choice's options, an answer branched on at once). Control
    passes between blocks without stopping too, but a local that is never read outside its own
    block cannot need a value from before a stop. Read from the frame's generated lines, a name
    counts wherever it appears as a word (in a prompt's key too): that only keeps more."""
    blocks: list[list[str]] = [[]]
    for line in lines:
        if BLOCK.match(line):
            blocks.append([])
        blocks[-1].append(line)
    kept = []
    for name in names:
        word = re.compile(rf"(?<![\w.]){re.escape(name)}\b")
        using = [block for block in blocks if any(word.search(line) for line in block)]
        if name in params or len(using) != 1:
            kept.append(name)
            continue
        first = next(line for line in using[0] if word.search(line)).strip()
        if not (first.startswith(f"{name} = ") or first.startswith(f"for {name} in ")):
            kept.append(name)
    return kept


def reachable(e) -> bool:
    """Whether a line the emitter `e` writes now at its level could run: not right after a
    `return` or `continue` at that level (no `pc = N` written where nothing can reach it)."""
    last = e.lines[-1] if e.lines else ""
    text = last.lstrip()
    at_level = len(last) - len(text) == 4 * e.level
    return not (at_level and (text.startswith("return ") or text == "return" or text == "continue"))


def jump_table(lowerer: Any, test: Callable[[int], str], labels: list[int], otherwise: int) -> None:
    """`pc = labels[i]` for the first i whose `test(i)` holds, else `pc = otherwise`: one chain of
    tests however many labels (statements.py `chain`: a long `elif` chain is cut, CPython's
    compiler recursing once per `elif`)."""
    lowerer.chain(len(labels), test, lambda i: lowerer.e.line(f"pc = {labels[i]}"),
                  lambda: lowerer.e.line(f"pc = {otherwise}"))


@dataclass
class FrameState:
    base: int  # the indentation of the `if pc == N:` lines
    labels: int = 0
    loops: list[int] = field(default_factory=list)  # the block after each enclosing frame loop
    flat_loops: int = 0  # Python loops around the statement being lowered (a `break` is theirs)


class FrameLowerer(Lowerer):
    """The module's lowerer: as Lowerer, and while `frame` is set, lowering a resumable body."""

    frame: FrameState | None = None
    uses_frames = False  # the module has a Frame class: it imports Frame

    # -- the frame's frame-work
    def begin_frame(self) -> None:
        self.uses_frames = True
        self.frame = FrameState(self.e.level)
        self.e.line("if pc == 0:")
        self.e.level += 1

    def end_frame(self) -> None:
        self.frame = None

    def label(self) -> int:
        self.frame.labels += 1
        return self.frame.labels

    def open(self, label: int) -> None:
        """Start block `label` (control reaches it by `pc = label`, then falling or continuing)."""
        self.e.level = self.frame.base
        self.e.line(f"if pc == {label}:")
        self.e.level += 1

    def goto(self, label: int, indented: bool = False) -> None:
        pad = "    " if indented else ""  # under the `if` just written
        if indented or reachable(self.e):  # nothing is written where nothing can reach it
            self.e.line(f"{pad}pc = {label}")
            self.e.line(f"{pad}continue")


    def stop(self, what: str, label: int) -> None:
        """Stop the frame to return `what` (a Decision or a frame to call); resume at `label`."""
        self.e.line(SAVE)
        self.e.line(f"fr._pc = {label}")
        self.e.line(f"return {what}")

    def suspends(self, node: ast.Stmt) -> bool:
        return self.frame is not None and asks((node,), self.p, self.yielding)

    # -- statements
    def block(self, stmts: tuple) -> None:
        if self.frame is None or not any(self.suspends(s) for s in stmts):
            super().block(stmts)
            return
        for stmt in stmts:
            if not isinstance(stmt, ast.RequireStmt):
                self.stmt(stmt)

    def stmt(self, node: ast.Stmt) -> None:
        if not self.suspends(node):
            super().stmt(node)
            return
        outer = self.e.at
        self.e.at = self.here(node)
        try:
            self.SUSPENDING[type(node)](self, node)
        finally:
            self.e.at = outer

    def return_statement(self, node: ast.ReturnStmt) -> None:
        if self.frame is None:
            super().return_statement(node)
        else:
            result = "" if node.value is None else self.value(node.value)
            self.e.line(f"return fr._done({result})")

    def break_statement(self, node: ast.BreakStmt) -> None:
        if self.frame is None or self.frame.flat_loops:
            super().break_statement(node)
        else:  # out of a loop of blocks
            self.goto(self.frame.loops[-1])

    def for_statement(self, node: ast.ForStmt) -> None:
        self._flat_loop(super().for_statement, node)

    def loop(self, node: ast.WhileStmt | ast.RepeatStmt) -> None:
        self._flat_loop(super().loop, node)

    def _flat_loop(self, lower, node: ast.Stmt) -> None:
        frame = self.frame
        if frame is None:
            return lower(node)
        frame.flat_loops += 1
        lower(node)
        frame.flat_loops -= 1

    # -- statements that stop
    def resume_value(self, node: ast.Expr) -> None:
        """Stop for a right-hand side that asks or calls a frame (its value: `_resumed`)."""
        resume = self.label()
        e = self.e
        if isinstance(node, ast.ChooseOne):
            var = self.pyname(node)
            opts = e.temp("options")
            cond = f" if {self.ex(node.cond)}" if node.cond is not None else ""
            e.line(f"{opts} = [{var} for {var} in {self.coll(node.source)}{cond}]")
            ask = self.ask(node.chooser, "item", self.prompt_name or var, opts, self.item_kind(node.source),
                           node.secret)
            e.line(f"if {opts}:")
            e.level += 1
            self.stop(ask, resume)
            e.level -= 1
            e.line(f"{RESUMED} = None")
            e.line(f"pc = {resume}")
        elif isinstance(node, ast.ChooseNumber):
            low, high = self.hold(self.ex(node.low), "low"), self.hold(self.ex(node.high), "high")
            ask = self.ask(node.chooser, "number", self.prompt_name or "number",
                           f"list(range({low}, {high} + 1))", secret=node.secret)
            e.line(f"if {high} >= {low}:")
            e.level += 1
            self.stop(ask, resume)
            e.level -= 1
            e.line(f"{RESUMED} = {low}")
            e.line(f"pc = {resume}")
        elif isinstance(node, ast.Call) and node.func == "play_event":
            self.stop_if_any(f"st.play_event({self.ex(node.args[0])}, {self.ex(node.args[1])})", resume)
            e.line(f"{RESUMED} = None")
            e.line(f"pc = {resume}")
        else:  # a procedure that asks
            self.stop(self.call(node), resume)
        self.open(resume)

    def let_stop(self, node: ast.LetStmt) -> None:
        self.prompt_name = node.name
        self.resume_value(node.value)
        self.prompt_name = None
        self.e.line(f"{self.pyname(node)} = {RESUMED}")

    def assign_stop(self, node: ast.AssignStmt) -> None:
        self.resume_value(node.value)
        self.assign(node, self.kept(node.value, RESUMED))

    def expression_stop(self, node: ast.ExprStmt) -> None:
        self.resume_value(node.expr)

    def return_stop(self, node: ast.ReturnStmt) -> None:
        self.resume_value(node.value)
        self.e.line(f"return fr._done({self.kept(node.value, RESUMED)})")

    def emit_stop(self, node: ast.EmitStmt) -> None:
        args = "".join(self.ex(a) + ", " for a in node.args)
        resume = self.label()
        self.stop_if_any(f"st.emit({node.event!r}, ({args}))", resume)
        self.e.line(f"pc = {resume}")
        self.open(resume)

    def stop_if_any(self, call: str, resume: int) -> None:
        """Stop to run the frame `call` gives, if it gives one: `emit` with no trigger waiting and
        an event that never asks have run at once, and the frame goes on."""
        run = self.e.temp("run")
        self.e.line(f"{run} = {call}")
        self.e.line(f"if {run} is not None:")
        self.e.level += 1
        self.stop(run, resume)
        self.e.level -= 1

    def if_stop(self, node: ast.IfStmt) -> None:
        branches = [(cond, body, self.label()) for cond, body in node.branches]
        orelse = self.label() if node.orelse else None
        after = self.label()

        def test(i: int) -> str:
            if i:  # the first condition is on the statement's own line
                self.e.at = self.here(branches[i][0])
            return self.ex(branches[i][0])

        jump_table(self, test, [label for _, _, label in branches], after if orelse is None else orelse)
        self.e.line("continue")
        for _, body, label in branches:
            self.open(label)
            self.block(body)
            self.goto(after)
        if orelse is not None:
            self.open(orelse)
            self.block(node.orelse)
            self.goto(after)
        self.open(after)

    def for_stop(self, node: ast.ForStmt) -> None:
        e = self.e
        var = self.pyname(node)
        items, index = e.temp("items"), e.temp("i")
        e.line(f"{items} = tuple({self.coll(node.source)})")
        e.line(f"{index} = 0")
        head, after = self.label(), self.label()
        e.line(f"pc = {head}")
        self.open(head)
        e.line(f"if {index} >= len({items}):")
        self.goto(after, indented=True)
        e.line(f"{var} = {items}[{index}]")
        e.line(f"{index} += 1")
        if node.cond is not None:
            e.line(f"if not {self.ex(node.cond)}:")
            e.line("    continue")
        self.loop_body(node.body, head, after)

    def loop_stop(self, node: ast.WhileStmt | ast.RepeatStmt) -> None:
        """`while` and `repeat` count a step per round: either may run away."""
        e = self.e
        head, after = self.label(), self.label()
        if isinstance(node, ast.RepeatStmt):
            left = e.temp("left")
            e.line(f"{left} = {self.ex(node.count)}")
        e.line(f"pc = {head}")
        self.open(head)
        if isinstance(node, ast.WhileStmt):
            e.line(f"if not {self.ex(node.cond)}:")
        else:
            e.line(f"if {left} <= 0:")
        self.goto(after, indented=True)
        if isinstance(node, ast.RepeatStmt):
            e.line(f"{left} -= 1")
        self.tick()
        self.loop_body(node.body, head, after)

    def choose_stop(self, node: ast.ChooseStmt) -> None:
        e = self.e
        var = self.pyname(node)
        count = self.hold(self.ex(node.count), "count")
        picked, opts = e.temp("picked"), e.temp("options")
        head, got, after = self.label(), self.label(), self.label()
        e.line(f"{picked} = ()")
        e.line(f"pc = {head}")
        self.open(head)
        e.line(f"if len({picked}) >= {count}:")
        self.goto(after, indented=True)
        if node.each_limit is not None:
            keep = f"{picked}.count({var}) < {self.ex(node.each_limit)}"
        else:
            keep = f"{var} not in {picked}"
        cond = f" and {self.ex(node.cond)}" if node.cond is not None else ""
        e.line(f"{opts} = [{var} for {var} in {self.coll(node.source)} if {keep}{cond}]")
        e.line(f"if not {opts}:")
        self.goto(after, indented=True)
        if node.up_to:
            e.line(f"{opts}.append(None)  # 'done': stop early")
        self.stop(self.ask(node.chooser, "item", var, opts, self.item_kind(node.source), node.secret), got)
        self.open(got)
        e.line(f"{var} = {RESUMED}")
        if node.up_to:
            e.line(f"if {var} is None:")
            self.goto(after, indented=True)
        e.line(f"{picked} += ({var},)")
        self.loop_body(node.body, head, after)

    def options_stop(self, node: ast.OptionsStmt) -> None:
        e = self.e
        labels, answer = e.temp("labels"), e.temp("answer")
        got, after = self.label(), self.label()
        pairs = ", ".join(f"({o.label!r}, {self.ex(o.cond) if o.cond is not None else 'True'})"
                          for o in node.options)
        e.line(f"{labels} = [label for label, allowed in ({pairs},) if allowed]")
        e.line(f"if not {labels}:")
        self.goto(after, indented=True)
        self.stop(self.ask(node.chooser, "option", "option", labels, secret=node.secret,
                           labels=tuple(o.label for o in node.options)), got)
        self.open(got)
        e.line(f"{answer} = {RESUMED}")
        bodies = [(option, self.label()) for option in node.options]

        def test(i: int) -> str:
            e.at = self.here(bodies[i][0])
            return f"{answer} == {bodies[i][0].label!r}"

        jump_table(self, test, [label for _, label in bodies], after)
        e.line("continue")
        for option, label in bodies:
            e.at = self.here(option)
            self.open(label)
            self.block(option.body)
            self.goto(after)
        self.open(after)

    def loop_body(self, body: tuple, head: int, after: int) -> None:
        self.frame.loops.append(after)
        self.block(body)
        self.frame.loops.pop()
        self.goto(head)
        self.open(after)

    # Flat statements as Lowerer lowers them, but for those that leave a frame or its loops.
    STATEMENTS = {**Lowerer.STATEMENTS, ast.ReturnStmt: return_statement, ast.BreakStmt: break_statement,
                  ast.ForStmt: for_statement, ast.WhileStmt: loop, ast.RepeatStmt: loop}

    SUSPENDING = {
        ast.LetStmt: let_stop,
        ast.AssignStmt: assign_stop,
        ast.ExprStmt: expression_stop,
        ast.ReturnStmt: return_stop,
        ast.EmitStmt: emit_stop,
        ast.IfStmt: if_stop,
        ast.ForStmt: for_stop,
        ast.WhileStmt: loop_stop,
        ast.RepeatStmt: loop_stop,
        ast.ChooseStmt: choose_stop,
        ast.OptionsStmt: options_stop,
    }
