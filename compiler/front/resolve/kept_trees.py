"""Syntax trees of a game's effect texts, kept between runs in the user's cache folder.

An author edits one card and runs `kurtyna check`: the game's model is no longer current, so it
is compiled again, but 148 of its 149 effect texts are the ones parsed last time. Each text's
tree is kept under the hash of the text and its start rule, in one entry per game and compiler
(`trees-<game>-<compiler key>.pickle`, compiler/tools/stamps.py `compiler_key`: any change of
the grammar, the parser or the syntax nodes makes a new entry), and only the texts not found
there are parsed. Reading a kept tree takes about a third of the time parsing it does
(docs/benchmarks.md).

Only texts that parse are kept: a syntax fault is found anew, and reported as ever. Each tree is
a pickle of its own, read once per use, so every unit gets syntax nodes of its own even where
two texts are the same (the resolver keys its tables by node). The entry holds the trees of the
game's latest run only, so it does not grow with edits. The pickle is read under the folder and
file checks of compiler/cache.py, like the kept model (compiler/tools/models.py).
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable
from typing import Any

from compiler.cache import UserCache, kept_store
from dsl import ast

FORMAT = 1
KEEP = 3  # entries kept per game: the latest compilers (a developer switching branches)


class KeptTrees:
    """The trees of one game's texts: those kept from its last run, and those of this run."""

    def __init__(self, store: UserCache, name: str, kept: dict[str, bytes]) -> None:
        self.store = store
        self.name = name
        self.kept = kept
        self.used: dict[str, bytes] = {}

    def parse(self, text: str, parse_fn: Callable[[str], Any]) -> Any:
        """`parse_fn(text)`, from the kept tree when there is one (EffectSyntaxError as ever)."""
        key = hashlib.sha256(f"{parse_fn.__name__}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()
        data = self.kept.get(key)
        if data is not None:
            tree = _loaded(data)
            if tree is not None:
                self.used[key] = data
                return tree
        tree = parse_fn(text)
        try:
            self.used[key] = pickle.dumps(tree, protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
            pass  # a tree a pickle cannot hold (nesting too deep): parsed again next time
        return tree

    def save(self) -> None:
        """Keep this run's trees, when they are not the ones kept already."""
        if self.used.keys() != self.kept.keys():
            data = pickle.dumps((FORMAT, self.used), protocol=pickle.HIGHEST_PROTOCOL)
            self.store.write_bytes(self.name, data, keep=KEEP)


def kept_trees(game_id: str) -> KeptTrees | None:
    """The kept trees of game `game_id`; None where no cache is used (a library call, or
    `$KURTYNA_CACHE` off)."""
    kept = kept_store()
    if kept is None or not game_id.isidentifier() or not game_id.islower():
        return None  # (the schema allows no other id; a name the cache refuses keeps nothing)
    store, version = kept
    compiler = hashlib.sha256(version.encode("utf-8", "surrogateescape")).hexdigest()[:24]
    name = f"trees-{game_id}-{compiler}.pickle"
    return KeptTrees(store, name, _entry(store.read_bytes(name)))


def _entry(data: bytes | None) -> dict[str, bytes]:
    """The trees of an entry; none when it is missing, damaged or of another format."""
    if data is None:
        return {}
    try:
        form, trees = pickle.loads(data)
    except Exception:  # noqa: BLE001 - a damaged entry is ignored and made anew
        return {}
    if form != FORMAT or not isinstance(trees, dict):
        return {}
    return {k: v for k, v in trees.items() if isinstance(k, str) and isinstance(v, bytes)}


def _loaded(data: bytes) -> Any:
    try:
        tree = pickle.loads(data)
    except Exception:  # noqa: BLE001 - a damaged tree is parsed again
        return None
    return tree if isinstance(tree, (ast.Module, ast.Body)) else None
