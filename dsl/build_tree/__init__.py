"""Lark's parse tree -> the typed syntax tree of dsl/ast.py, one family of rules per module.

    definitions.py   start rules (module, body, expression) and procedure/function/hook/event
    statements.py    simple and compound statements, choices (`markers[s][p] += 1` is an
                     AssignStmt built by `assign_stmt`)
    lasting.py       lasting effects: durations and modify/forbid/when clauses
    expressions.py   operators, calls, indexes, literals (`markers[s][p]` is built by `index`)
    spans.py         spans from Lark's positions, and small helpers the families share

Each family is a Lark transformer whose methods are named after the grammar's rules (lark's own
dispatch: the method of a rule's name builds its node); `TreeBuilder` joins them.
"""

from __future__ import annotations

from .definitions import DefinitionRules
from .expressions import ExpressionRules
from .lasting import LastingRules
from .statements import StatementRules


class TreeBuilder(DefinitionRules, StatementRules, LastingRules, ExpressionRules):
    """Lark tree -> ast nodes. One method per rule or alias, inherited from the families.

    Non-recursive, so a deeply nested text is turned into a tree whatever its depth; the depth
    is then checked (dsl/limits.py) before any recursive pass sees the tree."""


__all__ = ["TreeBuilder"]
