"""Definitions in rules: `procedure`, `function`, `hook` and `event` - their signatures (declared
first, so definitions may call each other in any order), parameter types, and bodies.

Separate because a definition is checked twice: its signature before any body (`declare_definition`),
its body afterwards with the parameters in scope and its result required on every path.
"""

from __future__ import annotations

from compiler.diagnostics import did_you_mean
from compiler.front import types as T
from compiler.front.model import BASE_TYPES
from compiler.front.resolve.builtins import AGGREGATES, BUILTINS
from compiler.front.resolve.core import ResolverCore
from compiler.front.resolve.program import Signature, Unit
from compiler.front.resolve.scope import Context, Scope, python_local
from dsl import ast

# How a global's kind is named when a definition takes its name.
KIND_WORDS = {"track_family": "track", "zone_family": "zone", "track": "track", "zone": "zone",
              "counter": "counter", "table": "table", "constant": "declared name", "variable": "variable",
              "collection": "built-in collection"}


def always_returns(body: tuple) -> bool:
    """Whether every path through `body` ends in `return` (or ends the game)."""
    if not body:
        return False
    last = body[-1]
    if isinstance(last, ast.ReturnStmt | ast.EndGameStmt):
        return True
    if isinstance(last, ast.IfStmt):
        return bool(last.orelse) and all(always_returns(b) for _, b in last.branches) and \
            always_returns(last.orelse)
    if isinstance(last, ast.OptionsStmt):
        return all(always_returns(o.body) for o in last.options)
    return False




class DefinitionRules(ResolverCore):
    """Declare the signature of each definition, then check its body."""

    def declare_definition(self, unit: Unit, node: ast.Node) -> None:
        name = node.name
        if name in self.globals or name in BUILTINS or name in AGGREGATES:
            what = KIND_WORDS.get(self.globals[name].kind, self.globals[name].kind) \
                if name in self.globals else "built-in"
            self.error(unit, node, "E302", f"'{name}' is already a {what}; choose another name")
            self.rejected.add(name)
            return
        if name in self.program.defs or name in self.program.events:
            self.error(unit, node, "E302", f"'{name}' is defined twice")
            return
        params: list[tuple[str, T.Type, ast.Expr | None]] = []
        seen: set[str] = set()
        for param in node.params:
            if param.name in seen:
                self.error(unit, param, "E302", f"parameter '{param.name}' appears twice")
            seen.add(param.name)
            params.append((param.name, self.type_ref(unit, param.type), param.default))
        if isinstance(node, ast.EventDef):
            self.program.events[name] = Signature(name, "event", params, T.VOID, unit, node)
            return
        returns = self.type_ref(unit, node.returns) if node.returns else T.VOID
        kind = node.keyword
        if kind == "hook" and returns not in (T.INT, T.BOOL):
            self.error(unit, node.returns or node, "E501",
                       f"hook '{name}' must return int (modified by amounts) or bool "
                       "(forbidden by conditions)")
        if kind in ("function", "hook") and returns == T.VOID:
            self.error(unit, node, "E501", f"{kind} '{name}' must declare what it returns "
                       "('-> int', '-> bool', ...)")
        self.program.defs[name] = Signature(name, kind, params, returns, unit, node)

    def type_ref(self, unit: Unit, ref: ast.TypeRef) -> T.Type:
        if ref.name == "list":
            if ref.arg is None:
                self.error(unit, ref, "E501", "say what the list holds, e.g. list[space]")
                return T.list_of(T.ANY)
            return T.list_of(self.type_ref(unit, ref.arg))
        if ref.arg is not None:
            self.error(unit, ref, "E501", f"type '{ref.name}' takes no argument")
        if ref.name in ("zone",):
            return T.ZONE
        if ref.name == "cell":
            return T.CELL
        if ref.name in BASE_TYPES or ref.name in self.game.enums:
            return self.decl_type(ref.name)
        self.error(unit, ref, "E301", f"unknown type '{ref.name}'",
                   did_you_mean(ref.name, list(BASE_TYPES) + ["list", "zone"] + list(self.game.enums)))
        return T.ANY

    def check_definition(self, unit: Unit, node: ast.Definition) -> None:
        sig = self.program.defs.get(node.name)
        if sig is None or sig.node is not node:
            return
        ctx = Context(unit, sig.kind, sig.returns)
        scope = Scope()
        for pname, ptype, default in sig.params:
            scope.names[pname] = (ptype, python_local(pname))
            if default is not None:
                dtype = self.expr(default, Scope(), Context(unit, "function"))
                if not T.assignable(ptype, dtype):
                    self.error(unit, default, "E501", f"default of '{pname}' is {dtype}, not {ptype}")
        self.check_requires_first(unit, node.body)
        self.block(node.body, scope, ctx)
        if sig.returns != T.VOID and not always_returns(node.body):
            self.error(unit, node, "E503", f"{sig.kind} '{node.name}' can reach its end without "
                       "returning a value", "end every path with 'return ...'")

