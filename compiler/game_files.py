"""Reading the files of a game folder, which may come from someone else.

A game folder downloaded from a forum can hold a link to `~/.ssh/id_rsa`, a FIFO where
`cards.yaml` should be, or a link to `/dev/zero`. Every file Kurtyna reads for a game is read
here, so that:

- only a regular file is read: a FIFO, a device, a socket or a folder where a file is expected
  is an error at once (opened with O_NONBLOCK, so even a FIFO's open never waits for a writer,
  then checked with fstat on what was opened);
- a file is at most MAX_FILE_BYTES long, checked before it is read, so a huge or endless file
  never fills memory;
- a path that leads out of the game folder (through a link of the file or of a folder above it)
  is refused, unless the user allowed it on the command line (`--follow-links`, for the
  translator who links a catalog on purpose: `allow_links_out`).

The message of a `GameFileError` says what is wrong and never shows what lies outside.

An editor's unsaved buffers can stand in for files on disk (`buffers`, for `kurtyna lsp`): a
file with a buffer is read from it, every other file from disk; which files exist is still the
disk's answer.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

MAX_FILE_BYTES = 16 * 1024 * 1024  # the largest content file today is about 0.3 MB

_links_out_allowed = False
# Resolved path -> the bytes read for it instead of the file's (`buffers`); per thread of work,
# so a check of edited buffers never leaks into another reader.
_buffers: ContextVar[Mapping[Path, bytes] | None] = ContextVar("buffers", default=None)


class GameFileError(Exception):
    """A file of a game folder that Kurtyna will not read; str() says why, in a few words."""


def allow_links_out(allowed: bool = True) -> None:
    """`--follow-links`: files reached through links that lead out of the game folder are read
    (and written: catalogs) as if they were inside it."""
    global _links_out_allowed
    _links_out_allowed = allowed


def links_out_allowed() -> bool:
    return _links_out_allowed


def leads_out(path: Path, folder: Path) -> bool:
    """Whether `path`, its links followed, lies outside `folder` (a link loop counts as out)."""
    try:
        resolved = Path(path).resolve()
        root = Path(folder).resolve()
    except (OSError, RuntimeError):
        return True
    return resolved != root and root not in resolved.parents


def write_boundary(folder: Path) -> Path:
    """The folder a write for this game may reach through links (fsio's `links_within`)."""
    return Path("/") if _links_out_allowed else Path(folder)


@contextmanager
def buffers(texts: Mapping[Path, bytes]) -> Iterator[None]:
    """While the block runs, a file named in `texts` (by any path that resolves to it) reads as
    the bytes given for it, not as what is on disk: an editor's unsaved buffers."""
    token = _buffers.set({Path(path).resolve(): data for path, data in texts.items()})
    try:
        yield
    finally:
        _buffers.reset(token)


def _buffer(path: Path, limit: int) -> bytes | None:
    """The buffer that stands in for `path`, if any (bounded like a file)."""
    texts = _buffers.get()
    if not texts:
        return None
    try:
        data = texts.get(path.resolve())
    except (OSError, RuntimeError):
        return None
    if data is not None and len(data) > limit:
        raise GameFileError(f"it is {len(data):,} bytes long; such a file may hold at most {limit:,}")
    return data


def read_bytes(path: Path, folder: Path | None = None, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file `path`, at most `limit`; with `folder`, `path` must lie
    inside it once links are followed (unless `--follow-links`). Raises GameFileError, or
    FileNotFoundError when there is no such file (a link to nothing included). Any file that may
    come from someone else is read here: a game's files, the lines a fault quotes, a save."""
    path = Path(path)
    if folder is not None and not _links_out_allowed and leads_out(path, folder):
        raise GameFileError("it is a link (or lies in a linked folder) that leads out of the game "
                            "folder; Kurtyna reads only the game's own files (--follow-links "
                            "allows it)")
    data = _buffer(path, limit)
    if data is not None:
        return data
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except IsADirectoryError:
        raise GameFileError("it is a folder, not a file") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a FIFO, a device or a socket"
            raise GameFileError(f"it is {kind}, not a regular file")
        if info.st_size > limit:
            raise GameFileError(f"it is {info.st_size:,} bytes long; such a file may hold at most {limit:,}")
        chunks, size = [], 0
        while True:  # a file growing while read is cut at the limit, never followed forever
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise GameFileError(f"it grew past {limit:,} bytes while being read")
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: Path, folder: Path | None = None) -> str:
    """`read_bytes` decoded as UTF-8 (a UnicodeDecodeError for a file that is not)."""
    return read_bytes(path, folder).decode("utf-8")
