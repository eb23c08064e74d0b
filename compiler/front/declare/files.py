"""The game folder's files: paths as an author types them, links out of the folder, and the
included files (map, tracks, cards, rules) read and schema-checked before anything is declared.

Separate from the declarations because it deals in files, not in the game: whether a file is
inside the folder, exists, parses, and has the shape of its kind. The back ends use
`shown_path` and `outside_file` too, for the files they read (text, translations).
"""

from __future__ import annotations

import os
from pathlib import Path

from compiler.diagnostics import Diagnostics, Span
from compiler.front import schema
from compiler.front.loader import Document, load_file
from compiler.front.model import Game
from compiler.front.paths import inside, leaves


def shown_path(path: Path) -> str:
    """The path as an author would type it: relative to the working folder when inside it."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def outside_file(folder: Path, name: str, diags: Diagnostics) -> bool:
    """Report a content file that is a link out of its game folder (it is not read)."""
    if not leaves(folder, name):
        return False
    diags.error("E306", f"{name} is a link to a file outside the game folder",
                Span(shown_path(folder / name), 1, 1),
                "copy the file into the game folder instead of linking to it")
    return True



# The lists each kind of included file declares its items in.
INCLUDED_LISTS = {"map": ("regions", "spaces"),
                  "tracks": ("tracks", "counters", "variables", "zones", "tables"),
                  "cards": ("cards",),
                  "rules": ("rules",)}


def shaped(doc: Document, kind: str) -> bool:
    """Whether a file is a mapping whose lists are lists (its faults are reported by the schema
    check). One that is not declares nothing, so the passes after it would report every name
    it should have declared as unknown: they are skipped instead."""
    if not isinstance(doc.data, dict):
        return False
    return all(isinstance(doc.data[key], list) for key in INCLUDED_LISTS[kind] if key in doc.data)


def read_includes(folder: Path, game_doc: Document, game: Game,
                  diags: Diagnostics) -> dict[str, list[Document]] | None:
    """The included files by kind, each read and schema-checked, in the order game.yaml lists
    them; None when one is missing or unusable (what it should declare would be reported as
    unknown everywhere). Every file is still read, so all their faults are reported."""
    includes = game_doc.data.get("includes", {})
    docs: dict[str, list[Document]] = {}
    unreadable = False
    for kind in ("map", "tracks", "cards", "rules"):
        for j, rel in enumerate(includes.get(kind, [])):
            path = folder / rel
            shown = shown_path(path)
            if inside(folder, rel) is None:
                diags.error("E306", f"included {kind} file '{rel}' is outside the game folder",
                            game_doc.span(("includes", kind, j)),
                            "name a file inside the game's folder (no '..', no absolute "
                            "path, no link that points out of it)")
                continue
            if not path.is_file():
                there = path.exists()  # a folder, a FIFO or a device: never opened, never waited on
                diags.error("E303", f"included {kind} file '{rel}' "
                            + ("is not a regular file" if there else "does not exist"),
                            game_doc.span(("includes", kind, j)),
                            f"make {shown} a YAML file" if there
                            else f"create {shown}, or remove it from 'includes'")
                unreadable = True  # what it should declare would be reported as unknown
                continue
            before = len(diags)
            doc = load_file(path, shown, diags)
            if doc is None or (doc.data is None and len(diags) > before):
                unreadable = True  # later checks would only echo this fault
                continue
            game.documents[doc.path] = doc
            schema.check(doc, kind, diags)
            if not shaped(doc, kind):
                unreadable = True  # nothing in it can be declared: every use would be "unknown"
                continue
            docs.setdefault(kind, []).append(doc)
    return None if unreadable else docs
