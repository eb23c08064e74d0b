"""Read game.yaml `sheets` (card faces, reference sheet, turn sequence) into the model, checked.

The sheets backend knows no game: which attribute is printed where comes from this section.
Every name in it is checked against the declarations, so `kurtyna check` reports a misspelt
attribute here like anywhere else. Called by `compiler.front.declare` once everything is declared.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front.loader import Document
from compiler.front.model import (
    CardFace,
    ExtraCard,
    FaceMark,
    Game,
    Labelled,
    Phase,
    SheetSpec,
    TableLabels,
    TrackNotes,
)


def declare_sheets(game: Game, doc: Document, diags: Diagnostics) -> None:
    data = doc.data.get("sheets")
    if not isinstance(data, dict):
        return
    _Reader(game, doc, diags).read(data)


class _Reader:
    def __init__(self, game: Game, doc: Document, diags: Diagnostics):
        self.game = game
        self.doc = doc
        self.diags = diags

    def span(self, *path: Any):
        return self.doc.span(("sheets",) + path)

    def key_span(self, *path: Any):
        return self.doc.key_span(("sheets",) + path)

    def unknown(self, what: str, name: Any, span, known: list[str]) -> bool:
        if name in self.game.broken_names:
            return False  # already reported where it is declared
        self.diags.error("E301", f"unknown {what} '{name}'", span, did_you_mean(str(name), known))
        return False

    def attribute(self, name: str, decls: dict, what: str, path: tuple,
                  want: str | None = None) -> bool:
        """Is `name` a declared attribute (of type `want`, when given)?"""
        if name not in decls:
            return self.unknown(f"{what} attribute", name, self.span(*path), list(decls))
        if want is not None and decls[name].type != want:
            self.diags.error("E304", f"{what} attribute '{name}' is of type {decls[name].type}; "
                             f"this place needs an attribute of type {want}", self.span(*path))
            return False
        return True

    def labelled(self, items: list, decls: dict, what: str, path: tuple) -> list[Labelled]:
        out = []
        for i, item in enumerate(items):
            if self.attribute(item["attribute"], decls, what, path + (i, "attribute")):
                out.append(Labelled(item["attribute"], item.get("label", ""), self.span(*path, i)))
        return out

    def read(self, data: dict) -> None:
        game = self.game
        spec = SheetSpec()
        players = [p.id for p in game.players]
        for key, colour in data.get("colours", {}).items():
            if key != "none" and key not in players:
                self.unknown("player", key, self.key_span("colours", key), players + ["none"])
            spec.colours[key] = colour
        constants = [c for values in game.enums.values() for c in values]
        for key, name in data.get("values", {}).items():
            if key not in constants:
                self.unknown("enum constant", key, self.key_span("values", key), constants)
            spec.values[key] = name
        for key, meaning in data.get("glossary", {}).get("values", {}).items():
            if key not in constants:
                self.unknown("enum constant", key, self.key_span("glossary", "values", key), constants)
            elif key not in spec.values:
                self.diags.error("E201", f"enum constant '{key}' has no printed name to explain",
                                 self.key_span("glossary", "values", key),
                                 "give it a short name in `sheets.values`, or leave it out here")
            else:
                spec.value_meanings[key] = meaning
        spec.face = self.face(data.get("card_face", {}), data.get("card_back", {}))
        ref = data.get("reference", {})
        if "spaces" in ref:
            spec.space_columns = self.labelled(ref["spaces"], game.space_attributes, "space",
                                               ("reference", "spaces"))
        if "regions" in ref:
            spec.region_columns = self.labelled(ref["regions"], game.region_attributes, "region",
                                                ("reference", "regions"))
        if "tracks" in ref:
            spec.tracks = self.tracks(ref["tracks"])
        if "tables" in ref:
            spec.tables = self.tables(ref["tables"])
        seen: set[str] = set()
        for i, step in enumerate(data.get("turn_sequence", [])):
            if step["id"] in seen:
                self.diags.error("E302", f"turn sequence step '{step['id']}' is listed twice",
                                 self.span("turn_sequence", i, "id"), "give each step its own id")
                continue
            seen.add(step["id"])
            spec.turn_sequence.append(Phase(step["id"], step["title"], step.get("mark", ""),
                                            step.get("detail", ""), self.span("turn_sequence", i)))
        spec.extra_cards = self.extra_cards(data.get("extra_cards", []))
        game.sheets = spec

    def face(self, data: dict, back: dict) -> CardFace:
        cards = self.game.card_attributes
        face = CardFace()
        if "corner" in data and self.attribute(data["corner"], cards, "card", ("card_face", "corner")):
            face.corner = data["corner"]
        badge = data.get("badge")
        if badge and self.attribute(badge["attribute"], cards, "card", ("card_face", "badge", "attribute")):
            face.badge = Labelled(badge["attribute"], badge.get("label", ""), self.span("card_face", "badge"))
            face.badge_omit = list(badge.get("omit", []))
            face.badge_term = badge.get("term")
            face.badge_abbr = bool(badge.get("abbr", False))
        side = data.get("side")
        if side and self.attribute(side["attribute"], cards, "card", ("card_face", "side", "attribute"),
                                   "player"):
            face.side = side["attribute"]
            face.side_none = side.get("none", "")
        face.footer = self.labelled(data.get("footer", []), cards, "card", ("card_face", "footer"))
        face.footer_breaks = {item["attribute"] for item in data.get("footer", []) if item.get("new_line")}
        for i, mark in enumerate(data.get("marks", [])):
            if self.attribute(mark["attribute"], cards, "card", ("card_face", "marks", i, "attribute"),
                              "bool"):
                face.marks.append(FaceMark(mark["attribute"], mark.get("label", ""), mark.get("symbol", ""),
                                           mark.get("underline", False), self.span("card_face", "marks", i),
                                           mark.get("tag", "")))
        region = data.get("region")
        if region and self.attribute(region["space"], cards, "card", ("card_face", "region", "space"),
                                     "space"):
            face.region_space = region["space"]
            face.region_attributes = self.labelled(region.get("attributes", []), self.game.region_attributes,
                                                   "region", ("card_face", "region", "attributes"))
            face.region_count = region.get("count", "")
            face.region_count_note = region.get("count_note", "")
        for i, name in enumerate(back.get("show", [])):
            if self.attribute(name, cards, "card", ("card_back", "show", i)):
                face.back.append(name)
        if "side" in back and self.attribute(back["side"], cards, "card", ("card_back", "side"), "player"):
            face.back_side = back["side"]
        return face

    def tracks(self, items: list) -> list[TrackNotes]:
        known = self.game.by_id(self.game.tracks)
        out = []
        for i, item in enumerate(items):
            track = known.get(item["track"])
            if track is None:
                self.unknown("track", item["track"], self.span("reference", "tracks", i, "track"),
                             list(known))
                continue
            notes: dict[int, str] = {}
            for value, note in item.get("notes", {}).items():
                number = int(value)
                if not track.min <= number <= track.max:
                    self.diags.error("E205", f"{number} is not a value of track '{track.id}' "
                                     f"({track.min}..{track.max})",
                                     self.key_span("reference", "tracks", i, "notes", value))
                    continue
                notes[number] = note
            out.append(TrackNotes(track.id, dict(sorted(notes.items())), self.span("reference", "tracks", i)))
        return out

    def tables(self, items: list) -> list[TableLabels]:
        known = self.game.by_id(self.game.tables)
        out = []
        for i, item in enumerate(items):
            table = known.get(item["table"])
            if table is None:
                self.unknown("table", item["table"], self.span("reference", "tables", i, "table"),
                             list(known))
                continue
            columns = {}
            for column, label in item.get("columns", {}).items():
                if column not in table.columns:
                    self.unknown(f"column of table '{table.id}'", column,
                                 self.key_span("reference", "tables", i, "columns", column),
                                 list(table.columns))
                    continue
                columns[column] = label
            out.append(TableLabels(table.id, columns, self.span("reference", "tables", i)))
        return out

    def extra_cards(self, items: list) -> list[ExtraCard]:
        game = self.game
        spaces, tracks = [s.id for s in game.spaces], [t.id for t in game.tracks]
        players = [p.id for p in game.players]
        out: list[ExtraCard] = []
        for i, item in enumerate(items):
            path = ("extra_cards", i)
            if item["id"] in {c.id for c in out}:
                self.diags.error("E302", f"extra card '{item['id']}' is listed twice", self.span(*path, "id"),
                                 "give each card its own id")
                continue
            card = ExtraCard(item["id"], item.get("title", ""), item.get("text", ""),
                             regions=item.get("regions", ""), span=self.span(*path))
            space = item.get("space")
            if space is not None and space not in spaces:
                self.unknown("space", space, self.span(*path, "space"), spaces)
            else:
                card.space = space
            if not card.title and space is None:
                self.diags.error("E201", f"extra card '{card.id}' has no title", self.span(*path, "id"),
                                 "give it a `title`, or a `space` whose name it takes")
            track = item.get("track")
            if track is not None and track["track"] not in tracks:
                self.unknown("track", track["track"], self.span(*path, "track", "track"), tracks)
            elif track is not None:
                card.track = track["track"]
                for end, player in track.get("ends", {}).items():
                    if player not in players:
                        self.unknown("player", player, self.span(*path, "track", "ends", end), players)
                    else:
                        card.ends[end] = player
            out.append(card)
        return out


def check_sheet_terms(game: Game, diags: Diagnostics) -> None:
    """The glossary terms `sheets` names exist in text.yaml (declared after game.yaml), with an
    abbreviation where one is asked for."""
    face = game.sheets.face
    if face.badge is None or face.badge_term is None or game.text is None:
        return
    terms = game.text.terms
    span = face.badge.span
    if face.badge_term not in terms:
        diags.error("E301", f"unknown term '{face.badge_term}'", span,
                    did_you_mean(face.badge_term, terms) or "declare it under 'terms' in text.yaml")
    elif face.badge_abbr and not terms[face.badge_term].get("abbr"):
        diags.error("E304", f"term '{face.badge_term}' has no abbreviation", span,
                    "give it an `abbr` in text.yaml, or leave out `abbr: true`")
