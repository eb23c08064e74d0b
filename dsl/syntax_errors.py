"""Syntax errors as authors read them: `EffectSyntaxError` with a position inside the effect
text, and the explanation of Lark's faults in the author's words.

Messages for common slips are chosen by example (`SYNTAX_EXAMPLES`), as lark's `match_examples`
does for its own grammar; the rest name what was found and what was expected ("unexpected ')';
expected a name, a number, ..."). Separate from the parse entry points (parser.py) so that the
table of examples and the wording of faults can be read and extended in one place.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .grammar import lalr_parser


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
# against them in the state where the author's text failed (see `explain`). Each entry is
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
    "DICE": "dice like 'd6'", "COPY_ID": "a copy of a card like 'x.2'", "$END": "end of text",
}


def _words(expected: set[str], start: str) -> str:
    def word(name: str) -> str:
        if name in _TOKEN_WORDS:
            return _TOKEN_WORDS[name]
        try:
            pattern = lalr_parser(start).get_terminal(name).pattern
        except KeyError:
            return name.lower()
        return f"'{pattern.value}'" if pattern.type == "str" else name.lower()

    # a card's copy (`x.2`) stands where a name does, so "a name" says it
    names = sorted({word(t) for t in expected if t != "COPY_ID" or "NAME" not in expected})
    if len(names) > 6:
        names = names[:6] + ["..."]
    return ", ".join(names)


def char_name(ch: str) -> str:
    """A character as an author can read it in a message: 'x', or U+2028 (LINE SEPARATOR)."""
    if ch.isprintable() and not ch.isspace():
        return f"'{ch}'"
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def explain(exc: UnexpectedInput, start: str, text: str) -> EffectSyntaxError:
    """The author-facing error for a fault Lark found while parsing `text` from rule `start`."""
    line = getattr(exc, "line", 1) or 1
    col = getattr(exc, "column", 1) or 1
    if line < 1:
        line = 1
    label = None
    try:
        label = exc.match_examples(lalr_parser(start).parse, SYNTAX_EXAMPLES, use_accepts=False)
    except (LarkError, KeyError, TypeError):  # a best effort; the plain message still stands
        label = None
    if isinstance(exc, UnexpectedCharacters):
        lines = text_lines(text)
        char = lines[line - 1][col - 1:col] if line <= len(lines) else ""
        message = f"unexpected character {char_name(char)}" if char else "unexpected character"
        hint = "names use lowercase letters, digits and '_'; text goes in double quotes"
        if char == "\t":
            message, hint = "tab character", "indent with spaces"
        return EffectSyntaxError(message, line, col, col + 1, label or hint)
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type == "$END":
            lines = text_lines(text.rstrip("\n"))
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
        lines = text_lines(text.rstrip("\n"))
        return EffectSyntaxError("the text ends too early", len(lines), len(lines[-1]) + 1,
                                 None, label)
    return EffectSyntaxError(str(exc).splitlines()[0], line, col, None, label)


def text_lines(text: str) -> list[str]:
    """The lines as the parser counts them: only '\\n' ends a line (not the other breaks
    str.splitlines() knows), so a column found here is the parser's column."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def explain_dedent(text: str) -> EffectSyntaxError:
    """The error for a line that returns to an indentation no outer block has."""
    return EffectSyntaxError("this line's indentation matches no outer block", _dedent_line(text), 1,
                             None, "indent it exactly as the block it belongs to", code="E402")


def _dedent_line(text: str) -> int:
    levels = [0]
    for number, raw in enumerate(text_lines(text), 1):
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
