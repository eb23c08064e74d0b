"""Phrasing of conditions and collections: a condition as a clause (a function's `is` phrase),
as a postmodifier of a bound item ("with your gold", "other than Rome"), collections with
their scope ("in Gaul", "adjacent to Rome"), comprehensions and aggregates (any, all, sum, min,
max).

Separate because the same condition reads differently by position: as a clause after "if", or
folded into the noun phrase of the items it filters.
"""

from __future__ import annotations

from compiler.back.text.sentence import SentenceBuilder, human
from compiler.back.text.template import Arg, fixed
from dsl import ast


def _indexed_by(node: ast.Expr, var: str) -> bool:
    """`node` is an index chain (`gold[s][p]`) with `var` among its keys."""
    while isinstance(node, ast.Index):
        if isinstance(node.key, ast.Name) and node.key.id == var:
            return True
        node = node.obj
    return False


class ConditionPhrasing(SentenceBuilder):
    """Conditions, filtered collections, comprehensions and aggregates."""

    def cond(self, e: ast.Expr) -> Arg:
        """A condition as a clause: a function's `is` phrase when it has one."""
        if isinstance(e, ast.Attribute) and self.program.type_of(e).name == "bool":
            term = self.tr.text.attributes.get(e.attr)
            attr = self.tr.term(term, "nom_sg") if term else human(e.attr)
            return fixed(self.fill("attribute_is", obj=self.expr(e.obj), attr=attr))
        call, use = e, "is"
        if isinstance(e, ast.Unary) and e.op == "not":
            call, use = e.operand, "is_not"
        if isinstance(call, ast.Call):
            text = self.phrase(call.func, use, self.named_args(call))
            if text is not None:
                return fixed(text)
        return self.expr(e)

    def relative(self, var: str, cond: ast.Expr) -> str | None:
        """A condition on `var` as a postmodifier ("on the table"), from `that` phrases; None
        when some part has no such phrase."""
        if isinstance(cond, ast.Binary) and cond.op == "and":
            left, right = self.relative(var, cond.left), self.relative(var, cond.right)
            if left is None or right is None:
                return None
            return f"{left}{self.c['list_and']}{right}"
        if (
            isinstance(cond, ast.Call)
            and cond.args
            and isinstance(cond.args[0], ast.Name)
            and cond.args[0].id == var
        ):
            return self.phrase(cond.func, "that", self.named_args(cond))
        if (
            isinstance(cond, ast.Compare)
            and len(cond.ops) == 1
            and cond.ops[0] == "!="
            and isinstance(cond.first, ast.Name)
            and cond.first.id == var
        ):
            return self.fill("other_than", b=self.expr(cond.rest[0]))
        if (
            isinstance(cond, ast.Compare)
            and len(cond.ops) == 1
            and cond.ops[0] == "=="
            and isinstance(cond.first, ast.Attribute)
            and isinstance(cond.first.obj, ast.Name)
            and cond.first.obj.id == var
            and isinstance(cond.rest[0], ast.Name)
        ):
            return self.phrase(cond.rest[0].id, "that", {})
        # counter[var][p] > 0 reads "with ...", == 0 "without ..."
        if (
            isinstance(cond, ast.Compare)
            and cond.ops in (("==",), (">",))
            and isinstance(cond.rest[0], ast.IntLit)
            and cond.rest[0].value == 0
            and _indexed_by(cond.first, var)
        ):
            item_id, args = self.place_of(cond.first)
            if item_id is not None:
                return self.phrase(item_id, "that" if cond.ops == (">",) else "without", args)
        return None

    def where(self, var: str, source: ast.Expr, cond: ast.Expr | None) -> Arg:
        scope = self.collection_scope(source)
        if cond is None:
            return scope
        relative = self.relative(var, cond)
        if relative is not None:
            return fixed(f"{scope.form()} {relative}".strip())
        return fixed((scope.form() + self.fill("choose_where", cond=self.cond(cond))).strip())

    def collection_scope(self, source: ast.Expr) -> Arg:
        """Where the items of a collection are, as a phrase after their noun: "in Gaul",
        "adjacent to Rome", "" for all of them."""
        ref = self.program.refs.get(id(source)) if isinstance(source, ast.Name) else None
        if ref is not None and ref.kind == "collection":
            return fixed("")
        if ref is not None and ref.kind == "constant" and self.kinds.get(source.id) == "region":
            return Arg(lambda form: self.tr.name(source.id, "loc"))
        if isinstance(source, ast.Attribute) and source.attr == "adjacent":
            return fixed(self.fill("adjacent", items=fixed(""), obj=self.expr(source.obj)).strip())
        return fixed(self.fill("among", a=self.expr(source)))

    def expr_Comprehension(self, e: ast.Comprehension) -> Arg:
        typ = self.program.type_of(e.source)
        self.bound.append({e.var: self.var_arg(typ)})
        try:
            scope = self.collection_scope(e.source)
            items = self.type_term(typ, plural=True)
            relative = self.relative(e.var, e.cond)
            if relative is not None:
                rel = relative
                return Arg(lambda form: f"{items.form(form)} {scope.form()} {rel}".replace("  ", " ").strip())
            cond = self.cond(e.cond)
            return Arg(
                lambda form: self.fill(
                    "where", source=fixed(f"{items.form(form)} {scope.form()}".strip()), cond=cond
                )
            )
        finally:
            self.bound.pop()

    def expr_Aggregate(self, e: ast.Aggregate) -> Arg:
        typ = self.program.type_of(e.source)
        self.bound.append({e.var: self.var_arg(typ)})
        try:
            items = self.type_term(typ, plural=True)
            scope = self.collection_scope(e.source)
            source = fixed(f"{items.form()} {scope.form()}".strip())
            if e.cond is not None:
                relative = self.relative(e.var, e.cond)
                source = fixed(
                    f"{source.form()} {relative}"
                    if relative
                    else self.fill("where", source=source, cond=self.cond(e.cond))
                )
            if e.func in ("any", "all"):
                return fixed(self.fill(e.func, source=source, cond=self.cond(e.value)))
            key = {"sum": "sum", "min": "min_of", "max": "max_of"}[e.func]
            return fixed(self.fill(key, value=self.expr(e.value), source=source))
        finally:
            self.bound.pop()
