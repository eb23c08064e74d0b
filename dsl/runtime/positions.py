"""From a position inside a piece of effect text to its position in the content file.

Generated code cites a statement by the text it comes from (its file, the path of keys to the
text in that file) and its line and column inside that text, never by a line of the file: a
comment or a blank line added above a definition then changes nothing an engine holds
(docs/design.md, "What generated code cites"). Where the text starts in the file (its origin)
is known to whoever read the content: the compiler's loader places its errors with these
functions, and the tools give an engine the origins of its texts (compiler/tools/fault_lines.py)
so that a fault at run time is reported at its file line too.

An origin is (line, column, block, columns): where the text's first character is in the file;
`block` when each following line of the text starts at that column too (a literal block
scalar, `|`); `columns`, for a quoted scalar on one line, the file column of each character
(an escape is longer in the file than in the text). `block` None: the text has no position of
its own, and every position in it is reported at (line, column).
"""

from __future__ import annotations

Origin = tuple[int, int, "bool | None", "tuple[int, ...] | None"]


def file_column(origin: Origin, col: int) -> int:
    """The file column of column `col` of the text's first line."""
    _, start, _, columns = origin
    if columns is None:
        return start + col - 1
    if col - 1 < len(columns):
        return columns[col - 1]
    return (columns[-1] if columns else start - 1) + col - len(columns)


def file_position(origin: Origin, line: int, col: int) -> tuple[int, int]:
    """The file (line, column) of line `line`, column `col` of the text (both from 1)."""
    first, start, block, _ = origin
    if block is None:
        return first, start
    if line == 1:
        return first, file_column(origin, col)
    if block:
        return first + line - 1, start + col - 1
    return first + line - 1, col
