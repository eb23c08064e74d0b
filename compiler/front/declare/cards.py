"""Cards: each card with its attribute values, event text and authored text, and the options
that make a card optional, checked once every option is known.

Separate because cards are the bulk of the content, read from their own files; their events
are effect text kept as written, for compiler.front.resolve.
"""

from __future__ import annotations

from compiler.front import schema
from compiler.front.declare.core import DeclarerCore
from compiler.front.loader import Document
from compiler.front.model import Card


class CardRules(DeclarerCore):
    """Declare cards; check the options they name."""

    def read_cards(self, doc: Document) -> None:
        for i, c in schema.usable_items(doc, "cards", "cards"):
            span = doc.span(("cards", i, "id"))
            card = Card(c["id"], span, c.get("names", {}), dict(c.get("attributes", {})),
                        c.get("event"), doc.span(("cards", i, "event")) if "event" in c else None,
                        dict(c.get("text", {})), c.get("provisional", False), c.get("optional"),
                        doc=doc, path=("cards", i), note=c.get("note", ""), copies=c.get("copies", 1))
            self.game.cards.append(card)
            other = self.globals.get(c["id"])
            # No effect names a card with copies, so its id may be an enum constant's (the value
            # of a kind attribute of its cards); catalogs key the two apart (name.*, sheet.value.*).
            if card.copies == 1 or other is None or not other[0].startswith("constant of enum"):
                self.declare(c["id"], "card", span)
            self.attribute_values(doc, ("cards", i), card.attributes, self.game.card_attributes,
                                  "card")

    def check_card_references(self) -> None:
        option_ids = [o.id for o in self.game.options]
        for card in self.game.cards:
            if card.optional is not None and card.optional not in option_ids:
                self.unknown("option", card.optional, card.doc.span(card.path + ("optional",)),
                             option_ids)
