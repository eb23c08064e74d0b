"""Expressions: literals, names, operators, comparisons, membership, attributes, indexing,
aggregates and comprehensions, each typed by one handler found in `EXPRESSION_RULES`.

`counter[s][p]` is typed here (`index`: a per-player counter indexed by a space, then by a
player, is a counter cell); calls are handed to the call rules (compiler.front.resolve.calls).
Separate from the statements because an expression only computes a type: it binds no name
outside itself (the variable of an aggregate or a comprehension lives in a scope of its own).
"""

from __future__ import annotations

from collections.abc import Callable

from compiler.diagnostics import did_you_mean
from compiler.front import types as T
from compiler.front.resolve.builtins import (
    AGGREGATES,
    BUILTINS,
    REGION_BUILTIN_ATTRS,
    SPACE_BUILTIN_ATTRS,
)
from compiler.front.resolve.calls import CallRules
from compiler.front.resolve.copies import CopyRules
from compiler.front.resolve.program import Ref
from compiler.front.resolve.scope import Context, Scope
from dsl import ast

LITERAL_TYPES: dict[type[ast.Expr], T.Type] = {
    ast.IntLit: T.INT, ast.BoolLit: T.BOOL, ast.NoneLit: T.NONE, ast.TextLit: T.TEXT,
}


class ExpressionRules(CopyRules):
    """Type an expression, record its type (and what its names refer to), report faults."""

    def expect(self, node: ast.Expr, want: T.Type, scope: Scope, ctx: Context, what: str) -> T.Type:
        got = self.expr(node, scope, ctx)
        if not T.assignable(want, got):
            self.error(ctx.unit, node, "E501", f"{what} should be {want}, but this is {got}")
        self.kept_as_list(node, want, got)
        return got

    def kept_as_list(self, node: ast.Expr, want: T.Type, got: T.Type) -> None:
        """A region or zone given where a list is expected is kept as the list of its items."""
        if want.name == "list" and got in (T.REGION, T.ZONE):
            self.program.as_list.add(id(node))

    def iterable(self, node: ast.Expr, scope: Scope, ctx: Context) -> T.Type:
        typ = self.expr(node, scope, ctx)
        elem = T.element_type(typ)
        if elem is None:
            self.error(ctx.unit, node, "E501", f"cannot go through {typ}; expected a list, a region "
                       "or a zone")
            return T.ANY
        return elem

    def expr(self, node: ast.Expr, scope: Scope, ctx: Context) -> T.Type:
        return self.note(node, self._expr(node, scope, ctx))

    def _expr(self, node: ast.Expr, scope: Scope, ctx: Context) -> T.Type:
        rule = EXPRESSION_RULES.get(type(node))
        if rule is None:  # pragma: no cover - every expression kind has a rule
            raise AssertionError(f"unhandled expression {type(node).__name__}")
        return rule(self, node, scope, ctx)

    def literal(self, node: ast.Expr, scope: Scope, ctx: Context) -> T.Type:
        return LITERAL_TYPES[type(node)]

    def dice(self, node: ast.Dice, scope: Scope, ctx: Context) -> T.Type:
        if node.count < 1 or node.sides < 2:
            self.error(ctx.unit, node, "E501", f"'{node.count}d{node.sides}' is not a die roll",
                       "write dice as d6 or 2d6")
        return T.DICE

    def list_lit(self, node: ast.ListLit, scope: Scope, ctx: Context) -> T.Type:
        types = [self.expr(item, scope, ctx) for item in node.items]
        first = next((t for t in types if t not in (T.ANY, T.NONE)), T.ANY)
        for item, typ in zip(node.items, types, strict=True):
            if not T.assignable(first, typ):
                self.error(ctx.unit, item, "E501", f"a list holds one type; this is {typ}, "
                           f"not {first}")
        return T.list_of(first)

    def unary(self, node: ast.Unary, scope: Scope, ctx: Context) -> T.Type:
        if node.op == "not":
            self.expect(node.operand, T.BOOL, scope, ctx, "the operand of 'not'")
            return T.BOOL
        self.expect(node.operand, T.INT, scope, ctx, "the operand of '-'")
        return T.INT

    def member(self, node: ast.Member, scope: Scope, ctx: Context) -> T.Type:
        elem = self.iterable(node.collection, scope, ctx)
        item = self.expr(node.item, scope, ctx)
        if not T.assignable(elem, item):
            self.error(ctx.unit, node.item, "E501", f"{item} can never be in a collection of {elem}")
        return T.BOOL

    def aggregate(self, node: ast.Aggregate, scope: Scope, ctx: Context) -> T.Type:
        want = AGGREGATES.get(node.func)
        if want is None:
            self.error(ctx.unit, node, "E301", f"'{node.func}(... for ...)' is not an aggregate",
                       "use sum, min, max, any or all")
            want = T.ANY
        elem = self.iterable(node.source, scope, ctx)
        inner = Scope(scope)
        self.bind(node.var, node, elem, inner, ctx)
        if node.cond is not None:
            self.expect(node.cond, T.BOOL, inner, ctx, "the 'where' condition")
        self.expect(node.value, want, inner, ctx, f"the value given to {node.func}")
        return want

    def comprehension(self, node: ast.Comprehension, scope: Scope, ctx: Context) -> T.Type:
        elem = self.iterable(node.source, scope, ctx)
        inner = Scope(scope)
        self.bind(node.var, node, elem, inner, ctx)
        self.expect(node.cond, T.BOOL, inner, ctx, "the 'where' condition")
        return T.list_of(elem)

    def misplaced_choice(self, node: ast.ChooseOne | ast.ChooseNumber, scope: Scope,
                         ctx: Context) -> T.Type:
        """A choice inside an expression; where it belongs is checked by `value` (statements)."""
        self.error(ctx.unit, node, "E503", "a choice must be the whole value of 'let' or '='",
                   "write 'let x = player chooses ...' on a line of its own")
        return T.ANY

    def name(self, node: ast.Name, scope: Scope, ctx: Context) -> T.Type:
        found = scope.lookup(node.id)
        if found is not None:
            typ, pyname = found
            self.program.refs[id(node)] = Ref("local", node.id, typ, pyname)
            return typ
        ref = self.globals.get(node.id)
        if ref is not None:
            self.program.refs[id(node)] = ref
            return ref.type
        if node.id in self.game.broken_names:
            return T.ANY  # its declaration is malformed and reported already
        if any(c.id == node.id and c.copies > 1 for c in self.game.cards):
            return self.entry_named(node, ctx)
        if "." in node.id:  # `<card>.<k>`: one copy of a card with copies
            return self.copy_named(node, ctx)
        candidates = scope.all_names() + list(self.globals)
        kind = "name"
        hint = did_you_mean(node.id, candidates)
        for what, items in (("space", self.game.spaces), ("card", self.game.cards),
                            ("region", self.game.regions)):
            close = did_you_mean(node.id, [i.id for i in items])
            if close and close == hint:
                kind = what
                break
        if node.id in self.program.defs or node.id in BUILTINS:
            self.error(ctx.unit, node, "E304", f"'{node.id}' is a definition; call it with (...)")
        else:
            self.error(ctx.unit, node, "E301", f"unknown {kind} '{node.id}'", hint)
        return T.ANY

    def binary(self, node: ast.Binary, scope: Scope, ctx: Context) -> T.Type:
        if node.op in ("and", "or"):
            self.expect(node.left, T.BOOL, scope, ctx, f"the left side of '{node.op}'")
            self.expect(node.right, T.BOOL, scope, ctx, f"the right side of '{node.op}'")
            return T.BOOL
        left = self.expr(node.left, scope, ctx)
        right = self.expr(node.right, scope, ctx)
        if T.ANY in (left, right):
            return T.ANY if node.op in ("|", "&") or T.element_type(left) else T.INT
        left_elem, right_elem = T.element_type(left), T.element_type(right)
        if node.op in ("|", "&") or (node.op == "-" and left_elem is not None):
            if left_elem is None or right_elem is None or not T.assignable(left_elem, right_elem):
                self.error(ctx.unit, node, "E501", f"'{node.op}' combines two collections of the same "
                           f"kind; got {left} and {right}")
                return T.ANY
            return T.list_of(left_elem)
        if left != T.INT or right != T.INT:
            bad = node.left if left != T.INT else node.right
            self.error(ctx.unit, bad, "E501", f"'{node.op}' needs numbers, but this is "
                       f"{left if left != T.INT else right}")
            return T.ANY
        return T.INT

    def compare(self, node: ast.Compare, scope: Scope, ctx: Context) -> T.Type:
        operands = [node.first, *node.rest]
        types = [self.expr(o, scope, ctx) for o in operands]
        for op, (a, b), (na, nb) in zip(node.ops, zip(types, types[1:], strict=False),
                                         zip(operands, operands[1:], strict=False), strict=True):
            if op in ("==", "!="):
                if not (T.assignable(a, b) or T.assignable(b, a)):
                    self.error(ctx.unit, nb, "E501", f"comparing {a} with {b} is always "
                               f"{'false' if op == '==' else 'true'}")
            else:
                for typ, n in ((a, na), (b, nb)):
                    if typ not in (T.INT, T.ANY):
                        self.error(ctx.unit, n, "E501", f"'{op}' compares numbers, but this is {typ}")
        return T.BOOL

    def attribute(self, node: ast.Attribute, scope: Scope, ctx: Context) -> T.Type:
        obj = self.expr(node.obj, scope, ctx)
        if obj == T.ANY:
            return T.ANY
        if obj.name == "row":
            table = self.game.by_id(self.game.tables)[obj.ref]
            if node.attr in table.columns:
                return self.decl_type(table.columns[node.attr])
            self.error(ctx.unit, node, "E301", f"table '{table.id}' has no column '{node.attr}'",
                       did_you_mean(node.attr, list(table.columns)))
            return T.ANY
        if obj.name in ("space", "region", "card"):
            builtin = {"space": SPACE_BUILTIN_ATTRS, "region": REGION_BUILTIN_ATTRS}.get(obj.name, {})
            if node.attr in builtin:
                return builtin[node.attr]
            decls = self.attr_types[obj.name]
            if node.attr in decls:
                return self.decl_type(decls[node.attr].type)
            self.error(ctx.unit, node, "E301", f"{obj.name}s have no attribute '{node.attr}'",
                       did_you_mean(node.attr, list(decls) + list(builtin)) or
                       f"declare it under attributes.{obj.name}s in game.yaml")
            return T.ANY
        self.error(ctx.unit, node, "E501", f"{obj} has no attributes")
        return T.ANY

    def index(self, node: ast.Index, scope: Scope, ctx: Context) -> T.Type:
        obj = self.expr(node.obj, scope, ctx)
        unit = ctx.unit
        if obj == T.ANY:
            self.expr(node.key, scope, ctx)
            return T.ANY
        if obj.name == "counter":
            self.expect(node.key, T.SPACE, scope, ctx, f"the index of counter '{obj.ref}'")
            if obj.per_player:
                return T.Type("counter_cell", ref=obj.ref)
            self.program.refs[id(node)] = Ref("counter_cell", obj.ref or "", T.INT)
            return T.INT
        if obj.name == "counter_cell":
            self.expect(node.key, T.PLAYER, scope, ctx, f"the player index of '{obj.ref}'")
            self.program.refs[id(node)] = Ref("counter_cell", obj.ref or "", T.INT)
            return T.INT
        if obj.name == "track_family":
            self.expect(node.key, T.PLAYER, scope, ctx, f"the player index of track '{obj.ref}'")
            self.program.refs[id(node)] = Ref("track_cell", obj.ref or "", T.INT)
            return T.INT
        if obj.name == "zone_family":
            self.expect(node.key, T.PLAYER, scope, ctx, f"the player index of zone '{obj.ref}'")
            return T.ZONE
        if obj.name == "table":
            table = self.game.by_id(self.game.tables)[obj.ref]
            key_type = self.decl_type(table.columns.get(table.key, "int"))
            self.expect(node.key, key_type, scope, ctx, f"the key of table '{table.id}'")
            return T.row(table.id)
        self.expr(node.key, scope, ctx)
        self.error(unit, node, "E501", f"{obj} cannot be indexed with [...]")
        return T.ANY



EXPRESSION_RULES: dict[type[ast.Expr], Callable[..., T.Type]] = {
    ast.IntLit: ExpressionRules.literal,
    ast.BoolLit: ExpressionRules.literal,
    ast.NoneLit: ExpressionRules.literal,
    ast.TextLit: ExpressionRules.literal,
    ast.Dice: ExpressionRules.dice,
    ast.Name: ExpressionRules.name,
    ast.ListLit: ExpressionRules.list_lit,
    ast.Unary: ExpressionRules.unary,
    ast.Binary: ExpressionRules.binary,
    ast.Compare: ExpressionRules.compare,
    ast.Member: ExpressionRules.member,
    ast.Attribute: ExpressionRules.attribute,
    ast.Index: ExpressionRules.index,
    ast.Call: CallRules.call,
    ast.Aggregate: ExpressionRules.aggregate,
    ast.Comprehension: ExpressionRules.comprehension,
    ast.ChooseOne: ExpressionRules.misplaced_choice,
    ast.ChooseNumber: ExpressionRules.misplaced_choice,
}
