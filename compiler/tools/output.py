"""How verbs talk to people and to programs: `--json` reports, rich tables, progress bars that
appear on a terminal only (the exit codes each verb's `--help` ends with: exits.py).

rich draws aligned tables and progress bars that know the terminal's width, and prints plain
text when the output is not a terminal; `regress` already uses it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.table import Table

from compiler.diagnostics import Diagnostic
from dsl.printable import terminal_safe


def diagnostic_json(diagnostic: Diagnostic) -> dict[str, Any]:
    """A diagnostic as plain data; file, line and column are null when it has no place."""
    span = diagnostic.span
    return {"file": span.path if span else None, "line": span.line if span else None,
            "column": span.col if span else None, "code": diagnostic.code,
            "severity": diagnostic.severity, "message": diagnostic.message, "hint": diagnostic.hint}


def print_json(report: dict[str, Any]) -> None:
    print(json_text(report))


def json_text(report: dict[str, Any]) -> str:
    """The report as JSON that a terminal can show without obeying it. json.dumps escapes only
    U+0000-U+001F; a C1 control (U+009B is CSI to some terminals), DEL or a bidirectional override
    from content would reach the terminal raw, so every character terminal_safe would escape is
    written as a JSON escape too (the same text to a JSON reader)."""
    text = json.dumps(report, indent=2, ensure_ascii=False)
    if terminal_safe(text, keep="\n") == text:  # the common case: nothing to escape
        return text
    return "".join(c if c == "\n" or terminal_safe(c, keep="") == c else json.dumps(c)[1:-1] for c in text)


class PipedConsole(Console):
    """A console whose reader may go away (`kurtyna sim | head`): rich would exit with 1 there;
    this raises BrokenPipeError, which the command line turns into a quiet exit 0 as for print."""

    def on_broken_pipe(self) -> None:
        try:
            super().on_broken_pipe()  # points stdout at /dev/null, so nothing fails at exit
        except SystemExit:
            raise BrokenPipeError from None


def console() -> Console:
    """Standard output for tables; a pipe gets long lines rather than lines broken at 80 columns."""
    return PipedConsole(highlight=False, width=None if sys.stdout.isatty() else 140)


def table(title: str, columns: list[tuple[str, str]]) -> Table:
    """A table with (header, justify) columns; numbers are right-aligned by the caller's choice."""
    out = Table(title=title, title_justify="left")
    for header, justify in columns:
        out.add_column(header, justify=justify)  # type: ignore[arg-type]
    return out


@contextmanager
def progress(total: int, what: str, quiet: bool = False) -> Iterator[Callable[[int], None]]:
    """An `advance(n)` for work of `total` units: a rich progress bar on stderr when stderr is a
    terminal, nothing otherwise (a pipe or a CI log gets no \\r lines)."""
    if quiet or not sys.stderr.isatty():
        yield lambda n=1: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True), transient=True)
    task = bar.add_task(what, total=total)
    with bar:
        yield lambda n=1: bar.advance(task, n)
