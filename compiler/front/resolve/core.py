"""The resolver's shared state and the helpers every construct family uses.

`ResolverCore` holds the game, the diagnostics sink, the program being filled and the game's
global names; it reports faults, binds locals and refuses changes in pure bodies. The families
(expressions, calls, statements, lasting effects, definitions) are mixins over it and reach one
another through `self`; the entry points they offer each other are listed under TYPE_CHECKING.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from compiler.diagnostics import Diagnostics
from compiler.front import types as T
from compiler.front.model import Game, list_item_type
from compiler.front.resolve.builtins import COLLECTIONS
from compiler.front.resolve.program import Program, Ref, Signature, Unit
from compiler.front.resolve.scope import Context, Scope, python_local
from dsl import ast


class ResolverCore:
    """State shared by all construct families, and the helpers they all need."""

    def __init__(self, game: Game, diags: Diagnostics, program: Program | None = None):
        self.game = game
        self.diags = diags
        self.program = program or Program(game)
        self.globals: dict[str, Ref] = {}
        self.option_ids = {o.id: o for o in game.options}
        self.rejected: set[str] = set()  # definitions refused (reported); calls to them are not
        self.attr_types = {
            "space": game.space_attributes, "region": game.region_attributes,
            "card": game.card_attributes,
        }
        self._declare_globals()

    # -- reporting
    def error(self, unit: Unit, node: ast.Node, code: str, message: str,
              hint: str | None = None) -> None:
        self.diags.error(code, message, unit.locate(node.span), hint)

    def decl_type(self, name: str) -> T.Type:
        """The type of a declared attribute, column or variable (`list[suit]` included)."""
        item = list_item_type(name)
        if item is not None:
            return T.list_of(self.decl_type(item)) if item != name else T.ANY
        if name == "int":
            return T.INT
        if name == "bool":
            return T.BOOL
        if name == "text":
            return T.TEXT
        if name in T.ENTITY_NAMES:
            return T.Type(name)
        if name in self.game.enums:
            return T.enum(name)
        return T.ANY

    def _declare_globals(self) -> None:
        # The same for every resolver of a program: a scenario resolves each step and expectation
        # with a resolver of its own, so the table is made once and copied (nothing changes it).
        kept = self.program.derived.get("globals")
        if kept is not None and kept[0] is self.game:
            self.globals = dict(kept[1])
            return
        self._make_globals()
        self.program.derived["globals"] = (self.game, dict(self.globals))

    def _make_globals(self) -> None:
        g = self.game
        for kind, items in (("player", g.players), ("space", g.spaces), ("region", g.regions),
                            ("card", g.cards)):
            for item in items:
                if getattr(item, "copies", 1) == 1:  # a card with copies names no one card
                    self.globals[item.id] = Ref("constant", item.id, T.Type(kind))
        for enum, values in g.enums.items():
            for value in values:
                self.globals[value] = Ref("constant", value, T.enum(enum))
        for track in g.tracks:
            if track.per_player:
                self.globals[track.id] = Ref("track_family", track.id,
                                             T.Type("track_family", ref=track.id))
            else:
                self.globals[track.id] = Ref("track", track.id, T.INT)
        for counter in g.counters:
            self.globals[counter.id] = Ref("counter", counter.id,
                                           T.Type("counter", ref=counter.id,
                                                  per_player=counter.per_player))
        for variable in g.variables:
            self.globals[variable.id] = Ref("variable", variable.id, self.decl_type(variable.type))
        for zone in g.zones:
            if zone.per_player:
                self.globals[zone.id] = Ref("zone_family", zone.id, T.Type("zone_family", ref=zone.id))
            else:
                self.globals[zone.id] = Ref("zone", zone.id, T.ZONE)
        for table in g.tables:
            self.globals[table.id] = Ref("table", table.id, T.Type("table", ref=table.id))
        for name, elem in COLLECTIONS.items():
            self.globals.setdefault(name, Ref("collection", name, T.list_of(elem)))

    # -- locals and purity
    def bind(self, name: str, node: ast.Node, typ: T.Type, scope: Scope, ctx: Context) -> str:
        if name in self.globals and self.globals[name].kind != "collection":
            self.error(ctx.unit, node, "E302", f"'{name}' is already a {self.globals[name].type} "
                       "of the game; choose another local name")
        if name in scope.names:
            self.error(ctx.unit, node, "E302", f"'{name}' is already defined here",
                       f"use '{name} = ...' to change it")
        pyname = python_local(name)
        scope.names[name] = (typ, pyname)
        self.program.pynames[id(node)] = pyname
        return pyname

    def forbid_in_pure(self, node: ast.Node, ctx: Context, what: str) -> bool:
        if ctx.pure:
            self.error(ctx.unit, node, "E503", f"{what} is not allowed in a {ctx.kind}",
                       "functions and hooks only compute values; use a procedure to change the game")
            return True
        return False

    def note(self, node: ast.Node, typ: T.Type) -> T.Type:
        """Record the type of `node` for the back ends."""
        self.program.types[id(node)] = typ
        return typ

    if TYPE_CHECKING:  # provided by the families, called across them
        def expr(self, node: ast.Expr, scope: Scope, ctx: Context) -> T.Type: ...  # expressions

        def expect(self, node: ast.Expr, want: T.Type, scope: Scope, ctx: Context,
                   what: str) -> T.Type: ...  # expressions

        def iterable(self, node: ast.Expr, scope: Scope, ctx: Context) -> T.Type: ...  # expressions

        def arguments(self, node: ast.Node, sig: Signature, args: tuple, scope: Scope,
                      ctx: Context) -> None: ...  # calls

        def builtin(self, node: ast.Call, scope: Scope, ctx: Context,
                    statement: bool = False) -> T.Type: ...  # calls

        def block(self, stmts: tuple, scope: Scope, ctx: Context) -> None: ...  # statements

        def check_requires_first(self, unit: Unit, body: tuple) -> None: ...  # statements

        def label(self, node: ast.Node, name: str, ctx: Context) -> None: ...  # lasting effects
