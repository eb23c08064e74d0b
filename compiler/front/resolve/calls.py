"""Calls: of functions and hooks inside expressions, of procedures and events with their
arguments, and of the built-ins (compiler.front.resolve.builtins), each with its own checks.

Separate from the other expressions because a call is checked against a signature (declared by
a definition or listed as a built-in), not against the shape of its operands; whether a
procedure may be called at all where it stands is decided by the statement rules.
"""

from __future__ import annotations

from compiler.diagnostics import did_you_mean
from compiler.front import types as T
from compiler.front.resolve.builtins import BUILTIN_STATEMENTS, BUILTINS, GRID_BUILTINS
from compiler.front.resolve.core import ResolverCore
from compiler.front.resolve.program import Ref, Signature
from compiler.front.resolve.scope import Context, Scope
from dsl import ast


class CallRules(ResolverCore):
    """Check a call's arguments against its signature; type its result."""

    def arguments(self, node: ast.Node, sig: Signature, args: tuple, scope: Scope,
                  ctx: Context) -> None:
        required = sum(1 for _, _, default in sig.params if default is None)
        if not required <= len(args) <= len(sig.params):
            want = f"{required}" if required == len(sig.params) else f"{required} to {len(sig.params)}"
            params = ", ".join(f"{n}: {t}" for n, t, _ in sig.params)
            self.error(ctx.unit, node, "E502", f"'{sig.name}' takes {want} argument(s), not "
                       f"{len(args)}", f"it is {sig.kind} {sig.name}({params})")
        for arg, (pname, ptype, _) in zip(args, sig.params, strict=False):
            self.expect(arg, ptype, scope, ctx, f"argument '{pname}' of '{sig.name}'")
        for arg in args[len(sig.params):]:
            self.expr(arg, scope, ctx)

    def call(self, node: ast.Call, scope: Scope, ctx: Context) -> T.Type:
        sig = self.program.defs.get(node.func)
        if sig is not None:
            if sig.kind == "procedure":
                self.error(ctx.unit, node, "E503", f"procedure '{node.func}' can only be called on "
                           "its own line or as the whole value of 'let'",
                           "procedures may ask players for decisions, so they cannot sit inside "
                           "an expression")
                return sig.returns
            self.arguments(node, sig, node.args, scope, ctx)
            self.program.refs[id(node)] = Ref("definition", node.func, sig.returns)
            return sig.returns
        if node.func in BUILTINS:
            if node.func in BUILTIN_STATEMENTS:
                self.error(ctx.unit, node, "E503", f"'{node.func}' can only be called on its own line")
            return self.builtin(node, scope, ctx)
        if node.func in self.program.events:
            self.error(ctx.unit, node, "E304", f"'{node.func}' is an event; use 'emit {node.func}(...)'")
            return T.ANY
        for arg in node.args:
            self.expr(arg, scope, ctx)
        if node.func in self.rejected:
            return T.ANY
        known = list(self.program.defs) + list(BUILTINS)
        self.error(ctx.unit, node, "E301", f"unknown function '{node.func}'",
                   did_you_mean(node.func, known))
        return T.ANY

    def builtin(self, node: ast.Call, scope: Scope, ctx: Context, statement: bool = False) -> T.Type:
        params, result, pure_ok = BUILTINS[node.func]
        unit = ctx.unit
        self.program.refs[id(node)] = Ref("builtin", node.func, result)
        if not pure_ok and self.forbid_in_pure(node, ctx, f"'{node.func}'"):
            return T.ANY
        if node.func in ("option", "active"):
            if len(node.args) != 1 or not isinstance(node.args[0], ast.Name):
                self.error(unit, node, "E502", f"'{node.func}' takes one name, e.g. "
                           f"{node.func}({'variant' if node.func == 'option' else 'label'})")
                return T.ANY
            name = node.args[0].id
            if node.func == "option":
                if name not in self.option_ids:
                    self.error(unit, node.args[0], "E301", f"unknown option '{name}'",
                               did_you_mean(name, list(self.option_ids)) or
                               "declare it under 'options' in game.yaml")
                    return T.ANY
                declared = self.option_ids[name]
                if declared.choices is not None:
                    return self.note(node, T.enum(declared.choices))
                return self.note(node, T.BOOL if isinstance(declared.default, bool) else T.INT)
            self.label(node.args[0], name, ctx)
            return self.note(node, T.BOOL)
        if node.func == "opponent" and self.game.seats()[1] != 2:
            seats = self.game.seats()
            count = str(seats[1]) if seats[0] == seats[1] else f"{seats[0]} to {seats[1]}"
            self.error(unit, node, "E502", f"'opponent' needs a game of exactly two players; this one "
                       f"seats {count}", "use next_player(p) or a loop over players")
        if node.func in GRID_BUILTINS and self.game.layout != "grid":
            self.error(unit, node, "E502", f"'{node.func}' needs a map laid on a grid",
                       "put 'layout: grid' in the map file when spaces are laid during play")
        if params is None:  # min / max over numbers
            if len(node.args) < 2:
                self.error(unit, node, "E502", f"'{node.func}' takes two or more numbers",
                           f"for a collection use {node.func}(x for x in ...)")
            for arg in node.args:
                self.expect(arg, T.INT, scope, ctx, f"an argument of '{node.func}'")
            return T.INT
        if len(node.args) != len(params):
            self.error(unit, node, "E502", f"'{node.func}' takes {len(params)} argument(s), not "
                       f"{len(node.args)}")
            for arg in node.args:
                self.expr(arg, scope, ctx)
            return result
        out = result
        for arg, want in zip(node.args, params, strict=True):
            if want.name == "collection":
                elem = self.iterable(arg, scope, ctx)
                if result == T.ANY:
                    out = elem
            else:
                self.expect(arg, want, scope, ctx, f"the argument of '{node.func}'")
        return out

