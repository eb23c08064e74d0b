"""Statements -> Python lines: let and assignment (`tokens[s][p] += 1` evaluates the place once and
clamps it into the counter's bounds, see `assign`), if/for/while/repeat, moving and drawing
cards, log, ending the game, starting a lasting effect. One handler per node type, looked up in
STATEMENTS; a statement's lines map back to it in the source map. Statements that stop to ask
a player or call a frame (`emit`, `choose`, `options`, a choice on the right) are resumable.py's;
expressions are in expressions.py; the clauses of a lasting effect are written by lasting.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from compiler.back.python.decisions import DecisionLowering
from compiler.front import types as T
from compiler.front.resolve import python_local
from dsl import ast

# The most branches one Python `if` statement is given. CPython's parser and compiler nest each
# `elif` inside the `if` before it and recurse once per branch, giving up (RecursionError "during
# compilation") past about three times the recursion limit: 3,000 branches at the default limit,
# fewer when the engine is imported deep in a stack or under a lower limit. A longer chain (an
# `if`/`elif` or the options of a choice) is written as several `if` statements of at most this
# many branches each, the later ones tried only when no branch before was taken (`chain`), so
# the nesting stays bounded by the language's own limits. The real games' longest chain has 7
# branches: their engines are written as before.
MAX_BRANCHES = 32


class Lowerer(DecisionLowering):
    """Lowers one unit's definitions or event to Python source lines: statements here, the
    right-hand sides that ask in DecisionLowering, expressions in ExpressionLowering, the shared
    state in LoweringContext."""

    # -- blocks
    def block(self, stmts: tuple) -> None:
        emitted = 0
        for stmt in stmts:
            if isinstance(stmt, ast.RequireStmt):
                continue  # checked by the caller through the guard function
            self.stmt(stmt)
            emitted += 1
        if not emitted:
            self.e.line("pass")

    def suite(self, header: str, stmts: tuple) -> None:
        self.e.line(header)
        self.e.level += 1
        self.block(stmts)
        self.e.level -= 1

    def stmt(self, node: ast.Stmt) -> None:
        """Lower one statement; every line it emits maps back to it (see Emitter.source_map)."""
        outer = self.e.at
        self.e.at = self.here(node)
        try:
            handler = self.STATEMENTS.get(type(node))
            if handler is None:  # pragma: no cover
                raise AssertionError(f"cannot lower {type(node).__name__}")
            handler(self, node)
        finally:
            self.e.at = outer

    # -- simple statements
    def let(self, node: ast.LetStmt) -> None:
        self.prompt_name = node.name  # a choice's prompt is named after what it sets
        self.e.line(f"{self.pyname(node)} = {self.value(node.value)}")
        self.prompt_name = None

    def expression_statement(self, node: ast.ExprStmt) -> None:
        self.e.line(self.value(node.expr))

    def return_statement(self, node: ast.ReturnStmt) -> None:
        self.e.line("return" if node.value is None else f"return {self.value(node.value)}")

    def move(self, node: ast.MoveStmt) -> None:
        top = "" if node.position == "top" else ", top=False"
        self.e.line(f"st.move({self.ex(node.card)}, {self.ex(node.zone)}{top})")

    def draw(self, node: ast.DrawStmt) -> None:
        self.e.line(f"st.draw({self.ex(node.count)}, {self.ex(node.source)}, {self.ex(node.dest)})")

    def shuffle(self, node: ast.ShuffleStmt) -> None:
        self.e.line(f"st.shuffle({self.ex(node.zone)})")

    def log(self, node: ast.LogStmt) -> None:
        args = ", ".join(f"{kw.name!r}: {self.logged(kw.value)}" for kw in node.args)
        if node.reader is None:
            self.e.line(f"st.say({node.message!r}, {{{args}}})")
        else:
            self.e.line(f"st.say_to({self.ex(node.reader)}, {node.message!r}, {{{args}}})")

    def logged(self, node: ast.Expr) -> str:
        typ = self.typ(node)
        if typ.name in T.ENTITY_NAMES or typ == T.CELL:  # shown by name ("x,y" for a cell)
            return f"({typ.name!r}, {self.ex(node)})"
        return self.ex(node)

    def end_game(self, node: ast.EndGameStmt) -> None:
        if node.winners is not None:  # none is a draw, one a win, more a shared win: decided at run time
            self.e.line(f"raise {self.helper('GameOver')}.among({self.ex(node.winners)}, {node.reason!r})")
            return
        winner = self.ex(node.winner) if node.winner is not None else "None"
        self.e.line(f"raise {self.helper('GameOver')}({winner}, {node.reason!r})")

    def pass_statement(self, node: ast.PassStmt) -> None:
        self.e.line("pass")

    def break_statement(self, node: ast.BreakStmt) -> None:
        self.e.line("break")

    def cancel(self, node: ast.CancelStmt) -> None:
        self.e.line(f"st.cancel({node.label!r})")

    def add_lasting(self, node: ast.LastingStmt) -> None:
        """Start a lasting effect; its clauses are functions of their own (lasting.py)."""
        info = self.p.lasting_of[id(node)]
        env = "".join(python_local(c) + ", " for c in info.captures)
        self.e.line(f"st.add_lasting({info.id}, ({env}))")

    # -- assignment
    def assign(self, node: ast.AssignStmt, value: str | None = None) -> None:
        """`value`: the right-hand side's code when it is already computed (a frame resumed)."""
        target = node.target
        ref = self.ref(target)
        value = self.value(node.value) if value is None else value
        if ref is not None and ref.kind == "local":
            self.e.line(f"{ref.pyname} {node.op} {value}")
            return
        if ref.kind == "variable":
            self.e.line(f"{self.name(target)} {node.op} {value}")
            return
        # A track or counter cell: evaluate the place once, then clamp into its bounds.
        if ref.kind == "track":
            place = f"st.t[{self.use('T_' + ref.name.upper())}]"
            track = self.game.by_id(self.game.tracks)[ref.name]
        elif ref.kind == "track_cell":
            key = self.hold(self.ex(target.key), "p")
            place = f"st.t[{self.use('T_' + ref.name.upper())} + {key}]"
            track = self.game.by_id(self.game.tracks)[ref.name]
        else:
            counter = self.game.by_id(self.game.counters)[ref.name]
            if counter.per_player:
                space = self.hold(self.ex(target.obj.key), "s")
                player = self.hold(self.ex(target.key), "p")
                place = f"st.c[{self.use('C_' + ref.name.upper())}][{space}][{player}]"
            else:
                space = self.hold(self.ex(target.key), "s")
                place = f"st.c[{self.use('C_' + ref.name.upper())}][{space}]"
            track = None
        new = value if node.op == "=" else f"{place} {node.op[0]} {value}"
        if track is not None and track.overflow == "error":
            self.e.line(f"{place} = {self.helper('strict')}({new}, {track.min}, {track.max}, {track.id!r})")
        elif track is not None:
            self.e.line(f"{place} = max({track.min}, min({track.max}, {new}))")
        else:
            low = counter.min
            bounded = f"max({low}, {new})" if counter.max is None else \
                f"max({low}, min({counter.max}, {new}))"
            self.e.line(f"{place} = {bounded}")

    # -- control flow
    def if_statement(self, node: ast.IfStmt) -> None:
        def test(i: int) -> str:
            cond = node.branches[i][0]
            if i:  # an elif's condition is reported at its own line
                self.e.at = self.here(cond)
            return self.ex(cond)

        self.chain(len(node.branches), test, lambda i: self.block(node.branches[i][1]),
                   (lambda: self.block(node.orelse)) if node.orelse else None)

    def chain(self, count: int, test: Callable[[int], str], body: Callable[[int], None],
              orelse: Callable[[], None] | None = None) -> None:
        """`if test(0): body(0)`, `elif test(1): body(1)`, ... `else: orelse()`, the tests lowered
        in order, each as its line is written (a test may point the source map at its condition).
        Past MAX_BRANCHES branches, the chain is cut into `if` statements of that many, a flag
        telling whether a branch was taken: the tests after it are then not evaluated, as in one
        `elif` chain (a test may roll a die), and the `else` runs only when none was.

            _taken1 = True
            if a: ...
            elif b: ...
            else:
                _taken1 = False
            if not _taken1:
                if c: ...
                else: <orelse>
        """
        e = self.e
        taken = e.temp("taken") if count > MAX_BRANCHES else ""
        for first in range(0, count, MAX_BRANCHES):
            last = min(first + MAX_BRANCHES, count)
            if first:
                e.line(f"if not {taken}:")
                e.level += 1
            if last < count:
                e.line(f"{taken} = True")
            for i in range(first, last):
                e.line(f"{'if' if i == first else 'elif'} {test(i)}:")
                e.level += 1
                body(i)
                e.level -= 1
            if last < count:
                e.line("else:")
                e.line(f"    {taken} = False")
            elif orelse is not None:
                e.line("else:")
                e.level += 1
                orelse()
                e.level -= 1
            if first:
                e.level -= 1

    def for_statement(self, node: ast.ForStmt) -> None:
        e = self.e
        var = self.pyname(node)
        e.line(f"for {var} in list({self.coll(node.source)}):")
        e.level += 1
        if node.cond is not None:
            e.line(f"if not {self.ex(node.cond)}:")
            e.line("    continue")
        self.block(node.body)
        e.level -= 1

    def loop(self, node: ast.WhileStmt | ast.RepeatStmt) -> None:
        """`while` and `repeat` count a step per round: either may run away."""
        if isinstance(node, ast.WhileStmt):
            self.e.line(f"while {self.ex(node.cond)}:")
        else:
            self.e.line(f"for _ in range({self.ex(node.count)}):")
        self.e.level += 1
        self.tick()
        self.block(node.body)
        self.e.level -= 1

    # The handler of each statement node type (`require` never gets here: see `block`). Those
    # that stop the frame - emit, choose, options - are resumable.py's.
    STATEMENTS: ClassVar[dict[type[ast.Stmt], Callable[[Any, Any], None]]] = {
        ast.LetStmt: let,
        ast.AssignStmt: assign,
        ast.ExprStmt: expression_statement,
        ast.ReturnStmt: return_statement,
        ast.MoveStmt: move,
        ast.DrawStmt: draw,
        ast.ShuffleStmt: shuffle,
        ast.LogStmt: log,
        ast.EndGameStmt: end_game,
        ast.PassStmt: pass_statement,
        ast.BreakStmt: break_statement,
        ast.CancelStmt: cancel,
        ast.IfStmt: if_statement,
        ast.ForStmt: for_statement,
        ast.WhileStmt: loop,
        ast.RepeatStmt: loop,
        ast.LastingStmt: add_lasting,
    }
