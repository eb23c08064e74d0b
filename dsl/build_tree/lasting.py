"""Tree-building rules for lasting effects: `lasting [label] <duration>:` with its clauses
(`modify`, `forbid`, `when`) and durations (`until event`, `while cond`, `forever`, `once`).

Separate because a lasting effect's clauses are a small language of their own, handled apart
in every later pass too.
"""

from __future__ import annotations

from lark import Token, Transformer_NonRecursive, v_args

from .. import ast
from .spans import pos


@v_args(meta=True)
class LastingRules(Transformer_NonRecursive):
    """Lasting effects -> ast.LastingStmt, ast.Duration, ast.ModifyClause, ast.ForbidClause,
    ast.WhenClause. One method per grammar rule or alias, named after it."""

    def lasting_stmt(self, meta, items):
        label = str(items[0]) if isinstance(items[0], Token) else None
        duration, body = items[-2], items[-1]
        return ast.LastingStmt(label, duration, body, span=pos(meta))

    def until_event(self, meta, items):
        return ast.Duration("until", event=str(items[0]), span=pos(meta))

    def while_cond(self, meta, items):
        return ast.Duration("while", cond=items[0], span=pos(meta))

    def forever(self, meta, items):
        return ast.Duration("forever", span=pos(meta))

    def once(self, meta, items):
        return ast.Duration("once", span=pos(meta))

    def modify_clause(self, meta, items):
        cond = items[3] if len(items) > 3 else None
        return ast.ModifyClause(str(items[0]), items[1], items[2], cond, span=pos(meta))

    def forbid_clause(self, meta, items):
        cond = items[2] if len(items) > 2 else None
        return ast.ForbidClause(str(items[0]), items[1], cond, span=pos(meta))

    def when_clause(self, meta, items):
        name, names, *rest = items
        cond, body = (rest[0], rest[1]) if len(rest) == 2 else (None, rest[0])
        return ast.WhenClause(str(name), names, cond, body, span=pos(meta))

    def names(self, meta, items):
        return tuple(str(i) for i in items if i is not None)
