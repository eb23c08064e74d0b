"""Attributes of spaces, regions and cards: their declarations under `attributes:` in game.yaml,
the values each item gives (defaults filled in, unknown ones refused), and the type of each value.

Separate because the same three steps apply to three kinds of item read from different files;
the map and the cards call `attribute_values` as they read each item.
"""

from __future__ import annotations

from compiler.diagnostics import did_you_mean
from compiler.front.declare.core import DeclarerCore
from compiler.front.loader import Document
from compiler.front.model import BASE_TYPES, AttributeDecl


class AttributeRules(DeclarerCore):
    """Declare attributes, fill in and check the values items give them."""

    def read_attribute_decls(self) -> None:
        game = self.game
        attrs = self.doc.data.get("attributes", {})
        game.space_attributes = self.attribute_decls(attrs.get("spaces", {}), ("attributes", "spaces"))
        game.region_attributes = self.attribute_decls(attrs.get("regions", {}), ("attributes", "regions"))
        game.card_attributes = self.attribute_decls(attrs.get("cards", {}), ("attributes", "cards"))

    def attribute_decls(self, raw: dict, path: tuple) -> dict[str, AttributeDecl]:
        out: dict[str, AttributeDecl] = {}
        for name, d in raw.items():
            span = self.doc.key_span(path + (name,))
            decl = AttributeDecl(name, d["type"], span, d.get("optional", False), d.get("default"),
                                 "default" in d, d.get("min"), d.get("max"), d.get("description", ""),
                                 d.get("unique", False))
            if decl.type not in BASE_TYPES and decl.type not in self.doc.data.get("enums", {}):
                self.unknown("type", decl.type, self.doc.span(path + (name, "type")),
                             list(BASE_TYPES) + list(self.doc.data.get("enums", {})))
            out[name] = decl
        return out

    def attribute_values(self, doc: Document, path: tuple, values: dict, decls: dict,
                         what: str) -> None:
        for name in list(values):
            if name not in decls:
                self.diags.error("E203", f"unknown {what} attribute '{name}'",
                                 doc.key_span(path + ("attributes", name)),
                                 did_you_mean(name, list(decls)) or
                                 f"declare it under attributes.{what}s in game.yaml")
                del values[name]
        for name, decl in decls.items():
            if name not in values:
                if decl.has_default:
                    values[name] = decl.default
                elif decl.optional:
                    values[name] = None
                else:
                    self.diags.error("E201", f"missing {what} attribute '{name}'",
                                     doc.span(path + ("id",)),
                                     f"add '{name}' under 'attributes' ({decl.type})")

    def check_attribute_types(self, refs: dict[str, list[str]]) -> None:
        """Each attribute value against its declared type, once every id is declared."""
        groups = [(self.game.spaces, self.game.space_attributes),
                  (self.game.regions, self.game.region_attributes),
                  (self.game.cards, self.game.card_attributes)]
        for items, decls in groups:
            for item in items:
                for name, decl in decls.items():
                    if name in item.attributes:
                        self.check_value(item.attributes[name], decl.type,
                                         item.field_span("attributes", name), refs,
                                         decl.optional, decl.min, decl.max)
            for name, decl in decls.items():
                if decl.unique:
                    self._check_unique(items, name)

    def _check_unique(self, items: list, name: str) -> None:
        """A value declared `unique: true` given twice is reported at the second item, naming
        the first (a duplicated card number would print two cards with one number)."""
        first: dict = {}
        for item in items:
            value = item.attributes.get(name)
            if value is None or isinstance(value, (list, dict)):
                continue
            if value in first:
                other = first[value]
                self.diags.error("E302", f"{name} {value} is given twice: to '{other.id}' and '{item.id}'",
                                 item.field_span("attributes", name),
                                 f"'{name}' is declared unique in game.yaml; '{other.id}' has it at "
                                 f"{other.field_span('attributes', name)}")
            else:
                first[value] = item
