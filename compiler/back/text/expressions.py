"""Phrasing of expressions: literals, names (bound items, constants, game items), lists,
attributes, indexing, arithmetic, comparisons and membership.

`place_of` finds the game item an index chain names (`gold[s][p]` -> the counter with its
space and player), so that both a value and an assignment read as that item's phrase.
Calls, conditions and collections, and choices used as values have their own modules.
"""

from __future__ import annotations

from compiler.back.text.sentence import PLACE_FORMS, SentenceBuilder, human
from compiler.back.text.template import Arg, fixed
from dsl import ast


class ExpressionPhrasing(SentenceBuilder):
    """`expr_<Node>` handlers for values, and the game item behind an index chain."""

    def expr_IntLit(self, e: ast.IntLit) -> Arg:
        return fixed(str(e.value), e.value)

    def expr_BoolLit(self, e: ast.BoolLit) -> Arg:
        return fixed(self.c["yes"] if e.value else self.c["no"])

    def expr_NoneLit(self, e: ast.NoneLit) -> Arg:
        return fixed(self.c["none"])

    def expr_TextLit(self, e: ast.TextLit) -> Arg:
        return fixed(e.value)

    def expr_Dice(self, e: ast.Dice) -> Arg:
        if e.count == 1:
            return fixed(self.c["die"])
        return fixed(self.fill("dice", count=fixed(str(e.count), e.count), sides=str(e.sides)))

    def expr_Name(self, e: ast.Name) -> Arg:
        bound = self.lookup(e.id)
        if bound is not None:
            return bound
        ref = self.program.refs.get(id(e))
        kind = getattr(ref, "kind", None)
        if kind == "constant":
            return self.constant(e.id)
        if kind == "collection":
            return self.construct_arg(
                "all_items", item=self.type_term(self.program.type_of(e).arg or ref.type)
            )
        if kind in ("track", "variable", "zone", "table", "counter", "track_family", "zone_family"):
            return self.phrase_arg(e.id, {}) or Arg(lambda form: self.tr.name(e.id, form))
        return fixed(human(e.id))

    def constant(self, item_id: str) -> Arg:
        kind = self.kinds.get(item_id)
        if kind in ("player", "space", "region"):
            article = "the " if self.lang == "en" and item_id in self.tr.text.the else ""

            def name(form: str) -> str:
                form = form if form in PLACE_FORMS else "nom"
                return (article if form == "nom" else "") + self.tr.name(item_id, form)

            return Arg(name)
        if kind == "card":
            left, right = self.c["quotes"]
            return fixed(f"{left}{self.tr.name(item_id)}{right}")
        phrase = self.phrase_arg(item_id, {}) if self.tr.phrase(item_id) else None
        return phrase or fixed(human(item_id))

    def expr_ListLit(self, e: ast.ListLit) -> Arg:
        items = [self.expr(i) for i in e.items]
        if len(items) == 1:
            return items[0]
        return Arg(lambda form: self.join([i.form(form) for i in items], "list_last_and"))

    def expr_Attribute(self, e: ast.Attribute) -> Arg:
        obj = self.expr(e.obj)
        if e.attr == "adjacent":
            return self.construct_arg(
                "adjacent", items=self.type_term(self.program.type_of(e), plural=True), obj=obj
            )
        if e.attr == "regions":
            return fixed(self.fill("regions_of", obj=obj))
        if e.attr == "spaces":
            return self.construct_arg(
                "spaces_of", items=self.type_term(self.program.type_of(e), plural=True), obj=obj
            )
        if e.attr == "kind":
            return fixed(self.fill("kind_of", obj=obj))
        term = self.tr.text.attributes.get(e.attr)
        attr = Arg(lambda form: self.tr.term(term, "nom_sg")) if term else fixed(human(e.attr))
        return self.construct_arg("attribute", attr=attr, obj=obj)

    def expr_Index(self, e: ast.Index) -> Arg:
        item_id, args = self.place_of(e)
        if item_id is not None:
            phrase = self.phrase_arg(item_id, args)
            if phrase is not None:
                return phrase
        return fixed(self.fill("index", obj=self.expr(e.obj), key=self.expr(e.key)))

    def place_of(self, target: ast.Expr) -> tuple[str | None, dict[str, Arg]]:
        """The counter, track or variable an assignment changes, with its indices as arguments."""
        indices: list[ast.Expr] = []
        node = target
        while isinstance(node, ast.Index):
            indices.insert(0, node.key)
            node = node.obj
        if not isinstance(node, ast.Name):
            return None, {}
        ref = self.program.refs.get(id(node))
        kind = getattr(ref, "kind", None)
        if kind not in ("counter", "track", "track_family", "variable"):
            return None, {}
        names: tuple[str, ...] = ("player",)
        if node.id in self.counters:
            names = ("space", "player")
        return node.id, {n: self.expr(i) for n, i in zip(names, indices, strict=False)}

    def expr_Unary(self, e: ast.Unary) -> Arg:
        if e.op != "-":  # `not`: the operand is read once, as a condition (twice would be exponential)
            return fixed(self.fill("not", a=self.cond(e.operand)))
        a = self.expr(e.operand)
        if a.count is not None:
            return fixed(str(-a.count), -a.count)
        return fixed(self.fill("neg", a=a))

    def expr_Binary(self, e: ast.Binary) -> Arg:
        if e.op in ("and", "or"):
            return fixed(self.fill(e.op, a=self.cond(e.left), b=self.cond(e.right)))
        a, b = self.expr(e.left), self.expr(e.right)
        if a.count is not None and b.count is not None and e.op in "+-*":
            value = {"+": a.count + b.count, "-": a.count - b.count, "*": a.count * b.count}[e.op]
            return fixed(str(value), value)
        key = {
            "+": "plus",
            "-": "minus",
            "*": "times",
            "/": "divided",
            "%": "modulo",
            "|": "union",
            "&": "intersection",
        }[e.op]
        return fixed(self.fill(key, a=a, b=b))

    def expr_Compare(self, e: ast.Compare) -> Arg:
        parts = []
        left = e.first
        for op, right in zip(e.ops, e.rest, strict=False):
            if isinstance(right, ast.NoneLit) and op in ("==", "!="):
                parts.append(
                    self.fill(
                        "is_none" if op == "==" else "is_some",
                        item=self.type_term(self.program.type_of(left)),
                    )
                )
            else:
                parts.append(self.fill(op, a=self.expr(left), b=self.expr(right)))
            left = right
        return fixed(self.join(parts, "list_last_and"))

    def expr_Member(self, e: ast.Member) -> Arg:
        return fixed(
            self.fill("not_in" if e.negated else "in", a=self.expr(e.item), b=self.expr(e.collection))
        )
