"""The resolver and its entry points: effect text -> typed program.

Every rule's code and every card's event is parsed, then each name is bound (to a local, a
declared thing of the game, a definition, or a built-in) and each expression typed. Results go
to side tables keyed by node identity (`Program.types`, `Program.refs`), which the backends
read; faults go to the diagnostics sink, placed at the right line and column of the YAML file.

`Resolver` joins the construct families (one mixin each) and runs them over the units in order:
parse, declare every signature, check definitions, then card events, then the entry procedures.
`resolve_statements` and `resolve_condition` check a scenario's step or expectation the same way.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from compiler import memo
from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front import types as T
from compiler.front.model import Game
from compiler.front.resolve.calls import CallRules
from compiler.front.resolve.control import ControlRules
from compiler.front.resolve.definitions import DefinitionRules
from compiler.front.resolve.expressions import ExpressionRules
from compiler.front.resolve.kept_trees import KeptTrees, kept_trees
from compiler.front.resolve.lasting import LastingRules
from compiler.front.resolve.program import Program, Unit
from compiler.front.resolve.scope import Context, Scope
from compiler.front.resolve.statements import StatementRules
from dsl import ast
from dsl.parser import EffectSyntaxError, parse_body, parse_module

_TREES = memo.table("trees", 2048)  # syntax trees by start rule and text

# What a rule that fails to parse evidently defines (its uses are then not reported again).
_DEFINED = re.compile(r"^\s*(?:procedure|function|hook|event)\s+([a-z_][a-z0-9_]*)", re.M)


class Resolver(DefinitionRules, StatementRules, ControlRules, LastingRules, ExpressionRules, CallRules):
    """Resolve a whole game (`run`), or, given a program already resolved, one more unit."""

    trees: KeptTrees | None = None  # the game's syntax trees kept from its last run, if any

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

    def parse(self, unit: Unit, parse_fn: Callable[[str], Any]) -> Any:
        with self.diags.phase("syntax"):
            return self._parse(unit, parse_fn)

    def _parse(self, unit: Unit, parse_fn: Callable[[str], Any]) -> Any:
        try:
            if self.trees is not None:
                tree = self.trees.parse(unit.text, parse_fn)
            else:
                tree = self._kept_tree(unit.text, parse_fn)
        except EffectSyntaxError as exc:
            span = unit.doc.text_span(unit.path, exc.line, exc.col, exc.end_col)
            self.diags.error(exc.code, exc.message, span, exc.hint)
            return None
        return tree

    def _kept_tree(self, text: str, parse_fn: Callable[[str], Any]) -> Any:
        """`parse_fn(text)`, or the tree of the same text a check before made (compiler/memo.py):
        syntax nodes are never changed, and the side tables are the program's own. A tree goes
        to one unit of a program only (the tables are keyed by node), so a second unit of the
        same text is parsed anew."""
        handed = self.__dict__.setdefault("handed", set())  # ids of the trees this run gave out
        key = (parse_fn.__name__, text)
        tree = _TREES.get(key)
        if tree is None or id(tree) in handed:
            tree = parse_fn(text)  # a syntax fault is found anew, never kept
            if _TREES.get(key) is None:
                _TREES.put(key, tree)
        handed.add(id(tree))
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



def resolve_program(game: Game, diags: Diagnostics) -> Program:
    resolver = Resolver(game, diags)
    # The command line's cache, unchanged texts not parsed again; a check kept in memory has the
    # trees of its last run at hand (`_kept_tree`) and writes no file after each edit.
    resolver.trees = None if memo.keeping_on() else kept_trees(game.id)
    program = resolver.run()
    if resolver.trees is not None:
        resolver.trees.save()
    return program


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
