"""Ctrl-C in every verb (`take_ctrl_c`), and how the forked worker processes of the commands
that use several cores (`sheets`, `sim`) take Ctrl-C and SIGTERM.

Ctrl-C reaches the whole process group. A worker leaves it to the parent, which sends its
workers SIGTERM and kills those that have not ended STOP_WAIT (1 s) later (both run their tasks
through dsl/runtime/forked.py, a forked process per task); `main` then says "interrupted" in one
line, exit 130.
SIGTERM ends an idle worker at once and unwinds one at work like an interrupt, so what it was
writing is cleaned up as in one process (compiler/fsio.py: a staging folder removed, a lock
released), and then ends it without a traceback. Either way the output is the old one or the
new one, whole; a signal that lands between two of fsio's steps may leave a staging folder or a
lock file beside it, as a killed run does, which the next run recovers or reuses.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")

_AT_WORK = False  # in a worker: running a task of `at_work` now
_HELD = {signal.SIGINT, signal.SIGTERM}  # what waits while a worker is forked


def take_ctrl_c() -> None:
    """SIGINT interrupts the command even when it was started ignoring it. A shell without job
    control starts a background job (`kurtyna regress ... &` in a script, a tool that runs
    commands) with SIGINT ignored, and Python then never turns it into KeyboardInterrupt:
    Ctrl-C or `kill -INT` did nothing, and `regress` or `sheets` ran on to their end (issue 41).
    A handler set by someone else (a test calling `main`) is left alone."""
    if threading.current_thread() is threading.main_thread() \
            and signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@contextmanager
def signals_held() -> Iterator[None]:
    """Around forking workers: Ctrl-C or termination waits until the fork is done, so a worker
    starts with them held and takes them only once `worker_signals` has said how (else one
    could die in the first lines of its life, with a traceback). In the parent they arrive
    when the `with` ends."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def worker_signals() -> None:
    """The first thing a worker does (forked.py's `child_setup`), its signals held since the fork."""

    def on_sigterm(_signum: int, _frame: Any) -> None:
        if not _AT_WORK:
            os._exit(1)  # waiting for work: nothing of its own to clean up
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, on_sigterm)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)


def at_work(task: Callable[..., T], *args: Any) -> T:
    """`task(*args)` in a worker; sent SIGTERM inside it, the task's own clean-up runs first and
    the worker then ends quietly."""
    global _AT_WORK
    try:
        _AT_WORK = True
        try:
            return task(*args)
        finally:
            _AT_WORK = False
    except KeyboardInterrupt:  # SIGTERM, cleaned up (one after the flag is cleared ends it at once)
        os._exit(1)
