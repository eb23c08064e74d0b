"""The effect language's grammar (dsl/effect.lark) as Lark LALR parsers, one per start rule.

Apart from the parse entry points because the error explanation (syntax_errors.py) needs the
same parsers: it replays labelled broken snippets and names the grammar's terminals.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from lark import Lark
from lark.indenter import Indenter


class _Indenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB", "LBRACE"]
    CLOSE_PAREN_types = ["RPAR", "RSQB", "RBRACE"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


@cache
def lalr_parser(start: str) -> Lark:
    """The parser for one start rule of the grammar: 'body', 'module' or 'expression'."""
    grammar = resources.files("dsl").joinpath("effect.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", start=start, postlex=_Indenter(),
                propagate_positions=True, maybe_placeholders=False)
