"""Which game a file is of, and which files a game has.

A game folder is the nearest folder above a file that holds a `game.yaml`. Its files are
game.yaml, the files its `includes` name, text.yaml and the catalogs `locales/<lang>.po`: what
`kurtyna check` reads. A file of no game folder, or one a game does not read, gets nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from pygls.uris import from_fs_path, to_fs_path

from compiler import game_files
from compiler.diagnostics import Diagnostics
from compiler.front.loader import parse_text

GAME_FILE = "game.yaml"
INCLUDED_KINDS = ("map", "tracks", "cards", "rules")

Reader = Callable[[Path], bytes | None]  # a file's bytes as the editor has them, None if unreadable


def path_of(uri: str) -> Path | None:
    """The absolute file path of a `file:` URI; None for any other URI."""
    if not uri.startswith("file:"):
        return None
    try:
        path = to_fs_path(uri)
    except (ValueError, TypeError):
        return None
    return Path(os.path.abspath(path)) if path else None


def uri_of(path: Path) -> str:
    return from_fs_path(str(path)) or Path(path).as_uri()


def game_folder(path: Path) -> Path | None:
    """The game folder `path` lies in (the nearest folder above it with a game.yaml), or None."""
    for parent in path.parents:
        try:
            if (parent / GAME_FILE).is_file():
                return parent
        except OSError:  # a name too long, a folder we may not read
            return None
    return None


def disk_bytes(path: Path, folder: Path) -> bytes | None:
    """A file's bytes on disk, read as the compiler reads a game's files, inside the game's
    `folder` only (a link out of it is not followed); None if it cannot be."""
    try:
        return game_files.read_bytes(path, folder)
    except (game_files.GameFileError, OSError, ValueError):
        return None


def game_files_of(folder: Path, read: Reader) -> list[Path]:
    """The files `kurtyna check` reads for the game in `folder`, as absolute paths: game.yaml, the
    files its `includes` name (as the editor has game.yaml now), text.yaml and the catalogs."""
    found = [folder / GAME_FILE]
    data = read(folder / GAME_FILE)
    text = data.decode("utf-8", errors="replace") if data is not None else ""
    doc = parse_text(str(folder / GAME_FILE), text, Diagnostics())  # bounded, never raises on content
    includes = doc.data.get("includes") if isinstance(doc.data, dict) else None
    if isinstance(includes, dict):
        for kind in INCLUDED_KINDS:
            names = includes.get(kind)
            for name in names if isinstance(names, list) else []:
                if isinstance(name, str) and name and not name.startswith("/") and ".." not in name:
                    found.append(folder / name)
    found.append(folder / "text.yaml")
    locales = folder / "locales"
    try:
        found += sorted(locales.glob("*.po")) if locales.is_dir() else []
    except OSError:
        pass
    out, seen = [], set()
    for path in found:
        path = Path(os.path.abspath(path))
        if path not in seen:
            seen.add(path)
            out.append(path)
    return out


def is_inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents
