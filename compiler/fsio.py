"""Every file Kurtyna writes goes through here: atomic files, atomic folders, one writer.

- `write_text` / `write_bytes`: the data goes to a temporary file in the same folder, is flushed
  to disk and moved over the target with `os.replace`, so a reader (or a crash) sees the old
  file or the new one, never a part. New files get the usual modes (umask), not mkstemp's 0600.
- `replace_folder`: a whole output folder (an engine package, a locale's sheets) is written as
  `.<name>.new` beside the target, the old folder is renamed to `.<name>.old`, the new one is
  renamed in, the old one removed. `recover_folder`, called before every write, finishes or
  undoes what a run killed between those steps left behind, so at every instant the old or the
  new folder is complete and reachable.
- `output_lock`: one writer per output folder. A second Kurtyna run that wants to write the
  same folder waits for the first (and says so) instead of racing it.

The file-system calls that change something are made through this module's names (`_replace`,
`_rename`, `_rmtree`, `_unlink`, `_mkdir`, `_mkdir_private`, `_mkstemp`, `_write_fd`) so a test can stop
the world at the N-th of them, as a killed process would, and check that the output is always
whole (tests/tools/test_atomic.py). A run killed between creating a temporary file and moving it into place
leaves a hidden `.<name>.XXXX.tmp` beside the target; it is never read.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

try:  # POSIX; elsewhere writes are still atomic but not locked
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

NEW_SUFFIX = ".new"
OLD_SUFFIX = ".old"


class OutputBusy(Exception):
    """Another Kurtyna run holds the lock of an output folder for too long."""


# -- the mutating calls, named so tests can interrupt them -----------------------------------
def _replace(src: str | Path, dst: str | Path) -> None:
    os.replace(src, dst)


def _rename(src: str | Path, dst: str | Path) -> None:
    os.rename(src, dst)


def _rmtree(path: str | Path) -> None:
    shutil.rmtree(path)


def _mkdir(path: Path) -> None:
    path.mkdir(parents=True, exist_ok=True)


def _unlink(path: str | Path) -> None:
    os.unlink(path)


def _mkdir_private(path: Path) -> None:
    os.mkdir(path, 0o700)


def _write_fd(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _mkstemp(folder: Path, name: str) -> tuple[int, str]:
    return tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# -- files ----------------------------------------------------------------------------------
def write_bytes(path: Path, data: bytes, mode: int | None = None) -> None:
    """Write `data` to `path` atomically: old content or new, never a mix or a truncation.

    A file that exists keeps its mode, and a symlink stays a symlink (the file it points to is
    replaced): a translator's linked or read-only catalog is updated, not turned into another
    kind of file. A new file gets the mode the umask gives, or `mode` when given (then always)."""
    path = Path(path)
    if path.is_symlink():
        path = path.resolve()
    _mkdir(path.parent)
    if mode is None:
        mode = path.stat().st_mode & 0o7777 if path.is_file() else 0o666 & ~_umask()
    fd, tmp = _mkstemp(path.parent, path.name)
    try:
        try:
            os.fchmod(fd, mode)
            _write_fd(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        _replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_text(path: Path, text: str, mode: int | None = None) -> None:
    """Write UTF-8 text atomically (newlines as given: no platform translation)."""
    write_bytes(path, text.encode("utf-8"), mode)


def remove_file(path: Path) -> None:
    """Remove a file (an old cache entry); one already gone is no fault."""
    with contextlib.suppress(FileNotFoundError):
        _unlink(path)


def make_private_folder(path: Path) -> None:
    """Create the folder `path` (and its parents) if missing; the folder itself only for its
    owner (0700), as a cache folder is (compiler/cache.py)."""
    path = Path(path)
    if not path.is_dir():
        _mkdir(path.parent)
        with contextlib.suppress(FileExistsError):
            _mkdir_private(path)


def write_if_changed(path: Path, text: str) -> bool:
    """Write `text` unless the file already holds exactly it; return whether it was written."""
    path = Path(path)
    if path.is_file() and path.read_bytes() == text.encode("utf-8"):
        return False
    write_text(path, text)
    return True


# -- folders --------------------------------------------------------------------------------
def staging_paths(target: Path) -> tuple[Path, Path]:
    """The new and the old folder beside `target` (hidden, so tools skip them)."""
    target = Path(target)
    return (target.parent / f".{target.name}{NEW_SUFFIX}",
            target.parent / f".{target.name}{OLD_SUFFIX}")


def recover_folder(target: Path) -> None:
    """Bring `target` back to a whole state after a run that died while replacing it.

    The new folder is renamed in only after it is complete, and the old one is renamed aside
    only after that, so: no target but an old one and a new one -> the new one is complete,
    take it; no target and only an old one -> put it back. Whatever is left aside then goes.
    """
    target = Path(target)
    new, old = staging_paths(target)
    if not target.exists() and old.is_dir():
        _rename(new if new.is_dir() else old, target)
    for leftover in (new, old):
        if leftover.is_dir():
            _rmtree(leftover)
    # staging folders of the old layout: exactly tempfile.mkdtemp's `.<name>-` and 8 characters,
    # so a folder of the user's own (`.<name>-notes`) is never taken for one
    stray_name = re.compile(re.escape(f".{target.name}-") + r"[a-z0-9_]{8}")
    for stray in target.parent.glob(f".{target.name}-*"):
        if stray.is_dir() and stray_name.fullmatch(stray.name):
            _rmtree(stray)


def replace_folder(target: Path, fill: Callable[[Path], None]) -> None:
    """Replace the folder `target` by what `fill(folder)` writes into an empty folder.

    If `fill` raises, the old folder stays as it was. The caller should hold `output_lock`.
    """
    target = Path(target)
    _mkdir(target.parent)
    recover_folder(target)
    new, old = staging_paths(target)
    try:  # an interrupt (Ctrl-C, SIGTERM to a worker) may come between any two steps
        _mkdir(new)
        fill(new)
    except BaseException:
        with contextlib.suppress(OSError):
            _rmtree(new)
        raise
    try:
        if target.exists():
            _rename(target, old)
        _rename(new, target)
    finally:  # the old folder goes; interrupted between the renames, the swap is finished
        recover_folder(target)


def write_folder(target: Path, files: dict[str, str | bytes]) -> None:
    """Replace the folder `target` by exactly these files (name -> text or bytes)."""

    def fill(folder: Path) -> None:
        for name, data in sorted(files.items()):
            write_bytes(folder / name, data.encode("utf-8") if isinstance(data, str) else data)

    replace_folder(target, fill)


# -- one writer -----------------------------------------------------------------------------
LOCK_WAIT = 600.0  # seconds a second writer waits before giving up


@contextlib.contextmanager
def output_lock(target: Path, wait: float | None = None) -> Iterator[None]:
    """Hold the lock of the output `target` (a file or folder) while writing it.

    The lock is `.<name>.lock` beside the target, held with `flock` and removed when released,
    so no lock file stays behind. A run that locked a file another run has just removed (and so
    holds nothing) notices it - the path no longer names its file - and tries again. A second
    run waits, saying why, up to `wait` seconds. A killed run's lock is released by the system;
    the file it leaves is reused.
    """
    target = Path(target)
    _mkdir(target.parent)
    if fcntl is None:  # pragma: no cover
        yield
        return
    lock_path = target.parent / f".{target.name}.lock"
    limit = LOCK_WAIT if wait is None else wait
    start = time.monotonic()
    told = False
    while True:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() - start >= limit:
                message = (f"{target}: another kurtyna run is still writing it "
                           f"(waited {limit:.0f} s); try again when it has finished")
                raise OutputBusy(message) from None
            if not told:
                print(f"{target}: waiting for another kurtyna run that is writing it...", file=sys.stderr)
                told = True
            time.sleep(0.05)
            continue
        if _same_file(fd, lock_path):
            break
        os.close(fd)  # the holder before us removed this file: lock the one the path names now
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock_path)
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    try:
        on_disk = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (mine.st_dev, mine.st_ino) == (on_disk.st_dev, on_disk.st_ino)
