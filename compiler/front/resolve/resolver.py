"""Name and type resolution: effect text -> typed program.

Every rule's code and every card's event is parsed, then each name is bound (to a local, a
declared thing of the game, a definition, or a built-in) and each expression typed. Results go
to side tables keyed by node identity (`Program.types`, `Program.refs`), which the backends
read; faults go to the diagnostics sink, placed at the right line and column of the YAML file.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass, field
from typing import Any

from compiler.diagnostics import Diagnostics, Span, did_you_mean
from compiler.front import types as T
from compiler.front.model import BASE_TYPES, Game
from dsl import ast
from dsl.parser import EffectSyntaxError, parse_body, parse_module

# ---- what a name can refer to ---------------------------------------------------------


@dataclass(frozen=True)
class Ref:
    """What a name or place refers to. `kind` is one of:
    local, constant (player/space/region/card/enum value), track, track_family, counter,
    zone, zone_family, table, collection (players/spaces/regions/cards), definition, builtin."""

    kind: str
    name: str
    type: T.Type
    pyname: str = ""


@dataclass
class Signature:
    name: str
    kind: str  # procedure, function, hook, event, builtin
    params: list[tuple[str, T.Type, ast.Expr | None]]
    returns: T.Type
    unit: Unit | None = None
    node: Any = None


@dataclass
class Unit:
    """A piece of effect text: a rule's `code:` or a card's `event:`."""

    kind: str  # "rule" or "event"
    name: str
    text: str
    doc: Any
    path: tuple
    tree: Any = None

    def locate(self, pos: ast.Pos) -> Span:
        end = pos.end_col if pos.end_line == pos.line else None
        return self.doc.text_span(self.path, pos.line, pos.col, end)


@dataclass
class Lasting:
    """A lasting-effect statement and the locals it captures from around it."""

    id: int
    node: ast.LastingStmt
    unit: Unit
    captures: list[str] = field(default_factory=list)
    owner: str = ""


@dataclass
class Program:
    game: Game
    units: list[Unit] = field(default_factory=list)
    defs: dict[str, Signature] = field(default_factory=dict)
    events: dict[str, Signature] = field(default_factory=dict)
    card_events: dict[str, Unit] = field(default_factory=dict)
    types: dict[int, T.Type] = field(default_factory=dict)
    refs: dict[int, Ref] = field(default_factory=dict)
    lasting: list[Lasting] = field(default_factory=list)
    lasting_of: dict[int, Lasting] = field(default_factory=dict)
    labels: dict[str, Span] = field(default_factory=dict)
    pynames: dict[int, str] = field(default_factory=dict)  # binding node -> python local name

    def type_of(self, node: ast.Node) -> T.Type:
        return self.types.get(id(node), T.ANY)


# ---- built-ins ------------------------------------------------------------------------

# name -> (parameter types, result type, usable in functions (no chance, no change))
BUILTINS: dict[str, tuple[tuple[T.Type, ...] | None, T.Type, bool]] = {
    "min": (None, T.INT, True),
    "max": (None, T.INT, True),
    "abs": ((T.INT,), T.INT, True),
    "size": ((T.Type("collection"),), T.INT, True),
    "roll": ((T.DICE,), T.INT, False),
    "random": ((T.Type("collection"),), T.ANY, False),
    "first": ((T.Type("collection"),), T.ANY, True),
    "opponent": ((T.PLAYER,), T.PLAYER, True),
    "adjacent": ((T.SPACE, T.SPACE), T.BOOL, True),
    "has_event": ((T.CARD,), T.BOOL, True),
    "event_possible": ((T.CARD, T.PLAYER), T.BOOL, True),
    "play_event": ((T.CARD, T.PLAYER), T.VOID, False),
    "top": ((T.ZONE,), T.CARD, True),
    "option": ((T.LABEL,), T.INT, True),
    "active": ((T.LABEL,), T.BOOL, True),
}
# Built-ins only for maps with `layout: grid`.
GRID_BUILTINS: dict[str, tuple[tuple[T.Type, ...] | None, T.Type, bool]] = {
    "grid_cell": ((T.INT, T.INT), T.CELL, True),
    "open_cells": ((T.list_of(T.SPACE),), T.list_of(T.CELL), True),
    "on_grid": ((T.SPACE,), T.BOOL, True),
    "cell_of": ((T.SPACE,), T.CELL, True),
    "place_on_grid": ((T.SPACE, T.CELL), T.VOID, False),
    "remove_from_grid": ((T.SPACE,), T.VOID, False),
}
BUILTINS.update(GRID_BUILTINS)
BUILTIN_STATEMENTS = {"play_event", "place_on_grid", "remove_from_grid"}
COLLECTIONS = {"players": T.PLAYER, "spaces": T.SPACE, "regions": T.REGION, "cards": T.CARD}
AGGREGATES = {"sum": T.INT, "min": T.INT, "max": T.INT, "any": T.BOOL, "all": T.BOOL}
SPACE_BUILTIN_ATTRS = {"adjacent": T.list_of(T.SPACE), "regions": T.list_of(T.REGION),
                       "kind": T.enum("space_kind")}
REGION_BUILTIN_ATTRS = {"spaces": T.list_of(T.SPACE)}
RESERVED_PY = {"st", "rt", "g"} | set(dir(__builtins__) if isinstance(__builtins__, dict) else [])


def python_local(name: str) -> str:
    return name + "_" if keyword.iskeyword(name) or name in RESERVED_PY else name


class Scope:
    """Local names of one body; a lasting statement opens a boundary that records captures."""

    def __init__(self, parent: Scope | None = None, boundary: Lasting | None = None):
        self.parent = parent
        self.names: dict[str, tuple[T.Type, str]] = {}
        self.boundary = boundary

    def lookup(self, name: str) -> tuple[T.Type, str] | None:
        scope: Scope | None = self
        crossed: list[Lasting] = []
        while scope is not None:
            if name in scope.names:
                for lasting in crossed:
                    if name not in lasting.captures:
                        lasting.captures.append(name)
                return scope.names[name]
            if scope.boundary is not None:
                crossed.append(scope.boundary)
            scope = scope.parent
        return None

    def all_names(self) -> list[str]:
        out: list[str] = []
        scope: Scope | None = self
        while scope is not None:
            out.extend(scope.names)
            scope = scope.parent
        return out


@dataclass
class Context:
    """What the body being checked is allowed to do."""

    unit: Unit
    kind: str  # procedure, function, hook, event_body, lasting, trigger
    returns: T.Type = T.VOID
    in_loop: bool = False

    @property
    def pure(self) -> bool:
        return self.kind in ("function", "hook", "clause")


class Resolver:
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
        g = self.game
        for kind, items in (("player", g.players), ("space", g.spaces), ("region", g.regions),
                            ("card", g.cards)):
            for item in items:
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

    # -- entry point
    def run(self) -> Program:
        with self.diags.phase("names"):
            return self._run()

    def _run(self) -> Program:
        program = self.program
        modules: list[tuple[Unit, ast.Module]] = []
        for rule in self.game.rules:
            unit = Unit("rule", rule.id, rule.code, rule.document, rule.path)
            tree = self.parse(unit, parse_module)
            if tree is not None:
                unit.tree = tree
                modules.append((unit, tree))
                program.units.append(unit)
            else:  # what it evidently defines is not reported again where it is used
                self.rejected.update(_DEFINED.findall(rule.code))
        # Signatures first, so definitions may call each other in any order.
        for unit, tree in modules:
            for definition in tree.definitions:
                self.declare_definition(unit, definition)
        for card in self.game.cards:
            if card.event is None:
                continue
            unit = Unit("event", card.id, card.event, card.doc, card.path + ("event",))
            tree = self.parse(unit, parse_body)
            if tree is not None:
                unit.tree = tree
                program.card_events[card.id] = unit
                program.units.append(unit)
        for unit in program.units:
            for node in unit.tree.walk():
                if isinstance(node, ast.LastingStmt) and node.label:
                    program.labels.setdefault(node.label, unit.locate(node.span))
        for unit, tree in modules:
            for definition in tree.definitions:
                if isinstance(definition, ast.Definition):
                    self.check_definition(unit, definition)
        for unit in program.card_events.values():
            ctx = Context(unit, "event_body")
            scope = Scope()
            scope.names["player"] = (T.PLAYER, "player")
            scope.names["card"] = (T.CARD, "card")
            self.check_requires_first(unit, unit.tree.statements)
            self.block(unit.tree.statements, scope, ctx)
        self.check_entry()
        return program

    def parse(self, unit: Unit, parse_fn):
        with self.diags.phase("syntax"):
            return self._parse(unit, parse_fn)

    def _parse(self, unit: Unit, parse_fn):
        try:
            tree = parse_fn(unit.text)
        except EffectSyntaxError as exc:
            span = unit.doc.text_span(unit.path, exc.line, exc.col, exc.end_col)
            self.diags.error(exc.code, exc.message, span, exc.hint)
            return None
        return tree

    def check_entry(self) -> None:
        for role, name in self.game.entry.items():
            sig = self.program.defs.get(name)
            if sig is None or sig.kind != "procedure" or sig.params:
                doc = self.game.documents.get(self.game.span.path)
                span = doc.span(("entry", role)) if doc else self.game.span
                self.diags.error("E301", f"entry '{role}' names '{name}', which is not a "
                                 "procedure without parameters", span,
                                 did_you_mean(name, [n for n, s in self.program.defs.items()
                                                     if s.kind == "procedure"]))

    # -- definitions
    def declare_definition(self, unit: Unit, node: ast.Node) -> None:
        name = node.name
        if name in self.globals or name in BUILTINS or name in AGGREGATES:
            what = _KIND_WORDS.get(self.globals[name].kind, self.globals[name].kind) \
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
        if sig.returns != T.VOID and not _always_returns(node.body):
            self.error(unit, node, "E503", f"{sig.kind} '{node.name}' can reach its end without "
                       "returning a value", "end every path with 'return ...'")

    def check_requires_first(self, unit: Unit, body: tuple) -> None:
        leading = True
        for stmt in body:
            if isinstance(stmt, ast.RequireStmt):
                if not leading:
                    self.error(unit, stmt, "E503", "'require' must come before any other statement",
                               "move the condition to the top: it says when this can happen at all")
            else:
                leading = False
        for stmt in body:
            for node in stmt.walk():
                if node is not stmt and isinstance(node, ast.RequireStmt):
                    self.error(unit, node, "E503", "'require' is only allowed at the top level of "
                               "a card event or definition")

    # -- statements
    def block(self, stmts: tuple, scope: Scope, ctx: Context) -> None:
        for stmt in stmts:
            self.stmt(stmt, scope, ctx)

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

    def stmt(self, node: ast.Stmt, scope: Scope, ctx: Context) -> None:
        unit = ctx.unit
        if isinstance(node, ast.LetStmt):
            typ = self.value(node.value, scope, ctx)
            if typ == T.VOID:
                self.error(unit, node.value, "E501", "this gives no value to name")
            self.bind(node.name, node, typ, scope, ctx)
        elif isinstance(node, ast.AssignStmt):
            self.assign(node, scope, ctx)
        elif isinstance(node, ast.ExprStmt):
            expr = node.expr
            if isinstance(expr, ast.Call) and (expr.func in self.program.defs or
                                               expr.func in BUILTIN_STATEMENTS):
                self.value(expr, scope, ctx)
            elif self.expr(expr, scope, ctx) != T.ANY:  # ANY: a fault already reported
                self.error(unit, node, "E503", "this line computes a value and does nothing with it",
                           "assign it with 'let name = ...', or call a procedure")
        elif isinstance(node, ast.RequireStmt):
            self.expect(node.cond, T.BOOL, scope, ctx, "the condition of 'require'")
        elif isinstance(node, ast.ReturnStmt):
            if node.value is None:
                if ctx.returns != T.VOID:
                    self.error(unit, node, "E501", f"return a value of type {ctx.returns} here")
            elif ctx.returns == T.VOID:
                self.error(unit, node, "E501", "this returns nothing; remove the value",
                           "declare a result with '-> type' after the parameters")
            else:
                self.expect(node.value, ctx.returns, scope, ctx, "the returned value")
        elif isinstance(node, ast.MoveStmt):
            if not self.forbid_in_pure(node, ctx, "moving a card"):
                self.expect(node.card, T.CARD, scope, ctx, "what 'move' moves")
                self.expect(node.zone, T.ZONE, scope, ctx, "where 'move' puts the card")
        elif isinstance(node, ast.DrawStmt):
            if not self.forbid_in_pure(node, ctx, "drawing cards"):
                self.expect(node.count, T.INT, scope, ctx, "how many cards to draw")
                self.expect(node.source, T.ZONE, scope, ctx, "where cards are drawn from")
                self.expect(node.dest, T.ZONE, scope, ctx, "where drawn cards go")
        elif isinstance(node, ast.ShuffleStmt):
            if not self.forbid_in_pure(node, ctx, "shuffling"):
                self.expect(node.zone, T.ZONE, scope, ctx, "what to shuffle")
        elif isinstance(node, ast.LogStmt):
            if not self.forbid_in_pure(node, ctx, "logging"):
                for kw in node.args:
                    self.expr(kw.value, scope, ctx)
        elif isinstance(node, ast.EmitStmt):
            if not self.forbid_in_pure(node, ctx, "'emit'"):
                sig = self.program.events.get(node.event)
                if sig is None and node.event in self.rejected:
                    for arg in node.args:
                        self.expr(arg, scope, ctx)
                elif sig is None:
                    self.error(unit, node, "E301", f"unknown event '{node.event}'",
                               did_you_mean(node.event, list(self.program.events)) or
                               f"declare it in a rule: event {node.event}(...)")
                    for arg in node.args:
                        self.expr(arg, scope, ctx)
                else:
                    self.arguments(node, sig, node.args, scope, ctx)
        elif isinstance(node, ast.EndGameStmt):
            if not self.forbid_in_pure(node, ctx, "ending the game") and node.winner is not None:
                self.expect(node.winner, T.PLAYER, scope, ctx, "the winner")
        elif isinstance(node, ast.PassStmt):
            pass
        elif isinstance(node, ast.BreakStmt):
            if not ctx.in_loop:
                self.error(unit, node, "E503", "'break' is only allowed inside a loop")
        elif isinstance(node, ast.CancelStmt):
            if not self.forbid_in_pure(node, ctx, "'cancel'"):
                self.label(node, node.label, ctx)
        elif isinstance(node, ast.IfStmt):
            for cond, body in node.branches:
                self.expect(cond, T.BOOL, scope, ctx, "the condition of 'if'")
                self.block(body, Scope(scope), ctx)
            self.block(node.orelse, Scope(scope), ctx)
        elif isinstance(node, ast.ForStmt):
            elem = self.iterable(node.source, scope, ctx)
            inner = Scope(scope)
            self.bind(node.var, node, elem, inner, ctx)
            if node.cond is not None:
                self.expect(node.cond, T.BOOL, inner, ctx, "the 'where' condition")
            self.block(node.body, inner, _loop(ctx))
        elif isinstance(node, ast.WhileStmt):
            self.expect(node.cond, T.BOOL, scope, ctx, "the condition of 'while'")
            self.block(node.body, Scope(scope), _loop(ctx))
        elif isinstance(node, ast.RepeatStmt):
            self.expect(node.count, T.INT, scope, ctx, "how many times to repeat")
            self.block(node.body, Scope(scope), _loop(ctx))
        elif isinstance(node, ast.ChooseStmt):
            if self.forbid_in_pure(node, ctx, "a choice"):
                return
            self.expect(node.chooser, T.PLAYER, scope, ctx, "who chooses")
            self.expect(node.count, T.INT, scope, ctx, "how many to choose")
            elem = self.iterable(node.source, scope, ctx)
            inner = Scope(scope)
            self.bind(node.var, node, elem, inner, ctx)
            if node.cond is not None:
                self.expect(node.cond, T.BOOL, inner, ctx, "the 'where' condition")
            if node.each_limit is not None:
                self.expect(node.each_limit, T.INT, scope, ctx, "the limit for each item")
            self.block(node.body, inner, ctx)
        elif isinstance(node, ast.OptionsStmt):
            if self.forbid_in_pure(node, ctx, "a choice"):
                return
            self.expect(node.chooser, T.PLAYER, scope, ctx, "who chooses")
            labels: set[str] = set()
            for option in node.options:
                if option.label in labels:
                    self.error(unit, option, "E302", f"option \"{option.label}\" is listed twice")
                labels.add(option.label)
                if option.cond is not None:
                    self.expect(option.cond, T.BOOL, scope, ctx, "the option's condition")
                self.block(option.body, Scope(scope), ctx)
        elif isinstance(node, ast.LastingStmt):
            self.lasting(node, scope, ctx)
        elif isinstance(node, ast.ModifyClause | ast.ForbidClause | ast.WhenClause):
            self.error(unit, node, "E503", f"'{_clause_word(node)}' belongs inside a 'lasting' block")
        else:  # pragma: no cover - every statement kind is handled above
            raise AssertionError(f"unhandled statement {type(node).__name__}")

    def assign(self, node: ast.AssignStmt, scope: Scope, ctx: Context) -> None:
        unit = ctx.unit
        target = node.target
        if isinstance(target, ast.Name) and scope.lookup(target.id) is not None:
            typ, pyname = scope.lookup(target.id)
            self.program.refs[id(target)] = Ref("local", target.id, typ, pyname)
            self.program.types[id(target)] = typ
        else:
            typ = self.expr(target, scope, ctx)
            ref = self.program.refs.get(id(target))
            place = ref is not None and ref.kind in ("track", "track_cell", "counter_cell", "variable")
            if not place:
                if typ != T.ANY:
                    what = "a local name, a track or a counter"
                    self.error(unit, target, "E504", f"cannot assign to this; only {what} can change",
                               "declare a local first with 'let'" if isinstance(target, ast.Name)
                               else None)
                self.value(node.value, scope, ctx)
                return
            if self.forbid_in_pure(node, ctx, "changing a track or counter"):
                return
        if node.op in ("+=", "-=") and typ not in (T.INT, T.ANY):
            self.error(unit, node, "E501", f"'{node.op}' needs a number, but this is {typ}")
        vtype = self.value(node.value, scope, ctx)
        if not T.assignable(typ, vtype):
            self.error(unit, node.value, "E501", f"cannot assign {vtype} to something of type {typ}")

    def lasting(self, node: ast.LastingStmt, scope: Scope, ctx: Context) -> None:
        if self.forbid_in_pure(node, ctx, "a lasting effect"):
            return
        info = Lasting(len(self.program.lasting), node, ctx.unit,
                       owner=f"{ctx.unit.kind}:{ctx.unit.name}")
        self.program.lasting.append(info)
        self.program.lasting_of[id(node)] = info
        duration = node.duration
        if duration.kind == "until" and duration.event not in self.program.events:
            self.error(ctx.unit, duration, "E301", f"unknown event '{duration.event}'",
                       did_you_mean(duration.event or "", list(self.program.events)))
        inner = Scope(scope, boundary=info)
        if duration.kind == "while" and duration.cond is not None:
            self.expect(duration.cond, T.BOOL, inner, Context(ctx.unit, "clause"), "the 'while' condition")
        for clause in node.body:
            if not isinstance(clause, ast.ModifyClause | ast.ForbidClause | ast.WhenClause):
                self.error(ctx.unit, clause, "E503", "a lasting effect holds only 'modify', 'forbid' "
                           "and 'when' clauses")
            elif isinstance(clause, ast.ModifyClause | ast.ForbidClause):
                self.hook_clause(clause, inner, ctx)
            elif isinstance(clause, ast.WhenClause):
                self.when_clause(clause, inner, ctx)

    def clause_scope(self, node, params, scope: Scope, ctx: Context, what: str) -> Scope | None:
        inner = Scope(scope)
        if len(node.names) != len(params):
            self.error(ctx.unit, node, "E502", f"{what} has {len(params)} parameter(s); name "
                       f"{len(params)} here, not {len(node.names)}")
            return None
        for name, (_, ptype, _) in zip(node.names, params, strict=True):
            inner.names[name] = (ptype, python_local(name))
        return inner

    def hook_clause(self, node, scope: Scope, ctx: Context) -> None:
        sig = self.program.defs.get(node.hook)
        word = _clause_word(node)
        want = T.INT if isinstance(node, ast.ModifyClause) else T.BOOL
        if sig is None or sig.kind != "hook":
            hooks = [n for n, s in self.program.defs.items() if s.kind == "hook"]
            self.error(ctx.unit, node, "E301", f"unknown hook '{node.hook}'",
                       did_you_mean(node.hook, hooks) or "declare it in a rule: hook name(...) -> int")
            return
        if sig.returns != want:
            self.error(ctx.unit, node, "E501", f"'{word}' needs a hook that returns {want}; "
                       f"'{node.hook}' returns {sig.returns}",
                       "use 'modify' for int hooks and 'forbid' for bool hooks")
            return
        inner = self.clause_scope(node, sig.params, scope, ctx, f"hook '{node.hook}'")
        if inner is None:
            return
        cctx = Context(ctx.unit, "clause")
        if isinstance(node, ast.ModifyClause):
            self.expect(node.amount, T.INT, inner, cctx, "the modifier")
        if node.cond is not None:
            self.expect(node.cond, T.BOOL, inner, cctx, "the condition")

    def when_clause(self, node: ast.WhenClause, scope: Scope, ctx: Context) -> None:
        sig = self.program.events.get(node.event)
        if sig is None:
            self.error(ctx.unit, node, "E301", f"unknown event '{node.event}'",
                       did_you_mean(node.event, list(self.program.events)))
            return
        inner = self.clause_scope(node, sig.params, scope, ctx, f"event '{node.event}'")
        if inner is None:
            return
        if node.cond is not None:
            self.expect(node.cond, T.BOOL, inner, Context(ctx.unit, "clause"), "the condition")
        self.block(node.body, inner, Context(ctx.unit, "trigger"))

    def label(self, node: ast.Node, name: str, ctx: Context) -> None:
        if name not in self.program.labels:
            self.error(ctx.unit, node, "E301", f"no lasting effect is named '{name}'",
                       did_you_mean(name, list(self.program.labels)) or
                       "name one with 'lasting NAME until ...:'")

    # -- expressions
    def expect(self, node: ast.Expr, want: T.Type, scope: Scope, ctx: Context, what: str) -> T.Type:
        got = self.expr(node, scope, ctx)
        if not T.assignable(want, got):
            self.error(ctx.unit, node, "E501", f"{what} should be {want}, but this is {got}")
        return got

    def iterable(self, node: ast.Expr, scope: Scope, ctx: Context) -> T.Type:
        typ = self.expr(node, scope, ctx)
        elem = T.element_type(typ)
        if elem is None:
            self.error(ctx.unit, node, "E501", f"cannot go through {typ}; expected a list, a region "
                       "or a zone")
            return T.ANY
        return elem

    def value(self, node: ast.Expr, scope: Scope, ctx: Context) -> T.Type:
        """An expression that may also be a choice or a procedure call (whole right-hand sides)."""
        if isinstance(node, ast.ChooseOne | ast.ChooseNumber):
            if self.forbid_in_pure(node, ctx, "a choice"):
                return T.ANY
            self.expect(node.chooser, T.PLAYER, scope, ctx, "who chooses")
            if isinstance(node, ast.ChooseNumber):
                self.expect(node.low, T.INT, scope, ctx, "the lowest number")
                self.expect(node.high, T.INT, scope, ctx, "the highest number")
                return self.note(node, T.INT)
            elem = self.iterable(node.source, scope, ctx)
            inner = Scope(scope)
            self.bind(node.var, node, elem, inner, ctx)
            if node.cond is not None:
                self.expect(node.cond, T.BOOL, inner, ctx, "the 'where' condition")
            return self.note(node, elem)
        if isinstance(node, ast.Call):
            sig = self.program.defs.get(node.func)
            if sig is not None and sig.kind == "procedure":
                if self.forbid_in_pure(node, ctx, f"calling procedure '{node.func}'"):
                    return T.ANY
                self.arguments(node, sig, node.args, scope, ctx)
                self.program.refs[id(node)] = Ref("definition", node.func, sig.returns)
                return self.note(node, sig.returns)
            if node.func in BUILTIN_STATEMENTS:
                return self.builtin(node, scope, ctx, statement=True)
        return self.expr(node, scope, ctx)

    def note(self, node: ast.Node, typ: T.Type) -> T.Type:
        self.program.types[id(node)] = typ
        return typ

    def expr(self, node: ast.Expr, scope: Scope, ctx: Context) -> T.Type:
        return self.note(node, self._expr(node, scope, ctx))

    def _expr(self, node: ast.Expr, scope: Scope, ctx: Context) -> T.Type:
        unit = ctx.unit
        if isinstance(node, ast.IntLit):
            return T.INT
        if isinstance(node, ast.BoolLit):
            return T.BOOL
        if isinstance(node, ast.NoneLit):
            return T.NONE
        if isinstance(node, ast.TextLit):
            return T.TEXT
        if isinstance(node, ast.Dice):
            if node.count < 1 or node.sides < 2:
                self.error(unit, node, "E501", f"'{node.count}d{node.sides}' is not a die roll",
                           "write dice as d6 or 2d6")
            return T.DICE
        if isinstance(node, ast.Name):
            return self.name(node, scope, ctx)
        if isinstance(node, ast.ListLit):
            types = [self.expr(item, scope, ctx) for item in node.items]
            first = next((t for t in types if t not in (T.ANY, T.NONE)), T.ANY)
            for item, typ in zip(node.items, types, strict=True):
                if not T.assignable(first, typ):
                    self.error(unit, item, "E501", f"a list holds one type; this is {typ}, "
                               f"not {first}")
            return T.list_of(first)
        if isinstance(node, ast.Unary):
            if node.op == "not":
                self.expect(node.operand, T.BOOL, scope, ctx, "the operand of 'not'")
                return T.BOOL
            self.expect(node.operand, T.INT, scope, ctx, "the operand of '-'")
            return T.INT
        if isinstance(node, ast.Binary):
            return self.binary(node, scope, ctx)
        if isinstance(node, ast.Compare):
            return self.compare(node, scope, ctx)
        if isinstance(node, ast.Member):
            elem = self.iterable(node.collection, scope, ctx)
            item = self.expr(node.item, scope, ctx)
            if not T.assignable(elem, item):
                self.error(unit, node.item, "E501", f"{item} can never be in a collection of {elem}")
            return T.BOOL
        if isinstance(node, ast.Attribute):
            return self.attribute(node, scope, ctx)
        if isinstance(node, ast.Index):
            return self.index(node, scope, ctx)
        if isinstance(node, ast.Call):
            return self.call(node, scope, ctx)
        if isinstance(node, ast.Aggregate):
            want = AGGREGATES.get(node.func)
            if want is None:
                self.error(unit, node, "E301", f"'{node.func}(... for ...)' is not an aggregate",
                           "use sum, min, max, any or all")
                want = T.ANY
            elem = self.iterable(node.source, scope, ctx)
            inner = Scope(scope)
            self.bind(node.var, node, elem, inner, ctx)
            if node.cond is not None:
                self.expect(node.cond, T.BOOL, inner, ctx, "the 'where' condition")
            self.expect(node.value, want, inner, ctx, f"the value given to {node.func}")
            return want
        if isinstance(node, ast.Comprehension):
            elem = self.iterable(node.source, scope, ctx)
            inner = Scope(scope)
            self.bind(node.var, node, elem, inner, ctx)
            self.expect(node.cond, T.BOOL, inner, ctx, "the 'where' condition")
            return T.list_of(elem)
        if isinstance(node, ast.ChooseOne | ast.ChooseNumber):
            self.error(unit, node, "E503", "a choice must be the whole value of 'let' or '='",
                       "write 'let x = player chooses ...' on a line of its own")
            return T.ANY
        raise AssertionError(f"unhandled expression {type(node).__name__}")  # pragma: no cover

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
                default = self.option_ids[name].default
                return self.note(node, T.BOOL if isinstance(default, bool) else T.INT)
            self.label(node.args[0], name, ctx)
            return self.note(node, T.BOOL)
        if node.func == "opponent" and len(self.game.players) != 2:
            self.error(unit, node, "E502", "'opponent' needs a game of exactly two players")
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


_DEFINED = re.compile(r"^\s*(?:procedure|function|hook|event)\s+([a-z_][a-z0-9_]*)", re.M)
_KIND_WORDS = {"track_family": "track", "zone_family": "zone", "track": "track", "zone": "zone",
               "counter": "counter", "table": "table", "constant": "declared name", "variable": "variable",
               "collection": "built-in collection"}


def _loop(ctx: Context) -> Context:
    return Context(ctx.unit, ctx.kind, ctx.returns, in_loop=True)


def _clause_word(node: ast.Node) -> str:
    return {ast.ModifyClause: "modify", ast.ForbidClause: "forbid",
            ast.WhenClause: "when"}[type(node)]


def _always_returns(body: tuple) -> bool:
    if not body:
        return False
    last = body[-1]
    if isinstance(last, ast.ReturnStmt | ast.EndGameStmt):
        return True
    if isinstance(last, ast.IfStmt):
        return bool(last.orelse) and all(_always_returns(b) for _, b in last.branches) and \
            _always_returns(last.orelse)
    if isinstance(last, ast.OptionsStmt):
        return all(_always_returns(o.body) for o in last.options)
    return False


def resolve_program(game: Game, diags: Diagnostics) -> Program:
    return Resolver(game, diags).run()


def _resolve_unit(program: Program, unit: Unit, diags: Diagnostics, parse_fn, check) -> bool:
    resolver = Resolver(program.game, diags, program)
    before = len(diags)
    tree = resolver.parse(unit, parse_fn)
    if tree is None:
        return False
    unit.tree = tree
    with diags.phase("names"):
        check(resolver, tree)
    return len(diags) == before


def resolve_statements(program: Program, unit: Unit, diags: Diagnostics) -> bool:
    """Check a block of statements run outside any card (a scenario's step), like a procedure."""
    from dsl.parser import parse_body

    def check(resolver: Resolver, tree: ast.Body) -> None:
        resolver.check_requires_first(unit, tree.statements)
        # A step's code is not part of the compiled game, so it cannot own a lasting effect.
        for node in (n for stmt in tree.statements for n in stmt.walk()):
            if isinstance(node, ast.LastingStmt):
                resolver.error(unit, node, "E503", "a scenario step cannot start a lasting effect",
                               "play the card or call the rule that starts it, e.g. play_event(card, player)")
                return
        resolver.block(tree.statements, Scope(), Context(unit, "procedure"))

    return _resolve_unit(program, unit, diags, parse_body, check)


def resolve_condition(program: Program, unit: Unit, diags: Diagnostics) -> bool:
    """Check a bool expression over the state (a scenario's expectation)."""
    from dsl.parser import parse_expression

    def check(resolver: Resolver, tree: ast.Expr) -> None:
        resolver.expect(tree, T.BOOL, Scope(), Context(unit, "function"), "an expectation")

    return _resolve_unit(program, unit, diags, parse_expression, check)
