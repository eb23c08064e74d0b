"""Every file Kurtyna writes goes through here: atomic files, atomic folders, one writer.

- `write_text` / `write_bytes`: the data goes to a temporary file in the same folder, is flushed
  to disk and moved over the target with `os.replace`, so a reader (or a crash) sees the old
  file or the new one, never a part. New files get the usual modes (umask), not mkstemp's 0600.
- `replace_folder`: a whole output folder (an engine package, a locale's sheets) is written as
  `.<name>.new` beside the target, marked as Kurtyna's (`.kurtyna-output`), then exchanged with
  the old folder in one atomic step (renameat2 RENAME_EXCHANGE), and the old one removed: at
  every instant the target is the old folder or the new one, whole. Only a folder that holds the
  mark (or nothing) is ever replaced or removed: a game folder, a folder of the user's files or
  a link is refused before anything is written (`OutputRefused`). `recover_folder`, called
  before every write, removes what a run killed midway left beside the target.
- `output_lock`: one writer per output folder. A second Kurtyna run that wants to write the
  same folder waits for the first (and says so) instead of racing it.

The file-system calls that change something are made through this module's names (`_replace`,
`_rename`, `_exchange`, `_rmtree`, `_unlink`, `_mkdir`, `_mkdir_private`, `_mkstemp`,
`_write_fd`) so a test can stop the world at the N-th of them, as a killed process would, and
check that the output is always whole (tests/tools/test_atomic.py). A run killed between
creating a temporary file and moving it into place leaves a hidden `.<name>.XXXX.tmp` beside
the target; it is never read.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno as _errno
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Collection, Iterable, Iterator
from pathlib import Path

try:  # POSIX; elsewhere writes are still atomic but not locked
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

NEW_SUFFIX = ".new"
OLD_SUFFIX = ".old"


# Inside every folder Kurtyna writes whole (an engine, a language's sheets): the mark that it is
# Kurtyna's to replace. A folder without it holds somebody's files and is never swapped or removed.
MARK = ".kurtyna-output"
MARK_TEXT = ("Written by kurtyna, which replaces this folder whole on its next run: files put here "
             "by hand are lost.\n")


class OutputError(Exception):
    """An output Kurtyna may not or cannot write; the message says which and why."""


class OutputRefused(OutputError):
    """Writing there could destroy or change what Kurtyna did not make (a game folder, a folder
    of the user's files, a file a link leads out to)."""


class OutputBusy(OutputError):
    """Another Kurtyna run holds the lock of an output folder for too long."""


# -- the mutating calls, named so tests can interrupt them -----------------------------------
def _replace(src: str | Path, dst: str | Path) -> None:
    os.replace(src, dst)


def _load_renameat2() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None  # pragma: no cover
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        function = libc.renameat2
    except (OSError, AttributeError):  # pragma: no cover - a libc older than glibc 2.28
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
_renameat2 = _load_renameat2()


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


def _exchange(a: str | Path, b: str | Path) -> None:
    """Swap two paths in one step (Linux renameat2 RENAME_EXCHANGE): nobody ever finds either
    name missing. Where the system has no such call, two renames through a third name."""
    if _renameat2 is not None:
        if _renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
            return
        errno = ctypes.get_errno()
        if errno not in (_errno.EINVAL, _errno.ENOSYS, _errno.EOPNOTSUPP):  # a real fault
            raise OSError(errno, os.strerror(errno), str(a), None, str(b))
    aside = Path(b).with_name(Path(b).name + ".swap")  # pragma: no cover - no renameat2
    os.rename(b, aside)
    os.rename(a, b)
    os.rename(aside, a)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# -- files ----------------------------------------------------------------------------------
def write_bytes(path: Path, data: bytes, mode: int | None = None, links_within: Path | None = None) -> None:
    """Write `data` to `path` atomically: old content or new, never a mix or a truncation.

    A file that exists keeps its mode. A link is written through only where the caller allows
    it, `links_within` a folder the link must lead into (a translator's catalog linked from
    elsewhere in the game: the file it points to is replaced and the link stays); otherwise a
    link is refused (`OutputRefused`), so a link in a folder from someone else never makes
    Kurtyna write a file outside it. A new file gets the mode the umask gives, or `mode` when
    given (then always)."""
    path = Path(path)
    if _kind(path) == "link":
        if links_within is None:
            raise OutputRefused(f"{path}: is a link; kurtyna does not write through links here "
                                "(remove it, and run again)")
        resolved = path.resolve()
        if not _within(resolved, Path(links_within).resolve()):
            raise OutputRefused(f"{path}: is a link that leads out of {links_within} (to "
                                f"{resolved}); kurtyna does not write there (--follow-links "
                                "allows it)")
        path = resolved
    elif links_within is not None and not _within(path.resolve(), Path(links_within).resolve()):
        raise OutputRefused(f"{path}: lies outside {links_within} once its folders' links are "
                            "followed; kurtyna does not write there (--follow-links allows it)")
    if _kind(path) not in ("missing", "file"):
        raise OutputRefused(f"{path}: is a folder or a special file where kurtyna writes a file")
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


def write_text(path: Path, text: str, mode: int | None = None, links_within: Path | None = None) -> None:
    """Write UTF-8 text atomically (newlines as given: no platform translation)."""
    write_bytes(path, text.encode("utf-8"), mode, links_within)


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


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


def _kind(path: Path) -> str:
    """"missing", "link", "folder", "file" or "other" (a FIFO, a device, a socket), links not followed."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return "missing"
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "folder"
    return "file" if stat.S_ISREG(mode) else "other"


def _earlier_output(folder: Path, known: Collection[str]) -> bool:
    """An output of a Kurtyna from before the mark: nothing in it but files of the names this
    output writes (and Python's `__pycache__`), so replacing it loses nothing of anyone's."""
    if not known:
        return False
    for child in folder.iterdir():
        if child.name == "__pycache__" and _kind(child) == "folder":
            continue
        if child.name not in known or _kind(child) != "file":
            return False
    return True


def is_ours(folder: Path, known: Collection[str] = ()) -> bool:
    """Whether `folder` is a real folder (not a link) that Kurtyna may replace or remove: it holds
    the mark, or nothing at all, or only what an earlier Kurtyna wrote there (`known` names)."""
    if _kind(folder) != "folder":
        return False
    return _kind(folder / MARK) == "file" or not any(folder.iterdir()) or _earlier_output(folder, known)


def _refuse_unless_ours(path: Path, known: Collection[str] = (), what: str = "") -> None:
    kind = _kind(path)
    if kind == "missing" or (kind == "folder" and is_ours(path, known)):
        return
    named = what or str(path)
    if kind == "folder":
        raise OutputRefused(
            f"{named}: this folder holds files kurtyna did not write (it has no {MARK} mark), so "
            "kurtyna will not replace it; choose another output folder (--out), or remove it "
            "yourself if it is an output of an earlier kurtyna")
    found = {"link": "a link", "file": "a file", "other": "a FIFO, device or socket"}[kind]
    raise OutputRefused(f"{named}: is {found} where kurtyna writes a folder of its own; "
                        "remove it or choose another output folder (--out)")


def check_replaceable(target: Path, known: Collection[str] = ()) -> None:
    """Refuse (`OutputRefused`) an output folder that `replace_folder` would refuse, and staging
    entries beside it that are not Kurtyna's: a command checks every output first, so that it
    writes nothing at all when one of them is refused."""
    target = Path(target)
    new, old = staging_paths(target)
    for path in (target, new, old):
        _refuse_unless_ours(path, known)


def _remove_ours(folder: Path) -> None:
    """Remove a folder of Kurtyna's, its mark last: a run killed midway leaves a folder that
    still holds its mark (or nothing), which the next run recognises and removes."""
    for child in sorted(folder.iterdir()):
        if child.name != MARK:
            if _kind(child) == "folder":
                _rmtree(child)
            else:
                _unlink(child)
    _rmtree(folder)


def recover_folder(target: Path, known: Collection[str] = ()) -> None:
    """Bring `target` back to a whole state after a run that died while replacing it.

    The swap is one atomic exchange (below), so a killed run leaves the target whole and at most
    a staging folder beside it, removed here. An earlier layout swapped with two renames: no
    target but an old one and a new one -> the new one is complete, take it; no target and only
    an old one -> put it back. Staging entries that are not Kurtyna's folders (a link, a file, a
    folder of someone's files under that name) are refused, never followed or removed.
    """
    target = Path(target)
    new, old = staging_paths(target)
    for staging in (new, old):
        _refuse_unless_ours(staging, known)
    if _kind(target) == "missing" and _kind(old) == "folder":
        _rename(new if _kind(new) == "folder" else old, target)
    for leftover in (new, old):
        if _kind(leftover) == "folder":
            _remove_ours(leftover)
    # staging folders of the old layout: exactly tempfile.mkdtemp's `.<name>-` and 8 characters,
    # so a folder of the user's own (`.<name>-notes`) is never taken for one
    stray_name = re.compile(re.escape(f".{target.name}-") + r"[a-z0-9_]{8}")
    for stray in target.parent.glob(f".{target.name}-*"):
        if _kind(stray) == "folder" and stray_name.fullmatch(stray.name):
            _rmtree(stray)


def replace_folder(target: Path, fill: Callable[[Path], None], known: Collection[str] = ()) -> None:
    """Replace the folder `target` by what `fill(folder)` writes into an empty folder.

    `target` must be missing or a folder of Kurtyna's (`is_ours`; `known`: the names of the
    files this output holds, so an output of an earlier Kurtyna without the mark is recognised);
    anything else is refused before anything is written. The new folder gets the mark first,
    then `fill` writes it whole, then one atomic exchange puts it in the old one's place: at
    every instant `target` is the old folder or the new one. If `fill` raises, the old folder
    stays as it was. The caller should hold `output_lock`.
    """
    target = Path(target)
    _mkdir(target.parent)
    _refuse_unless_ours(target, known)
    recover_folder(target, known)
    new, _old = staging_paths(target)
    try:  # an interrupt (Ctrl-C, SIGTERM to a worker) may come between any two steps
        _mkdir(new)
        write_text(new / MARK, MARK_TEXT)
        fill(new)
    except BaseException:
        with contextlib.suppress(OSError):
            _remove_ours(new)
        raise
    try:
        if _kind(target) == "missing":
            _rename(new, target)
        else:
            _exchange(new, target)  # `new` now holds the old folder
    finally:  # the old folder goes (or the unused new one, when the swap did not happen)
        recover_folder(target, known)


def write_folder(target: Path, files: dict[str, str | bytes]) -> None:
    """Replace the folder `target` by exactly these files (name -> text or bytes)."""

    def fill(folder: Path) -> None:
        for name, data in sorted(files.items()):
            write_bytes(folder / name, data.encode("utf-8") if isinstance(data, str) else data)

    replace_folder(target, fill, known=set(files))


def check_output_root(root: Path, sources: Iterable[Path] = ()) -> None:
    """Refuse an output folder (`--out`) that a run could harm, before anything is written.

    Outputs go into folders of their own under `root`; `root` itself must not be a file, a game
    folder or inside one (a game's folder holds `game.yaml`), a folder holding game folders (a
    content folder), a folder holding one of the games being read (`sources`), the root of a
    git repository, the home folder or the file system's root."""
    root = Path(root)
    resolved = root.resolve()
    kind = _kind(resolved)
    if kind not in ("missing", "folder"):
        raise OutputRefused(f"{root}: is a file, not a folder; --out names the folder the "
                            "outputs are written in")
    for folder in (resolved, *resolved.parents):
        if _kind(folder / "game.yaml") != "missing":
            where = "is" if folder == resolved else "lies inside"
            raise OutputRefused(f"{root}: {where} the game folder {folder}; kurtyna does not write "
                                "its outputs among a game's own files: choose another --out")
    for source in sources:
        source = Path(source).resolve()
        if resolved in source.parents:
            raise OutputRefused(f"{root}: holds the game folder {source} being read; choose a "
                                "folder of its own for the outputs (--out)")
    try:
        home: Path | None = Path.home().resolve()
    except (RuntimeError, KeyError):  # no HOME and no password entry
        home = None
    reasons = [(resolved == Path(resolved.anchor), "is the root of the file system"),
               (resolved == home, "is your home folder"),
               (_kind(resolved / ".git") != "missing", "is the root of a git repository")]
    for hit, reason in reasons:
        if hit:
            raise OutputRefused(f"{root}: {reason}; kurtyna writes one folder per game into --out, "
                                "so give it a folder of its own (e.g. --out generated)")
    if kind == "folder":
        games = sorted(child.name for child in resolved.iterdir()
                       if _kind(child) == "folder" and _kind(child / "game.yaml") == "file")
        if games:
            raise OutputRefused(f"{root}: holds game folders ({', '.join(games[:3])}): it is a "
                                "content folder; choose another --out")


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
    if _kind(lock_path) not in ("missing", "file"):  # a folder or a link: never followed or removed
        raise OutputRefused(f"{lock_path}: is not the lock file kurtyna makes (a folder, a link or "
                            "a special file); remove it and run again")
    limit = LOCK_WAIT if wait is None else wait
    start = time.monotonic()
    told = False
    while True:
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o666)
        except OSError as exc:  # made a link or a folder meanwhile, or a folder we cannot write
            raise OutputRefused(f"{lock_path}: cannot make the lock file kurtyna writes beside "
                                f"its output ({exc.strerror or exc})") from None
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
