"""Phrasing of expressions: literals, names (bound items, constants, game items), lists,
attributes, indexing, arithmetic, comparisons and membership.

`place_of` finds the game item an index chain names (`gold[s][p]` -> the counter with its
space and player; `hand[p]` -> the zone family with its player), so that both a value and an
assignment read as that item's phrase. A comparison of numbers ("is at least 4") and one of
items ("that player is Red") are different constructs: languages word them apart.
Calls, conditions and collections, and choices used as values have their own modules.
"""

from __future__ import annotations

from compiler.back.i18n.sources import literal_key
from compiler.back.text.sentence import PLACE_FORMS, SentenceBuilder, human
from compiler.back.text.template import Arg, fixed
from dsl import ast

ARITHMETIC = {"+": "plus", "-": "minus", "*": "times", "/": "divided", "%": "modulo", "|": "union",
              "&": "intersection"}


class ExpressionPhrasing(SentenceBuilder):
    """`expr_<Node>` handlers for values, and the game item behind an index chain."""

    def expr_IntLit(self, e: ast.IntLit) -> Arg:
        return fixed(str(e.value), e.value)

    def expr_BoolLit(self, e: ast.BoolLit) -> Arg:
        return fixed(self.c["yes"] if e.value else self.c["no"])

    def expr_NoneLit(self, e: ast.NoneLit) -> Arg:
        return fixed(self.c["none"])

    def expr_TextLit(self, e: ast.TextLit) -> Arg:
        """A text value of the rules ("event"): a translatable string (`literal.<value>`)."""
        return fixed(self.words.string(literal_key(e.value)) or e.value)

    def expr_Dice(self, e: ast.Dice) -> Arg:
        if e.count == 1:
            return self.construct_arg("die")
        return self.construct_arg("dice", count=fixed(str(e.count), e.count), sides=fixed(str(e.sides)))

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
            phrase = self.phrase_arg(e.id, {})
            named = phrase or Arg(lambda form: self.words.name(e.id, form))
            return self.zone_named(e.id, named, phrase is not None) if kind == "zone" else named
        return self.stand_in("E720", e.id, "name", human(e.id))

    def constant(self, item_id: str) -> Arg:
        kind = self.kinds.get(item_id)
        if kind in ("player", "space", "region"):
            article = "the " if self.lang == "en" and item_id in self.tr.text.the else ""

            def name(form: str) -> str:
                form = form if form in PLACE_FORMS else "nom"
                return (article if form == "nom" else "") + self.words.name(item_id, form)

            return Arg(name, plural=self.words.plural(item_id))
        if kind == "card":
            left, right = self.c["quotes"]
            name = self.words.name(item_id)
            quoted = name if name[:1] in "\"'\u201e\u201c\u201d\u00ab" else f"{left}{name}{right}"
            return self.construct_arg("card_named", name=fixed(quoted))
        return self.phrase_arg(item_id, {}) or self.stand_in("E720", item_id, "nom", human(item_id))

    def expr_ListLit(self, e: ast.ListLit) -> Arg:
        items = [self.expr(i) for i in e.items]
        if len(items) == 1:
            return items[0]
        def text(form: str) -> str:  # the form "or": the items as alternatives ("Rome or Carthage")
            if form == "or":
                return self.join([i.form() for i in items], "list_last_or")
            return self.join([i.form(form) for i in items], "list_last_and")

        return Arg(text, plural=True)

    def expr_Attribute(self, e: ast.Attribute) -> Arg:
        obj = self.expr(e.obj)
        if e.attr == "adjacent":
            return self.construct_arg(
                "adjacent", items=self.type_term(self.program.type_of(e), plural=True), obj=obj
            )
        if e.attr == "regions":
            return self.construct_arg("regions_of", obj=obj)
        if e.attr == "spaces":
            return self.construct_arg(
                "spaces_of", items=self.type_term(self.program.type_of(e), plural=True), obj=obj
            )
        if e.attr == "kind":
            return self.construct_arg("kind_of", obj=obj)
        return self.construct_arg("attribute", attr=self.attribute_term(e.attr), obj=obj)

    def expr_Index(self, e: ast.Index) -> Arg:
        item_id, args = self.place_of(e)
        zone = item_id is not None and self.kinds.get(item_id) == "zone"
        if item_id is not None:
            phrase = self.phrase_arg(item_id, args)
            if phrase is not None:
                return self.zone_named(item_id, phrase, True) if zone else phrase
        # Without a phrase: the item by its name, with its keys ("Gold of Red").
        indexed = self.construct_arg("index", obj=self.expr(e.obj), key=self.expr(e.key))
        return self.zone_named(item_id, indexed, False) if zone else indexed

    def zone_named(self, item_id: str, named: Arg, phrased: bool) -> Arg:
        """A zone in the forms its phrase (`phrased`) or its name has in the catalogs, and in a form
        they lack, its words placed by the locale ("into Pile"): a card is never put "Pile"."""

        def text(form: str) -> str:
            given = (self.words.has_phrase(item_id, form) if phrased
                     else f"name.{item_id}.{form}" in self.tr.sources)
            if form not in ("to", "loc", "from") or given:
                return named.form(form)
            template = self.c["zone_named"]
            return self.filler.fill(template.get(form, template["nom"]), {"name": fixed(named.form("nom"))})

        return Arg(text)

    def place_of(self, target: ast.Expr) -> tuple[str | None, dict[str, Arg]]:
        """The counter, track, variable or zone an index chain names, with its indices as arguments."""
        indices: list[ast.Expr] = []
        node = target
        while isinstance(node, ast.Index):
            indices.insert(0, node.key)
            node = node.obj
        if not isinstance(node, ast.Name):
            return None, {}
        ref = self.program.refs.get(id(node))
        kind = getattr(ref, "kind", None)
        if kind not in ("counter", "track", "track_family", "variable", "zone_family"):
            return None, {}
        names: tuple[str, ...] = ("player",)
        if node.id in self.counters:
            names = ("space", "player")
        return node.id, {n: self.expr(i) for n, i in zip(names, indices, strict=False)}

    def expr_Unary(self, e: ast.Unary) -> Arg:
        if e.op != "-":  # `not`: the operand is read once, as a condition (twice would be exponential)
            return self.cond(e)
        a = self.expr(e.operand)
        if a.count is not None:
            return fixed(str(-a.count), -a.count)
        return self.construct_arg("neg", a=a)

    def expr_Binary(self, e: ast.Binary) -> Arg:
        if e.op in ("and", "or"):
            return fixed(self.fill(e.op, a=self.cond(e.left), b=self.cond(e.right)))
        a, b = self.expr(e.left), self.expr(e.right)
        if a.count is not None and b.count is not None and e.op in "+-*":
            value = {"+": a.count + b.count, "-": a.count - b.count, "*": a.count * b.count}[e.op]
            return fixed(str(value), value)
        return self.construct_arg(ARITHMETIC[e.op], a=a, b=b)

    def expr_Compare(self, e: ast.Compare) -> Arg:
        parts = []
        left = e.first
        for op, right in zip(e.ops, e.rest, strict=False):
            numbers = getattr(self.program.type_of(left), "name", "") == "int"
            if isinstance(right, ast.NoneLit) and op in ("==", "!="):
                self.expr(left).form()  # read: a `let` it names is said
                parts.append(
                    self.fill(
                        "is_none" if op == "==" else "is_some",
                        item=self.type_term(self.program.type_of(left)),
                    )
                )
            elif op in ("==", "!=") and self._choice_option(left):  # the reading a table plays
                key = "option_reading" if op == "==" else "option_not_reading"
                what = self.option_name(left.args[0].id)
                parts.append(self.fill(key, a=what, b=self.expr(right)))
            elif not numbers and op in ("==", "!="):
                key = "same" if op == "==" else "not_same"
                parts.append(self.fill(key, a=self.expr(left), b=self.expr(right)))
            else:
                parts.append(self.fill(op, a=self.expr(left), b=self.expr(right)))
            left = right
        return fixed(self.join(parts, "list_last_and"))

    def _choice_option(self, e: ast.Expr) -> bool:
        """`option(x)` of a choice option (its type is the enum of its readings)."""
        return (isinstance(e, ast.Call) and e.func == "option"
                and getattr(self.program.type_of(e), "name", "") == "enum")

    def expr_Member(self, e: ast.Member) -> Arg:
        kind = getattr(self.program.type_of(e.collection), "name", "")
        placed = kind in ("region", "zone") or (
            isinstance(e.collection, ast.Call) and self.words.has_phrase(e.collection.func, "loc")
        )
        key = ("not_in" if e.negated else "in") if placed else ("not_in_list" if e.negated else "in_list")
        return fixed(self.fill(key, a=self.expr(e.item), b=self.expr(e.collection)))
