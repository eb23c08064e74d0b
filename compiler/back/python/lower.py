"""Python backend: the typed program -> a readable engine package. Start here.

Output, for a game `g`:

    generated/g/__init__.py   the Game class and the spec wiring everything together
    generated/g/data.py       constants (players, spaces, cards...), attribute tables, tables
    generated/g/rules.py      procedures, functions and hooks of the rule files
    generated/g/cards.py      card events

Procedures, events and triggers that may ask a player are resumable frames (resumable.py: a
class that stops to return a decision and is resumed with the answer, its state plain data so
that a game can be copied); those that never ask are plain functions. Every function
opens with a comment naming the content file and line it comes from, and rules.py and cards.py
end with a table mapping each generated line to its content statement (SOURCE_LINES, written by
emitter.py), which the runtime reads to report a fault at the content that caused it
(dsl/runtime/faults.py). `while` and `repeat` loops, and functions that may recur, count steps
against the game's step limit (`st.steps`), so a runaway effect stops with an error instead of
hanging.

The parts, each importing only those above it:

    source.py       the only way content text enters generated code (literals, comments, docstrings)
    emitter.py      the line buffer and its source map, the module header, constant names
    context.py      the state a lowering shares across node families (LoweringContext)
    expressions.py  expressions, one handler per node type (EXPRESSIONS); built-ins (BUILTIN_TEMPLATES)
    decisions.py    right-hand sides that ask or run a generator (choose one, choose a number)
    statements.py   statements, `choose` and `options` included, one handler per node type
                    (STATEMENTS); a counter cell's `tokens[s][p] += 1` is `Lowerer.assign`
    callgraph.py    which procedures may ask (generators) and which definitions may recur
    functions.py    whole functions: comment, step on entry, guards (FunctionWriter)
    lasting.py      the clause functions and LastingSpec entries of lasting effects
    writers.py      definitions and card events of rules.py and cards.py (ModuleWriter)
    package.py      data.py and __init__.py (render_data, render_init)
    lower.py        this entry: render_python (the package), render_checks (scenario checks)
"""

from __future__ import annotations

import re

from compiler.back.python.callgraph import asks, recurring_definitions, yielding_procedures
from compiler.back.python.emitter import RUNTIME, Emitter, Source, const, header, import_block
from compiler.back.python.expressions import BUILTIN_TEMPLATES, COLLECTION_BUILTINS
from compiler.back.python.package import render_data, render_init
from compiler.back.python.statements import Lowerer
from compiler.back.python.writers import ModuleWriter
from compiler.front.resolve import Program, Unit
from dsl import ast

__all__ = [
    "BUILTIN_TEMPLATES", "COLLECTION_BUILTINS", "RUNTIME", "Emitter", "Lowerer", "ModuleWriter", "Source",
    "const", "header", "recurring_definitions", "render_checks", "render_data", "render_init",
    "render_python", "yielding_procedures",
]


def _imports(low: Lowerer, extra: str = "") -> str:
    """The imports a module's code needs: runtime helpers, `extra`, then names of data.py."""
    helpers = sorted(low.helpers - {"GameOver"})
    lines = import_block(f"{RUNTIME}.helpers", helpers)
    if low.uses_frames:
        lines += f"from {RUNTIME}.frames import Frame\n"
    if "GameOver" in low.helpers:
        lines += f"from {RUNTIME}.state import GameOver\n"
    if lines:
        lines += "\n"
    lines += extra
    lines += import_block(".data", sorted(low.used))
    return lines


def render_python(program: Program, source: str) -> dict[str, str]:
    """The files of the engine package, by name."""
    game = program.game
    yielding = yielding_procedures(program)
    files: dict[str, str] = {"data.py": render_data(game, source)}

    rules = ModuleWriter(program, yielding)
    for unit in program.units:
        if unit.kind == "rule":
            for node in unit.tree.definitions:
                if isinstance(node, ast.Definition) and program.defs.get(node.name) and \
                        program.defs[node.name].node is node:
                    rules.definition(unit, node)
    head = (header(source) + '"""Procedures, functions and hooks of the rules."""\n\n' +
            _imports(rules.low))
    files["rules.py"] = head + rules.e.text() + rules.e.source_map(head.count("\n") + 1)

    cards = ModuleWriter(program, yielding)
    cards.low.owner = ""
    entries: list[tuple[str, str, str | None]] = []
    index = 0
    for card in game.cards:
        unit = program.card_events.get(card.id)
        if unit is not None:
            name, guard = cards.card_event(unit)
            if card.copies == 1:
                entries.append((cards.low.use(const(card.id)), name, guard))
            else:  # copies have no constant (no effect names one): keyed by index
                entries += [(f"{index + k}", name, guard) for k in range(card.copies)]
        index += card.copies
    body = cards.e.text()
    rule_names = sorted({m for m in _called_rules(body)})
    head = (header(source) + '"""Card events."""\n\n' +
            _imports(cards.low, import_block(".rules", rule_names)))
    files["cards.py"] = (head + body + "\n\nEVENTS = {\n" +
                         "".join(f"    {c}: {n},\n" for c, n, _ in entries) + "}\nEVENT_CHECKS = {\n" +
                         "".join(f"    {c}: {g},\n" for c, _, g in entries if g) + "}\n" +
                         cards.e.source_map(head.count("\n") + 1))
    files["__init__.py"] = render_init(program, source, rules, cards)
    return files


def _called_rules(body: str) -> set[str]:
    """Names of rule functions (p_, f_, h_) that generated card code calls."""
    return set(re.findall(r"\b([pfh]_[a-z0-9_]+)\(st", body))


def render_checks(program: Program, package: str, steps: list[tuple[str, Unit]],
                  conditions: list[tuple[str, Unit]]) -> str:
    """A module of named steps (procedures) and conditions over the state, for scenario files.

    Each condition `name` also gets `name_sides` when it is a single comparison, so a failed
    expectation can show both values.
    """
    writer = ModuleWriter(program, yielding_procedures(program))
    for name, unit in steps:
        where = f"{writer.where(unit, unit.tree)} {name}"
        lowering = {"place": name.replace("_", " "), "node": unit.tree}
        if asks(unit.tree.statements, program, writer.yielding):  # it asks: a resumable frame
            writer.resumable(name, [], "", where, unit, name, unit.tree.statements, **lowering)
        else:
            writer.function(f"def {name}(st):", where, unit, name, unit.tree.statements, **lowering)
    for name, unit in conditions:
        low = writer.low
        tree = unit.tree
        writer.enter(unit, name, f"expectation {name.rpartition('_')[2]}", tree)
        writer.plain(name, "st", f"{writer.where(unit, tree)} {name}", [f"return {low.ex(tree)}"])
        if isinstance(tree, ast.Compare) and len(tree.ops) == 1:
            writer.plain(f"{name}_sides", "st", "both sides, to report a failure",
                         [f"return ({low.ex(tree.first)}, {low.ex(tree.rest[0])})"])
    body = writer.e.text()
    rule_names = sorted(_called_rules(body))
    imports = _imports(writer.low, import_block(f"{package}.rules", rule_names))
    head = imports.replace("from .data import", f"from {package}.data import")
    return head + body + writer.e.source_map(head.count("\n") + 1, with_origins=True)
