"""`kurtyna check`: load, check and resolve games, text checks included; report every fault."""

from __future__ import annotations

from compiler.diagnostics import CompileError
from compiler.pipeline import checked_game
from compiler.tools.common import games_of, report, sources_of, summary


def cmd_check(args) -> int:
    status = 0
    for folder in games_of(args):
        try:
            compiled = checked_game(folder)
        except CompileError as exc:
            report(exc.diagnostics, sources_of(exc.diagnostics))
            status = 1
            continue
        print(summary(compiled))
    return status
