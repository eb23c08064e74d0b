"""Statements with bodies: branches (`if`), loops (`for`, `while`, `repeat`, `break`) and the
choices that run a body (`player chooses ... :`, `player chooses one of: "label": ...`).

Separate from the simple statements because each of these opens a scope of its own (a loop
variable, a chosen item) and changes what its body may do (`break` only inside a loop).
"""

from __future__ import annotations

from compiler.front import types as T
from compiler.front.resolve.core import ResolverCore
from compiler.front.resolve.scope import Context, Scope, loop_context
from dsl import ast


class ControlRules(ResolverCore):
    """Check the conditions, sources and bodies of branches, loops and choices."""

    def if_stmt(self, node: ast.IfStmt, scope: Scope, ctx: Context) -> None:
        for cond, body in node.branches:
            self.expect(cond, T.BOOL, scope, ctx, "the condition of 'if'")
            self.block(body, Scope(scope), ctx)
        self.block(node.orelse, Scope(scope), ctx)

    def for_stmt(self, node: ast.ForStmt, scope: Scope, ctx: Context) -> None:
        elem = self.iterable(node.source, scope, ctx)
        inner = Scope(scope)
        self.bind(node.var, node, elem, inner, ctx)
        if node.cond is not None:
            self.expect(node.cond, T.BOOL, inner, ctx, "the 'where' condition")
        self.block(node.body, inner, loop_context(ctx))

    def while_stmt(self, node: ast.WhileStmt, scope: Scope, ctx: Context) -> None:
        self.expect(node.cond, T.BOOL, scope, ctx, "the condition of 'while'")
        self.block(node.body, Scope(scope), loop_context(ctx))

    def repeat_stmt(self, node: ast.RepeatStmt, scope: Scope, ctx: Context) -> None:
        self.expect(node.count, T.INT, scope, ctx, "how many times to repeat")
        self.block(node.body, Scope(scope), loop_context(ctx))

    def break_stmt(self, node: ast.BreakStmt, scope: Scope, ctx: Context) -> None:
        if not ctx.in_loop:
            self.error(ctx.unit, node, "E503", "'break' is only allowed inside a loop")

    def choose_stmt(self, node: ast.ChooseStmt, scope: Scope, ctx: Context) -> None:
        if self.forbid_in_pure(node, ctx, "a choice"):
            return
        self.expect(node.chooser, T.PLAYER, scope, ctx, "who chooses")
        self.expect(node.count, T.INT, scope, ctx, "how many to choose")
        elem = self.note(node, self.iterable(node.source, scope, ctx))  # what is chosen (bot hints)
        inner = Scope(scope)
        self.bind(node.var, node, elem, inner, ctx)
        if node.cond is not None:
            self.expect(node.cond, T.BOOL, inner, ctx, "the 'where' condition")
        if node.each_limit is not None:
            self.expect(node.each_limit, T.INT, scope, ctx, "the limit for each item")
        self.block(node.body, inner, ctx)

    def options_stmt(self, node: ast.OptionsStmt, scope: Scope, ctx: Context) -> None:
        if self.forbid_in_pure(node, ctx, "a choice"):
            return
        self.expect(node.chooser, T.PLAYER, scope, ctx, "who chooses")
        labels: set[str] = set()
        for option in node.options:
            if option.label in labels:
                self.error(ctx.unit, option, "E302", f"option \"{option.label}\" is listed twice")
            labels.add(option.label)
            if option.cond is not None:
                self.expect(option.cond, T.BOOL, scope, ctx, "the option's condition")
            self.block(option.body, Scope(scope), ctx)
