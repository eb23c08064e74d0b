"""Kurtyna's places as LSP's, and back.

A Kurtyna span counts lines and columns from 1, in characters, its end column exclusive; an LSP
position counts from 0, in the units the client and server agreed on (UTF-16 unless told
otherwise). A diagnostic's hint has no field of its own in LSP: it follows the message on a line
of its own, as `kurtyna check` prints it, and is kept apart in `data` too.
"""

from __future__ import annotations

import re

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from compiler.diagnostics import Diagnostic, Span

SOURCE = "kurtyna"
_BREAK = re.compile(r"\r\n|\r|\n")  # LSP's line breaks, no others


def lines_of(text: str) -> list[str]:
    return _BREAK.split(text)


def position(lines: list[str], line: int, col: int, codec: PositionCodec) -> types.Position:
    """The LSP position of 1-based `line` and `col` (characters), clamped into the text."""
    row = min(max(line - 1, 0), max(len(lines) - 1, 0))
    text = lines[row] if lines else ""
    char = min(max(col - 1, 0), len(text))
    return types.Position(row, codec.client_num_units(text[:char]))


def span_range(span: Span, lines: list[str], codec: PositionCodec) -> types.Range:
    """The range of a span; a span without an end covers one character, as check's caret does."""
    start = position(lines, span.line, span.col, codec)
    if span.end_col is not None and span.end_line in (None, span.line):
        end = position(lines, span.line, max(span.end_col, span.col + 1), codec)
    elif span.end_col is not None and span.end_line is not None:
        end = position(lines, span.end_line, span.end_col, codec)
    else:
        end = position(lines, span.line, span.col + 1, codec)
    return types.Range(start, end)


def column_of(lines: list[str], pos: types.Position, codec: PositionCodec) -> tuple[int, int]:
    """The 1-based line and character column of an LSP position."""
    if not lines or pos.line >= len(lines):
        return pos.line + 1, pos.character + 1
    text, units, col = lines[pos.line], 0, 0
    while col < len(text) and units < pos.character:
        units += codec.client_num_units(text[col])
        col += 1
    return pos.line + 1, col + 1


SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning}


def lsp_diagnostic(diagnostic: Diagnostic, lines: list[str], codec: PositionCodec) -> types.Diagnostic:
    """`diagnostic` as LSP publishes it: same code, message, hint and place."""
    span = diagnostic.span or Span("", 1, 1)
    message = diagnostic.message + (f"\nhint: {diagnostic.hint}" if diagnostic.hint else "")
    return types.Diagnostic(
        range=span_range(span, lines, codec), message=message, code=diagnostic.code, source=SOURCE,
        severity=SEVERITY.get(diagnostic.severity, types.DiagnosticSeverity.Information),
        data={"message": diagnostic.message, "hint": diagnostic.hint})
