"""The declarer's shared state and the helpers every part uses.

`DeclarerCore` holds the game model being built, the game's one namespace (every id with its
kind and where it was declared) and the diagnostics sink; it declares names, reports unknown
ones, and checks a single value against a declared type. The parts (game.yaml, attributes, map,
tracks, cards) are mixins over it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from compiler.diagnostics import Diagnostics, Span, did_you_mean
from compiler.front.declare.files import shown_path
from compiler.front.loader import Document
from compiler.front.model import COPIES_HINT, Game


class DeclarerCore:
    """State shared by all parts of the declaration, and the helpers they all need."""

    def __init__(self, folder: Path, game_doc: Document, diags: Diagnostics):
        self.folder = folder
        self.doc = game_doc
        self.diags = diags
        data = game_doc.data
        self.game = Game(id=data["id"], root=shown_path(folder), span=game_doc.span(("id",)),
                         names=data.get("names", {}), description=data.get("description", ""))
        self.game.documents[game_doc.path] = game_doc
        self.globals: dict[str, tuple[str, Span]] = {}
        self.unlinked_spans: dict[str, Span] = {}  # map `unlinked_kinds`: each kind, where listed

    # -- helpers
    def declare(self, name: str, kind: str, span: Span) -> None:
        """Put a name in the game's one namespace; effects refer to all of these by name."""
        if name in self.globals:
            other_kind, other_span = self.globals[name]
            self.diags.error("E302", f"'{name}' is declared twice: as a {other_kind} "
                             f"({other_span}) and as a {kind}", span,
                             "every player, space, region, card, track, counter, zone, table and "
                             "enum constant needs its own name")
            return
        self.globals[name] = (kind, span)

    def unknown(self, what: str, name: Any, span: Span, known: list[str]) -> None:
        if str(name) in self.game.broken_names:
            return  # its declaration is malformed, and reported there
        self.diags.error("E301", f"unknown {what} '{name}'", span,
                         did_you_mean(str(name), known))

    def known_ids(self) -> dict[str, list[str]]:
        """The declared ids a value of an entity type may name, by type."""
        game = self.game
        return {"player": [p.id for p in game.players], "space": [s.id for s in game.spaces],
                "region": [r.id for r in game.regions],
                "card": [c.id for c in game.cards if c.copies == 1]}  # no one copy has a name

    def check_value(self, value: Any, decl_type: str, span: Span, refs: dict[str, list[str]],
                    optional: bool, low: int | None = None, high: int | None = None) -> None:
        if value is None:
            if not optional:
                self.diags.error("E202", f"a value of type {decl_type} is required here, not null",
                                 span)
            return
        if decl_type == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                self.diags.error("E202", f"expected a whole number, got '{value}'", span)
            elif (low is not None and value < low) or (high is not None and value > high):
                self.diags.error("E205", f"{value} is outside the allowed range "
                                 f"{low if low is not None else ''}..{high if high is not None else ''}",
                                 span)
        elif decl_type == "bool":
            if not isinstance(value, bool):
                self.diags.error("E202", f"expected true or false, got '{value}'", span)
        elif decl_type == "text":
            if not isinstance(value, str):
                self.diags.error("E202", f"expected text, got '{value}'", span)
        else:
            known = refs.get(decl_type, self.game.enums.get(decl_type, []))
            copied = decl_type == "card" and any(c.id == value and c.copies > 1 for c in self.game.cards)
            if copied:
                self.diags.error("E304", f"'{value}' is a card with copies: no single card has that name",
                                 span, COPIES_HINT)
            elif not isinstance(value, str) or value not in known:
                self.unknown(decl_type, value, span, known)

    if TYPE_CHECKING:  # provided by the attribute part, called by the map and the cards
        def attribute_values(self, doc: Document, path: tuple, values: dict, decls: dict,
                             what: str) -> None: ...
