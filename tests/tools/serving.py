"""`kurtyna serve` started as a user starts it, for the tests that talk to it over the network
(test_serve_browser.py, test_serve_load.py): a free port on loopback, and the server stopped at
the end."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

from tests.conftest import ROOT


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_server(*args: str, python: str = sys.executable, cwd=ROOT,
                   env: dict | None = None) -> Iterator[str]:
    """`kurtyna serve ARGS --port P` running until the block ends (by `python`, from `cwd`); its address."""
    port = free_port()
    process = subprocess.Popen([python, "-m", "compiler.cli", "serve", *args, "--port", str(port)],
                               cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                               env={**(os.environ if env is None else env), "PYTHONUNBUFFERED": "1"})
    try:
        wait_listening(process, port)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def wait_listening(process: subprocess.Popen, port: int, seconds: float = 120) -> None:
    """Until the server `process` accepts connections on `port` (it must not end meanwhile)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            assert process.poll() is None, "the server ended before it listened"
            assert time.monotonic() < deadline, "the server did not start listening"
            time.sleep(0.3)
