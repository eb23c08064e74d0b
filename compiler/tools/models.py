"""A game's resolved model, kept between runs in the user's cache folder (compiler/cache.py).

`kurtyna test` (and sim, bench, play) need the typed program of a game to compile scenarios
against it; loading it takes a fifth of the time compiling it does. An entry is named by the
game and the hash of everything the model depends on (`model_key`: compiler/tools/stamps.py
`input_key`, every file of the game folder, the compiler's files, Python and the installed
libraries, and the folder's own place, which the model holds), so no edit can make an old model
current, and no model serves another folder. Only a game that compiles is kept: faults are always
found anew, and reported as ever.

The model is a pickle, the one format that keeps it whole without a reader of its own for every
class of the model. Reading a pickle can run code, so it is read only from the user's own cache
folder, with the checks of compiler/cache.py; a damaged or foreign entry is ignored and the game
compiled again. The resolver's side tables are keyed by node identity (`id(node)`), which does
not survive a pickle, so they are stored as (node, value) pairs and keyed anew when loaded: a
new table keyed by node identity belongs on `Program` (tests/tools/test_caches.py checks that
every game builds the same engine from a kept model as from a fresh one).
"""

from __future__ import annotations

import copy
import hashlib
import pickle
from pathlib import Path
from typing import Any

from compiler.cache import user_cache
from compiler.pipeline import Compiled, compile_game
from compiler.tools import stamps

FORMAT = 1
KEEP = 3  # models kept per game folder: the latest few versions an author goes back and forth on
loaded = {"cache": 0, "compiled": 0}  # where models came from in this process (tests read it)


def compiled_game(folder: Path) -> Compiled:
    """`compile_game(folder)`, from the cache when this exact input was compiled before."""
    cache = user_cache()
    if cache is None:
        loaded["compiled"] += 1
        return compile_game(folder)
    name = f"model-{Path(folder).resolve().name}-{model_key(folder)}.pickle"
    kept = cache.read_bytes(name)
    compiled = _thaw(kept) if kept is not None else None
    if compiled is not None:
        loaded["cache"] += 1
        return compiled
    compiled = compile_game(folder)  # CompileError: nothing is kept
    loaded["compiled"] += 1
    frozen = _freeze(compiled)
    if frozen is not None:
        cache.write_bytes(name, frozen, keep=KEEP)
    return compiled


def model_key(folder: Path) -> str:
    """The input key and the folder itself, resolved: a model holds the folder it was compiled
    from (its catalogs are read from there), so one compiled in another folder with the same
    files is not this one's. `regress` compiles each side in a temporary copy, removed at its
    end: keyed by the files alone, the next run's model read its catalogs from the folder of the
    run before, found none, and printed Polish and Czech card texts half in English (issue 40)."""
    place = str(Path(folder).resolve()).encode("utf-8", "surrogateescape")
    return hashlib.sha256(stamps.input_key(folder).encode() + b"\0" + place).hexdigest()


def _id_tables(program: Any) -> tuple[dict[int, Any], list[str]]:
    """Every node of the program by identity, and the names of its tables keyed by node identity."""
    nodes = {id(node): node for unit in program.units if unit.tree is not None for node in unit.tree.walk()}
    names = [name for name, table in vars(program).items() if isinstance(table, dict) and table
             and all(isinstance(key, int) and key in nodes for key in table)]
    return nodes, names


def _freeze(compiled: Compiled) -> bytes | None:
    """The model as bytes; None when it cannot be kept whole."""
    program = copy.copy(compiled.program)
    nodes, names = _id_tables(program)
    pairs = {name: [(nodes[key], value) for key, value in getattr(program, name).items()] for name in names}
    for name in names:
        setattr(program, name, {})
    program.derived = {}  # memos keyed by identity too; made again when needed
    shell = copy.copy(compiled)
    shell.program = None  # stored beside it, without the tables keyed by identity
    try:
        return pickle.dumps((FORMAT, shell, program, pairs), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None  # something in the model a pickle cannot hold, or nesting too deep: not kept


def _thaw(data: bytes) -> Compiled | None:
    try:
        fmt, compiled, program, pairs = pickle.loads(data)
        if fmt != FORMAT or not isinstance(compiled, Compiled):
            return None
        for name, items in pairs.items():
            setattr(program, name, {id(node): value for node, value in items})
    except Exception:  # a damaged or foreign entry (any fault of reading it): compiled anew
        return None
    compiled.program = program
    return compiled
