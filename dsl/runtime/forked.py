"""Tasks run side by side in forked processes, one process per task, each answering on a pipe
of its own.

Why not `multiprocessing.Pool`: its workers share locked queues, and when a pool is stopped
a worker can be left waiting for a lock that the parent holds while the parent waits for that
worker to end, for ever (CPython issues 78178 and 96995; a `kurtyna sim --jobs 2` hung so on
this project's machine). Here nothing is shared: each task forks a process that inherits what
it needs (a forked child shares the parent's memory, so an engine or a state needs no pickling),
runs the task, sends the result back on its own pipe and ends. The parent waits on the pipes; a
process that ends without an answer is reported in its task's place (`Died`), never waited for.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

# Seconds the processes sent SIGTERM have, together, to clean up before they are killed: Ctrl-C
# ends a command within 2 s (a killed writer leaves what a killed run leaves, which the next
# run recovers: compiler/fsio.py).
STOP_WAIT = 1.0


@dataclass(frozen=True)
class Died:
    """The place of a task whose process ended without an answer."""

    exitcode: int | None


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def forked_map(task: Callable[[T], R], items: list[T], jobs: int,
               child_setup: Callable[[], None] | None = None,
               around_fork: Callable[[], AbstractContextManager[Any]] = contextlib.nullcontext,
               ) -> Iterator[R | Died]:
    """`task(item)` for each item, each in a forked process of its own, up to `jobs` at once;
    the results in the order of `items`. In the child, `child_setup()` runs first; `around_fork()`
    is a context the parent forks in (signals held, say).

    Leaving early (an exception here, or the caller stopping) terminates the processes still at
    work and kills any that has not ended within STOP_WAIT seconds."""
    context = multiprocessing.get_context("fork")
    running: dict[int, tuple[Any, Any]] = {}  # item index -> (process, the end it answers on)
    done: dict[int, Any] = {}
    started = given = 0
    try:
        while given < len(items):
            while len(running) < max(1, jobs) and started < len(items):
                answers, answer = context.Pipe(duplex=False)
                # daemonic, as a pool's workers are: it forks no processes of its own (a search
                # inside it runs in one process, ismcts.py), and it ends when the parent does
                process = context.Process(target=_child, args=(task, items[started], child_setup, answer),
                                          daemon=True)
                with around_fork():
                    process.start()
                answer.close()  # the child's end
                running[started] = (process, answers)
                started += 1
            ready = wait([answers for _, answers in running.values()])
            for index, (process, answers) in list(running.items()):
                if answers in ready:
                    del running[index]
                    done[index] = _answer(process, answers)
            while given in done:
                yield done.pop(given)
                given += 1
    finally:
        for process, _ in running.values():
            process.terminate()
        deadline = time.monotonic() + STOP_WAIT  # one wait for all, not STOP_WAIT each
        for process, answers in running.values():
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join()
            answers.close()


def _child(task: Callable[[Any], Any], item: Any, child_setup: Callable[[], None] | None,
           answer: Any) -> None:
    if child_setup is not None:
        child_setup()
    answer.send((task(item),))
    answer.close()


def _answer(process: Any, answers: Any) -> Any:
    """What a finished process sent, or Died for one that ended without an answer."""
    try:
        sent = answers.recv()
    except (EOFError, OSError):
        sent = None
    answers.close()
    process.join()
    return sent[0] if sent is not None else Died(process.exitcode)
