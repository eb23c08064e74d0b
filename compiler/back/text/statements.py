"""Phrasing of statements: changes to counters, tracks and variables (`gold[s][p] += 1`),
requirements, card movements, game end, and control flow (if, for, repeat, while).

`let` (lets.py), choices, options and lasting effects have their own modules (choices.py,
lasting.py); a call made for its effect is phrased in calls.py. An assignment reads as the
changed item's `add`, `remove` or `set` phrase from text.yaml, with the item's indices as its
arguments (see `place_of` in expressions.py), else as the locale's generic template.
"""

from __future__ import annotations

from compiler.back.text.sentence import SentenceBuilder
from compiler.back.text.template import Arg, fixed
from dsl import ast


class StatementPhrasing(SentenceBuilder):
    """`stmt_<Node>` handlers for the statements that are not choices or lasting effects."""

    def stmt_ExprStmt(self, s: ast.ExprStmt) -> str | None:
        e = s.expr
        if isinstance(e, ast.Call):
            return self.call_statement(e)
        if isinstance(e, (ast.ChooseOne,)):
            return self.choose_one(e)
        return self.expr(e).form()

    def stmt_AssignStmt(self, s: ast.AssignStmt) -> str | None:
        item_id, args = self.place_of(s.target)
        op = {"+=": "add", "-=": "remove", "=": "set"}[s.op]
        amount = self.amount(s.value, s.target if s.op == "-=" else None)
        if s.op != "=" and amount.count is not None and amount.count < 0:
            op = "remove" if op == "add" else "add"
            amount = Arg(amount.text, -amount.count, amount.prefix)
        if item_id is not None:
            text = self.phrase(item_id, op, {**args, "amount": amount, "value": amount})
            if text is not None:
                return text
        target = self.expr(s.target)
        key = {"add": "add", "remove": "subtract", "set": "set"}[op]
        return self.fill(key, amount=amount, target=target, value=amount)

    def amount(self, value: ast.Expr, taken_from: ast.Expr | None) -> Arg:
        """`x -= min(n, x)` reads "remove up to n"."""
        if (
            taken_from is not None
            and isinstance(value, ast.Call)
            and value.func == "min"
            and len(value.args) == 2
            and any(a == taken_from for a in value.args)
        ):
            other = value.args[0] if value.args[1] == taken_from else value.args[1]
            arg = self.expr(other)
            prefix = self.c["up_to_prefix"]
            return Arg(lambda form: prefix + arg.form(form), arg.count, prefix)
        return self.expr(value)

    def stmt_RequireStmt(self, s: ast.RequireStmt) -> str:
        return self.fill("require", cond=self.cond(s.cond))

    def stmt_ReturnStmt(self, s: ast.ReturnStmt) -> str | None:
        return self.fill("return", value=self.expr(s.value)) if s.value is not None else None

    def stmt_MoveStmt(self, s: ast.MoveStmt) -> str:
        key = "move_bottom" if s.position == "bottom" else "move"
        return self.fill(key, card=self.expr(s.card), zone=self.expr(s.zone))

    def stmt_DrawStmt(self, s: ast.DrawStmt) -> str:
        cards = self.counted(self.expr(s.count), self.program.type_of(s.source))
        return self.fill("draw", cards=cards, source=self.expr(s.source), dest=self.expr(s.dest))

    def stmt_ShuffleStmt(self, s: ast.ShuffleStmt) -> str:
        return self.fill("shuffle", zone=self.expr(s.zone))

    def stmt_EndGameStmt(self, s: ast.EndGameStmt) -> str:
        if isinstance(s.winners, ast.ListLit) and len(s.winners.items) < 2:  # known now: a draw or a win
            if not s.winners.items:
                return self.fill("draw_game")
            return self.fill("win", winner=self.expr(s.winners.items[0]))
        if s.winners is not None:
            return self.fill("win_shared", winners=self.expr(s.winners))
        if s.winner is None:
            return self.fill("draw_game")
        return self.fill("win", winner=self.expr(s.winner))

    def stmt_BreakStmt(self, s: ast.BreakStmt) -> str:
        return self.fill("stop")

    def stmt_CancelStmt(self, s: ast.CancelStmt) -> str:
        return self.fill("cancel", label=self.label(s.label))

    def stmt_IfStmt(self, s: ast.IfStmt) -> str:
        parts = []
        for i, (cond, body) in enumerate(s.branches):
            parts.append(
                self.fill("if" if i == 0 else "elif", cond=self.cond(cond), body=self.sentences(body))
            )
        orelse = self.sentences(s.orelse) if s.orelse else ""
        if orelse:  # an `else` that says nothing (a log) is left out
            parts.append(self.fill("else", body=orelse))
        return " ".join(parts)

    def stmt_ForStmt(self, s: ast.ForStmt) -> str:
        typ = self.program.type_of(s.source)
        self.bound.append({s.var: self.var_arg(typ)})
        try:
            term, cond = self.noun_of(s.var, s.cond)
            item = self.type_term(typ, term=term)
            source = self.collection_scope(s.source)
            body = self.sentences(s.body)
            if cond is None:
                return self.fill("for", item=item, source=fixed(source.form().strip()), body=body)
            relative = self.relative(s.var, cond)
            if relative is not None:
                return self.fill(
                    "for", item=item, source=fixed(f"{source.form()} {relative}".strip()), body=body
                )
            return self.fill("for_where", item=item, source=source, cond=self.cond(cond), body=body)
        finally:
            self.bound.pop()

    def stmt_RepeatStmt(self, s: ast.RepeatStmt) -> str:
        count = self.expr(s.count)
        key = "repeat" if count.count is not None else "repeat_as_many"
        return self.fill(key, count=count, body=self.sentences(s.body))

    def stmt_WhileStmt(self, s: ast.WhileStmt) -> str:
        return self.fill("while", cond=self.cond(s.cond), body=self.sentences(s.body))
