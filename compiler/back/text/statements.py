"""Phrasing of statements: names (`let`), changes to counters, tracks and variables
(`gold[s][p] += 1`), requirements, card movements, game end, and control flow (if, for,
repeat, while).

Choices, options and lasting effects have their own modules (choices.py, lasting.py); a call made
for its effect is phrased in calls.py. An assignment reads as the changed item's `add`, `remove`
or `set` phrase from text.yaml, with the item's indices as its arguments (see `place_of` in
expressions.py), else as the locale's generic template.
"""

from __future__ import annotations

from compiler.back.text.sentence import SentenceBuilder, human
from compiler.back.text.template import Arg, fixed
from dsl import ast


def _has_chance(node: ast.Node) -> bool:
    """`node` rolls dice or asks a choice: its value must be named once, not repeated."""
    return any(
        isinstance(n, (ast.Dice, ast.ChooseOne, ast.ChooseNumber))
        or (isinstance(n, ast.Call) and n.func in ("roll", "random"))
        for n in node.walk()
    )


class StatementPhrasing(SentenceBuilder):
    """`stmt_<Node>` handlers for the statements that are not choices or lasting effects."""

    def stmt_LetStmt(self, s: ast.LetStmt) -> str | None:
        value = s.value
        if isinstance(value, ast.ChooseOne):
            self.bind(s.name, self.var_arg(self.program.type_of(value.source)))
            return self.choose_one(value)
        if isinstance(value, ast.ChooseNumber):
            self.bind(s.name, fixed(self.c["chosen_number"]))
            return self.expr(value).form()  # choices.py phrases the choice
        if isinstance(value, (ast.Name, ast.IntLit, ast.Comprehension, ast.ListLit)) or (
            isinstance(value, ast.Call)
            and not _has_chance(value)
            and all(isinstance(a, (ast.Name, ast.IntLit)) for a in value.args)
        ):
            self.bind(s.name, self.expr(value))
            return None
        # A compound or random value is named once, not repeated (a roll happens once).
        name = self.c["quotes"][0] + human(s.name) + self.c["quotes"][1]
        text = self.fill("let", name=name, value=self.expr(value))
        self.bind(s.name, fixed(name))
        return text

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
        zone = self.expr(s.zone)
        key = "move_bottom" if s.position == "bottom" else "move"
        return self.fill(key, card=self.expr(s.card), zone=fixed(zone.form("to")))

    def stmt_DrawStmt(self, s: ast.DrawStmt) -> str:
        return self.fill("draw", count=self.expr(s.count), source=self.expr(s.source), dest=self.expr(s.dest))

    def stmt_ShuffleStmt(self, s: ast.ShuffleStmt) -> str:
        return self.fill("shuffle", zone=self.expr(s.zone))

    def stmt_EndGameStmt(self, s: ast.EndGameStmt) -> str:
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
        if s.orelse:
            parts.append(self.fill("else", body=self.sentences(s.orelse)))
        return " ".join(parts)

    def stmt_ForStmt(self, s: ast.ForStmt) -> str:
        typ = self.program.type_of(s.source)
        self.bound.append({s.var: self.var_arg(typ)})
        try:
            item = self.type_term(typ)
            source = self.collection_scope(s.source)
            body = self.sentences(s.body)
            if s.cond is None:
                return self.fill("for", item=item, source=fixed(source.form().strip()), body=body)
            relative = self.relative(s.var, s.cond)
            if relative is not None:
                return self.fill(
                    "for", item=item, source=fixed(f"{source.form()} {relative}".strip()), body=body
                )
            return self.fill("for_where", item=item, source=source, cond=self.cond(s.cond), body=body)
        finally:
            self.bound.pop()

    def stmt_RepeatStmt(self, s: ast.RepeatStmt) -> str:
        return self.fill("repeat", count=self.expr(s.count), body=self.sentences(s.body))

    def stmt_WhileStmt(self, s: ast.WhileStmt) -> str:
        return self.fill("while", cond=self.cond(s.cond), body=self.sentences(s.body))
