"""Expressions -> Python expressions: literals, names (locals, constants, tracks, variables,
zones), operators and comparisons, membership, attributes, indexing (a counter cell `tokens[s][p]`
reads `st.c[C_TOKENS][s][p]`), calls of definitions and built-ins (BUILTIN_TEMPLATES), aggregates and
comprehensions. One handler per node type, looked up in EXPRESSIONS; an expression never emits a
statement except a temporary (`hold`) or a hoisted set (`iteration`). Statements are in
statements.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from compiler.back.python.context import LoweringContext
from compiler.back.python.emitter import const
from compiler.front import types as T
from dsl import ast

# How each built-in is written in Python: {0}, {1} are its lowered arguments.
BUILTIN_TEMPLATES = {
    "abs": "abs({0})",
    "opponent": "(1 - {0})",
    "next_player": "st.next_player({0})",
    "previous_player": "st.previous_player({0})",
    "adjacent": "({1} in st.g.adjacent_set[{0}])",
    "has_event": "({0} in st.g.spec.events)",
    "event_possible": "st.event_possible({0}, {1})",
    "top": "st.top({0})",
    "bottom": "st.bottom({0})",
    "grid_cell": "st.grid_cell({0}, {1})",
    "on_grid": "(st.grid.cell_of[{0}] is not None)",
    "cell_of": "st.grid.cell_of[{0}]",
    "place_on_grid": "st.place_on_grid({0}, {1})",
    "remove_from_grid": "st.grid.remove({0})",
}
# Built-ins whose argument is a collection (a region or zone becomes a list first), and the
# runtime helper each needs imported.
COLLECTION_BUILTINS = {
    "size": ("len({0})", None),
    "random": ("st.random_item({0})", None),
    "first": ("first({0})", "first"),
    "open_cells": ("st.grid.open_cells({0})", None),
}


class ExpressionLowering(LoweringContext):
    """Lowers expressions; `ex(node)` is the entry, dispatching on the node's type."""

    def ex(self, node: ast.Expr) -> str:
        """The Python expression for `node`."""
        handler = self.EXPRESSIONS.get(type(node))
        if handler is None:  # pragma: no cover
            raise AssertionError(f"cannot lower {type(node).__name__}")
        return self.kept(node, handler(self, node))

    def coll(self, node: ast.Expr) -> str:
        """An expression used as a collection: zones and regions become lists."""
        typ = self.typ(node)
        code = self.ex(node)
        if typ == T.ZONE:
            return f"st.zones[{code}]"
        if typ == T.REGION:
            return f"st.g.region_spaces[{code}]"
        return code

    def listed(self, node: ast.Expr, code: str) -> str:
        """`code`, the value of `node`, as a list where a list is kept: a region becomes a list of
        its spaces and a zone a copy of its cards (a list kept must not follow the zone)."""
        typ = self.typ(node)
        if typ == T.ZONE:
            return f"list(st.zones[{code}])"
        if typ == T.REGION:
            return f"list(st.g.region_spaces[{code}])"
        return code

    def kept(self, node: ast.Expr, code: str) -> str:
        """`code`, the value of `node`, as a list where the resolver found a region or zone kept
        where a list is (program.as_list); else as it is."""
        return self.listed(node, code) if id(node) in self.p.as_list else code

    def item_kind(self, node: ast.Expr) -> str:
        elem = T.element_type(self.typ(node)) or T.ANY
        return elem.ref if elem.name == "enum" else elem.name

    # -- literals and names
    def literal(self, node: ast.IntLit | ast.BoolLit | ast.TextLit) -> str:
        return repr(node.value)

    def none(self, node: ast.NoneLit) -> str:
        return "None"

    def list_literal(self, node: ast.ListLit) -> str:
        return "[" + ", ".join(self.ex(i) for i in node.items) + "]"

    def name(self, node: ast.Name) -> str:
        ref = self.ref(node)
        if ref.kind == "local":
            return ref.pyname
        if ref.kind == "constant":
            return repr(ref.name) if ref.type.name == "enum" else self.use(const(ref.name))
        if ref.kind == "copy":  # one copy of a card with copies, named by a scenario: its index
            return ref.pyname
        if ref.kind == "track":
            return f"st.t[{self.use('T_' + ref.name.upper())}]"
        if ref.kind == "variable":
            return f"st.v[{self.use('V_' + ref.name.upper())}]"
        if ref.kind == "zone":
            return self.use(f"Z_{ref.name.upper()}")
        if ref.kind == "collection":
            return f"st.g.{ref.name}"
        # families are only used through an index; see `index`
        return self.use({"track_family": "T_", "zone_family": "Z_", "counter": "C_",
                         "table": "TABLE_"}[ref.kind] + ref.name.upper())

    # -- operators
    def unary(self, node: ast.Unary) -> str:
        return f"(not {self.ex(node.operand)})" if node.op == "not" else f"(-{self.ex(node.operand)})"

    def binary(self, node: ast.Binary) -> str:
        left, right = self.ex(node.left), self.ex(node.right)
        if node.op in ("and", "or"):
            return f"({left} {node.op} {right})"
        if T.element_type(self.typ(node)) is not None:
            left, right = self.coll(node.left), self.coll(node.right)
            fn = self.helper({"|": "union", "&": "inter", "-": "minus"}[node.op])
            return f"{fn}({left}, {right})"
        op = "//" if node.op == "/" else node.op
        return f"({left} {op} {right})"

    def compare(self, node: ast.Compare) -> str:
        parts = [self.compared(node.first)]
        for op, (left, operand) in zip(node.ops, zip([node.first, *node.rest], node.rest,
                                                      strict=False), strict=True):
            if op in ("==", "!=") and (isinstance(operand, ast.NoneLit) or
                                       isinstance(left, ast.NoneLit)):
                op = "is" if op == "==" else "is not"
            parts += [op, self.compared(operand)]
        return "(" + " ".join(parts) + ")"

    def compared(self, node: ast.Expr) -> str:
        """An operand of a comparison; a list as a Python list, since attribute lists and the
        map's lists are tuples and a tuple never equals a list."""
        code = self.ex(node)
        if self.typ(node).name != "list" or isinstance(node, (ast.ListLit, ast.Comprehension)):
            return code
        return f"list({code})"

    def member(self, node: ast.Member) -> str:
        typ = self.typ(node.collection)
        item = self.ex(node.item)
        neg = "not " if node.negated else ""
        if typ == T.ZONE:
            op = "!=" if node.negated else "=="
            return f"(st.where[{item}] {op} {self.ex(node.collection)})"
        if typ == T.REGION:
            return f"({item} {neg}in st.g.region_set[{self.ex(node.collection)}])"
        hoisted = self.membership_set(node.collection)
        if hoisted is not None:
            return f"({item} {neg}in {hoisted})"
        return f"({item} {neg}in {self.coll(node.collection)})"

    # -- attributes and indexing
    def attribute(self, node: ast.Attribute) -> str:
        obj_type = self.typ(node.obj)
        obj = self.ex(node.obj)
        if obj_type.name == "row":
            return f"{obj}.{node.attr}"
        if obj_type == T.SPACE and node.attr == "adjacent":
            if self.game.layout == "grid":  # who is next to whom changes as spaces are laid
                return f"st.grid.adjacent({obj})"
            return f"st.g.adjacent[{obj}]"
        if obj_type == T.SPACE and node.attr == "regions":
            return f"st.g.space_regions[{obj}]"
        if obj_type == T.REGION and node.attr == "spaces":
            return f"st.g.region_spaces[{obj}]"
        return f"{self.use(obj_type.name.upper() + '_' + node.attr.upper())}[{obj}]"

    def index(self, node: ast.Index) -> str:
        obj_type = self.typ(node.obj)
        key = self.ex(node.key)
        if obj_type.name == "counter":
            return f"st.c[{self.use('C_' + obj_type.ref.upper())}][{key}]"
        if obj_type.name == "counter_cell":
            return f"{self.ex(node.obj)}[{key}]"
        if obj_type.name == "track_family":
            return f"st.t[{self.use('T_' + obj_type.ref.upper())} + {key}]"
        if obj_type.name == "zone_family":
            return f"({self.use('Z_' + obj_type.ref.upper())} + {key})"
        if obj_type.name == "table":
            table = self.use("TABLE_" + obj_type.ref.upper())
            return f"{self.helper('row')}({table}, {key}, {obj_type.ref!r})"
        raise AssertionError("cannot index")  # pragma: no cover

    # -- calls
    def args(self, sig, node: ast.Call) -> list[str]:
        """The arguments of a call of a definition, its omitted defaults filled in."""
        args = [self.ex(a) for a in node.args]
        for _, _, default in sig.params[len(node.args):]:
            args.append(self.ex(default))
        return args

    def call(self, node: ast.Call) -> str:
        sig = self.p.defs.get(node.func)
        if sig is not None:
            prefix = {"procedure": "p_", "function": "f_", "hook": "h_"}[sig.kind]
            return f"{prefix}{node.func}(st{''.join(', ' + a for a in self.args(sig, node))})"
        f = node.func
        if f == "option":
            return f"st.g.options[{node.args[0].id!r}]"
        if f == "active":
            return f"st.active({node.args[0].id!r})"
        if f == "roll":
            dice = node.args[0]
            return f"st.roll({dice.sides}, {dice.count})" if dice.count != 1 else f"st.roll({dice.sides})"
        if f in COLLECTION_BUILTINS:
            template, helper = COLLECTION_BUILTINS[f]
            if helper:
                self.helper(helper)
            return template.format(self.coll(node.args[0]))
        args = [self.ex(a) for a in node.args]
        if f in ("min", "max"):
            return f"{f}({', '.join(args)})"
        if f == "adjacent" and self.game.layout == "grid":
            return f"({args[1]} in st.grid.adjacent({args[0]}))"
        return BUILTIN_TEMPLATES[f].format(*args)

    # -- aggregates and comprehensions
    def aggregate(self, node: ast.Aggregate) -> str:
        var = self.pyname(node)
        gen = self.iteration(var, node.source, node.cond, node.value)
        if node.func in ("min", "max"):
            return f"{node.func}(({gen}), default=0)"
        return f"{node.func}({gen})"

    def comprehension(self, node: ast.Comprehension) -> str:
        var = self.pyname(node)
        return f"[{self.iteration(var, node.source, node.cond, None)}]"

    def iteration(self, var: str, source: ast.Expr, cond: ast.Expr | None, value: ast.Expr | None) -> str:
        """`value for var in source if cond`. In the outermost one, each local list tested with
        `in` inside becomes a set once (`for _in1 in (frozenset(base),)`): membership in a
        list is a scan, and a condition runs once per item."""
        outermost = self.hoisted is None
        if outermost:
            self.hoisted = []
        source_code = self.coll(source)
        self.bound.append(var)
        try:
            cond_code = f" if {self.ex(cond)}" if cond is not None else ""
            value_code = self.ex(value) if value is not None else var
        finally:
            self.bound.pop()
        clauses = ""
        if outermost:
            clauses = "".join(f"for {name} in (frozenset({code}),) " for name, code in self.hoisted)
            self.hoisted = None
        return f"{value_code} {clauses}for {var} in {source_code}{cond_code}"

    def membership_set(self, collection: ast.Expr) -> str | None:
        """The hoisted set standing for a local list inside a comprehension, if it can be one."""
        if self.hoisted is None or not isinstance(collection, ast.Name):
            return None
        ref = self.ref(collection)
        if ref.kind != "local" or ref.pyname in self.bound:
            return None
        for name, code in self.hoisted:
            if code == ref.pyname:
                return name
        name = self.e.temp("in")
        self.hoisted.append((name, ref.pyname))
        return name

    # The handler of each expression node type (a missing one is a bug of the compiler).
    EXPRESSIONS: ClassVar[dict[type[ast.Expr], Callable[[Any, Any], str]]] = {
        ast.IntLit: literal,
        ast.BoolLit: literal,
        ast.TextLit: literal,
        ast.NoneLit: none,
        ast.Name: name,
        ast.ListLit: list_literal,
        ast.Unary: unary,
        ast.Binary: binary,
        ast.Compare: compare,
        ast.Member: member,
        ast.Attribute: attribute,
        ast.Index: index,
        ast.Call: call,
        ast.Aggregate: aggregate,
        ast.Comprehension: comprehension,
    }
