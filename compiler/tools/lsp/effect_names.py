"""The game's names an effect text uses, each with where it is written in its file.

The resolver records what each name node means (`Program.refs`); a call names its definition at
its start; a few statements name an event or hook by a word that is no node of its own (`emit`,
`until`, `when`, `modify`, `forbid`): that word is found in the statement's text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from compiler.diagnostics import Span
from dsl import ast

# Kinds of reference (compiler/front/resolve/program.py Ref) that name a declared item of the game
GAME_REFS = frozenset({"constant", "track", "track_family", "counter", "variable", "zone", "zone_family",
                       "table", "definition"})


def effect_uses(unit: Any, program: Any, names: set[str]) -> Iterator[tuple[str, Span]]:
    """(name, span in the file) of every name of the game `unit`'s text uses."""
    if unit.tree is None:
        return
    lines = unit.text.split("\n")
    for node in unit.tree.walk():
        ref = program.refs.get(id(node))
        if isinstance(node, ast.Name) and ref is not None and ref.kind in GAME_REFS:
            yield node.id, unit.locate(node.span)
        elif isinstance(node, ast.Call):
            name = node.func
            if node.func == "option" and node.args and isinstance(node.args[0], ast.Name):
                yield from _word(unit, lines, node.args[0].span, node.args[0].id, names)
            if name in names:
                yield from _word(unit, lines, node.span, name, names)
        else:
            for word in _words_of(node):
                yield from _word(unit, lines, node.span, word, names)


def _words_of(node: Any) -> list[str]:
    """The names a statement gives as words, not as nodes."""
    if isinstance(node, ast.EmitStmt | ast.WhenClause | ast.Duration):
        return [node.event] if node.event else []
    if isinstance(node, ast.ModifyClause | ast.ForbidClause):
        return [node.hook]
    return []  # a definition's own name is its declaration: symbols.py places it


def _word(unit: Any, lines: list[str], pos: ast.Pos, word: str,
          names: set[str]) -> Iterator[tuple[str, Span]]:
    if word not in names or not 0 < pos.line <= len(lines):
        return
    found = re.compile(rf"\b{re.escape(word)}\b").search(lines[pos.line - 1], max(pos.col - 1, 0))
    if found is not None:
        yield word, unit.locate(ast.Pos(pos.line, found.start() + 1, pos.line, found.end() + 1))
