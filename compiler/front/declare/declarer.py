"""Load a game folder and build its model: every file read, schema-checked, cross-referenced.

Pass order within: game.yaml, then the included files by kind. Faults go to the diagnostics
sink; a missing or broken file does not stop the others from being checked.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from compiler.diagnostics import Diagnostics, Span, did_you_mean
from compiler.front import schema
from compiler.front.declare_sheets import declare_sheets
from compiler.front.loader import Document, load_file
from compiler.front.model import (
    BASE_TYPES,
    AttributeDecl,
    Card,
    Counter,
    Game,
    GameOption,
    Player,
    Region,
    RuleSource,
    Space,
    Table,
    Track,
    Variable,
    Zone,
)
from compiler.front.paths import inside, leaves


def shown_path(path: Path) -> str:
    """The path as an author would type it: relative to the working folder when inside it."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def outside_file(folder: Path, name: str, diags: Diagnostics) -> bool:
    """Report a content file that is a link out of its game folder (it is not read)."""
    if not leaves(folder, name):
        return False
    diags.error("E306", f"{name} is a link to a file outside the game folder",
                Span(shown_path(folder / name), 1, 1),
                "copy the file into the game folder instead of linking to it")
    return True


def load_game(folder: Path, diags: Diagnostics) -> Game | None:
    game_file = folder / "game.yaml"
    shown = shown_path(game_file)
    if outside_file(folder, "game.yaml", diags):
        return None
    doc = load_file(game_file, shown, diags)
    if doc is None:
        return None
    if not schema.check(doc, "game", diags):
        return None
    with diags.phase("declare"):
        return _Declarer(folder, doc, diags).run()


# The lists each kind of included file declares its items in.
_LISTS = {"map": ("regions", "spaces"),
          "tracks": ("tracks", "counters", "variables", "zones", "tables"),
          "cards": ("cards",),
          "rules": ("rules",)}


def _shaped(doc: Document, kind: str) -> bool:
    """Whether a file is a mapping whose lists are lists (its faults are reported by the schema
    check). One that is not declares nothing, so the passes after it would report every name
    it should have declared as unknown: they are skipped instead."""
    if not isinstance(doc.data, dict):
        return False
    return all(isinstance(doc.data[key], list) for key in _LISTS[kind] if key in doc.data)


class _Declarer:
    def __init__(self, folder: Path, game_doc: Document, diags: Diagnostics):
        self.folder = folder
        self.doc = game_doc
        self.diags = diags
        data = game_doc.data
        self.game = Game(id=data["id"], root=shown_path(folder), span=game_doc.span(("id",)),
                         names=data.get("names", {}), description=data.get("description", ""))
        self.game.documents[game_doc.path] = game_doc
        self.globals: dict[str, tuple[str, Span]] = {}

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

    def run(self) -> Game:
        data = self.doc.data
        game = self.game
        folder_name = self.folder.resolve().name
        if data["id"] != folder_name:
            self.diags.error("E605", f"game id '{data['id']}' differs from its folder name "
                             f"'{folder_name}'", self.doc.span(("id",)),
                             f"use 'id: {folder_name}', or rename the folder")
        for i, p in enumerate(data.get("players", [])):
            span = self.doc.span(("players", i, "id"))
            game.players.append(Player(p["id"], span, p.get("names", {}), index=i))
            self.declare(p["id"], "player", span)
        for i, o in enumerate(data.get("options", [])):
            game.options.append(self.read_option(o, ("options", i)))
        for name, values in data.get("enums", {}).items():
            game.enums[name] = list(values)
            for j, value in enumerate(values):
                self.declare(value, f"constant of enum '{name}'", self.doc.span(("enums", name, j)))
        game.space_kinds = list(data.get("space_kinds", []))
        if game.space_kinds:
            # Space kinds are the constants of an implicit enum, so effects can say `s.kind == country`.
            if "space_kind" in game.enums:
                self.diags.error("E302", "'space_kind' is reserved for the kinds of spaces",
                                 self.doc.key_span(("enums", "space_kind")), "rename this enum")
            game.enums["space_kind"] = list(game.space_kinds)
            for j, kind in enumerate(game.space_kinds):
                self.declare(kind, "space kind", self.doc.span(("space_kinds", j)))
        attrs = data.get("attributes", {})
        game.space_attributes = self.attribute_decls(attrs.get("spaces", {}), ("attributes", "spaces"))
        game.region_attributes = self.attribute_decls(attrs.get("regions", {}), ("attributes", "regions"))
        game.card_attributes = self.attribute_decls(attrs.get("cards", {}), ("attributes", "cards"))
        game.entry = dict(data.get("entry", {}))
        game.step_limit = data.get("limits", {}).get("steps")

        includes = data.get("includes", {})
        docs: dict[str, list[Document]] = {}
        unreadable = False
        for kind in ("map", "tracks", "cards", "rules"):
            for j, rel in enumerate(includes.get(kind, [])):
                path = self.folder / rel
                shown = shown_path(path)
                if inside(self.folder, rel) is None:
                    self.diags.error("E306", f"included {kind} file '{rel}' is outside the game folder",
                                     self.doc.span(("includes", kind, j)),
                                     "name a file inside the game's folder (no '..', no absolute "
                                     "path, no link that points out of it)")
                    continue
                if not path.is_file():
                    self.diags.error("E303", f"included {kind} file '{rel}' does not exist",
                                     self.doc.span(("includes", kind, j)),
                                     f"create {shown}, or remove it from 'includes'")
                    unreadable = True  # what it should declare would be reported as unknown
                    continue
                before = len(self.diags)
                doc = load_file(path, shown, self.diags)
                if doc is None or (doc.data is None and len(self.diags) > before):
                    unreadable = True  # later checks would only echo this fault
                    continue
                game.documents[doc.path] = doc
                schema.check(doc, kind, self.diags)
                if not _shaped(doc, kind):
                    unreadable = True  # nothing in it can be declared: every use would be "unknown"
                    continue
                docs.setdefault(kind, []).append(doc)
        if unreadable:
            game.complete = False
            return game
        lists = {kind: keys for kind, keys in _LISTS.items() if kind != "rules"}
        for kind, keys in lists.items():
            for doc in docs.get(kind, []):
                for key in keys:
                    game.broken_names.update(schema.unusable_ids(doc, kind, key))
        for doc in docs.get("map", []):
            self.read_map(doc)
        for doc in docs.get("tracks", []):
            self.read_tracks(doc)
        for doc in docs.get("cards", []):
            self.read_cards(doc)
        for doc in docs.get("rules", []):
            for i, rule in schema.usable_items(doc, "rules", "rules"):
                rid = rule.get("id") or f"rule_{i + 1}"
                game.rules.append(RuleSource(rid, rule["code"], doc, ("rules", i, "code")))
        self.check_references()
        declare_sheets(game, self.doc, self.diags)
        return game

    def read_option(self, o: dict, path: tuple) -> GameOption:
        """One option; `min`/`max` make it a number option (default 0) and bound its values."""
        ranged = "min" in o or "max" in o
        default = o.get("default", 0 if ranged else False)
        option = GameOption(o["id"], self.doc.span(path + ("id",)), o.get("names", {}), default,
                            o.get("min"), o.get("max"), doc=self.doc, path=path)
        if ranged and isinstance(default, bool):
            key = "min" if "min" in o else "max"
            self.diags.error("E202", f"option '{option.id}' is true or false (default "
                             f"{str(default).lower()}); '{key}' bounds number options only",
                             option.field_span(key),
                             "give a number as the default, or leave out min and max")
        elif option.min is not None and option.max is not None and option.min > option.max:
            self.diags.error("E205", f"option '{option.id}' has min {option.min} above max {option.max}",
                             option.field_span("max"), "swap them, or widen the range")
        elif ranged and not _within(default, option.min, option.max):
            where = option.field_span("default") if "default" in o else option.span
            self.diags.error("E205", f"option '{option.id}' defaults to {default}, outside its range "
                             f"{_range_text(option.min, option.max)}", where,
                             "give a default inside the range" if "default" in o else
                             "without a default a number option starts at 0: give one inside the range")
        return option

    def attribute_decls(self, raw: dict, path: tuple) -> dict[str, AttributeDecl]:
        out: dict[str, AttributeDecl] = {}
        for name, d in raw.items():
            span = self.doc.key_span(path + (name,))
            decl = AttributeDecl(name, d["type"], span, d.get("optional", False), d.get("default"),
                                 "default" in d, d.get("min"), d.get("max"), d.get("description", ""))
            if decl.type not in BASE_TYPES and decl.type not in self.doc.data.get("enums", {}):
                self.unknown("type", decl.type, self.doc.span(path + (name, "type")),
                             list(BASE_TYPES) + list(self.doc.data.get("enums", {})))
            out[name] = decl
        return out

    # -- map
    def read_map(self, doc: Document) -> None:
        if doc.data.get("layout") == "grid":
            self.game.layout = "grid"
        game = self.game
        for i, r in schema.usable_items(doc, "map", "regions"):
            span = doc.span(("regions", i, "id"))
            region = Region(r["id"], span, r.get("names", {}), r.get("within"), r.get("spaces"),
                            dict(r.get("attributes", {})), doc=doc, path=("regions", i))
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

    # -- tracks, counters, zones, tables
    def read_tracks(self, doc: Document) -> None:
        game = self.game
        for i, t in schema.usable_items(doc, "tracks", "tracks"):
            span = doc.span(("tracks", i, "id"))
            track = Track(t["id"], span, t.get("names", {}), t.get("per_player", False), t["min"],
                          t["max"], t.get("start", t["min"]), t.get("overflow", "clamp"))
            if track.min > track.max:
                self.diags.error("E205", f"track '{track.id}' has min {track.min} above max "
                                 f"{track.max}", doc.span(("tracks", i, "min")))
            self.check_start(doc, ("tracks", i, "start"), track)
            game.tracks.append(track)
            self.declare(t["id"], "track", span)
        for i, c in schema.usable_items(doc, "tracks", "counters"):
            span = doc.span(("counters", i, "id"))
            counter = Counter(c["id"], span, c.get("names", {}), c.get("per_player", False),
                              c.get("on"), c.get("min", 0), c.get("max"), c.get("start", {}),
                              c.get("total_max"), doc=doc, path=("counters", i))
            game.counters.append(counter)
            self.declare(c["id"], "counter", span)
        for i, v in schema.usable_items(doc, "tracks", "variables"):
            span = doc.span(("variables", i, "id"))
            variable = Variable(v["id"], span, v.get("names", {}), v["type"], v.get("start"),
                                doc=doc, path=("variables", i))
            game.variables.append(variable)
            self.declare(v["id"], "variable", span)
        for i, z in schema.usable_items(doc, "tracks", "zones"):
            span = doc.span(("zones", i, "id"))
            game.zones.append(Zone(z["id"], span, z.get("names", {}), z.get("per_player", False),
                                   z.get("hidden", False), z.get("initial", False)))
            self.declare(z["id"], "zone", span)
        for i, t in schema.usable_items(doc, "tracks", "tables"):
            span = doc.span(("tables", i, "id"))
            columns = dict(t["columns"])
            key = t.get("key") or (next(iter(columns)) if columns else "")
            table = Table(t["id"], span, t.get("names", {}), key, columns, list(t["rows"]),
                          doc=doc, path=("tables", i))
            game.tables.append(table)
            self.declare(t["id"], "table", span)

    def check_start(self, doc: Document, path: tuple, track: Track) -> None:
        start = track.start
        players = [p.id for p in self.game.players]
        values = start.items() if isinstance(start, dict) else [(None, start)]
        if isinstance(start, dict) and not track.per_player:
            self.diags.error("E202", f"track '{track.id}' is not per player; give one start value",
                             doc.span(path))
            return
        for player, value in values:
            where = path + ((player,) if player is not None else ())
            if player is not None and player not in players:
                self.unknown("player", player, doc.key_span(where), players)
            elif not track.min <= value <= track.max:
                self.diags.error("E205", f"start value {value} of track '{track.id}' is outside "
                                 f"{track.min}..{track.max}", doc.span(where))

    # -- cards
    def read_cards(self, doc: Document) -> None:
        for i, c in schema.usable_items(doc, "cards", "cards"):
            span = doc.span(("cards", i, "id"))
            card = Card(c["id"], span, c.get("names", {}), dict(c.get("attributes", {})),
                        c.get("event"), doc.span(("cards", i, "event")) if "event" in c else None,
                        dict(c.get("text", {})), c.get("provisional", False), c.get("optional"),
                        doc=doc, path=("cards", i))
            self.game.cards.append(card)
            self.declare(c["id"], "card", span)
            self.attribute_values(doc, ("cards", i), card.attributes, self.game.card_attributes,
                                  "card")

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

    # -- references between declarations, checked once everything is read
    def check_references(self) -> None:
        game = self.game
        players = [p.id for p in game.players]
        option_ids = [o.id for o in game.options]
        region_ids = [r.id for r in game.regions]
        space_ids = [s.id for s in game.spaces]
        card_ids = [c.id for c in game.cards]
        for region in game.regions:
            if region.within and region.within not in region_ids:
                self.unknown("region", region.within, region.field_span("within"), region_ids)
            for j, sid in enumerate(region.listed_spaces or []):
                if sid not in space_ids:
                    self.unknown("space", sid, region.field_span("spaces", j), space_ids)
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
        self.check_attribute_types(players, space_ids, region_ids, card_ids)
        refs = {"player": players, "space": space_ids, "region": region_ids, "card": card_ids}
        for variable in game.variables:
            if variable.type not in BASE_TYPES and variable.type not in game.enums:
                self.unknown("type", variable.type, variable.field_span("type"),
                             list(BASE_TYPES) + list(game.enums))
            elif variable.start is not None:
                self.check_value(variable.start, variable.type, variable.field_span("start"), refs, True)
        self.check_counters(players, space_ids)
        initial = [z for z in game.zones if z.initial]
        if game.cards and len(initial) != 1:
            span = initial[1].span if len(initial) > 1 else game.span
            self.diags.error("E605", "exactly one zone must be marked 'initial: true' (where cards "
                             f"start); found {len(initial)}", span)
        for card in game.cards:
            if card.optional is not None and card.optional not in option_ids:
                self.unknown("option", card.optional, card.doc.span(card.path + ("optional",)),
                             option_ids)

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
            if not isinstance(value, str) or value not in known:
                self.unknown(decl_type, value, span, known)

    def check_attribute_types(self, players, space_ids, region_ids, card_ids) -> None:
        refs = {"player": players, "space": space_ids, "region": region_ids, "card": card_ids}
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
        for table in self.game.tables:
            doc, path = table.doc, table.path
            for col, col_type in table.columns.items():
                if col_type not in BASE_TYPES and col_type not in self.game.enums:
                    self.unknown("type", col_type, doc.span(path + ("columns", col)),
                                 list(BASE_TYPES) + list(self.game.enums))
            if table.key not in table.columns:
                self.unknown("column", table.key, doc.span(path + ("key",)), list(table.columns))
            seen_keys: set = set()
            for r, row in enumerate(table.rows):
                for col, value in row.items():
                    if col not in table.columns:
                        self.diags.error("E203", f"unknown column '{col}' in table '{table.id}'",
                                         doc.key_span(path + ("rows", r, col)),
                                         did_you_mean(col, list(table.columns)))
                        continue
                    self.check_value(value, table.columns[col], doc.span(path + ("rows", r, col)),
                                     refs, False)
                for col in table.columns:
                    if col not in row:
                        self.diags.error("E201", f"row {r + 1} of table '{table.id}' has no '{col}'",
                                         doc.span(path + ("rows", r)))
                key = row.get(table.key)
                if key in seen_keys:
                    self.diags.error("E302", f"key {key} appears twice in table '{table.id}'",
                                     doc.span(path + ("rows", r, table.key)))
                seen_keys.add(key)

    def check_counters(self, players: list[str], space_ids: list[str]) -> None:
        kinds = {s.id: s.kind for s in self.game.spaces}
        for counter in self.game.counters:
            doc, path = counter.doc, counter.path
            for kind in counter.on or []:
                if kind not in self.game.space_kinds:
                    self.unknown("space kind", kind, doc.span(path + ("on",)), self.game.space_kinds)
            start = counter.start
            entries: list[tuple[tuple, str, Any]] = []
            if counter.per_player:
                for player, by_space in start.items():
                    if player not in players:
                        self.unknown("player", player, doc.key_span(path + ("start", player)), players)
                        continue
                    if not isinstance(by_space, dict):
                        self.diags.error("E202", f"start values of '{counter.id}' for '{player}' "
                                         "should map spaces to numbers", doc.span(path + ("start", player)))
                        continue
                    entries += [(("start", player, s), s, v) for s, v in by_space.items()]
            else:
                entries = [(("start", s), s, v) for s, v in start.items()]
            for where, sid, value in entries:
                if sid not in space_ids:
                    self.unknown("space", sid, doc.key_span(path + where), space_ids)
                elif counter.on is not None and kinds[sid] not in counter.on:
                    self.diags.error("E605", f"'{counter.id}' cannot be on '{sid}' (a {kinds[sid]})",
                                     doc.key_span(path + where),
                                     f"'{counter.id}' is only on: {', '.join(counter.on)}")
                elif not isinstance(value, int) or value < counter.min or (
                        counter.max is not None and value > counter.max):
                    self.diags.error("E205", f"start value {value} of '{counter.id}' is out of range",
                                     doc.span(path + where))


def _within(value: int, low: int | None, high: int | None) -> bool:
    return (low is None or value >= low) and (high is None or value <= high)


def _range_text(low: int | None, high: int | None) -> str:
    return f"{low if low is not None else ''}..{high if high is not None else ''}"
