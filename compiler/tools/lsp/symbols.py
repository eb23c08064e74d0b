"""The names of a game: where each is declared and every place it is used.

Built from a compiled game (compiler.pipeline.Compiled): the declarations of the model (each
keeps the span of its id), the definitions of the rules, the names the resolver bound in every
effect text (effect_names.py), every YAML scalar or mapping key that is exactly a declared name,
and the `msgctxt` keys of the catalogs that name one (`text.<card>`, `name.<space>.gen`, ...).
One namespace holds every id of a game (docs/authoring.md), so a name is one thing.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.diagnostics import Span
from compiler.tools.lsp.effect_names import effect_uses
from compiler.tools.lsp.local_names import At, local_names

# The model's lists of named items, by the kind each holds.
DECLARED = (("player", "players"), ("option", "options"), ("region", "regions"), ("space", "spaces"),
            ("track", "tracks"), ("counter", "counters"), ("variable", "variables"), ("zone", "zones"),
            ("table", "tables"), ("card", "cards"))
# msgctxt kinds whose second part is the id of a name of the game (`text.<card>`, `prompt.<procedure>.x`)
# catalog key prefixes -> which dot-separated part of the key is the item's name
CATALOG_KEYS = {"name": 1, "text": 1, "phrase": 1, "option": 1, "prompt": 1, "answered": 1, "play.column": 2}
# text.yaml sections whose keys are ids of their own (glossary terms), not the game's names
OWN_IDS = frozenset({"termbase", "terms", "types", "attributes"})
_MSGCTXT = re.compile(r'^msgctxt "([^"\\]*)"')


@dataclass(frozen=True, order=True)
class Place:
    """A name in a file: its absolute path, 1-based line and first column, end column exclusive."""

    path: Path
    line: int
    col: int
    end_col: int


@dataclass
class Symbol:
    name: str
    kind: str  # one of DECLARED's kinds, constant (of an enum), procedure, function, hook, event, local
    declared: Place | None = None
    uses: list[Place] = field(default_factory=list)
    item: Any = None  # the model's record, or the definition's Signature
    enum: str | None = None  # the enum of a constant

    @property
    def places(self) -> list[Place]:
        return sorted({*([self.declared] if self.declared else []), *self.uses})


def _at(at: At) -> Place:
    path, line, col, end = at
    return Place(absolute(path), line, col, end)


def absolute(shown: str) -> Path:
    return Path(os.path.abspath(shown))


def name_place(span: Span, name: str, lines: list[str]) -> Place:
    """Where `name` is written at or just after `span` (a quoted id starts one column later)."""
    path = absolute(span.path)
    text = lines[span.line - 1] if 0 < span.line <= len(lines) else ""
    at = text.find(name, span.col - 1)
    col = at + 1 if at >= 0 and at - (span.col - 1) <= 2 else span.col
    return Place(path, span.line, col, col + len(name))


class Symbols:
    """Every name of one compiled game, and what stands at each place of its files."""

    def __init__(self, compiled: Any, texts: dict[Path, str]) -> None:
        self.compiled = compiled
        self.game = compiled.game
        self.program = compiled.program
        self.texts = texts
        self._lines: dict[Path, list[str]] = {}
        self.by_name: dict[str, Symbol] = {}
        self.at: dict[Path, dict[int, list[tuple[Place, Symbol]]]] = {}
        self._declare()
        self._yaml_uses()
        for unit in self.program.units if self.program is not None else []:
            for name, span in effect_uses(unit, self.program, set(self.by_name)):
                self._use(name, name_place(span, name, self.lines(absolute(span.path))))
        self._catalog_uses()
        for symbol in self.by_name.values():
            for place in symbol.places:
                self.at.setdefault(place.path, {}).setdefault(place.line, []).append((place, symbol))
        self._locals()

    def lines(self, path: Path) -> list[str]:
        if path not in self._lines:
            self._lines[path] = self.texts.get(path, "").split("\n")
        return self._lines[path]

    # -- what is where
    def find(self, path: Path, line: int, col: int) -> tuple[Symbol, Place] | None:
        """The name at 1-based `line` and `col` of a file (the column just after it counts too)."""
        for place, symbol in self.at.get(path, {}).get(line, []):
            if place.col <= col <= place.end_col:
                return symbol, place
        return None

    # -- building
    def _add(self, name: str, kind: str, span: Span | None, item: Any, enum: str | None = None) -> None:
        if name in self.by_name:
            return  # declared twice: check reports it; the first one counts
        place = name_place(span, name, self.lines(absolute(span.path))) if span is not None else None
        self.by_name[name] = Symbol(name, kind, place, item=item, enum=enum)

    def _locals(self) -> None:
        """Each local name of effect text, a symbol of its own (local_names.py), placed where a
        game's name does not already stand."""
        for unit in self.program.units if self.program is not None else []:
            for local in local_names(unit, self.program):
                symbol = Symbol(local.name, "local", _at(local.declared), [_at(u) for u in local.uses],
                                item=local.ref)
                for place in symbol.places:
                    self.at.setdefault(place.path, {}).setdefault(place.line, []).append((place, symbol))

    def _use(self, name: str, place: Place) -> None:
        symbol = self.by_name.get(name)
        if symbol is not None and place != symbol.declared:
            symbol.uses.append(place)

    def _declare(self) -> None:
        g = self.game
        for kind, attr in DECLARED:
            for item in getattr(g, attr):
                self._add(item.id, kind, item.span, item)
        doc = g.documents.get(g.span.path)
        for enum, values in g.enums.items():
            for i, value in enumerate(values):
                self._add(value, "constant", doc.span(("enums", enum, i)) if doc else None, None, enum)
        if self.program is None:
            return
        for name, sig in {**self.program.defs, **self.program.events}.items():
            if sig.unit is None or sig.node is None:
                continue  # a built-in
            at = _word_in(sig.unit.text, sig.node.span.line, sig.node.span.col, name)
            span = sig.unit.locate(at) if at is not None else None
            self._add(name, sig.kind, span, sig)

    def _yaml_uses(self) -> None:
        docs = list(self.game.documents.values())
        if self.game.text is not None and self.game.text.doc is not None:
            docs.append(self.game.text.doc)
        for doc in docs:
            own = doc is getattr(self.game.text, "doc", None)
            self._walk(doc, doc.data, (), own)

    def _walk(self, doc: Any, data: Any, path: tuple, text_yaml: bool) -> None:
        if text_yaml and len(path) == 1 and path[0] in OWN_IDS:
            return
        if isinstance(data, dict):
            for key, value in data.items():
                # a key may be a name, or (text.yaml's prompts and answers) `<owner>.<what>`
                owner = key.partition(".")[0] if isinstance(key, str) else None
                if owner and path and owner in self.by_name:
                    where = doc.key_span(path + (key,))
                    self._use(owner, name_place(where, owner, self.lines(absolute(doc.path))))
                self._walk(doc, value, path + (key,), text_yaml)
        elif isinstance(data, list):
            for i, value in enumerate(data):
                self._walk(doc, value, path + (i,), text_yaml)
        elif isinstance(data, str) and data in self.by_name and (not path or path[-1] != "id"):
            self._use(data, name_place(doc.span(path), data, self.lines(absolute(doc.path))))

    def _catalog_uses(self) -> None:
        for path in self.catalogs():
            for number, line in enumerate(self.lines(path), 1):
                found = _MSGCTXT.match(line)
                if found is None:
                    continue
                key = found.group(1)
                parts = key.split(".")
                for prefix, at in CATALOG_KEYS.items():
                    if key.startswith(prefix + ".") and len(parts) > at and parts[at] in self.by_name:
                        col = len('msgctxt "') + len(".".join(parts[:at])) + 2
                        self._use(parts[at], Place(path, number, col, col + len(parts[at])))

    def catalogs(self) -> list[Path]:
        """The game's catalogs and template, whose keys name its items."""
        folder = absolute(str(self.compiled.folder)) / "locales"
        return sorted(p for p in self.texts if p.parent == folder and p.suffix in (".po", ".pot"))


def _word_in(text: str, line: int, col: int, word: str) -> Any:
    """The position (dsl.ast.Pos) of the first whole `word` on `line` of `text` from `col` on."""
    from dsl.ast import Pos

    lines = text.split("\n")
    if not 0 < line <= len(lines):
        return None
    found = re.compile(rf"\b{re.escape(word)}\b").search(lines[line - 1], max(col - 1, 0))
    if found is None:
        return None
    return Pos(line, found.start() + 1, line, found.end() + 1)
