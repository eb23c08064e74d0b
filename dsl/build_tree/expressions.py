"""Tree-building rules for expressions: operator chains, comparisons, membership, `not` and
negation, attributes, indexes, calls, aggregates (`sum(... for x in ...)`), literals, dice,
comprehensions and lists.

`markers[s][p]` becomes `ast.Index(ast.Index(ast.Name('markers'), s), p)` here (`index`).
"""

from __future__ import annotations

from lark import Token, Transformer_NonRecursive, v_args

from .. import ast
from .spans import pos, unquote


@v_args(meta=True)
class ExpressionRules(Transformer_NonRecursive):
    """Expressions -> ast.Binary, ast.Compare, ast.Call, ast.Index, ast.IntLit, ...
    One method per grammar rule or alias, named after it."""

    def _chain(self, meta, items, op_of):
        left = items[0]
        rest = items[1:]
        while rest:
            if isinstance(rest[0], Token) and rest[0].type.endswith("_OP"):
                op, right, rest = str(rest[0]), rest[1], rest[2:]
            else:
                op, right, rest = op_of, rest[0], rest[1:]
            left = ast.Binary(op, left, right, span=pos(meta))
        return left

    def or_chain(self, meta, items):
        return self._chain(meta, items, "or")

    def and_chain(self, meta, items):
        return self._chain(meta, items, "and")

    def union_chain(self, meta, items):
        return self._chain(meta, items, "|")

    def inter_chain(self, meta, items):
        return self._chain(meta, items, "&")

    def sum_chain(self, meta, items):
        return self._chain(meta, items, "+")

    def product_chain(self, meta, items):
        return self._chain(meta, items, "*")

    def compare_chain(self, meta, items):
        if len(items) == 1:
            return items[0]
        ops = tuple(str(t) for t in items[1::2])
        return ast.Compare(items[0], ops, tuple(items[2::2]), span=pos(meta))

    def member(self, meta, items):
        return ast.Member(items[0], items[1], False, span=pos(meta))

    def not_member(self, meta, items):
        return ast.Member(items[0], items[1], True, span=pos(meta))

    def not_op(self, meta, items):
        return ast.Unary("not", items[0], span=pos(meta))

    def negate(self, meta, items):
        if isinstance(items[0], ast.IntLit):
            return ast.IntLit(-items[0].value, span=pos(meta))
        return ast.Unary("-", items[0], span=pos(meta))

    def attribute(self, meta, items):
        return ast.Attribute(items[0], str(items[1]), span=pos(meta))

    def index(self, meta, items):
        return ast.Index(items[0], items[1], span=pos(meta))

    def name(self, meta, items):
        return ast.Name(str(items[0]), span=pos(meta))

    def call(self, meta, items):
        return ast.Call(str(items[0]), items[1], span=pos(meta))

    def args(self, meta, items):
        return tuple(i for i in items if i is not None)

    def aggregate(self, meta, items):
        func, value, var, source = str(items[0]), items[1], str(items[2]), items[3]
        cond = items[4] if len(items) > 4 else None
        return ast.Aggregate(func, value, var, source, cond, span=pos(meta))

    def int_lit(self, meta, items):
        return ast.IntLit(int(items[0]), span=pos(meta))

    def dice(self, meta, items):
        count, sides = str(items[0]).split("d")
        return ast.Dice(int(count or 1), int(sides), span=pos(meta))

    def true_lit(self, meta, items):
        return ast.BoolLit(True, span=pos(meta))

    def false_lit(self, meta, items):
        return ast.BoolLit(False, span=pos(meta))

    def none_lit(self, meta, items):
        return ast.NoneLit(span=pos(meta))

    def text_lit(self, meta, items):
        return ast.TextLit(unquote(items[0]), span=pos(meta))

    def comprehension(self, meta, items):
        return ast.Comprehension(str(items[0]), items[1], items[2], span=pos(meta))

    def list_lit(self, meta, items):
        return ast.ListLit(tuple(i for i in items if i is not None), span=pos(meta))
