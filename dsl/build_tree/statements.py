"""Tree-building rules for statements: the simple ones (`let`, `x += 1`, `move`, `draw`, `log`,
`end game`...) and the compound ones (`if`, `for`, `while`, `repeat`, and the choices
`p chooses ...`). Lasting effects, which are statements too, have their own module (lasting.py).

`markers[s][p] += 1` becomes an `ast.AssignStmt` here (`assign_stmt`); its target
`markers[s][p]` is built by the expression rules (expressions.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from lark import Transformer_NonRecursive, v_args

from .. import ast
from .spans import pos, split_secretly, unquote


@dataclass(frozen=True)
class _Winners:
    """The outcome `winners <list>` on its way to its `end game` statement."""

    players: ast.Expr


@v_args(meta=True)
class StatementRules(Transformer_NonRecursive):
    """Statements -> ast.LetStmt, ast.AssignStmt, ast.IfStmt, ast.ChooseStmt, ...
    One method per grammar rule or alias, named after it."""

    # -- simple statements
    def let_stmt(self, meta, items):
        return ast.LetStmt(str(items[0]), items[1], span=pos(meta))

    def assign_stmt(self, meta, items):
        return ast.AssignStmt(items[0], str(items[1]), items[2], span=pos(meta))

    def expr_stmt(self, meta, items):
        return ast.ExprStmt(items[0], span=pos(meta))

    def require_stmt(self, meta, items):
        return ast.RequireStmt(items[0], span=pos(meta))

    def return_stmt(self, meta, items):
        return ast.ReturnStmt(items[0] if items else None, span=pos(meta))

    def move_stmt(self, meta, items):
        position = items[2] if len(items) > 2 else "top"
        return ast.MoveStmt(items[0], items[1], position, span=pos(meta))

    def position(self, meta, items):
        return str(items[0])

    def draw_stmt(self, meta, items):
        return ast.DrawStmt(items[0], items[1], items[2], span=pos(meta))

    def shuffle_stmt(self, meta, items):
        return ast.ShuffleStmt(items[0], span=pos(meta))

    def log_stmt(self, meta, items):
        reader = next((item for item in items[1:] if isinstance(item, ast.Node)), None)  # `to p`
        args = next((item for item in items[1:] if isinstance(item, tuple)), ())
        return ast.LogStmt(unquote(items[0]), args, reader, span=pos(meta))

    def kwargs(self, meta, items):
        return tuple(items)

    def kwarg(self, meta, items):
        return ast.Kwarg(str(items[0]), items[1], span=pos(meta))

    def emit_stmt(self, meta, items):
        return ast.EmitStmt(str(items[0]), items[1], span=pos(meta))

    def end_game_stmt(self, meta, items):
        reason = unquote(items[1]) if len(items) > 1 else None
        outcome = items[0]
        if isinstance(outcome, _Winners):
            return ast.EndGameStmt(None, reason, outcome.players, span=pos(meta))
        return ast.EndGameStmt(outcome, reason, span=pos(meta))

    def winner(self, meta, items):
        return items[0]

    def winners(self, meta, items):
        return _Winners(items[0])

    def no_winner(self, meta, items):
        return None

    def pass_stmt(self, meta, items):
        return ast.PassStmt(span=pos(meta))

    def break_stmt(self, meta, items):
        return ast.BreakStmt(span=pos(meta))

    def cancel_stmt(self, meta, items):
        return ast.CancelStmt(str(items[0]), span=pos(meta))

    # -- compound statements
    def if_stmt(self, meta, items):
        branches = [(items[0], items[1])]
        orelse: tuple = ()
        for part in items[2:]:
            if part[0] == "elif":
                branches.append((part[1], part[2]))
            else:
                orelse = part[1]
        return ast.IfStmt(tuple(branches), orelse, span=pos(meta))

    def elif_part(self, meta, items):
        return ("elif", items[0], items[1])

    def else_part(self, meta, items):
        return ("else", items[0])

    def for_stmt(self, meta, items):
        var, source = str(items[0]), items[1]
        cond, body = (items[2], items[3]) if len(items) == 4 else (None, items[2])
        return ast.ForStmt(var, source, cond, body, span=pos(meta))

    def while_stmt(self, meta, items):
        return ast.WhileStmt(items[0], items[1], span=pos(meta))

    def repeat_stmt(self, meta, items):
        return ast.RepeatStmt(items[0], items[1], span=pos(meta))

    def choose_stmt(self, meta, items):
        secret, items = split_secretly(items)
        chooser, (up_to, count), var, source, *rest = items
        body = rest.pop()
        cond = each = None
        for extra in rest:
            if isinstance(extra, tuple) and extra and extra[0] == "each":
                each = extra[1]
            else:
                cond = extra
        return ast.ChooseStmt(chooser, count, up_to, str(var), source, cond, each, body, secret,
                              span=pos(meta))

    def exactly(self, meta, items):
        return (False, items[0])

    def up_to(self, meta, items):
        return (True, items[0])

    def each_limit(self, meta, items):
        return ("each", items[0])

    def options_stmt(self, meta, items):
        secret, items = split_secretly(items)
        return ast.OptionsStmt(items[0], tuple(items[1:]), secret, span=pos(meta))

    def option(self, meta, items):
        label = unquote(items[0])
        cond, body = (items[1], items[2]) if len(items) == 3 else (None, items[1])
        return ast.Option(label, cond, body, span=pos(meta))

    def choose_one(self, meta, items):
        secret, items = split_secretly(items)
        cond = items[3] if len(items) > 3 else None
        return ast.ChooseOne(items[0], str(items[1]), items[2], cond, secret, span=pos(meta))

    def choose_number(self, meta, items):
        secret, items = split_secretly(items)
        return ast.ChooseNumber(items[0], items[1], items[2], secret, span=pos(meta))
