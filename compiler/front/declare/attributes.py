"""Attributes of spaces, regions and cards: their declarations under `attributes:` in game.yaml,
the values each item gives (defaults filled in, unknown ones refused), and the type of each value.
A list attribute (`type: list[<type>]`) has each item checked at its own position, and one
declared `permutation: true` must name every constant of its enum once.

Separate because the same three steps apply to three kinds of item read from different files;
the map and the cards call `attribute_values` as they read each item.
"""

from __future__ import annotations

from typing import Any

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
                                 d.get("unique", False), d.get("permutation", False))
            self._check_decl_type(decl, path + (name,))
            out[name] = decl
        return out

    def _check_decl_type(self, decl: AttributeDecl, path: tuple) -> None:
        """The declared type is a known one, or `list[...]` of one; `permutation` needs a list of
        an enum's constants (it says every constant is there once)."""
        enums = self.doc.data.get("enums", {})
        item = decl.item_type
        known = list(BASE_TYPES) + list(enums)
        if item is not None and item not in known:
            if item == decl.type:  # list[] or list[list[...]]: not a list of one known type
                self.diags.error("E205", f"malformed list type '{decl.type}'",
                                 self.doc.span(path + ("type",)),
                                 f"a list attribute holds one type: list[<type>] with one of "
                                 f"{', '.join(known)}")
            else:
                self.unknown("type", item, self.doc.span(path + ("type",)), known)
        elif item is None and decl.type not in known:
            self.unknown("type", decl.type, self.doc.span(path + ("type",)),
                         known + [f"list[{t}]" for t in known])
        if decl.permutation and item not in enums and (item is None or item in known):
            self.diags.error("E205", f"'permutation' needs a list of an enum's constants, and "
                             f"'{decl.name}' is of type {decl.type}",
                             self.doc.span(path + ("permutation",)),
                             "declare the type as list[<enum>], or leave 'permutation' out")

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
                    if name not in item.attributes:
                        continue
                    if decl.item_type is not None:
                        self._check_list(item, decl, refs)
                    else:
                        self.check_value(item.attributes[name], decl.type,
                                         item.field_span("attributes", name), refs,
                                         decl.optional, decl.min, decl.max)
            for name, decl in decls.items():
                if decl.unique:
                    self._check_unique(items, name)

    def _check_list(self, item: Any, decl: AttributeDecl, refs: dict[str, list[str]]) -> None:
        """A list attribute's value: a list (or null when optional) whose items are each checked
        as a value of the item type, at the item's own position."""
        value, span = item.attributes[decl.name], item.field_span("attributes", decl.name)
        item_type = decl.item_type or ""
        if item_type not in BASE_TYPES and item_type not in self.game.enums:
            return  # the declaration is reported; its values would only echo it
        if value is None:
            self.check_value(None, decl.type, span, refs, decl.optional)
            return
        if not isinstance(value, list):
            self.diags.error("E202", f"expected a list of {item_type} values, got '{value}'", span,
                             f"write the list in brackets: {decl.name}: [...]")
            return
        before = len(self.diags)
        for i, entry in enumerate(value):
            self.check_value(entry, item_type, item.field_span("attributes", decl.name, i), refs,
                             False, decl.min, decl.max)
        if decl.permutation and len(self.diags) == before:  # an unknown item is reported already
            self._check_permutation(value, decl, span)

    def _check_permutation(self, value: list, decl: AttributeDecl, span: Any) -> None:
        """A list declared `permutation: true` names each constant of its enum exactly once."""
        constants = self.game.enums.get(decl.item_type or "", [])
        missing = [c for c in constants if c not in value]
        repeated = [c for c in dict.fromkeys(value) if value.count(c) > 1]
        if not missing and not repeated:
            return
        faults = []
        if missing:
            faults.append(f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing")
        if repeated:
            faults.append(f"{', '.join(repeated)} {'is' if len(repeated) == 1 else 'are'} given "
                          "more than once")
        self.diags.error("E207", f"'{decl.name}' must list each {decl.item_type} exactly once: "
                         f"{'; '.join(faults)}", span,
                         f"list all of {', '.join(constants)} once each, in the order that matters")

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
