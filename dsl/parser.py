"""Parse effect text into the syntax tree of dsl/ast.py.

`parse_body(text)` parses a card event (statements); `parse_module(text)` parses rule files
(definitions). Syntax faults raise `EffectSyntaxError` with a position inside the text and an
author-facing message; messages for common slips are chosen by example (`SYNTAX_EXAMPLES`), as
lark's `match_examples` does for its own grammar.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources

from lark import Lark, Token, Transformer_NonRecursive, v_args
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from lark.indenter import DedentError, Indenter

from . import ast


class _Indenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB", "LBRACE"]
    CLOSE_PAREN_types = ["RPAR", "RSQB", "RBRACE"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


@dataclass
class EffectSyntaxError(Exception):
    message: str
    line: int
    col: int
    end_col: int | None = None
    hint: str | None = None
    code: str = "E401"

    def __str__(self) -> str:
        return f"{self.line}:{self.col}: {self.message}"


# Broken snippets, labelled with what the author most likely meant. The parser is matched
# against them in the state where the author's text failed (see `_explain`). Each entry is
# also a test (tests/test_parser.py).
SYNTAX_EXAMPLES: dict[str, list[str]] = {
    "use '==' to compare; '=' assigns": [
        "if x = 1:\n    pass\n",
        "while x = 1:\n    pass\n",
        "require x = 1\n",
    ],
    "a ':' is missing at the end of the line": [
        "if x == 1\n    pass\n",
        "for s in north\n    pass\n",
        "while x\n    pass\n",
        "repeat 2 times\n    pass\n",
    ],
    "an opened bracket is not closed": [
        "let x = (1 + 2\n",
        "let x = f(1, 2\n",
        "let x = [1, 2\n",
    ],
    "'let' needs a name, then '=', then a value": [
        "let = 1\n",
        "let x 1\n",
    ],
    "a value is missing after the operator": [
        "let x = 1 +\n",
        "let x = 1 *\n",
        "x += \n",
    ],
}

_TOKEN_WORDS = {
    "_NL": "end of line", "_INDENT": "an indented block", "_DEDENT": "end of block",
    "NAME": "a name", "INT": "a number", "STRING": "a quoted text", "COLON": "':'",
    "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "LBRACE": "'{'",
    "RBRACE": "'}'", "COMMA": "','", "DOT": "'.'", "ASSIGN_OP": "'=' or '+=' or '-='",
    "COMP_OP": "a comparison", "ADD_OP": "'+' or '-'", "MUL_OP": "'*', '/' or '%'",
    "DICE": "dice like 'd6'", "$END": "end of text",
}


def _words(expected: set[str], start: str) -> str:
    def word(name: str) -> str:
        if name in _TOKEN_WORDS:
            return _TOKEN_WORDS[name]
        try:
            pattern = _parser(start).get_terminal(name).pattern
        except KeyError:
            return name.lower()
        return f"'{pattern.value}'" if pattern.type == "str" else name.lower()

    names = sorted({word(t) for t in expected})
    if len(names) > 6:
        names = names[:6] + ["..."]
    return ", ".join(names)


@cache
def _parser(start: str) -> Lark:
    grammar = resources.files("dsl").joinpath("effect.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", start=start, postlex=_Indenter(),
                propagate_positions=True, maybe_placeholders=False)


def _secret(items: list) -> tuple[bool, list]:
    """Split off the optional `secretly` that follows a choice's chooser."""
    if len(items) > 1 and isinstance(items[1], Token) and items[1].type == "SECRETLY":
        return True, [items[0], *items[2:]]
    return False, items


def _pos(meta) -> ast.Pos:
    if getattr(meta, "empty", True):
        return ast.NOWHERE
    return ast.Pos(meta.line, meta.column, meta.end_line, meta.end_column)


def _tok_pos(tok: Token) -> ast.Pos:
    return ast.Pos(tok.line, tok.column, tok.end_line or tok.line, tok.end_column or tok.column + 1)


def _unquote(tok: Token) -> str:
    return str(tok)[1:-1]


@v_args(meta=True)
class _Build(Transformer_NonRecursive):
    """Lark tree -> ast nodes. One method per rule or alias.

    Non-recursive, so a deeply nested text is turned into a tree whatever its depth; the depth
    is then checked (`_check_depth`) before any recursive pass sees the tree."""

    # -- definitions
    def module(self, meta, items):
        return ast.Module(tuple(items), span=_pos(meta))

    def body(self, meta, items):
        return ast.Body(tuple(items), span=_pos(meta))

    def expression(self, meta, items):
        return items[0]

    def _definition(self, cls, meta, items):
        name, params, returns, suite = items
        return cls(str(name), params, returns, suite, span=_pos(meta))

    def procedure_def(self, meta, items):
        return self._definition(ast.ProcedureDef, meta, items)

    def function_def(self, meta, items):
        return self._definition(ast.FunctionDef, meta, items)

    def hook_def(self, meta, items):
        return self._definition(ast.HookDef, meta, items)

    def event_def(self, meta, items):
        return ast.EventDef(str(items[0]), items[1], span=_pos(meta))

    def returns(self, meta, items):
        return items[0] if items else None

    def params(self, meta, items):
        return tuple(i for i in items if i is not None)

    def param(self, meta, items):
        default = items[2] if len(items) > 2 else None
        return ast.Param(str(items[0]), items[1], default, span=_pos(meta))

    def type_ref(self, meta, items):
        return ast.TypeRef(str(items[0]), items[1] if len(items) > 1 else None, span=_pos(meta))

    def suite(self, meta, items):
        return tuple(items)

    # -- simple statements
    def let_stmt(self, meta, items):
        return ast.LetStmt(str(items[0]), items[1], span=_pos(meta))

    def assign_stmt(self, meta, items):
        return ast.AssignStmt(items[0], str(items[1]), items[2], span=_pos(meta))

    def expr_stmt(self, meta, items):
        return ast.ExprStmt(items[0], span=_pos(meta))

    def require_stmt(self, meta, items):
        return ast.RequireStmt(items[0], span=_pos(meta))

    def return_stmt(self, meta, items):
        return ast.ReturnStmt(items[0] if items else None, span=_pos(meta))

    def move_stmt(self, meta, items):
        position = items[2] if len(items) > 2 else "top"
        return ast.MoveStmt(items[0], items[1], position, span=_pos(meta))

    def position(self, meta, items):
        return str(items[0])

    def draw_stmt(self, meta, items):
        return ast.DrawStmt(items[0], items[1], items[2], span=_pos(meta))

    def shuffle_stmt(self, meta, items):
        return ast.ShuffleStmt(items[0], span=_pos(meta))

    def log_stmt(self, meta, items):
        return ast.LogStmt(_unquote(items[0]), items[1] if len(items) > 1 else (), span=_pos(meta))

    def kwargs(self, meta, items):
        return tuple(items)

    def kwarg(self, meta, items):
        return ast.Kwarg(str(items[0]), items[1], span=_pos(meta))

    def emit_stmt(self, meta, items):
        return ast.EmitStmt(str(items[0]), items[1], span=_pos(meta))

    def end_game_stmt(self, meta, items):
        reason = _unquote(items[1]) if len(items) > 1 else None
        return ast.EndGameStmt(items[0], reason, span=_pos(meta))

    def winner(self, meta, items):
        return items[0]

    def no_winner(self, meta, items):
        return None

    def pass_stmt(self, meta, items):
        return ast.PassStmt(span=_pos(meta))

    def break_stmt(self, meta, items):
        return ast.BreakStmt(span=_pos(meta))

    def cancel_stmt(self, meta, items):
        return ast.CancelStmt(str(items[0]), span=_pos(meta))

    # -- compound statements
    def if_stmt(self, meta, items):
        branches = [(items[0], items[1])]
        orelse: tuple = ()
        for part in items[2:]:
            if part[0] == "elif":
                branches.append((part[1], part[2]))
            else:
                orelse = part[1]
        return ast.IfStmt(tuple(branches), orelse, span=_pos(meta))

    def elif_part(self, meta, items):
        return ("elif", items[0], items[1])

    def else_part(self, meta, items):
        return ("else", items[0])

    def for_stmt(self, meta, items):
        var, source = str(items[0]), items[1]
        cond, body = (items[2], items[3]) if len(items) == 4 else (None, items[2])
        return ast.ForStmt(var, source, cond, body, span=_pos(meta))

    def while_stmt(self, meta, items):
        return ast.WhileStmt(items[0], items[1], span=_pos(meta))

    def repeat_stmt(self, meta, items):
        return ast.RepeatStmt(items[0], items[1], span=_pos(meta))

    def choose_stmt(self, meta, items):
        secret, items = _secret(items)
        chooser, (up_to, count), var, source, *rest = items
        body = rest.pop()
        cond = each = None
        for extra in rest:
            if isinstance(extra, tuple) and extra and extra[0] == "each":
                each = extra[1]
            else:
                cond = extra
        return ast.ChooseStmt(chooser, count, up_to, str(var), source, cond, each, body, secret,
                              span=_pos(meta))

    def exactly(self, meta, items):
        return (False, items[0])

    def up_to(self, meta, items):
        return (True, items[0])

    def each_limit(self, meta, items):
        return ("each", items[0])

    def options_stmt(self, meta, items):
        secret, items = _secret(items)
        return ast.OptionsStmt(items[0], tuple(items[1:]), secret, span=_pos(meta))

    def option(self, meta, items):
        label = _unquote(items[0])
        cond, body = (items[1], items[2]) if len(items) == 3 else (None, items[1])
        return ast.Option(label, cond, body, span=_pos(meta))

    def choose_one(self, meta, items):
        secret, items = _secret(items)
        cond = items[3] if len(items) > 3 else None
        return ast.ChooseOne(items[0], str(items[1]), items[2], cond, secret, span=_pos(meta))

    def choose_number(self, meta, items):
        secret, items = _secret(items)
        return ast.ChooseNumber(items[0], items[1], items[2], secret, span=_pos(meta))

    def lasting_stmt(self, meta, items):
        label = str(items[0]) if isinstance(items[0], Token) else None
        duration, body = items[-2], items[-1]
        return ast.LastingStmt(label, duration, body, span=_pos(meta))

    def until_event(self, meta, items):
        return ast.Duration("until", event=str(items[0]), span=_pos(meta))

    def while_cond(self, meta, items):
        return ast.Duration("while", cond=items[0], span=_pos(meta))

    def forever(self, meta, items):
        return ast.Duration("forever", span=_pos(meta))

    def once(self, meta, items):
        return ast.Duration("once", span=_pos(meta))

    def modify_clause(self, meta, items):
        cond = items[3] if len(items) > 3 else None
        return ast.ModifyClause(str(items[0]), items[1], items[2], cond, span=_pos(meta))

    def forbid_clause(self, meta, items):
        cond = items[2] if len(items) > 2 else None
        return ast.ForbidClause(str(items[0]), items[1], cond, span=_pos(meta))

    def when_clause(self, meta, items):
        name, names, *rest = items
        cond, body = (rest[0], rest[1]) if len(rest) == 2 else (None, rest[0])
        return ast.WhenClause(str(name), names, cond, body, span=_pos(meta))

    def names(self, meta, items):
        return tuple(str(i) for i in items if i is not None)

    # -- expressions
    def _chain(self, meta, items, op_of):
        left = items[0]
        rest = items[1:]
        while rest:
            if isinstance(rest[0], Token) and rest[0].type.endswith("_OP"):
                op, right, rest = str(rest[0]), rest[1], rest[2:]
            else:
                op, right, rest = op_of, rest[0], rest[1:]
            left = ast.Binary(op, left, right, span=_pos(meta))
        return left

    def or_chain(self, meta, items):
        return self._chain(meta, items, "or")

    def and_chain(self, meta, items):
        return self._chain(meta, items, "and")

    def union_chain(self, meta, items):
        return self._chain(meta, items, "|")

    def inter_chain(self, meta, items):
        return self._chain(meta, items, "&")

    def sum_chain(self, meta, items):
        return self._chain(meta, items, "+")

    def product_chain(self, meta, items):
        return self._chain(meta, items, "*")

    def compare_chain(self, meta, items):
        if len(items) == 1:
            return items[0]
        ops = tuple(str(t) for t in items[1::2])
        return ast.Compare(items[0], ops, tuple(items[2::2]), span=_pos(meta))

    def member(self, meta, items):
        return ast.Member(items[0], items[1], False, span=_pos(meta))

    def not_member(self, meta, items):
        return ast.Member(items[0], items[1], True, span=_pos(meta))

    def not_op(self, meta, items):
        return ast.Unary("not", items[0], span=_pos(meta))

    def negate(self, meta, items):
        if isinstance(items[0], ast.IntLit):
            return ast.IntLit(-items[0].value, span=_pos(meta))
        return ast.Unary("-", items[0], span=_pos(meta))

    def attribute(self, meta, items):
        return ast.Attribute(items[0], str(items[1]), span=_pos(meta))

    def index(self, meta, items):
        return ast.Index(items[0], items[1], span=_pos(meta))

    def name(self, meta, items):
        return ast.Name(str(items[0]), span=_pos(meta))

    def call(self, meta, items):
        return ast.Call(str(items[0]), items[1], span=_pos(meta))

    def args(self, meta, items):
        return tuple(i for i in items if i is not None)

    def aggregate(self, meta, items):
        func, value, var, source = str(items[0]), items[1], str(items[2]), items[3]
        cond = items[4] if len(items) > 4 else None
        return ast.Aggregate(func, value, var, source, cond, span=_pos(meta))

    def int_lit(self, meta, items):
        return ast.IntLit(int(items[0]), span=_pos(meta))

    def dice(self, meta, items):
        count, sides = str(items[0]).split("d")
        return ast.Dice(int(count or 1), int(sides), span=_pos(meta))

    def true_lit(self, meta, items):
        return ast.BoolLit(True, span=_pos(meta))

    def false_lit(self, meta, items):
        return ast.BoolLit(False, span=_pos(meta))

    def none_lit(self, meta, items):
        return ast.NoneLit(span=_pos(meta))

    def text_lit(self, meta, items):
        return ast.TextLit(_unquote(items[0]), span=_pos(meta))

    def comprehension(self, meta, items):
        return ast.Comprehension(str(items[0]), items[1], items[2], span=_pos(meta))

    def list_lit(self, meta, items):
        return ast.ListLit(tuple(i for i in items if i is not None), span=_pos(meta))


def _prepare(text: str) -> str:
    # The indenter needs a final newline; tabs would make indentation ambiguous.
    return text if text.endswith("\n") else text + "\n"


# The deepest expression (operators chained or nested, calls, indexes) and the deepest nesting of
# blocks a text may hold. Two reasons, one check: the passes after the parser (names and types,
# the Python and text backends) walk the tree recursively, and within these limits stay far below
# Python's recursion limit; and the engine stays valid Python, which refuses more than 20 loops
# inside each other, about 100 levels of indentation and 200 open brackets (each block becomes at
# most two levels of indentation and one loop; each expression level at most three brackets).
# The deepest rules of the real games nest 6 blocks and 12 expression levels.
# tests/test_runtime_faults.py compiles engines nested right up to the limits.
# docs/language.md ("Limits") gives the same numbers.
MAX_EXPRESSION_DEPTH = 50
MAX_BLOCK_DEPTH = 16

# Control characters, line and paragraph separators and lone surrogates are refused: they break
# lines for str.splitlines() and YAML but not for the parser, or cannot be seen, so every line and
# column reported would drift from where the author sees it. These three are the exceptions: the
# line break, the tab (refused in indentation with its own message) and the form feed (a space).
_ALLOWED_CONTROLS = {"\n", "\t", "\f"}


def _char_name(ch: str) -> str:
    """A character as an author can read it in a message: 'x', or U+2028 (LINE SEPARATOR)."""
    if ch.isprintable() and not ch.isspace():
        return f"'{ch}'"
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def _refused(ch: str, ends_line: bool) -> bool:
    if ch in _ALLOWED_CONTROLS:
        return False
    if ch == "\r":  # the first half of a Windows line break is fine; alone it breaks lines unseen
        return not ends_line
    return unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Cs")


def _refuse_controls(text: str) -> None:
    """Raise at the first control, line-separator or lone surrogate character of the text."""
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        for col, ch in enumerate(line, 1):
            if _refused(ch, col == len(line) and number < len(lines)):
                raise EffectSyntaxError(
                    f"character {_char_name(ch)} is not allowed in effect text", number, col, col + 1,
                    "remove it (an editor may show it as nothing or as a line break); effect text "
                    "holds printable characters, spaces and line breaks")


def _explain(exc: UnexpectedInput, start: str, text: str) -> EffectSyntaxError:
    line = getattr(exc, "line", 1) or 1
    col = getattr(exc, "column", 1) or 1
    if line < 1:
        line = 1
    label = None
    try:
        label = exc.match_examples(_parser(start).parse, SYNTAX_EXAMPLES, use_accepts=False)
    except (LarkError, KeyError, TypeError):  # a best effort; the plain message still stands
        label = None
    if isinstance(exc, UnexpectedCharacters):
        lines = _lines(text)
        char = lines[line - 1][col - 1:col] if line <= len(lines) else ""
        message = f"unexpected character {_char_name(char)}" if char else "unexpected character"
        hint = "names use lowercase letters, digits and '_'; text goes in double quotes"
        if char == "\t":
            message, hint = "tab character", "indent with spaces"
        return EffectSyntaxError(message, line, col, col + 1, label or hint)
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type == "$END":
            lines = _lines(text.rstrip("\n"))
            line, col = len(lines), len(lines[-1]) + 1
            found = "the end of the text"
        elif tok.type == "_NL":
            found = "the end of the line"
            line, col = tok.line or line, tok.column or col
        elif tok.type in ("_INDENT", "_DEDENT"):
            found = "an indented block" if tok.type == "_INDENT" else "the end of an indented block"
            line = tok.line or line
            col = 1
        else:
            found = f"'{tok}'"
        expected = _words(set(exc.accepts or exc.expected), start)
        end_col = (tok.end_column or col + 1) if tok.type not in ("$END", "_NL") else col + 1
        if tok.type in ("_INDENT", "_DEDENT"):
            return EffectSyntaxError(f"unexpected {found}", line, col, col + 1,
                                     label or "indent only the lines inside a block (after a ':')",
                                     code="E402")
        return EffectSyntaxError(f"unexpected {found}; expected {expected}", line, col, end_col, label)
    if isinstance(exc, UnexpectedEOF):
        lines = _lines(text.rstrip("\n"))
        return EffectSyntaxError("the text ends too early", len(lines), len(lines[-1]) + 1,
                                 None, label)
    return EffectSyntaxError(str(exc).splitlines()[0], line, col, None, label)


def _lines(text: str) -> list[str]:
    """The lines as the parser counts them: only '\\n' ends a line (not the other breaks
    str.splitlines() knows), so a column found here is the parser's column."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def _parse(text: str, start: str):
    text = _prepare(text)
    _refuse_controls(text)
    for number, raw in enumerate(_lines(text), 1):
        if raw.strip() and not raw.lstrip().startswith("#"):
            if raw[0] in " \t":
                raise EffectSyntaxError("the first line must not be indented", number, 1, None,
                                        "start the text at the left margin", code="E402")
            break
    try:
        tree = _parser(start).parse(text)
    except UnexpectedInput as exc:
        raise _explain(exc, start, text) from None
    except DedentError as exc:
        line = _dedent_line(text)
        raise EffectSyntaxError("this line's indentation matches no outer block", line, 1, None,
                                "indent it exactly as the block it belongs to", code="E402") from exc
    try:
        built = _Build().transform(tree)
    except VisitError as exc:  # a bug in the transformer, not in the content
        raise exc.orig_exc from exc
    _check_depth(built)
    return built


def _dedent_line(text: str) -> int:
    levels = [0]
    for number, raw in enumerate(_lines(text), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        if indent > levels[-1]:
            levels.append(indent)
        else:
            while indent < levels[-1]:
                levels.pop()
            if indent != levels[-1]:
                return number
    return 1


def _check_depth(tree: ast.Node) -> None:
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


def parse_body(text: str) -> ast.Body:
    """Parse a card event or any block of statements."""
    return _parse(text, "body")


def parse_expression(text: str) -> ast.Expr:
    """Parse one expression (a scenario's expectation)."""
    return _parse(text, "expression")


def parse_module(text: str) -> ast.Module:
    """Parse rule definitions (procedures, functions, hooks, events)."""
    return _parse(text, "module")
