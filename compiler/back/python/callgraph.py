"""What the calls between definitions decide about the code: which procedures may ask a player
(they become resumable frames, resumable.py) and which definitions may recur (they count
a step on entry). Separate because both are read from the whole program before any function is
written."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.front.resolve import Program
from dsl import ast


def _derived(program: Program, what: str, compute: Callable[[Program], set[str]]) -> frozenset[str]:
    """`compute(program)`, once per program: scenarios add units to a resolved program but never
    definitions, so the answer holds while the definitions are the same objects."""
    key = tuple(map(id, program.defs.values()))
    cached = program.derived.get(what)
    if cached is None or cached[0] != key:
        cached = program.derived[what] = (key, frozenset(compute(program)))
    return cached[1]

# ---- which bodies may ask for decisions ----------------------------------------------------


def asks(body: Any, program: Program, yielding: set[str]) -> bool:
    """Whether a body (or one statement) may ask a player: it then becomes a resumable frame.
    The clauses of a lasting statement are not part of it: they run later, in their own functions."""
    todo: list[ast.Node] = [body] if isinstance(body, ast.Node) else list(body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.LastingStmt):
            continue
        if isinstance(node, ast.ChooseStmt | ast.OptionsStmt | ast.ChooseOne | ast.ChooseNumber |
                      ast.EmitStmt):
            return True
        if isinstance(node, ast.Call) and (node.func == "play_event" or node.func in yielding):
            return True
        todo.extend(node.children())
    return False


def yielding_procedures(program: Program) -> frozenset[str]:
    """The procedures that may ask for a decision, directly or through the procedures they call."""
    return _derived(program, "yielding", _yielding)


def _yielding(program: Program) -> set[str]:
    procs = {n: s for n, s in program.defs.items() if s.kind == "procedure"}
    yielding: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, sig in procs.items():
            if name not in yielding and asks(sig.node.body, program, yielding):
                yielding.add(name)
                changed = True
    return yielding


# ---- which definitions may recur -------------------------------------------------------------


def _calls(program: Program, body: tuple) -> set[str]:
    """The definitions a body calls, with those its calls' default arguments call (a default is
    evaluated by the caller)."""
    called: set[str] = set()
    todo: list[ast.Node] = list(body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Call) and node.func in program.defs and node.func not in called:
            called.add(node.func)
            todo.extend(d for _, _, d in program.defs[node.func].params if d is not None)
        todo.extend(node.children())
    return called


def recurring_definitions(program: Program) -> frozenset[str]:
    """Definitions on a cycle of calls: only these, of all definitions, count a step on entry
    (a runaway needs a loop or a cycle; cycles through events, triggers and hooks pass through
    functions that always count)."""
    return _derived(program, "recurring", _recurring)


def _recurring(program: Program) -> set[str]:
    calls = {name: _calls(program, sig.node.body) for name, sig in program.defs.items()
             if isinstance(sig.node, ast.Definition)}
    recurring: set[str] = set()
    for start, first in calls.items():
        seen: set[str] = set()
        todo = list(first)
        while todo:
            name = todo.pop()
            if name == start:
                recurring.add(start)
                break
            if name not in seen:
                seen.add(name)
                todo.extend(calls.get(name, ()))
    return recurring
