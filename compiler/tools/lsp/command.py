"""The verb `kurtyna lsp`: a language server on stdin and stdout (docs/editors.md).

The protocol owns stdout: anything else a pass might print goes to stderr instead, where an
editor shows it in the server's log.
"""

from __future__ import annotations

import logging
import os
import signal
import sys

from compiler.interrupts import INTERRUPTED


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("kurtyna")
    except PackageNotFoundError:  # a checkout never installed
        return "unknown"


def _interrupted(_signum: int, _frame: object) -> None:
    """Ctrl-C: one line and exit 130 at once. pygls takes KeyboardInterrupt as a quiet stop and
    then waits for its thread reading stdin, which an editor keeps open: it would never end. The
    server writes no file, so there is nothing to finish first."""
    os.write(2, b"kurtyna: interrupted\n")  # not print(): a signal may come in the middle of one
    os._exit(INTERRUPTED)


def cmd_lsp(args) -> int:
    from compiler.tools.lsp.server import make_server

    signal.signal(signal.SIGINT, _interrupted)
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not break a message of the protocol
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="kurtyna lsp: %(message)s")
    make_server(version()).start_io(stdin, stdout)
    return 0
