"""Text from content or a save, made safe for a terminal: it can show, never control.

A card name, a catalog entry or a save comes from someone else. Written raw to a terminal, an
`ESC ]0;` sets the window title, `ESC [2J` clears the screen, `ESC ]52;` writes the clipboard,
a carriage return or backspaces overwrite what was printed, and a bidirectional override
(U+202E) makes a line read differently from what it holds. `terminal_safe` keeps what reads as
text (Polish and Czech letters, line breaks and tabs where asked) and writes every other
character as a visible escape (`\\x1b`, `\\u202e`), as the generated code and the HTML already do.
"""

from __future__ import annotations

import unicodedata

# Format characters that reorder or hide text (Trojan Source, CVE-2021-42574): never printed raw.
_BIDI_AND_INVISIBLE = frozenset("\u061c\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                                "\u2060\u2066\u2067\u2068\u2069\ufeff")


def escape_char(char: str) -> str:
    """One character as Python writes it in a string literal: `\\x1b`, `\\u202e`, `\\U0001f600`
    (the generated code's comments and docstrings escape the same way: compiler/back/python/source.py)."""
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _shown(char: str, keep: str) -> bool:
    if char in keep:
        return True
    if char == " ":
        return True
    if char in _BIDI_AND_INVISIBLE:
        return False
    # isprintable is False for every control (C0, DEL, C1), separator other than space
    # (U+2028, U+2029), surrogate, private-use and unassigned character
    return char.isprintable() or unicodedata.category(char) == "Co"


def terminal_safe(text: object, keep: str = "\n\t") -> str:
    """`text` with every character that could control a terminal written as an escape.

    `keep` names the characters let through as they are: by default a line break and a tab (text
    of several lines); pass `keep=""` for what must stay on one line (a name in a prompt)."""
    text = str(text)
    if text.isascii() and text.isprintable():  # the common case, at no cost
        return text
    return "".join(c if _shown(c, keep) else escape_char(c) for c in text)
