"""Ctrl-C ends every verb within 2 s (issue 41): one line `kurtyna: interrupted`, exit 130, no
traceback, no process of the command left, no temporary folder left.

Each case starts `kurtyna` in a session of its own (as a terminal's foreground job: Ctrl-C
reaches its whole process group), with TMPDIR an empty folder of the test, waits until the verb
is at work (its worker processes started, its engines' folder made, or 3 s into a long build),
sends SIGINT and looks at what is left. Some cases start it with SIGINT ignored, as a shell
without job control starts a background job (`kurtyna regress ... &` in a script): before issue
41 such a run took no notice of Ctrl-C and `regress` and `sheets` ran on to their end
(compiler/tools/sim/workers.py, take_ctrl_c).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from ..conftest import CONTENT, ROOT

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists() or os.name != "posix",
                                reason="signals to a process group, processes found in /proc")

DEADLINE = 2.0  # seconds from the signal to the command's end
READY = 60.0  # seconds the command has to get to work (the tests run side by side on 2 cores)
# Starts the command with SIGINT at the given disposition (an ignored one is inherited over exec).
LAUNCH = ("import os, signal, sys; signal.signal(signal.SIGINT, getattr(signal, sys.argv[1])); "
          "os.execv(sys.argv[2], sys.argv[2:])")


def _group(pgid: int) -> list[tuple[int, str]]:
    """(pid, command line) of the live processes of a process group (zombies left out)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # ended meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (name) ": state, ppid, pgrp, ...
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append((int(entry.name), cmdline))
    return found


@dataclass(frozen=True)
class Case:
    args: Callable[[Path], list[str]]  # the command line after `kurtyna`, given a folder of the test
    ready: Callable[[int, Path, float], bool]  # (pgid, TMPDIR, seconds since it started): at work
    to_group: bool = True  # SIGINT to the group (Ctrl-C); else to the main process only
    ignored: bool = False  # started with SIGINT ignored
    talked_to: bool = False  # its stdin a pipe kept open (a server an editor talks to), not the test's


def _workers(count: int) -> Callable[[int, Path, float], bool]:
    """Its worker processes started."""
    return lambda pgid, _tmp, _elapsed: len(_group(pgid)) >= 1 + count


def _regress_worker(pgid: int, _tmp: Path, _elapsed: float) -> bool:
    return any("regress/worker.py" in cmdline for _, cmdline in _group(pgid))


def _engines(_pgid: int, tmp: Path, _elapsed: float) -> bool:
    """`test` has made the folder it compiles the games' engines into."""
    return any(p.name.startswith("kurtyna-engines-") for p in tmp.iterdir())


def _compiling(_pgid: int, _tmp: Path, elapsed: float) -> bool:
    """`build` compiles every game before it writes any and shows nothing on the way: 3 s in,
    it is compiling (eight games take it 12 s of one core)."""
    return elapsed >= 3.0


def _copies(out: Path, count: int) -> list[str]:
    """`count` copies of Zimna Wojna in folders of their own: a build long enough to interrupt."""
    folders = []
    for n in range(count):
        shutil.copytree(CONTENT / "zimna_wojna", out / f"copy{n}" / "zimna_wojna")
        folders.append(str(out / f"copy{n}" / "zimna_wojna"))
    return folders


# `--jobs 1`: the second side waits for the first; a run that waited for its queued work on
# Ctrl-C would start it after the signal and play it to the end. Two folders are always compared
# (two revisions of the same tree would be answered at once: "the same tree").
REGRESS = ["regress", "zimna_wojna", "--base-dir", "content", "--head-dir", "content",
           "--games", "400", "--jobs", "1"]


def _sheets(out: Path) -> list[str]:
    return ["sheets", "zimna_wojna", "--jobs", "3", "--out", str(out / "sheets")]


def _card(out: Path) -> list[str]:
    return ["card", "zimna_wojna", "comecon", "--lang", "cs", "--out", str(out / "card.png")]


def _build(out: Path) -> list[str]:
    return ["build", *_copies(out, 8), "--force", "--out", str(out / "built")]


def _serve(out: Path) -> list[str]:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    (out / "port").write_text(str(port))
    return ["serve", "zelazna_kurtyna", "--port", str(port)]


def _listening(out: Path) -> Callable[[int, Path, float], bool]:
    def ready(_pgid: int, _tmp: Path, _elapsed: float) -> bool:
        try:
            socket.create_connection(("127.0.0.1", int((out / "port").read_text())), timeout=0.2).close()
            return True
        except (OSError, ValueError):
            return False
    return ready


CASES = {
    "regress": Case(lambda out: REGRESS, _regress_worker),
    "regress, main process only": Case(lambda out: REGRESS, _regress_worker, to_group=False),
    "regress, started ignoring SIGINT": Case(lambda out: REGRESS, _regress_worker, ignored=True),
    "sheets --jobs 3": Case(_sheets, _workers(2)),
    "sheets --jobs 3, started ignoring SIGINT": Case(_sheets, _workers(2), ignored=True),
    "sim --jobs 2": Case(lambda out: ["sim", "zimna_wojna", "--games", "1000000", "--jobs", "2", "--quiet"],
                         _workers(2)),
    # every example six times over: about 12 s of work on one core
    "test": Case(lambda out: ["test", *["tests/examples"] * 6], _engines),
    "build": Case(_build, _compiling),
    # checking the game, then laying the card out: about 4 s of one core with nothing kept
    "card": Case(_card, lambda _pgid, _tmp, elapsed: elapsed >= 1.0),
    # the web server, listening (a page's request for news may be waiting: not waited for)
    "serve": Case(_serve, lambda pgid, tmp, elapsed: _listening(tmp.parent / "out")(pgid, tmp, elapsed)),
    # the language server, waiting for an editor's next message on its stdin
    "lsp": Case(lambda out: ["lsp"], lambda _pgid, _tmp, elapsed: elapsed >= 1.0, talked_to=True),
}


@pytest.mark.parametrize("name", list(CASES))
def test_ctrl_c_ends_the_verb_at_once_with_one_line_and_nothing_left(name: str, tmp_path: Path):
    case = CASES[name]
    if name.startswith("regress") and not (ROOT / ".git").exists():
        pytest.skip("regress compares two revisions of this project's git checkout")
    tmp, out = tmp_path / "tmp", tmp_path / "out"
    tmp.mkdir()
    out.mkdir()
    disposition = "SIG_IGN" if case.ignored else "SIG_DFL"
    kurtyna = [sys.executable, "-m", "compiler.cli", *case.args(out)]
    command = [sys.executable, "-c", LAUNCH, disposition, *kurtyna]
    env = {**os.environ, "TMPDIR": str(tmp), "KURTYNA_CACHE": "off"}
    with open(tmp_path / "stdout", "wb") as stdout, open(tmp_path / "stderr", "wb") as stderr:
        run = subprocess.Popen(command, cwd=ROOT, env=env, stdout=stdout, stderr=stderr,
                               stdin=subprocess.PIPE if case.talked_to else None,
                               start_new_session=True)  # its own group, as a terminal's foreground job
    try:
        started = time.monotonic()
        while not case.ready(run.pid, tmp, time.monotonic() - started) or time.monotonic() - started < 1.0:
            assert run.poll() is None, f"ended before it was interrupted:\n{_read(tmp_path / 'stderr')}"
            assert time.monotonic() - started < READY, "the command never got to work"
            time.sleep(0.05)
        time.sleep(0.5)  # at work for a moment
        assert run.poll() is None, "ended before it was interrupted"
        if case.to_group:
            os.killpg(run.pid, signal.SIGINT)
        else:
            os.kill(run.pid, signal.SIGINT)
        signalled = time.monotonic()
        try:
            run.wait(DEADLINE)
        except subprocess.TimeoutExpired:
            pytest.fail(f"still running {DEADLINE} s after SIGINT: {_group(run.pid)}")
        print(f"{name}: ended {time.monotonic() - signalled:.2f} s after SIGINT")  # the margin, with -rP
        left = _group(run.pid)
        errors = _read(tmp_path / "stderr")
        assert run.returncode == 130, errors
        assert errors.splitlines()[-1:] == ["kurtyna: interrupted"] and "Traceback" not in errors, errors
        assert left == [], f"processes left running: {left}"
        assert not [p.name for p in tmp.iterdir() if p.name.startswith("kurtyna-")], list(tmp.iterdir())
    finally:
        try:
            os.killpg(run.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        run.wait()


def _read(path: Path) -> str:
    return path.read_text("utf-8", errors="replace")


def test_ctrl_c_while_the_command_line_is_imported_is_one_line_too(monkeypatch, capsys):
    """The first tenth of a second of `kurtyna` is spent importing compiler.cli; an interrupt
    there is the same line and exit code as later (compiler/entry.py, the console script)."""
    import builtins

    from compiler import entry

    real_import = builtins.__import__

    def interrupted_import(name, *args, **kwargs):
        if name == "compiler.cli":
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", interrupted_import)
    assert entry.main() == 130
    assert capsys.readouterr().err == "kurtyna: interrupted\n"


def test_ctrl_c_at_any_instant_of_a_start_is_one_line_and_130(tmp_path):
    """`python -m compiler.entry lsp` (the console script's entry, run as a module) interrupted
    at sixteen instants of its first second, while its modules load and as it starts to serve:
    each time the one line and exit 130 (compiler/interrupts.py). Before, a Ctrl-C caught while
    a module's generated code ran (dataclasses, attrs) ended the process by SIGINT (-2) after the
    line. Only an interrupt while Python itself starts (its site module), before any of Kurtyna
    runs, or one in a weak reference's callback, which Python only reports, ends it otherwise."""
    env = {**os.environ, "TMPDIR": str(tmp_path), "KURTYNA_CACHE": "off"}
    ended = []
    for step in range(16):
        run = subprocess.Popen([sys.executable, "-m", "compiler.entry", "lsp"], cwd=ROOT, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
        time.sleep(0.05 * (step + 1))
        os.killpg(run.pid, signal.SIGINT)
        try:
            _, errors = run.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            run.kill()
            run.wait()
            pytest.fail(f"still running 30 s after SIGINT at {0.05 * (step + 1):.2f} s")
        ended.append((run.returncode, errors.decode("utf-8", "replace")))
    def pythons_own(end: tuple[int, str]) -> bool:
        """Python starting (no line of Kurtyna has run), or Python reporting an interrupt that
        came while it ran a weak reference's callback: it cannot be raised there, and Python
        goes on (a limit of CPython; docs/security.md)."""
        return (end == (-signal.SIGINT, "") or end[1].startswith("Fatal Python error: init_import_site")
                or (end[0] == 0 and "Exception ignored in" in end[1] and "KeyboardInterrupt" in end[1]))

    wrong = [end for end in ended if end != (130, "kurtyna: interrupted\n") and not pythons_own(end)]
    assert not wrong, wrong
    assert (130, "kurtyna: interrupted\n") in ended
