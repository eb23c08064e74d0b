"""The local names of effect text: parameters, `let`, loop, choice and comprehension variables.

The resolver records that a name is a local (`Ref.kind == "local"`) but not which binding it
means, so the binding is found here as the language scopes it: within one definition (or one
card's event), a name means the nearest binding before it, except that the variable of a
comprehension, an aggregate or a choice of one (`{s in x where ...}`, `sum(... for s in x)`,
`chooses one c in xs where ...`) holds inside that expression only, whichever side of it the
name stands on. Each binding is a symbol of its own (`local`):
`c` of one card is not `c` of another.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from dsl import ast

Pos = tuple[int, int]  # (line, col) inside a unit's text, 1-based
At = tuple[str, int, int, int]  # where in a file: (path as shown, line, col, end col)


@dataclass
class Local:
    """One binding of a local name: where it is written, where it is used, what it is (`Ref`)."""

    name: str
    declared: At
    ref: Any
    uses: list[At] = field(default_factory=list)


def local_names(unit: Any, program: Any) -> Iterator[Local]:
    """Each binding of `unit` that is used, with its uses."""
    if unit.tree is None:
        return
    lines = unit.text.split("\n")
    scopes = [node for node in unit.tree.walk() if isinstance(node, ast.Definition)] or [unit.tree]
    for scope in scopes:
        binders = list(_binders(scope, lines))
        found: dict[int, Local] = {}
        for node in scope.walk():
            ref = program.refs.get(id(node))
            if not (isinstance(node, ast.Name) and ref is not None and ref.kind == "local"):
                continue
            at = (node.span.line, node.span.col)
            binder = _binding(binders, node.id, at)
            if binder is None:
                continue
            index, (name, where, _, _) = binder
            if index not in found:
                found[index] = Local(name, _place(unit, where, name), ref)
            use = _place(unit, at, name)
            if use != found[index].declared:
                found[index].uses.append(use)
        yield from found.values()


def _binding(binders: list[tuple[str, Pos, Pos | None, Pos | None]], name: str,
             at: Pos) -> tuple[int, tuple[str, Pos, Pos | None, Pos | None]] | None:
    """The binding `name` at `at` means: the innermost expression binding it around `at`, else the
    latest binding before `at`."""
    inner = [(i, b) for i, b in enumerate(binders) if b[0] == name and b[2] is not None
             and b[2] <= at <= b[3]]
    if inner:
        return max(inner, key=lambda item: item[1][2])
    before = [(i, b) for i, b in enumerate(binders) if b[0] == name and b[2] is None and b[1] <= at]
    return max(before, key=lambda item: item[1][1]) if before else None


def _binders(scope: Any, lines: list[str]) -> Iterator[tuple[str, Pos, Pos | None, Pos | None]]:
    """(name, where it is written, and for an expression's own variable the span it holds in)."""
    for node in scope.walk():
        if isinstance(node, ast.Param | ast.LetStmt):
            names, pattern = [node.name], None
        elif isinstance(node, ast.Aggregate):
            names, pattern = [node.var], r"\bfor\s+({})\b"
        elif isinstance(node, ast.Comprehension | ast.ForStmt | ast.ChooseStmt | ast.ChooseOne):
            names, pattern = [node.var], (r"\bone\s+({})\b" if isinstance(node, ast.ChooseOne) else None)
        elif isinstance(node, ast.ModifyClause | ast.ForbidClause | ast.WhenClause):
            names, pattern = list(node.names), None
        else:
            continue
        # an expression's own variable holds inside it only (`one c in xs where c ...`)
        held = isinstance(node, ast.Aggregate | ast.Comprehension | ast.ChooseOne)
        span = node.span
        for name in names:
            where = _written(lines, span.line, span.col, name, pattern)
            if where is not None:
                yield name, where, (span.line, span.col) if held else None, \
                    (span.end_line, span.end_col) if held else None


def _written(lines: list[str], line: int, col: int, name: str, pattern: str | None) -> Pos | None:
    """Where `name` is first written on `line` from `col` on (after `for` for an aggregate)."""
    if not 0 < line <= len(lines):
        return None
    regex = re.compile((pattern or r"\b({})\b").format(re.escape(name)))
    found = regex.search(lines[line - 1], max(col - 1, 0))
    return (line, found.start(1) + 1) if found is not None else None


def _place(unit: Any, at: Pos, name: str) -> At:
    span = unit.locate(ast.Pos(at[0], at[1], at[0], at[1] + len(name)))
    return (span.path, span.line, span.col, span.col + len(name))
