"""Read the printed board, its tracks and the markers into the model, checked: the map file's
`board` (where boxes go), game.yaml `sheets.board` (what they show, the tracks) and
`sheets.markers`, and `sheets.player_board`. Called by `compiler.front.declare` after `declare_sheets`.

Every name is checked against the declarations (E301 with a "did you mean"), attributes and
columns against their types (E304), values against the track's range (E205); a space of the map
without a place on the board is E201 (one of `unlinked_kinds` may go without: the board then leaves it out),
a route for spaces that are not adjacent E605.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front import schema
from compiler.front.loader import Document
from compiler.front.model import Game, Labelled
from compiler.front.model_board import (
    BOX,
    AidParagraph,
    BoardField,
    BoardSpec,
    BoardTrack,
    Geometry,
    MarkerBack,
    MarkerKind,
    MarkerSpec,
    PlayerBoardSpec,
    RegionLimit,
    Route,
    TrackTable,
)


def declare_board(game: Game, doc: Document, map_docs: list[Document], diags: Diagnostics) -> None:
    sheets = doc.data.get("sheets")
    sheets = sheets if isinstance(sheets, dict) else {}
    reader = _Reader(game, diags)
    geometry = None
    board_schema = schema.Validator(schema.load_schema("map")["properties"]["board"])
    for map_doc in map_docs:
        data = map_doc.data.get("board") if isinstance(map_doc.data, dict) else None
        if data is not None and board_schema.is_valid(data):  # else its faults are reported
            geometry = reader.geometry(map_doc, data)
    if geometry is not None or "board" in sheets:
        game.sheets.board = reader.board(doc, sheets.get("board", {}), geometry)
    if "markers" in sheets:
        game.sheets.markers = reader.markers(doc, sheets["markers"])
    if "player_board" in sheets:
        game.sheets.player_board = reader.player_board(doc, sheets["player_board"])


class _Reader:
    def __init__(self, game: Game, diags: Diagnostics):
        self.game = game
        self.diags = diags
        self.doc: Document | None = None
        self.root: tuple = ()

    def span(self, *path: Any):
        return self.doc.span(self.root + path)

    def unknown(self, what: str, name: Any, path: tuple, known: list[str]) -> bool:
        if name not in self.game.broken_names:
            self.diags.error("E301", f"unknown {what} '{name}'", self.span(*path),
                             did_you_mean(str(name), known))
        return False

    def known(self, name: str, items: list, what: str, path: tuple) -> bool:
        ids = [i.id for i in items]
        return name in ids or self.unknown(what, name, path, ids)

    def attribute(self, name: str, decls: dict, what: str, want: str, path: tuple) -> bool:
        if name not in decls:
            return self.unknown(f"{what} attribute", name, path, list(decls))
        if want != "any" and decls[name].type != want:
            self.diags.error("E304", f"{what} attribute '{name}' is of type {decls[name].type}; "
                             f"this place needs an attribute of type {want}", self.span(*path))
            return False
        return True

    def labelled(self, item: dict, decls: dict, what: str, want: str, path: tuple) -> Labelled | None:
        if not self.attribute(item["attribute"], decls, what, want, path + ("attribute",)):
            return None
        return Labelled(item["attribute"], item.get("label", ""), self.span(*path))

    # -- the map file's `board`
    def geometry(self, doc: Document, data: dict) -> Geometry:
        self.doc, self.root = doc, ("board",)
        game = self.game
        width, height = data["size"]
        geo = Geometry(float(width), float(height), tuple(float(v) for v in data.get("box", BOX)),
                       span=self.span())
        for sid, point in data.get("spaces", {}).items():
            path = ("spaces", sid)
            if self.known(sid, game.spaces, "space", path) and self.inside(geo, point, path):
                geo.positions[sid] = (float(point[0]), float(point[1]))
        # A place outside the network of links (map `unlinked_kinds`) is on the board only if given one.
        missing = [s.id for s in game.spaces if s.id not in data.get("spaces", {}) and game.linked(s)]
        if missing:
            self.diags.error("E201", f"the board gives no place to {len(missing)} space(s): "
                             f"{', '.join(missing)}",
                             self.span("spaces"), "add `<space>: [x, y]` (the centre of its box, in mm)")
        for rid, point in data.get("labels", {}).items():
            path = ("labels", rid)
            if self.known(rid, game.regions, "region", path) and self.inside(geo, point, path):
                geo.labels[rid] = (float(point[0]), float(point[1]))
        for fid, place in data.get("fields", {}).items():
            path = ("fields", fid)
            geo.field_spans[fid] = self.span(*path)
            if len(place) == 3:
                self.diags.error("E205", f"field '{fid}' has three numbers: give [x, y, width, height], or "
                                 "[x, y] for a field holding a card", self.span(*path))
                continue
            corners = [place[:2]] + ([(place[0] + place[2], place[1] + place[3])] if len(place) == 4 else [])
            if all(self.inside(geo, corner, path) for corner in corners):
                geo.fields[fid] = tuple(float(v) for v in place)
        if "legend" in data and self.inside(geo, data["legend"], ("legend",)):
            geo.legend = (float(data["legend"][0]), float(data["legend"][1]))
        spaces = game.by_id(game.spaces)
        for i, link in enumerate(data.get("links", [])):
            a, b = link["between"]
            if not all(self.known(s, game.spaces, "space", ("links", i, "between", j))
                       for j, s in enumerate((a, b))):
                continue
            if b not in spaces[a].adjacent:
                self.diags.error("E605", f"'{a}' and '{b}' are not adjacent: there is no link to route",
                                 self.span("links", i, "between"), "route only links listed in `adjacent`")
                continue
            via = [(float(x), float(y)) for j, (x, y) in enumerate(link.get("via", []))
                   if self.inside(geo, (x, y), ("links", i, "via", j))]
            geo.routes.append(Route((a, b), via, bool(link.get("wrap", False))))
        return geo

    def inside(self, geo: Geometry, point: list, path: tuple) -> bool:
        x, y = point
        if 0 <= x <= geo.width and 0 <= y <= geo.height:
            return True
        self.diags.error("E205", f"[{x}, {y}] lies outside the board ({geo.width:g} x {geo.height:g} mm)",
                         self.span(*path))
        return False

    # -- game.yaml `sheets.board`
    def board(self, doc: Document, data: dict, geometry: Geometry | None) -> BoardSpec:
        self.doc, self.root = doc, ("sheets", "board")
        game = self.game
        spec = BoardSpec(geometry)
        spaces = game.space_attributes
        if "value" in data:
            spec.value = self.labelled(data["value"], spaces, "space", "int", ("value",))
        if "mark" in data:
            spec.mark = self.labelled(data["mark"], spaces, "space", "bool", ("mark",))
            spec.mark_colour = data["mark"].get("colour", spec.mark_colour)
        if "counter" in data:
            self.counter(spec, data["counter"])
        if "owner" in data and self.attribute(data["owner"], spaces, "space", "player", ("owner",)):
            spec.owner = data["owner"]
        for i, item in enumerate(data.get("regions", [])):
            shown = self.labelled(item, game.region_attributes, "region", "any", ("regions", i))
            if shown:
                spec.regions.append(shown)
        for i, item in enumerate(data.get("tracks", [])):
            track = self.track(item, ("tracks", i))
            if track:
                spec.tracks.append(track)
        self.fields(spec, data.get("fields", []))
        return spec

    def fields(self, spec: BoardSpec, data: list) -> None:
        """`sheets.board.fields`, each placed by the map file's `board.fields` (E201 without a place
        or without a size it needs, E301 for a place of no field)."""
        geo = spec.geometry
        for i, item in enumerate(data):
            fid, path = item["id"], ("fields", i)
            if any(f.id == fid for f in spec.fields):
                self.diags.error("E302", f"board field '{fid}' is listed twice", self.span(*path, "id"),
                                 "give each field its own id")
                continue
            card = bool(item.get("card", False))
            spec.fields.append(BoardField(fid, item["label"], item.get("note", ""), card=card,
                                          span=self.span(*path)))
            if geo is None:
                self.diags.error("E201", f"board field '{fid}' has no board to lie on",
                                 self.span(*path, "id"), "give the map file a `board` section")
            elif fid not in geo.field_spans:
                self.diags.error("E201", f"the board gives no place to field '{fid}'", self.span(*path, "id"),
                                 f"add `{fid}: [x, y, width, height]` (mm) to the map file's `board.fields`")
            elif len(geo.fields.get(fid, (0, 0, 0, 0))) == 2 and not card:
                self.diags.error("E201", f"board field '{fid}' needs a size: it holds no card",
                                 geo.field_spans[fid], "give it as [x, y, width, height] (mm)")
        ids = [f.id for f in spec.fields]
        for fid, where in (geo.field_spans.items() if geo else ()):
            if fid not in ids:
                self.diags.error("E301", f"unknown board field '{fid}'", where,
                                 did_you_mean(fid, ids) or "declare it in game.yaml `sheets.board.fields`")

    def counter(self, spec: BoardSpec, data: dict) -> None:
        counters = self.game.by_id(self.game.counters)
        name = data["counter"]
        if not self.known(name, self.game.counters, "counter", ("counter", "counter")):
            return
        if not counters[name].per_player:
            self.diags.error("E304", f"counter '{name}' is not per player; the board needs one box "
                             "per player",
                             self.span("counter", "counter"))
            return
        spec.counter = name
        players = [p.id for p in self.game.players]
        order = data.get("players", players)
        for j, p in enumerate(order):
            if p not in players:
                self.unknown("player", p, ("counter", "players", j), players)
        spec.counter_players = [p for p in order if p in players] + [p for p in players if p not in order]
        spec.start_label = data.get("start", "")

    def track(self, item: dict, path: tuple) -> BoardTrack | None:
        game = self.game
        tracks = game.by_id(game.tracks)
        if not self.known(item["track"], game.tracks, "track", path + ("track",)):
            return None
        track = tracks[item["track"]]
        out = BoardTrack(track.id, bool(item.get("descending", False)), note=item.get("note", ""),
                         span=self.span(*path))
        out.values = printed_values(track, item)
        if isinstance(out.values, tuple):  # (key, fault): a bound outside the track
            self.diags.error("E205", out.values[1], self.span(*path, out.values[0]))
            out.values = None
        out.labels = self.by_value(track, item.get("labels", {}), path + ("labels",), out.values)
        out.notes = self.by_value(track, item.get("notes", {}), path + ("notes",), out.values)
        sides = item.get("sides")
        if sides:
            players = [p.id for p in game.players]
            ok = [sides[k] in players or self.unknown("player", sides[k], path + ("sides", k), players)
                  for k in ("positive", "negative")]
            if all(ok):
                out.sides = (sides["positive"], sides["negative"])
        limit = item.get("region_limit")
        if limit and self.attribute(limit["attribute"], game.region_attributes, "region", "int",
                                    path + ("region_limit", "attribute")):
            out.region_limit = RegionLimit(limit["attribute"], limit["label"], limit.get("none", ""))
        table = item.get("table")
        if table and self.known(table["table"], game.tables, "table", path + ("table", "table")):
            declared = game.by_id(game.tables)[table["table"]].columns
            out.table = TrackTable(table["table"])
            for j, column in enumerate(table["columns"]):
                if column["column"] in declared:
                    out.table.columns.append(Labelled(column["column"], column.get("label", "")))
                else:
                    self.unknown(f"column of table '{table['table']}'", column["column"],
                                 path + ("table", "columns", j, "column"), list(declared))
        return out

    def by_value(self, track, data: dict, path: tuple, printed: list[int] | None = None) -> dict[int, str]:
        out = {}
        shown, what = (range(track.min, track.max + 1), "") if printed is None else (printed, "printed: ")
        for key, text in data.items():
            if int(key) in shown:
                out[int(key)] = text
            else:
                self.diags.error("E205", f"{key} is not a value of track '{track.id}' ({what}"
                                 f"{shown[0]}..{shown[-1]})", self.doc.key_span(self.root + path + (key,)))
        return dict(sorted(out.items()))

    # -- game.yaml `sheets.markers`
    def markers(self, doc: Document, data: dict) -> MarkerSpec:
        self.doc, self.root = doc, ("sheets", "markers")
        game = self.game
        spec = MarkerSpec(float(data.get("size", MarkerSpec.size)))
        # a variable's marker is a token that shows it (whose it is, where it lies)
        things = ({t.id: t for t in game.tracks} | {c.id: c for c in game.counters}
                  | {v.id: v for v in game.variables})
        players = [p.id for p in game.players]
        for i, item in enumerate(data.get("items", [])):
            path = ("items", i)
            if item["of"] not in things:
                if item["of"] not in game.broken_names:
                    self.diags.error("E301", f"unknown counter or track '{item['of']}', nor a variable",
                                     self.span(*path, "of"), did_you_mean(str(item["of"]), list(things)))
                continue
            player = item.get("player")
            if player is not None and player not in players:
                self.unknown("player", player, path + ("player",), players)
                continue
            back = None
            if "back" in item:
                face = item["back"]
                if face.get("player") is not None and face["player"] not in players:
                    self.unknown("player", face["player"], path + ("back", "player"), players)
                    continue
                back = MarkerBack(face.get("player"), bool(face.get("solid", False)), face.get("label", ""))
            values = {int(v): n for v, n in item.get("values", {}).items()}
            spec.kinds.append(MarkerKind(item["of"], player, item.get("label", ""), int(item.get("count", 1)),
                                         dict(sorted(values.items())), back, self.span(*path)))
        for player, name in data.get("short_names", {}).items():
            if player in players:
                spec.short_names[player] = name
            elif player not in self.game.broken_names:
                self.diags.error("E301", f"unknown player '{player}'",
                                 self.doc.key_span(self.root + ("short_names", player)),
                                 did_you_mean(str(player), players))
        return spec

    # -- game.yaml `sheets.player_board`
    def player_board(self, doc: Document, data: dict) -> PlayerBoardSpec:
        self.doc, self.root = doc, ("sheets", "player_board")
        players = [p.id for p in self.game.players]
        spec = PlayerBoardSpec()
        for player, title in data.get("titles", {}).items():
            if player in players:
                spec.titles[player] = title
            else:
                where = self.doc.key_span(self.root + ("titles", player))
                hint = did_you_mean(str(player), players)
                self.diags.error("E301", f"unknown player '{player}'", where, hint)
        markers = self.game.sheets.markers
        # Only a kind of which each player has a set can start on a player's board.
        own = [k.of for k in markers.kinds if k.player is None and self._per_player(k.of)] if markers else []
        for i, item in enumerate(data.get("fields", [])):
            path = ("fields", i)
            if any(f.id == item["id"] for f in spec.fields):
                self.diags.error("E302", f"player board field '{item['id']}' is listed twice",
                                 self.span(*path, "id"), "give each field its own id")
                continue
            pieces = []
            for j, of in enumerate(item.get("pieces", [])):
                if of in own:
                    pieces.append(of)
                elif markers is not None and any(k.of == of for k in markers.kinds):
                    self.diags.error("E304", f"the markers of '{of}' are not a set per player",
                                     self.span(*path, "pieces", j),
                                     "only markers of a per-player counter or track, with no `player:`, "
                                     "start on a player's board")
                else:
                    hint = did_you_mean(str(of), own) or "list the markers in `sheets.markers` first"
                    where = self.span(*path, "pieces", j)
                    self.diags.error("E301", f"unknown marker kind '{of}'", where, hint)
            spec.fields.append(BoardField(item["id"], item["label"], item.get("note", ""), pieces,
                                          bool(item.get("card", False)), self.span(*path)))
        if "below" in data:
            spec.below = (data["below"]["label"], data["below"].get("note", ""))
        for i, item in enumerate(data.get("aid", [])):
            if any(a.id == item["id"] for a in spec.aid):
                self.diags.error("E302", f"player aid paragraph '{item['id']}' is listed twice",
                                 self.span("aid", i, "id"), "give each paragraph its own id")
                continue
            spec.aid.append(AidParagraph(item["id"], item["title"], item["text"]))
        return spec

    def _per_player(self, of: str) -> bool:
        things = {t.id: t for t in self.game.tracks} | {c.id: c for c in self.game.counters}
        return of in things and bool(things[of].per_player)


def printed_values(track, item: dict) -> list[int] | tuple[str, str] | None:
    """The values a board track prints (`from`, `to`, `step`), None for all of them, or what is
    wrong, as (key, fault): a bound outside the track's range, or `from` above `to`."""
    if not any(k in item for k in ("from", "to", "step")):
        return None
    first, last = item.get("from", track.min), item.get("to", track.max)
    for key, value in (("from", first), ("to", last)):
        if not track.min <= value <= track.max:
            return key, f"{value} is not a value of track '{track.id}' ({track.min}..{track.max})"
    if first > last:
        return "from", f"`from` {first} is above `to` {last} on track '{track.id}'"
    return list(range(first, last + 1, item.get("step", 1)))
