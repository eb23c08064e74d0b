"""The map: regions and spaces (with their kinds, adjacency and attribute values), and the
references between them, checked once every file is read.

Separate because a map file declares the board, and its references (`within`, listed spaces,
adjacency, kinds, optional spaces) are only checked once game.yaml and every map file are read.
"""

from __future__ import annotations

from compiler.front import schema
from compiler.front.declare.core import DeclarerCore
from compiler.front.loader import Document
from compiler.front.model import Region, Space


class MapRules(DeclarerCore):
    """Declare regions and spaces; check what they name."""

    def read_map(self, doc: Document) -> None:
        if doc.data.get("layout") == "grid":
            self.game.layout = "grid"
        game = self.game
        for j, kind in enumerate(doc.data.get("unlinked_kinds") or []):
            if isinstance(kind, str) and kind not in game.unlinked_kinds:
                game.unlinked_kinds.append(kind)
                self.unlinked_spans[kind] = doc.span(("unlinked_kinds", j))
        for i, r in schema.usable_items(doc, "map", "regions"):
            span = doc.span(("regions", i, "id"))
            region = Region(r["id"], span, r.get("names", {}), r.get("within"), r.get("spaces"),
                            dict(r.get("attributes", {})), colour=r.get("colour"), doc=doc,
                            path=("regions", i))
            game.regions.append(region)
            self.declare(r["id"], "region", span)
            self.attribute_values(doc, ("regions", i), region.attributes, game.region_attributes,
                                  "region")
        for i, s in schema.usable_items(doc, "map", "spaces"):
            span = doc.span(("spaces", i, "id"))
            space = Space(s["id"], span, s.get("names", {}), s.get("kind"), list(s.get("regions", [])),
                          list(s.get("adjacent", [])), optional=s.get("optional"),
                          attributes=dict(s.get("attributes", {})))
            space.doc, space.path = doc, ("spaces", i)
            game.spaces.append(space)
            self.declare(s["id"], "space", span)
            self.attribute_values(doc, ("spaces", i), space.attributes, game.space_attributes,
                                  "space")

    def check_map_references(self) -> None:
        """What regions and spaces name exists; each region learns its spaces."""
        game = self.game
        option_ids = [o.id for o in game.options]
        region_ids = [r.id for r in game.regions]
        space_ids = [s.id for s in game.spaces]
        for region in game.regions:
            if region.within and region.within not in region_ids:
                self.unknown("region", region.within, region.field_span("within"), region_ids)
            for j, sid in enumerate(region.listed_spaces or []):
                if sid not in space_ids:
                    self.unknown("space", sid, region.field_span("spaces", j), space_ids)
        for kind, span in self.unlinked_spans.items():
            if kind not in game.space_kinds:
                self.unknown("space kind", kind, span, game.space_kinds)
        for space in game.spaces:
            if space.kind is not None and space.kind not in game.space_kinds:
                self.unknown("space kind", space.kind, space.field_span("kind"), game.space_kinds)
            if space.optional is not None and space.optional not in option_ids:
                self.unknown("option", space.optional, space.field_span("optional"), option_ids)
            for j, rid in enumerate(space.regions):
                if rid not in region_ids:
                    self.unknown("region", rid, space.field_span("regions", j), region_ids)
            for other in space.adjacent:
                if other not in space_ids:
                    self.unknown("space", other, space.field_span("adjacent", space.adjacent.index(other)),
                                 space_ids)
        for region in game.regions:
            region.spaces = [s.id for s in game.spaces if region.id in s.regions]
