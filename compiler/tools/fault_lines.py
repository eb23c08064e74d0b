"""An engine loaded with its content learns where each of its effect texts starts in the content
files, so that a fault at run time is reported at its file, line and column.

The engine itself cites a statement by its text (file, keys) and the line inside that text, never
by a line of the file (dsl/runtime/faults.py): `generated/` and the catalogs then do not change
when a comment or a blank line is added to the content (issue 40). The file lines are the
content's, read from the model the tools compiled (or took from the cache) for this very folder;
this module hands them to the engine's modules as SOURCE_ORIGINS."""

from __future__ import annotations

import sys
from typing import Any

from compiler.front.resolve import Program
from dsl.runtime.positions import Origin

_MODULES = ("rules", "cards")  # the engine modules that hold effect code


def origins_for(engine: Any, program: Program) -> dict[str, tuple[Origin, ...]]:
    """For each module of `engine` with a source map, where each of its places' texts starts,
    read from `program`'s documents; a module citing a file the program did not read gets none."""
    docs = {unit.doc.path: unit.doc for unit in program.units}
    found: dict[str, tuple[Origin, ...]] = {}
    for name, module in _modules(engine):
        places = getattr(module, "SOURCE_PLACES", ())
        matched = [_document(docs, path) for path, _, _ in places]
        if all(doc is not None for doc in matched):
            found[name] = tuple(doc.text_origin(key)
                                for doc, (_, key, _) in zip(matched, places, strict=True))
    return found


def _document(docs: dict[str, Any], path: str) -> Any:
    """The document an engine's place names: by the same path, or by the same file named from
    another folder (`content/g/rules.yaml` built from the repository, read as `/home/me/repo/
    content/g/rules.yaml`): one whose path ends with the other's."""
    if path in docs:
        return docs[path]
    found = [doc for known, doc in docs.items() if known.endswith("/" + path) or path.endswith("/" + known)]
    return found[0] if len(found) == 1 else None


def give(engine: Any, origins: dict[str, tuple[Origin, ...]]) -> None:
    """Set SOURCE_ORIGINS on the engine's modules (the same tables in a process the engine was
    shipped to: a Ray task)."""
    for name, module in _modules(engine):
        if name in origins:
            module.SOURCE_ORIGINS = origins[name]


def held(engine: Any) -> dict[str, tuple[Origin, ...]]:
    """The origins an engine was given, to ship beside it."""
    return {name: module.SOURCE_ORIGINS for name, module in _modules(engine)
            if getattr(module, "SOURCE_ORIGINS", None) is not None}


def attach(engine: Any, program: Program) -> None:
    give(engine, origins_for(engine, program))


def _modules(engine: Any) -> list[tuple[str, Any]]:
    package = engine.__name__
    return [(name, sys.modules[f"{package}.{name}"]) for name in _MODULES
            if f"{package}.{name}" in sys.modules]
