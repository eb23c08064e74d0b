"""The user's cache folder: what Kurtyna keeps between runs so that a command answers at once.

Kept here, each named by a hash of everything it was made from: the effect language's parser
tables (dsl/grammar.py; JSON), the resolved model of a game for the verbs that run it
(compiler/tools/models.py; a pickle), the syntax trees of a game's effect texts
(compiler/front/resolve/kept_trees.py; pickles), the catalogs read
(compiler/back/i18n/kept_catalogs.py; JSON) and what `kurtyna check` found
(compiler/tools/check.py; JSON). A build's own record of what it last built lives beside the
engine instead (compiler/tools/stamps.py), because it belongs to that output folder.

Entries are read only from a folder the user owns and nobody else may write into, and only
files the user owns that nobody else may write (checked on the file opened, links not
followed); anything else is ignored, as is an entry that cannot be read or decoded: the caller
then does the work and writes it anew. That is what makes the pickles safe to read: only the
user could have written it, and a user who can write there can run code as themselves anyway
(docs/security.md).

Where: `$KURTYNA_CACHE` when set (`off`: keep nothing), else the platform's folder for caches
(`$XDG_CACHE_HOME/kurtyna` or `~/.cache/kurtyna` on Linux, `~/Library/Caches/kurtyna` on macOS,
`%LOCALAPPDATA%\\kurtyna\\Cache` on Windows). Deleting the folder is always safe.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Callable
from pathlib import Path

from compiler import fsio

ENV = "KURTYNA_CACHE"
_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]*")


def cache_folder() -> Path | None:
    """Where the cache is kept; None when `$KURTYNA_CACHE` is `off` or there is no home folder."""
    chosen = os.environ.get(ENV, "")
    if chosen.lower() == "off":
        return None
    if chosen:
        return Path(chosen)
    try:
        home = Path.home()
    except RuntimeError:  # no HOME and no password entry: nowhere that is the user's own
        return None
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / "kurtyna" / "Cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "kurtyna"
    return Path(os.environ.get("XDG_CACHE_HOME") or home / ".cache") / "kurtyna"


def _private(info: os.stat_result) -> bool:
    """Owned by this user, and neither its group nor others may write it."""
    if not hasattr(os, "getuid"):  # Windows: no owner bits to check (and nothing here runs code)
        return True
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


class UserCache:
    """Named text entries in one folder, used only while the folder and the entry are the user's
    alone (a `TableStore` of dsl/tables.py)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def usable(self) -> bool:
        try:
            info = os.stat(self.folder)
        except OSError:
            return False
        return stat.S_ISDIR(info.st_mode) and _private(info)

    def read(self, name: str) -> str | None:
        data = self.read_bytes(name)
        try:
            return data.decode("utf-8") if data is not None else None
        except UnicodeDecodeError:
            return None

    def read_bytes(self, name: str) -> bytes | None:
        """The entry `name`, if it is a file this user owns that nobody else may write, in a
        folder of the same kind; else None."""
        if not _NAME.fullmatch(name) or not self.usable():
            return None
        try:
            fd = os.open(self.folder / name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return None
        try:
            info = os.fstat(fd)  # of the file opened, not of whatever the name points to later
            if not stat.S_ISREG(info.st_mode) or not _private(info):
                return None
            with os.fdopen(os.dup(fd), "rb") as stream:
                return stream.read()
        except OSError:
            return None
        finally:
            os.close(fd)

    def write(self, name: str, text: str, keep: int | None = None) -> None:
        self.write_bytes(name, text.encode("utf-8"), keep)

    def write_bytes(self, name: str, data: bytes, keep: int | None = None) -> None:
        """Keep `data` as `name` (readable and writable by the user alone); with `keep`, remove
        all but the `keep` newest entries that share its name up to the last `-`. A folder that
        cannot be written (a read-only home, a full disk) or is not the user's alone keeps
        nothing, and the command goes on."""
        if not _NAME.fullmatch(name):
            raise ValueError(f"not a cache entry name: {name!r}")
        try:
            fsio.make_private_folder(self.folder)
            if not self.usable():
                return
            fsio.write_bytes(self.folder / name, data, mode=0o600)
            if keep is not None:
                self._prune(name.rpartition("-")[0] + "-", keep)
        except OSError:
            pass

    def _prune(self, prefix: str, keep: int) -> None:
        entries = [p for p in self.folder.iterdir() if p.name.startswith(prefix) and p.is_file()]
        entries.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in entries[keep:]:
            fsio.remove_file(old)


def user_cache() -> UserCache | None:
    folder = cache_folder()
    return UserCache(folder) if folder is not None else None


# What the command line keeps between runs besides the parser tables (the syntax trees of effect
# texts, the catalogs read): the cache, and the compiler's hash that each entry is tied to. None
# in a library call: nothing is kept.
kept: UserCache | None = None
kept_version: Callable[[], str] = str


def use_user_cache(version: Callable[[], str] = str) -> None:
    """Keep the parser tables, and what `kept_store` gives, in the user's cache folder from now
    on; `version()` is the compiler's hash (the command line does this)."""
    global kept, kept_version
    from dsl import tables

    tables.store = kept = user_cache()
    kept_version = version


def kept_store() -> tuple[UserCache, str] | None:
    """The cache for what is kept between runs and the compiler's hash; None when nothing is kept
    (a library call, or `$KURTYNA_CACHE` off)."""
    return (kept, kept_version()) if kept is not None else None
