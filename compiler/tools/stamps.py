"""What a game's engine is built from, as one hash, and the stamp a build leaves beside the engine.

A build that finds nothing changed answers at once: `kurtyna build` (and `--check`) compare the
hash of everything the engine depends on (`input_key`) and the hash of the engine's files as they
are on disk (`output_hash`) with the stamp the last build left, `<out>/.<game>.stamp`; when both
match, the engine is what a build would write, and nothing is compiled or written.

The input key covers: every file of the game folder by path and bytes (content, text, catalogs);
the folder as the author names it (the engine's header prints it); the compiler's own files
(compiler/ and dsl/: code, grammar, schemas, templates, locale text); the Python version and the
installed distributions with their versions (Lark, PyYAML, jsonschema, Babel...); and the stamp's
format. The output hash covers the engine's `.py` files by name and bytes, so an engine edited by
hand or half-replaced is never taken for fresh.

The stamp is JSON (read with `json.loads`, which runs no code) and is not committed (.gitignore):
a stamp holding the compiler's hash would change with every change of the compiler, and two
branches would always conflict on it. A fresh clone therefore builds (or checks) once in full.
A stamp that is missing, damaged or foreign only costs that full build.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from functools import cache
from pathlib import Path

from compiler import fsio, game_files

FORMAT = 1  # the stamp's layout; a new one makes every old stamp stale
_SKIP_DIRS = {"__pycache__"}
_THIS_RUN = os.urandom(16)  # in the input key under --follow-links: nothing kept is reused


def _hash_tree(digest, root: Path) -> None:
    """Every file under `root` by relative path and bytes, in a fixed order; a link by the name
    it holds, never followed (what it leads to inside the folder is hashed as itself; one leading
    out is refused by the reader, unless --follow-links, which keeps nothing: `input_key`).

    A folder may come from someone else, so only regular files are read (a FIFO, a device or a
    socket is hashed by its kind, never opened: a link to /dev/zero or a FIFO cannot hang this),
    a file longer than the readers accept (game_files.MAX_FILE_BYTES) by its size and time, and
    folders are walked with a list, not recursion, so a deep tree cannot overflow the stack."""
    stack = [root]
    while stack:
        folder = stack.pop()
        prefix = folder.relative_to(root).as_posix().encode("utf-8", "surrogateescape")
        try:
            entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
        except OSError:  # unreadable, or gone meanwhile: its name is in the hash
            digest.update(b"U\0" + prefix + b"\0")
            continue
        subfolders = []
        for entry in entries:
            name = entry.name.encode("utf-8", "surrogateescape")
            rel = prefix + b"/" + name
            if entry.is_symlink():
                digest.update(b"L\0" + rel + b"\0" + os.fsencode(os.readlink(entry.path)) + b"\0")
            elif entry.is_dir(follow_symlinks=False):
                if entry.name not in _SKIP_DIRS:
                    subfolders.append(Path(entry.path))
            elif entry.name.endswith(".pyc"):
                continue
            elif entry.is_file(follow_symlinks=False):
                digest.update(b"F\0" + rel + b"\0" + _file_bytes(Path(entry.path)))
            else:
                digest.update(b"S\0" + rel + b"\0")  # a FIFO, a device, a socket
        stack.extend(reversed(subfolders))


def _file_bytes(path: Path) -> bytes:
    """What stands for a file in the hash: its length and bytes, or its size and time when it is
    too long to be read by the compiler anyway, or a mark when it cannot be read."""
    try:
        data = game_files.read_bytes(path)
    except game_files.GameFileError:
        try:
            info = path.stat()
            return f"\0large {info.st_size} {info.st_mtime_ns}".encode()
        except OSError:
            return b"\0unreadable"
    except OSError:  # gone meanwhile, or not readable: its name is in the hash
        return b"\0unreadable"
    return len(data).to_bytes(8, "big") + data


def tree_key(roots: list[Path] | tuple[Path, ...]) -> str:
    """The hash of every file under these folders (Python's own `__pycache__` aside)."""
    digest = hashlib.sha256()
    for root in roots:
        digest.update(b"P\0" + root.name.encode("utf-8", "surrogateescape") + b"\0")
        _hash_tree(digest, root)
    return digest.hexdigest()


@cache
def compiler_key() -> str:
    """The hash of the compiler itself: its files, Python's version, the installed distributions."""
    import dsl

    packages = (Path(__file__).resolve().parents[1], Path(dsl.__file__).resolve().parent)
    digest = hashlib.sha256(f"kurtyna-stamp {FORMAT}\0{sys.version}\0{tree_key(packages)}\0".encode())
    digest.update("\0".join(_distributions()).encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _distributions() -> list[str]:
    """The installed libraries with their versions: the names of their `*.dist-info` folders
    (`lark-1.3.1.dist-info`), wherever Python looks for modules; folders without any, such as
    the temporary one an engine is imported from, change nothing."""
    names: set[str] = set()
    for entry in sys.path:
        try:
            names.update(n for n in os.listdir(entry or ".") if n.endswith((".dist-info", ".egg-info")))
        except OSError:
            continue
    return sorted(names)


def shown_folder(folder: Path) -> str:
    """The folder as the compiler names it to the author (compiler/front/declare/files.py)."""
    try:
        return os.path.relpath(folder)
    except ValueError:
        return str(folder)


def input_key(folder: Path) -> str:
    """The hash of everything a game's engine and its checks depend on."""
    digest = hashlib.sha256(f"{compiler_key()}\0{shown_folder(folder)}\0".encode("utf-8", "surrogateescape"))
    if game_files.links_out_allowed():  # what links lead to outside is not hashed: keep nothing
        digest.update(b"follow-links\0" + _THIS_RUN)
    _hash_tree(digest, Path(folder))
    return digest.hexdigest()


def output_hash(target: Path) -> str | None:
    """The hash of an engine package's `.py` files as they are on disk; None when it is not there."""
    if not target.is_dir():
        return None
    digest = hashlib.sha256()
    for path in sorted(target.iterdir()):
        if path.suffix == ".py" and path.is_file():
            data = path.read_bytes()
            digest.update(path.name.encode("utf-8", "surrogateescape") + b"\0" +
                          len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def files_hash(files: dict[str, str]) -> str:
    """`output_hash` of the engine these files make, before they are written."""
    digest = hashlib.sha256()
    for name, text in sorted(files.items()):
        data = text.encode("utf-8")
        digest.update(name.encode("utf-8") + b"\0" + len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def stamp_path(target: Path) -> Path:
    return target.parent / f".{target.name}.stamp"


def read_stamp(target: Path) -> dict:
    """The stamp beside the engine `target`; {} when there is none or it cannot be read."""
    try:
        data = json.loads(stamp_path(target).read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    return data if isinstance(data, dict) and data.get("format") == FORMAT else {}


def write_stamp(target: Path, key: str, output: str, **facts) -> None:
    """Record that the engine `target` with files hashing to `output` is what `key` builds;
    `facts`: what else this run learnt about the same input (its summary, whether the catalogs
    are current). The caller holds the output lock."""
    stamp = {"format": FORMAT, "input": key, "output": output, **facts}
    fsio.write_text(stamp_path(target), json.dumps(stamp, indent=1, sort_keys=True) + "\n")


def fresh_stamp(target: Path, key: str) -> dict | None:
    """The stamp, when the engine on disk is exactly what the last build made from this input."""
    stamp = read_stamp(target)
    if stamp.get("input") != key or not isinstance(stamp.get("output"), str):
        return None
    new, old = fsio.staging_paths(target)
    if new.exists() or old.exists():  # a build died while swapping: the next full build recovers
        return None
    return stamp if output_hash(target) == stamp["output"] else None
