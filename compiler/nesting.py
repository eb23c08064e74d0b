"""How deeply effect text nests, checked before anything else reads the tree.

Python refuses code nested too deeply: more than 20 loops inside each other, about 100 levels
of indentation, 200 open brackets. Each block of effect text becomes at most two levels of
indentation and one loop of Python, each level of an expression at most three brackets, so the
limits below keep every engine valid Python with room to spare (tests/test_runtime_faults.py
compiles engines nested right up to them). They are far beyond what rules need: the deepest
rules of the real games nest 6 blocks and 12 expression levels. The walk is iterative, so a tree
of any depth is measured without recursion.
"""

from __future__ import annotations

from collections.abc import Callable

from dsl import ast

from .diagnostics import Diagnostics, Span

BLOCK_LIMIT = 16  # statements inside statements (an `if` in a `for`: 2)
EXPRESSION_LIMIT = 50  # expressions inside expressions (`a + b * c`: 2)


def check_nesting(tree: ast.Node, locate: Callable[[ast.Pos], Span], diags: Diagnostics) -> bool:
    """Report the first statement and the first expression nested past the limits; True if none."""
    block, expression = too_deep(tree)
    if block is not None:
        diags.error("E505", f"statements nested more than {BLOCK_LIMIT} deep", locate(block.span),
                    "move the inner part into a procedure of its own and call it")
    if expression is not None:
        diags.error("E506", f"an expression nested more than {EXPRESSION_LIMIT} deep",
                    locate(expression.span),
                    "compute parts first with `let` (a long chain of + or and counts one level "
                    "per operator)")
    return block is None and expression is None


def too_deep(tree: ast.Node) -> tuple[ast.Node | None, ast.Node | None]:
    """The first statement nested deeper than BLOCK_LIMIT, and the whole expression (the one
    directly under a statement) holding the first part deeper than EXPRESSION_LIMIT; each None
    when there is none."""
    block = expression = None
    # node, how many statements and expressions are around it, the outermost of those expressions
    todo: list[tuple[ast.Node, int, int, ast.Node | None]] = [(tree, 0, 0, None)]
    while todo and (block is None or expression is None):
        node, statements, expressions, whole = todo.pop()
        if isinstance(node, ast.Stmt):
            if statements >= BLOCK_LIMIT and block is None:
                block = node
            statements, expressions, whole = statements + 1, 0, None
        elif isinstance(node, ast.Expr):
            whole = whole or node
            if expressions >= EXPRESSION_LIMIT and expression is None:
                expression = whole
            expressions += 1
        todo.extend((child, statements, expressions, whole) for child in reversed(node.children()))
    return block, expression
