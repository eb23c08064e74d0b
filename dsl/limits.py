"""What an effect text may hold beyond its grammar: no control or line-separator characters
(`refuse_controls`, before parsing), and no nesting deeper than `MAX_BLOCK_DEPTH` blocks or
`MAX_EXPRESSION_DEPTH` expression levels (`check_depth`, on the built tree).

Separate from the grammar because both are limits of the passes after the parser (lines and
columns that must match what the author sees; recursive walks and the Python they emit), not
of the language's shape.
"""

from __future__ import annotations

import unicodedata

from . import ast
from .syntax_errors import EffectSyntaxError, char_name

# The deepest expression (operators chained or nested, calls, indexes) and the deepest nesting of
# blocks a text may hold. Two reasons, one check: the passes after the parser (names and types,
# the Python and text backends) walk the tree recursively, and within these limits stay far below
# Python's recursion limit; and the engine stays valid Python, which refuses more than 20 loops
# inside each other, about 100 levels of indentation and 200 open brackets (each block becomes at
# most two levels of indentation and one loop; each expression level at most three brackets).
# The deepest rules of the real games nest 6 blocks and 12 expression levels. What is long rather
# than deep needs no limit: Python nests each `elif` in the `if` before it, but the backend cuts
# a long chain into several `if` statements (MAX_BRANCHES in compiler/back/python/statements.py).
# tests/test_runtime_faults.py compiles engines nested right up to the limits.
# docs/language.md ("Limits") gives the same numbers.
MAX_EXPRESSION_DEPTH = 50
MAX_BLOCK_DEPTH = 16

# Control characters, line and paragraph separators and lone surrogates are refused: they break
# lines for str.splitlines() and YAML but not for the parser, or cannot be seen, so every line and
# column reported would drift from where the author sees it. These three are the exceptions: the
# line break, the tab (refused in indentation with its own message) and the form feed (a space).
_ALLOWED_CONTROLS = {"\n", "\t", "\f"}


def _refused(ch: str, ends_line: bool) -> bool:
    if ch in _ALLOWED_CONTROLS:
        return False
    if ch == "\r":  # the first half of a Windows line break is fine; alone it breaks lines unseen
        return not ends_line
    return unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Cs")


def refuse_controls(text: str) -> None:
    """Raise at the first control, line-separator or lone surrogate character of the text."""
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        for col, ch in enumerate(line, 1):
            if _refused(ch, col == len(line) and number < len(lines)):
                raise EffectSyntaxError(
                    f"character {char_name(ch)} is not allowed in effect text", number, col, col + 1,
                    "remove it (an editor may show it as nothing or as a line break); effect text "
                    "holds printable characters, spaces and line breaks")


def check_depth(tree: ast.Node) -> None:
    """Refuse a tree nested deeper than the limits, walking it without recursion.

    An expression's depth counts its parts from the whole down to the innermost: `x` and `(x)`
    are 1 deep, `a + b`, `-x`, `f(x)` and `x.y` 2; operators group to the left, so a chain
    `1 + 1 + ... + 1` of n terms is n deep. Type names (`list[list[int]]`) count the same way.
    A statement's block depth counts the statements it sits in, itself included."""
    stack: list[tuple[ast.Node, int, int, ast.Node | None]] = [(tree, 0, 0, None)]
    while stack:
        node, blocks, depth, root = stack.pop()
        if isinstance(node, ast.Stmt):
            blocks += 1
            if blocks > MAX_BLOCK_DEPTH:
                _too_deep(node, f"blocks are nested more than {MAX_BLOCK_DEPTH} deep",
                          f"at most {MAX_BLOCK_DEPTH} blocks may be nested; move the inner part "
                          "into a procedure")
        if isinstance(node, ast.Expr | ast.TypeRef):
            depth, root = (depth + 1, root) if root is not None else (1, node)
            if depth > MAX_EXPRESSION_DEPTH:
                _too_deep(root, f"this expression is more than {MAX_EXPRESSION_DEPTH} levels deep",
                          f"at most {MAX_EXPRESSION_DEPTH} levels: each operator of a chain, each "
                          "call, index, attribute and 'not' adds one; compute parts first with "
                          "'let', or add up a collection with sum(... for x in ...)")
        else:
            depth, root = 0, None
        stack.extend((child, blocks, depth, root) for child in node.children())


def _too_deep(node: ast.Node, message: str, hint: str) -> None:
    pos = node.span
    end = pos.end_col if pos.end_line == pos.line else None
    raise EffectSyntaxError(message, pos.line, pos.col, end, hint, code="E403")
