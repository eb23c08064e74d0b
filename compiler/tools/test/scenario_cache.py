"""Scenarios' compiled checks, kept between runs in the user's cache folder (compiler/cache.py).

Compiling a scenario's `do:` steps and `expect:` conditions (parsing the effect language,
resolving names and types, writing Python) is most of what `kurtyna test` does when the game's
model comes from the cache: the 421 scenarios of the flagship game parse about 2,000 snippets. What it writes
depends only on the scenario's text and the game's model, so it is kept: one JSON entry per game
input (named by `stamps.input_key`, the hash of every file of the game and of the compiler),
holding, by the hash of each scenario's path and bytes, the Python source of its checks. A
scenario whose text changed, or any change to the game or the compiler, compiles anew; only a
scenario that compiled without a fault is kept, so faults are always found and reported anew.

The source is run as it is read, so it is read only through the user cache's checks (a folder
and a file the user alone owns and may write: compiler/cache.py, docs/security.md), as the
resolved models are. The source names the engine package it imports from; each run imports
the engine under a name of its own, so that name is kept beside the source and the import lines
are renamed on reading (generated string literals never span lines, so only import lines begin
with `from <package>.`).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from compiler.cache import user_cache
from compiler.tools import stamps

FORMAT = 1
KEEP = 3  # tables kept per game folder, as models (compiler/tools/models.py)


def _sound(kept: object) -> bool:
    """A kept entry: [package, source], both text."""
    return isinstance(kept, list) and len(kept) == 2 and all(isinstance(x, str) for x in kept)


class ScenarioChecks:
    """The kept checks of the scenarios of each game met in a run; `save()` writes what changed."""

    def __init__(self) -> None:
        self.cache = user_cache()
        self.tables: dict[Path, tuple[str, dict[str, list[str]], bool]] = {}

    def _table(self, folder: Path) -> tuple[str, dict[str, list[str]], bool]:
        if folder not in self.tables:
            stem = re.sub(r"[^a-z0-9_.]", "_", folder.name.lower()) or "game"
            name = f"scenarios-{stem}-{stamps.input_key(folder)}.json"
            entries: dict[str, list[str]] = {}
            kept = self.cache.read(name) if self.cache is not None else None
            if kept is not None:
                try:
                    data = json.loads(kept)
                    if data.get("format") == FORMAT and isinstance(data.get("checks"), dict):
                        entries = {key: kept for key, kept in data["checks"].items() if _sound(kept)}
                except (ValueError, AttributeError):
                    entries = {}
            self.tables[folder] = (name, entries, False)
        return self.tables[folder]

    @staticmethod
    def _key(path: Path, text: bytes) -> str:
        return hashlib.sha256(str(path).encode("utf-8", "surrogateescape") + b"\0" + text).hexdigest()

    def lookup(self, folder: Path, path: Path, text: bytes, package: str) -> str | None:
        """The kept source of the scenario's checks, importing from `package`; None if not kept."""
        if self.cache is None:
            return None
        kept = self._table(folder)[1].get(self._key(path, text))
        if kept is None:
            return None
        old, source = kept
        return re.sub(rf"^from {re.escape(old)}\.", f"from {package}.", source, flags=re.MULTILINE)

    def keep(self, folder: Path, path: Path, text: bytes, package: str, source: str) -> None:
        if self.cache is None:
            return
        name, entries, _ = self._table(folder)
        entries[self._key(path, text)] = [package, source]
        self.tables[folder] = (name, entries, True)

    def save(self) -> None:
        """Write the tables that gained entries (a folder that cannot be written keeps nothing)."""
        if self.cache is None:
            return
        for name, entries, changed in self.tables.values():
            if changed:
                text = json.dumps({"format": FORMAT, "checks": entries}, sort_keys=True)
                self.cache.write(name, text, keep=KEEP)
