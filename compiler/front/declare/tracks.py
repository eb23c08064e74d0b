"""The state a game keeps: tracks, counters on spaces, variables, zones of cards and tables,
declared from the tracks files and checked (start values, ranges, table rows and keys, the one
zone cards start in) once everything is read.

Separate from the map and the cards because these declare what effects change and look up at
run time, each with bounds and a start value of its own.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import did_you_mean
from compiler.front import schema
from compiler.front.declare.core import DeclarerCore
from compiler.front.loader import Document
from compiler.front.model import BASE_TYPES, Counter, Table, Track, Variable, Zone


class TrackRules(DeclarerCore):
    """Declare tracks, counters, variables, zones and tables; check their values."""

    def read_tracks(self, doc: Document) -> None:
        game = self.game
        for i, t in schema.usable_items(doc, "tracks", "tracks"):
            span = doc.span(("tracks", i, "id"))
            track = Track(t["id"], span, t.get("names", {}), t.get("per_player", False), t["min"],
                          t["max"], t.get("start", t["min"]), t.get("overflow", "clamp"),
                          t.get("description", ""))
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

    def check_tables(self, refs: dict[str, list[str]]) -> None:
        """Column types, the key column, and each row against the columns, keys unique."""
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

    def check_variables(self, refs: dict[str, list[str]]) -> None:
        game = self.game
        for variable in game.variables:
            if variable.type not in BASE_TYPES and variable.type not in game.enums:
                self.unknown("type", variable.type, variable.field_span("type"),
                             list(BASE_TYPES) + list(game.enums))
            elif variable.start is not None:
                self.check_value(variable.start, variable.type, variable.field_span("start"), refs, True)

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


    def check_initial_zone(self) -> None:
        """Exactly one zone is where the cards start (when there are cards)."""
        game = self.game
        initial = [z for z in game.zones if z.initial]
        if game.cards and len(initial) != 1:
            span = initial[1].span if len(initial) > 1 else game.span
            self.diags.error("E605", "exactly one zone must be marked 'initial: true' (where cards "
                             f"start); found {len(initial)}", span)
