"""Ctrl-C's one line and exit code 130, for every way a command can be interrupted."""

from __future__ import annotations

import sys

INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a command ended by Ctrl-C


def interrupted() -> int:
    """Say so on a line of its own and give the exit code; the caller returns it.

    CPython (3.11) remembers a KeyboardInterrupt that left code run by exec() or eval() (a
    dataclass's or attrs class's generated methods, made while a module is imported) even when a
    caller caught it, and may then end its own process by SIGINT at exit: run as `python -m
    compiler.cli`, a Ctrl-C while a verb's modules loaded printed the line and still exited -2,
    not 130 (tests/tools/test_signals.py). Running one statement through exec() clears what it
    remembered."""
    # in a terminal the cursor may stand after a prompt or a progress bar
    print(("\n" if sys.stderr.isatty() else "") + "kurtyna: interrupted", file=sys.stderr)
    exec("None")  # a constant statement, run for the side effect described above
    return INTERRUPTED

