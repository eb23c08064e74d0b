"""Parse effect text into the syntax tree of dsl/ast.py: the entry points.

`parse_body(text)` parses a card event (statements); `parse_module(text)` parses rule files
(definitions); `parse_expression(text)` one expression. Syntax faults raise `EffectSyntaxError`
with a position inside the text and an author-facing message.

The parts, each in a module of its own:

    grammar.py        effect.lark as Lark LALR parsers, with the indenter
    syntax_errors.py  EffectSyntaxError, SYNTAX_EXAMPLES, and Lark's faults in the author's words
    limits.py         characters refused before parsing; MAX_BLOCK_DEPTH, MAX_EXPRESSION_DEPTH
    build_tree/       Lark's tree -> ast nodes, one module per family (definitions, statements,
                      lasting effects, expressions); `markers[s][p] += 1` is built in
                      build_tree/statements.py (`assign_stmt`) and build_tree/expressions.py
"""

from __future__ import annotations

from functools import lru_cache

from lark import Tree
from lark.exceptions import UnexpectedInput, VisitError
from lark.indenter import DedentError

from . import ast
from .build_tree import TreeBuilder
from .grammar import lalr_parser
from .limits import MAX_BLOCK_DEPTH, MAX_EXPRESSION_DEPTH, check_depth, refuse_controls
from .syntax_errors import SYNTAX_EXAMPLES, EffectSyntaxError, explain, explain_dedent, text_lines

__all__ = ["MAX_BLOCK_DEPTH", "MAX_EXPRESSION_DEPTH", "SYNTAX_EXAMPLES", "EffectSyntaxError",
           "parse_body", "parse_expression", "parse_module"]


def _prepare(text: str) -> str:
    # The indenter needs a final newline; tabs would make indentation ambiguous.
    return text if text.endswith("\n") else text + "\n"


def _parse(text: str, start: str) -> ast.Node:
    text = _prepare(text)
    refuse_controls(text)
    for number, raw in enumerate(text_lines(text), 1):
        if raw.strip() and not raw.lstrip().startswith("#"):
            if raw[0] in " \t":
                raise EffectSyntaxError("the first line must not be indented", number, 1, None,
                                        "start the text at the left margin", code="E402")
            break
    try:
        tree = _tree(text, start)
    except UnexpectedInput as exc:
        raise explain(exc, start, text) from None
    except DedentError as exc:
        raise explain_dedent(text) from exc
    try:
        built = TreeBuilder().transform(tree)
    except VisitError as exc:  # a bug in the transformer, not in the content
        raise exc.orig_exc from exc
    check_depth(built)
    return built


@lru_cache(maxsize=4096)
def _tree(text: str, start: str) -> Tree:
    """Lark's tree of a text: the same text parses alike, and scenarios repeat their expectations
    (`vp == 0` forty times in one game's). Kept as Lark's tree, not as syntax nodes, so that each
    unit still gets nodes of its own (the resolver keys its tables by node)."""
    return lalr_parser(start).parse(text)


def parse_body(text: str) -> ast.Body:
    """Parse a card event or any block of statements."""
    return _parse(text, "body")


def parse_expression(text: str) -> ast.Expr:
    """Parse one expression (a scenario's expectation)."""
    return _parse(text, "expression")


def parse_module(text: str) -> ast.Module:
    """Parse rule definitions (procedures, functions, hooks, events)."""
    return _parse(text, "module")
