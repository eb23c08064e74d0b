"""Small helpers every family of tree-building rules shares: a node's span from Lark's `meta`,
the text inside a quoted string, and the optional `secretly` after a chooser."""

from __future__ import annotations

from lark import Token
from lark.tree import Meta

from .. import ast


def pos(meta: Meta) -> ast.Pos:
    """The span Lark recorded for a rule (`propagate_positions`), or NOWHERE for an empty one."""
    if getattr(meta, "empty", True):
        return ast.NOWHERE
    return ast.Pos(meta.line, meta.column, meta.end_line, meta.end_column)


def unquote(tok: Token) -> str:
    return str(tok)[1:-1]


def split_secretly(items: list) -> tuple[bool, list]:
    """Split off the optional `secretly` that follows a choice's chooser."""
    if len(items) > 1 and isinstance(items[1], Token) and items[1].type == "SECRETLY":
        return True, [items[0], *items[2:]]
    return False, items
