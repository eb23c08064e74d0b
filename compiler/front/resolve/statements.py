"""Statements: the dispatch over every statement kind (`STATEMENT_RULES`), and the simple ones
handled here: `let`, assignments (`counter[s][p] += 1`), calls on their own line, `require`,
`return`, and the actions on cards and the game (move, draw, shuffle, log, emit, end game,
cancel). Branches, loops and choices are in compiler.front.resolve.control, lasting effects in
compiler.front.resolve.lasting.

Separate from the expressions because statements change things: they bind locals, may ask a
player (a choice, a procedure call), and are refused in pure bodies (functions, hooks, clauses).
"""

from __future__ import annotations

from collections.abc import Callable

from compiler.diagnostics import did_you_mean
from compiler.front import types as T
from compiler.front.resolve.builtins import BUILTIN_STATEMENTS
from compiler.front.resolve.control import ControlRules
from compiler.front.resolve.core import ResolverCore
from compiler.front.resolve.lasting import LastingRules, clause_word
from compiler.front.resolve.program import Ref, Unit
from compiler.front.resolve.scope import Context, Scope
from dsl import ast


class StatementRules(ResolverCore):
    """Check a body statement by statement; bind what `let` names."""

    def block(self, stmts: tuple, scope: Scope, ctx: Context) -> None:
        for stmt in stmts:
            self.stmt(stmt, scope, ctx)

    def check_requires_first(self, unit: Unit, body: tuple) -> None:
        """`require` only at the top of a body, before anything else."""
        leading = True
        for stmt in body:
            if isinstance(stmt, ast.RequireStmt):
                if not leading:
                    self.error(unit, stmt, "E503", "'require' must come before any other statement",
                               "move the condition to the top: it says when this can happen at all")
            else:
                leading = False
        for stmt in body:
            for node in stmt.walk():
                if node is not stmt and isinstance(node, ast.RequireStmt):
                    self.error(unit, node, "E503", "'require' is only allowed at the top level of "
                               "a card event or definition")

    def stmt(self, node: ast.Stmt, scope: Scope, ctx: Context) -> None:
        rule = STATEMENT_RULES.get(type(node))
        if rule is None:  # pragma: no cover - every statement kind has a rule
            raise AssertionError(f"unhandled statement {type(node).__name__}")
        rule(self, node, scope, ctx)

    def value(self, node: ast.Expr, scope: Scope, ctx: Context) -> T.Type:
        """An expression that may also be a choice or a procedure call (whole right-hand sides)."""
        if isinstance(node, ast.ChooseOne | ast.ChooseNumber):
            if self.forbid_in_pure(node, ctx, "a choice"):
                return T.ANY
            self.expect(node.chooser, T.PLAYER, scope, ctx, "who chooses")
            if isinstance(node, ast.ChooseNumber):
                self.expect(node.low, T.INT, scope, ctx, "the lowest number")
                self.expect(node.high, T.INT, scope, ctx, "the highest number")
                return self.note(node, T.INT)
            elem = self.iterable(node.source, scope, ctx)
            inner = Scope(scope)
            self.bind(node.var, node, elem, inner, ctx)
            if node.cond is not None:
                self.expect(node.cond, T.BOOL, inner, ctx, "the 'where' condition")
            return self.note(node, elem)
        if isinstance(node, ast.Call):
            sig = self.program.defs.get(node.func)
            if sig is not None and sig.kind == "procedure":
                if self.forbid_in_pure(node, ctx, f"calling procedure '{node.func}'"):
                    return T.ANY
                self.arguments(node, sig, node.args, scope, ctx)
                self.program.refs[id(node)] = Ref("definition", node.func, sig.returns)
                return self.note(node, sig.returns)
            if node.func in BUILTIN_STATEMENTS:
                return self.builtin(node, scope, ctx, statement=True)
        return self.expr(node, scope, ctx)

    def let_stmt(self, node: ast.LetStmt, scope: Scope, ctx: Context) -> None:
        typ = self.value(node.value, scope, ctx)
        if typ == T.VOID:
            self.error(ctx.unit, node.value, "E501", "this gives no value to name")
        self.bind(node.name, node, typ, scope, ctx)

    def assign(self, node: ast.AssignStmt, scope: Scope, ctx: Context) -> None:
        """`x = ...`, `counter[s][p] += 1`: only locals, tracks, counter cells and variables change."""
        unit = ctx.unit
        target = node.target
        if isinstance(target, ast.Name) and scope.lookup(target.id) is not None:
            typ, pyname = scope.lookup(target.id)
            self.program.refs[id(target)] = Ref("local", target.id, typ, pyname)
            self.program.types[id(target)] = typ
        else:
            typ = self.expr(target, scope, ctx)
            ref = self.program.refs.get(id(target))
            place = ref is not None and ref.kind in ("track", "track_cell", "counter_cell", "variable")
            if not place:
                if typ != T.ANY:
                    what = "a local name, a track or a counter"
                    self.error(unit, target, "E504", f"cannot assign to this; only {what} can change",
                               "declare a local first with 'let'" if isinstance(target, ast.Name)
                               else None)
                self.value(node.value, scope, ctx)
                return
            if self.forbid_in_pure(node, ctx, "changing a track or counter"):
                return
        if node.op in ("+=", "-=") and typ not in (T.INT, T.ANY):
            self.error(unit, node, "E501", f"'{node.op}' needs a number, but this is {typ}")
        vtype = self.value(node.value, scope, ctx)
        if not T.assignable(typ, vtype):
            self.error(unit, node.value, "E501", f"cannot assign {vtype} to something of type {typ}")
        self.kept_as_list(node.value, typ, vtype)

    def expr_stmt(self, node: ast.ExprStmt, scope: Scope, ctx: Context) -> None:
        expr = node.expr
        if isinstance(expr, ast.Call) and (expr.func in self.program.defs or
                                           expr.func in BUILTIN_STATEMENTS):
            self.value(expr, scope, ctx)
        elif self.expr(expr, scope, ctx) != T.ANY:  # ANY: a fault already reported
            self.error(ctx.unit, node, "E503", "this line computes a value and does nothing with it",
                       "assign it with 'let name = ...', or call a procedure")

    def require_stmt(self, node: ast.RequireStmt, scope: Scope, ctx: Context) -> None:
        self.expect(node.cond, T.BOOL, scope, ctx, "the condition of 'require'")

    def return_stmt(self, node: ast.ReturnStmt, scope: Scope, ctx: Context) -> None:
        if node.value is None:
            if ctx.returns != T.VOID:
                self.error(ctx.unit, node, "E501", f"return a value of type {ctx.returns} here")
        elif ctx.returns == T.VOID:
            self.error(ctx.unit, node, "E501", "this returns nothing; remove the value",
                       "declare a result with '-> type' after the parameters")
        else:
            self.expect(node.value, ctx.returns, scope, ctx, "the returned value")

    def move_stmt(self, node: ast.MoveStmt, scope: Scope, ctx: Context) -> None:
        if not self.forbid_in_pure(node, ctx, "moving a card"):
            self.expect(node.card, T.CARD, scope, ctx, "what 'move' moves")
            self.expect(node.zone, T.ZONE, scope, ctx, "where 'move' puts the card")

    def draw_stmt(self, node: ast.DrawStmt, scope: Scope, ctx: Context) -> None:
        if not self.forbid_in_pure(node, ctx, "drawing cards"):
            self.expect(node.count, T.INT, scope, ctx, "how many cards to draw")
            self.expect(node.source, T.ZONE, scope, ctx, "where cards are drawn from")
            self.expect(node.dest, T.ZONE, scope, ctx, "where drawn cards go")

    def shuffle_stmt(self, node: ast.ShuffleStmt, scope: Scope, ctx: Context) -> None:
        if not self.forbid_in_pure(node, ctx, "shuffling"):
            self.expect(node.zone, T.ZONE, scope, ctx, "what to shuffle")

    def log_stmt(self, node: ast.LogStmt, scope: Scope, ctx: Context) -> None:
        if not self.forbid_in_pure(node, ctx, "logging"):
            if node.reader is not None:
                got = self.expr(node.reader, scope, ctx)
                if not T.assignable(T.PLAYER, got):
                    self.error(ctx.unit, node.reader, "E501", f"the reader of a private log line should be "
                               f"{T.PLAYER}, but this is {got}",
                               f'write the player who reads it: log "{node.message}" to p')
            for kw in node.args:
                self.expr(kw.value, scope, ctx)

    def emit_stmt(self, node: ast.EmitStmt, scope: Scope, ctx: Context) -> None:
        if self.forbid_in_pure(node, ctx, "'emit'"):
            return
        sig = self.program.events.get(node.event)
        if sig is None and node.event in self.rejected:
            for arg in node.args:
                self.expr(arg, scope, ctx)
        elif sig is None:
            self.error(ctx.unit, node, "E301", f"unknown event '{node.event}'",
                       did_you_mean(node.event, list(self.program.events)) or
                       f"declare it in a rule: event {node.event}(...)")
            for arg in node.args:
                self.expr(arg, scope, ctx)
        else:
            self.arguments(node, sig, node.args, scope, ctx)

    def end_game_stmt(self, node: ast.EndGameStmt, scope: Scope, ctx: Context) -> None:
        if self.forbid_in_pure(node, ctx, "ending the game"):
            return
        if node.winner is not None:
            self.expect(node.winner, T.PLAYER, scope, ctx, "the winner")
        if node.winners is not None:
            got = self.expr(node.winners, scope, ctx)
            if not T.assignable(T.list_of(T.PLAYER), got):
                self.error(ctx.unit, node.winners, "E501", f"the winners should be list[player], but "
                           f"this is {got}", "give a list of players: [red, blue], "
                           "{p in players where ...}; for one player write `end game winner p`")

    def pass_stmt(self, node: ast.PassStmt, scope: Scope, ctx: Context) -> None:
        pass

    def cancel_stmt(self, node: ast.CancelStmt, scope: Scope, ctx: Context) -> None:
        if not self.forbid_in_pure(node, ctx, "'cancel'"):
            self.label(node, node.label, ctx)

    def misplaced_clause(self, node: ast.Stmt, scope: Scope, ctx: Context) -> None:
        self.error(ctx.unit, node, "E503", f"'{clause_word(node)}' belongs inside a 'lasting' block")


STATEMENT_RULES: dict[type[ast.Stmt], Callable[..., None]] = {
    ast.LetStmt: StatementRules.let_stmt,
    ast.AssignStmt: StatementRules.assign,
    ast.ExprStmt: StatementRules.expr_stmt,
    ast.RequireStmt: StatementRules.require_stmt,
    ast.ReturnStmt: StatementRules.return_stmt,
    ast.MoveStmt: StatementRules.move_stmt,
    ast.DrawStmt: StatementRules.draw_stmt,
    ast.ShuffleStmt: StatementRules.shuffle_stmt,
    ast.LogStmt: StatementRules.log_stmt,
    ast.EmitStmt: StatementRules.emit_stmt,
    ast.EndGameStmt: StatementRules.end_game_stmt,
    ast.PassStmt: StatementRules.pass_stmt,
    ast.BreakStmt: ControlRules.break_stmt,
    ast.CancelStmt: StatementRules.cancel_stmt,
    ast.IfStmt: ControlRules.if_stmt,
    ast.ForStmt: ControlRules.for_stmt,
    ast.WhileStmt: ControlRules.while_stmt,
    ast.RepeatStmt: ControlRules.repeat_stmt,
    ast.ChooseStmt: ControlRules.choose_stmt,
    ast.OptionsStmt: ControlRules.options_stmt,
    ast.LastingStmt: LastingRules.lasting,
    ast.ModifyClause: StatementRules.misplaced_clause,
    ast.ForbidClause: StatementRules.misplaced_clause,
    ast.WhenClause: StatementRules.misplaced_clause,
}
