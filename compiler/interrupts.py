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


def keep_ctrl_c() -> None:
    """A Ctrl-C that lands in a weak reference's callback (one runs as each module is imported)
    is only reported by Python, as "Exception ignored in ...", and the command went on to its
    end: it is signalled again, to be raised where the command can take it."""
    if getattr(sys.unraisablehook, "keeps_ctrl_c", False):
        return
    before = sys.unraisablehook

    def hook(unraisable) -> None:
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
            import _thread

            # only marked here (signal.raise_signal would run the handler at once, inside this
            # hook, and be reported in turn): the command's own code meets it a moment later
            _thread.interrupt_main()
            return
        before(unraisable)

    hook.keeps_ctrl_c = True  # type: ignore[attr-defined]
    sys.unraisablehook = hook
