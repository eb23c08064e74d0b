"""Phrasing of conditions and collections: a condition as a clause (a function's `is` phrase),
as a postmodifier of a bound item ("with your gold", "other than Rome", "not a capital"),
collections with their scope ("in Gaul", "adjacent to Rome", "in the discard pile"),
comprehensions and aggregates (any, all, sum, min, max).

Separate because the same condition reads differently by position: as a clause after "if", or
folded into the noun phrase of the items it filters. A negated condition is said as the negative
of its clause ("is not", "is not among"), never as "not" before a sentence.
"""

from __future__ import annotations

from compiler.back.text.sentence import SentenceBuilder
from compiler.back.text.template import Arg, fixed
from dsl import ast

NEGATED = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}


def _indexed_by(node: ast.Expr, var: str) -> bool:
    """`node` is an index chain (`gold[s][p]`) with `var` among its keys."""
    while isinstance(node, ast.Index):
        if isinstance(node.key, ast.Name) and node.key.id == var:
            return True
        node = node.obj
    return False


def _is_var(node: ast.Expr, var: str) -> bool:
    return isinstance(node, ast.Name) and node.id == var


class ConditionPhrasing(SentenceBuilder):
    """Conditions, filtered collections, comprehensions and aggregates."""

    def attribute_term(self, attr: str) -> Arg:
        term = self.term_of(attr, "attribute")
        if term is None:
            return self.stand_in("E721", attr, "attribute", attr.replace("_", " "))
        return Arg(lambda form: self.words.term(term, form if "_" in form else f"{form}_sg"))

    def cond(self, e: ast.Expr) -> Arg:
        """A condition as a clause: a function's `is` phrase when it has one."""
        e = self.inlined(e)
        if isinstance(e, ast.Attribute) and self.program.type_of(e).name == "bool":
            return fixed(self.fill("attribute_is", obj=self.expr(e.obj), attr=self.attribute_term(e.attr)))
        if isinstance(e, ast.Unary) and e.op == "not":
            return self.negated(e.operand)
        if isinstance(e, ast.Call):
            text = self.phrase(e.func, "is", self.named_args(e))
            if text is not None:
                return fixed(text)
        if isinstance(e, ast.Compare) and len(e.ops) == 1 and e.ops[0] in ("==", "!="):
            text = self.attribute_clause(e.first, e.rest[0], e.ops[0] == "!=")
            if text is not None:
                return fixed(text)
        return self.expr(e)

    def negated(self, e: ast.Expr) -> Arg:
        """The negative of a condition: "is not", "does not control", "is not among"."""
        e = self.inlined(e)
        if isinstance(e, ast.Attribute) and self.program.type_of(e).name == "bool":
            attr = self.attribute_term(e.attr)
            return fixed(self.fill("attribute_is_not", obj=self.expr(e.obj), attr=attr))
        if isinstance(e, ast.Call):
            text = self.phrase(e.func, "is_not", self.named_args(e))
            if text is not None:
                return fixed(text)
        if isinstance(e, ast.Member):
            return self.expr(ast.Member(e.item, e.collection, not e.negated, span=e.span))
        if isinstance(e, ast.Compare) and len(e.ops) == 1:
            return self.cond(ast.Compare(e.first, (NEGATED[e.ops[0]],), e.rest, span=e.span))
        if isinstance(e, ast.Unary) and e.op == "not":
            return self.cond(e.operand)
        if isinstance(e, ast.Binary) and e.op in ("and", "or"):  # De Morgan: each part said negatively
            other = "or" if e.op == "and" else "and"
            return fixed(self.fill(other, a=self.negated(e.left), b=self.negated(e.right)))
        return fixed(self.fill("not", a=self.cond(e)))

    def attribute_clause(self, left: ast.Expr, right: ast.Expr, negated: bool) -> str | None:
        """`c.side == p` by the attribute's `is` phrase ({a} the item, {b} the value); `s.kind ==
        country` by the kind's `is` phrase ({a} the item)."""
        if not isinstance(left, ast.Attribute):
            return None
        use = "is_not" if negated else "is"
        if left.attr == "kind" and isinstance(right, ast.Name):
            return self.phrase(right.id, use, {"a": self.expr(left.obj)})
        return self.phrase(left.attr, use, {"a": self.expr(left.obj), "b": self.expr(right)})

    def noun_of(self, var: str, cond: ast.Expr | None) -> tuple[str | None, ast.Expr | None]:
        """A part `var.flag` of a condition, where the flag has a glossary term, names the items
        itself ("coastal towns" for `t in towns where t.coastal and ...`): its term,
        and the rest of the condition (None when nothing is left)."""
        parts: list[ast.Expr] = []

        def split(e: ast.Expr) -> None:
            if isinstance(e, ast.Binary) and e.op == "and":
                split(e.left)
                split(e.right)
            else:
                parts.append(e)

        if cond is None:
            return None, None
        split(cond)
        for i, part in enumerate(parts):
            if isinstance(part, ast.Attribute) and _is_var(part.obj, var) \
                    and self.program.type_of(part).name == "bool" and self.tr.text.attributes.get(part.attr):
                rest = parts[:i] + parts[i + 1:]
                if not rest:
                    return self.tr.text.attributes[part.attr], None
                joined = rest[0]
                for other in rest[1:]:
                    joined = ast.Binary("and", joined, other, span=other.span)
                return self.tr.text.attributes[part.attr], joined
        return None, cond

    def relative(self, var: str, cond: ast.Expr) -> str | None:
        """A condition on `var` as a postmodifier ("on the table"), from `that` phrases; None
        when some part has no such phrase."""
        if isinstance(cond, ast.Binary) and cond.op == "and":
            left, right = self.relative(var, cond.left), self.relative(var, cond.right)
            if left is None or right is None:
                return None
            return f"{left}{self.c['list_and']}{right}"
        negated = isinstance(cond, ast.Unary) and cond.op == "not"
        inner = cond.operand if negated else cond
        if isinstance(inner, ast.Call) and inner.args and _is_var(inner.args[0], var):
            return self.phrase(inner.func, "that_not" if negated else "that", self.named_args(inner))
        if isinstance(inner, ast.Attribute) and _is_var(inner.obj, var):
            key = "attribute_that_not" if negated else "attribute_that"
            return self.fill(key, attr=self.attribute_term(inner.attr))
        if isinstance(inner, ast.Member) and _is_var(inner.item, var) and not negated:
            where = self.collection_scope(inner.collection).form()
            return self.fill("outside", b=self.expr(inner.collection)) if inner.negated else where
        if negated or not isinstance(cond, ast.Compare) or len(cond.ops) != 1:
            return None
        op, first, other = cond.ops[0], cond.first, cond.rest[0]
        if op == "!=" and _is_var(first, var):
            return self.fill("other_than", b=self.expr(other))
        if op == "==" and isinstance(first, ast.Attribute) and _is_var(first.obj, var):
            if isinstance(other, ast.Name) and self.words.has_phrase(other.id, "that"):
                return self.phrase(other.id, "that", {})
            return self.phrase(first.attr, "that", {"b": self.expr(other)})
        # counter[var][p] > 0 reads "with ...", == 0 "without ..."
        zero = isinstance(other, ast.IntLit) and other.value == 0
        if op in ("==", ">") and zero and _indexed_by(first, var):
            item_id, args = self.place_of(first)
            if item_id is not None:
                return self.phrase(item_id, "that" if op == ">" else "without", args)
        return None

    def where(self, var: str, source: ast.Expr, cond: ast.Expr | None, one: bool = False) -> Arg:
        """Where the items are and what they meet: "in Gaul with your gold" (`cond` without the
        part `noun_of` took)."""
        scope = self.collection_scope(source)
        if cond is None:
            return scope
        relative = self.relative(var, cond)
        if relative is not None:
            return fixed(f"{scope.form()} {relative}".strip())
        key = "choose_one_where" if one else "choose_where"
        return fixed((scope.form() + self.fill(key, cond=self.cond(cond))).strip())

    def collection_scope(self, source: ast.Expr) -> Arg:
        """Where the items of a collection are, as a phrase after their noun: "in Gaul",
        "adjacent to Rome", "in the discard pile", "" for all of them."""
        source = self.inlined(source)
        ref = self.program.refs.get(id(source)) if isinstance(source, ast.Name) else None
        if ref is not None and ref.kind == "collection":
            return fixed("")
        kind = getattr(self.program.type_of(source), "name", "")
        if kind in ("region", "zone") or (
            isinstance(source, ast.Call) and self.words.has_phrase(source.func, "loc")
        ):
            place = self.expr(source)
            return Arg(lambda form: place.form("loc"))
        if isinstance(source, ast.Attribute) and source.attr == "adjacent":
            return fixed(self.fill("adjacent", items=fixed(""), obj=self.expr(source.obj)).strip())
        if isinstance(source, ast.Binary) and source.op == "|":
            left, right = self.collection_scope(source.left), self.collection_scope(source.right)
            return fixed(self.fill("or", a=left, b=right))
        return self.construct_arg("among", a=self.expr(source))

    def expr_Comprehension(self, e: ast.Comprehension) -> Arg:
        typ = self.program.type_of(e.source)
        self.bound.append({e.var: self.var_arg(typ)})
        try:
            scope = self.collection_scope(e.source).form()
            term, cond = self.noun_of(e.var, e.cond)
            items = self.type_term(typ, plural=True, term=term)
            relative = self.relative(e.var, cond) if cond is not None else ""
            if relative is not None:
                return Arg(lambda form: f"{items.form(form)} {scope} {relative}".replace("  ", " ").strip(),
                           plural=True)
            clause = self.cond(cond)
            return Arg(
                lambda form: self.fill("where", source=fixed(f"{items.form(form)} {scope}".strip()),
                                       cond=clause),
                plural=True,
            )
        finally:
            self.bound.pop()

    def expr_Aggregate(self, e: ast.Aggregate) -> Arg:
        typ = self.program.type_of(e.source)
        self.bound.append({e.var: self.var_arg(typ)})
        try:
            term, rest = self.noun_of(e.var, e.cond)
            items = self.type_term(typ, plural=True, term=term)
            one = self.type_term(typ, term=term)
            scope = self.collection_scope(e.source).form()
            relative = self.relative(e.var, rest) if rest is not None else ""
            if relative is None:
                cond = self.cond(rest)
                source = Arg(lambda form: self.fill("where", source=fixed(f"{items.form(form)} {scope}"),
                                                    cond=cond))
            else:
                source = Arg(lambda form: f"{items.form(form)} {scope} {relative}".replace("  ", " ").strip())
            if e.func == "any":
                return self.exists(e, one, scope, relative, rest)
            if e.func == "all":
                return fixed(self.fill("all", source=source, cond=self.cond(e.value)))
            key = {"sum": "sum", "min": "min_of", "max": "max_of"}[e.func]
            return self.construct_arg(key, value=self.expr(e.value), source=source)
        finally:
            self.bound.pop()

    def exists(self, e: ast.Aggregate, item: Arg, scope: str, relative: str | None,
               rest: ast.Expr | None) -> Arg:
        """`any(...)`: "there is a country adjacent to Rome controlled by you"; with a condition
        that has no postmodifier, "there is a country adjacent to Rome where ..."."""
        value_rel = self.relative(e.var, e.value)
        if relative is not None and value_rel is not None:
            source = fixed(f"{scope} {relative} {value_rel}".strip())
            return fixed(self.fill("exists", item=item, source=source))
        if relative is not None:
            return fixed(self.fill("exists_where", item=item, source=fixed(f"{scope} {relative}".strip()),
                                   cond=self.cond(e.value)))
        cond = fixed(self.fill("and", a=self.cond(rest), b=self.cond(e.value)))
        return fixed(self.fill("exists_where", item=item, source=fixed(scope), cond=cond))
