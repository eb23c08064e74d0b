"""Lasting effects: `lasting ... until/while ...:` and its clauses (`modify` a hook by an
amount, `forbid` what a bool hook allows, `when` an event happens), and the labels that name
them for `cancel` and `active(...)`.

Separate because a lasting body outlives the code that starts it: its scope is a boundary that
records the locals it captures, and its clauses are checked against the signatures of hooks
and events rather than as ordinary statements.
"""

from __future__ import annotations

from compiler.diagnostics import did_you_mean
from compiler.front import types as T
from compiler.front.resolve.core import ResolverCore
from compiler.front.resolve.program import Lasting
from compiler.front.resolve.scope import Context, Scope, python_local
from dsl import ast

Clause = ast.ModifyClause | ast.ForbidClause | ast.WhenClause
CLAUSE_WORDS: dict[type[ast.Stmt], str] = {
    ast.ModifyClause: "modify", ast.ForbidClause: "forbid", ast.WhenClause: "when",
}


def clause_word(node: ast.Node) -> str:
    """The keyword a clause is written with."""
    return CLAUSE_WORDS[type(node)]


class LastingRules(ResolverCore):
    """Check a lasting statement, its duration and its clauses; register it in the program."""

    def lasting(self, node: ast.LastingStmt, scope: Scope, ctx: Context) -> None:
        if self.forbid_in_pure(node, ctx, "a lasting effect"):
            return
        info = Lasting(len(self.program.lasting), node, ctx.unit,
                       owner=f"{ctx.unit.kind}:{ctx.unit.name}")
        self.program.lasting.append(info)
        self.program.lasting_of[id(node)] = info
        duration = node.duration
        if duration.kind == "until" and duration.event not in self.program.events:
            self.error(ctx.unit, duration, "E301", f"unknown event '{duration.event}'",
                       did_you_mean(duration.event or "", list(self.program.events)))
        inner = Scope(scope, boundary=info)
        if duration.kind == "while" and duration.cond is not None:
            self.expect(duration.cond, T.BOOL, inner, Context(ctx.unit, "clause"), "the 'while' condition")
        for clause in node.body:
            if not isinstance(clause, Clause):
                self.error(ctx.unit, clause, "E503", "a lasting effect holds only 'modify', 'forbid' "
                           "and 'when' clauses")
            elif isinstance(clause, ast.ModifyClause | ast.ForbidClause):
                self.hook_clause(clause, inner, ctx)
            elif isinstance(clause, ast.WhenClause):
                self.when_clause(clause, inner, ctx)

    def clause_scope(self, node: Clause, params: list[tuple[str, T.Type, ast.Expr | None]],
                     scope: Scope, ctx: Context, what: str) -> Scope | None:
        """The clause's names bound to the parameters of its hook or event."""
        inner = Scope(scope)
        if len(node.names) != len(params):
            self.error(ctx.unit, node, "E502", f"{what} has {len(params)} parameter(s); name "
                       f"{len(params)} here, not {len(node.names)}")
            return None
        for name, (_, ptype, _) in zip(node.names, params, strict=True):
            inner.names[name] = (ptype, python_local(name))
        return inner

    def hook_clause(self, node: ast.ModifyClause | ast.ForbidClause, scope: Scope, ctx: Context) -> None:
        sig = self.program.defs.get(node.hook)
        word = clause_word(node)
        want = T.INT if isinstance(node, ast.ModifyClause) else T.BOOL
        if sig is None or sig.kind != "hook":
            hooks = [n for n, s in self.program.defs.items() if s.kind == "hook"]
            self.error(ctx.unit, node, "E301", f"unknown hook '{node.hook}'",
                       did_you_mean(node.hook, hooks) or "declare it in a rule: hook name(...) -> int")
            return
        if sig.returns != want:
            self.error(ctx.unit, node, "E501", f"'{word}' needs a hook that returns {want}; "
                       f"'{node.hook}' returns {sig.returns}",
                       "use 'modify' for int hooks and 'forbid' for bool hooks")
            return
        inner = self.clause_scope(node, sig.params, scope, ctx, f"hook '{node.hook}'")
        if inner is None:
            return
        cctx = Context(ctx.unit, "clause")
        if isinstance(node, ast.ModifyClause):
            self.expect(node.amount, T.INT, inner, cctx, "the modifier")
        if node.cond is not None:
            self.expect(node.cond, T.BOOL, inner, cctx, "the condition")

    def when_clause(self, node: ast.WhenClause, scope: Scope, ctx: Context) -> None:
        sig = self.program.events.get(node.event)
        if sig is None:
            self.error(ctx.unit, node, "E301", f"unknown event '{node.event}'",
                       did_you_mean(node.event, list(self.program.events)))
            return
        inner = self.clause_scope(node, sig.params, scope, ctx, f"event '{node.event}'")
        if inner is None:
            return
        if node.cond is not None:
            self.expect(node.cond, T.BOOL, inner, Context(ctx.unit, "clause"), "the condition")
        self.block(node.body, inner, Context(ctx.unit, "trigger"))

    def label(self, node: ast.Node, name: str, ctx: Context) -> None:
        if name not in self.program.labels:
            self.error(ctx.unit, node, "E301", f"no lasting effect is named '{name}'",
                       did_you_mean(name, list(self.program.labels)) or
                       "name one with 'lasting NAME until ...:'")

