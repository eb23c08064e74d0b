"""The only ways text from content enters generated Python: a literal, a comment, a docstring.

Content (names, descriptions, ids, file paths) is untrusted: a name holding `\"\"\"` or a folder
name holding a newline must never end a string or a comment early and become code. Every
string the Python backend writes into a module passes through one of these functions:

- `literal(value)`: a Python literal (`repr`), for data the engine uses;
- `comment(text)`: one comment line, with line breaks and other control characters escaped;
- `docstring(text)`: a triple-quoted docstring whose quotes and backslashes are escaped and whose
  other unprintable characters are shown as escapes, so it reads like the text and can hold
  nothing else.

The output is always printable ASCII-safe Unicode: lone surrogates (from undecodable file
names) and characters Python or an editor treats as line breaks (U+2028, U+0085, form feed)
are written as escapes, so a module is valid UTF-8 and its lines are the lines Python sees.
"""

from __future__ import annotations

from typing import Any

from dsl.printable import escape_char

_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(char: str) -> str:
    return _SHORT.get(char) or escape_char(char)


def _visible(char: str) -> bool:
    """Printable characters stay as they are (Polish and Czech letters included)."""
    return char == " " or char.isprintable()


def literal(value: Any) -> str:
    """A Python literal for a string, number, bool, None, or a tuple/list/dict of them."""
    return repr(value)


def visible(text: str) -> str:
    """`text` with every unprintable character (line breaks included) written as an escape."""
    return "".join(c if _visible(c) else _escape(c) for c in str(text))


def comment(text: str) -> str:
    """`# text` on one line: nothing in `text` can end the comment."""
    return "# " + visible(text)


def docstring(text: str, indent: str = "") -> str:
    """A docstring showing `text`: its line breaks are kept (continued with `indent`); quotes and
    backslashes are escaped; other unprintable characters are shown as escapes, so the docstring
    holds printable text only (CPython cannot even create a class whose docstring holds a lone
    surrogate)."""
    lines = [visible(line).replace("\\", "\\\\").replace('"', '\\"') for line in str(text).split("\n")]
    return '"""' + ("\n" + indent).join(lines) + '"""'
