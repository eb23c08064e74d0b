"""The reference sheet: a glossary box (glossary.py), turn sequence, regions, tracks, tables,
and the map region by region.

Everything is read from the model; which columns and notes are shown comes from game.yaml
`sheets.reference` (see strings.py for the defaults when it says nothing). A map with fixed
adjacency gets a table and a drawing of each region's graph (places of `unlinked_kinds` are in
the table, not in the drawing). A map laid on a grid during play (`layout: grid`) has no fixed
adjacency: its regions list their spaces and the cards that stand for them.

Nothing is printed that tells a player nothing: the table of regions only when content gives
it a column of values (names and numbers of spaces alone repeat the map sections), no section
of places outside the links that would list nothing but their names (the numbered slots a
player's area is kept in, named only for the engine), and the legend's dashed node only under a
drawing that has one.

In the drawings the first int column of the map table is printed inside each node and the
first bool column fills the nodes where it is true; a legend under each drawing says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.back.sheets import graph
from compiler.back.sheets.glossary import glossary
from compiler.back.sheets.html import render
from compiler.back.sheets.layout import Paper
from compiler.back.sheets.strings import (
    number,
    region_columns,
    shown_tables,
    shown_tracks,
    space_columns,
)
from compiler.back.sheets.words import Words
from compiler.front.model import Game, Space

SMALL_TRACK = 12  # tracks with at most this many values are drawn as a row of boxes


@dataclass
class Row:
    name: str
    cells: list[str]
    neighbours: list[tuple[str, bool]] = field(default_factory=list)  # (name, outside the region)


@dataclass
class MapSection:
    name: str
    headers: list[str]
    rows: list[Row]
    centred: list[bool]  # per cell column: numbers and marks are centred, words are not
    links: bool = True  # a last column of neighbours (or cards, on a grid)
    drawing: graph.Drawing | None = None
    legend: list[tuple[str, str]] = field(default_factory=list)  # (kind of sample, text)


@dataclass
class TrackView:
    name: str
    range: str
    per_player: bool
    boxes: list[tuple[str, str]]  # (value, note) for every value of a short track
    notes: list[tuple[str, str]]  # (value, note) for a long track


@dataclass
class TableView:
    name: str
    headers: list[str]
    rows: list[list[str]]
    centred: list[bool] = field(default_factory=list)  # per column: numbers centred, names not


@dataclass
class Step:
    mark: str
    title: str
    detail: str


def top_regions(game: Game) -> list:
    return [r for r in game.regions if r.within is None]


def region_table(words: Words) -> TableView:
    game = words.game
    columns = region_columns(game)
    if not columns:  # names and numbers of spaces alone: the map sections list every region's spaces
        return TableView(words.ui("regions"), [], [])
    headers = [words.ui("name"), *(words.sheet(f"sheet.region.{c.name}") for c in columns),
               words.ui("spaces")]
    rows = []
    for region in game.regions:
        if region.within and not _own_values(game, region):
            continue  # a subregion that only groups spaces: the map tables name it
        name = words.name(region.id)
        if region.within:
            name = f"{name} ({words.name(region.within)})"
        cells = [words.value(game.region_attributes[c.name].type, region.attributes.get(c.name))
                 for c in columns]
        rows.append([name, *cells, str(len(region.spaces))])
    return TableView(words.ui("regions"), headers, rows)


def _own_values(game: Game, region) -> bool:
    """Does a region give any attribute a value other than the declared default?"""
    return any(region.attributes.get(n) != d.default for n, d in game.region_attributes.items())


def _space_cells(words: Words, space: Space, columns: list) -> list[str]:
    game = words.game
    return [words.value(game.space_attributes[c.name].type, space.attributes.get(c.name))
            for c in columns]


def applying(game: Game, members: list[str]) -> list:
    """The space columns that say something about `members`: a column where every one of them
    has the declared default (a number the spaces of another kind never set) does not apply to
    them and is left out, so the sheet prints nothing that does not apply."""
    spaces = game.by_id(game.spaces)
    return [c for c in space_columns(game)
            if any(spaces[sid].attributes.get(c.name) != game.space_attributes[c.name].default
                   for sid in members)]


def map_sections(words: Words) -> list[MapSection]:
    game = words.game
    spaces = game.by_id(game.spaces)
    grid = game.layout == "grid"
    sections = []
    groups = [(words.name(r.id), r.id, r.spaces) for r in top_regions(game)]
    placed = {s for _, _, members in groups for s in members}
    others = [s.id for s in game.spaces if s.id not in placed]
    if others:
        groups.append((words.ui("other_spaces"), None, others))
    for title, region_id, members in groups:
        columns = applying(game, members)
        subregions = [r for r in game.regions if region_id and r.within == region_id]
        headers = [words.ui("name")]
        centred = []
        if subregions:
            headers.append(words.ui("subregion"))
            centred.append(False)
        headers += [words.sheet(f"sheet.space.{c.name}") for c in columns]
        centred += [game.space_attributes[c.name].type in ("int", "bool") for c in columns]
        # Places outside the network of links (map `unlinked_kinds`) have no neighbours to list
        # and are no nodes of the drawing; a group of only such places gets neither.
        linked = [sid for sid in members if game.linked(spaces[sid])]
        links = grid or bool(linked)
        if links:
            headers.append(words.ui("cards") if grid else words.ui("neighbours"))
        rows = []
        for sid in members:
            space = spaces[sid]
            cells = []
            if subregions:
                cells.append(", ".join(words.name(r.id) for r in subregions if sid in r.spaces))
            cells += _space_cells(words, space, columns)
            row = Row(words.name(sid), cells)
            if grid:
                row.neighbours = [(c, False) for c in cards_of(words, sid)]
            else:
                row.neighbours = [(words.name(n), n not in members) for n in space.adjacent]
            rows.append(row)
        if len(headers) == 1 and not links:
            continue  # places outside the links with nothing but their names: the engine's slots
        section = MapSection(title, headers, rows, centred, links=links)
        if not grid and region_id is not None and linked:
            section.drawing, section.legend = region_drawing(words, linked)
        sections.append(section)
    return sections


def cards_of(words: Words, space_id: str) -> list[str]:
    """The cards that stand for a space (a space attribute of theirs names it), as listed."""
    game = words.game
    face = game.sheets.face
    space_attrs = [n for n, d in game.card_attributes.items() if d.type == "space"]
    out = []
    for card in game.cards:
        if not any(card.attributes.get(a) == space_id for a in space_attrs):
            continue
        details = []
        if face.side and card.attributes.get(face.side) is not None:
            details.append(words.name(card.attributes[face.side]))
        if face.badge and card.attributes.get(face.badge.name) is not None:
            details.append(words.badge_phrase(card.attributes[face.badge.name]))
        name = words.name(card.id)
        out.append(f"{name} ({', '.join(details)})" if details else name)
    return out


def region_drawing(words: Words, members: list[str]) -> tuple[graph.Drawing, list[tuple[str, str]]]:
    game = words.game
    spaces = game.by_id(game.spaces)
    columns = space_columns(game)
    value_col = next((c for c in columns if game.space_attributes[c.name].type == "int"), None)
    mark_col = next((c for c in columns if game.space_attributes[c.name].type == "bool"), None)
    inside = set(members)
    nodes = []
    for sid in members:
        attrs = spaces[sid].attributes
        nodes.append(graph.Node(sid, words.name(sid),
                                value=number(attrs[value_col.name]) if value_col and attrs.get(value_col.name)
                                is not None else "",
                                marked=bool(mark_col and attrs.get(mark_col.name))))
    outside = sorted({n for sid in members for n in spaces[sid].adjacent if n not in inside},
                     key=[s.id for s in game.spaces].index)
    nodes += [graph.Node(sid, words.name(sid), outside=True) for sid in outside]
    drawn = {n.id for n in nodes}  # every link between two drawn spaces is drawn, no other
    edges = sorted({tuple(sorted((sid, n))) for sid in drawn for n in spaces[sid].adjacent if n in drawn})
    legend = []
    if value_col:
        legend.append(("value", words.sheet(f"sheet.space.{value_col.name}")))
    if mark_col:
        legend.append(("marked", words.sheet(f"sheet.space.{mark_col.name}")))
    if outside:  # explain the dashed nodes only where some are drawn
        legend.append(("outside", words.ui("outside")))
    return graph.draw(nodes, edges), legend


def track_views(words: Words) -> list[TrackView]:
    game = words.game
    tracks = game.by_id(game.tracks)
    out = []
    for shown in shown_tracks(game):
        track = tracks[shown.track]
        notes = {v: words.sheet(f"sheet.track.{track.id}.{v}") for v in shown.notes}
        small = track.max - track.min + 1 <= SMALL_TRACK
        boxes = [(number(v), notes.get(v, "")) for v in range(track.min, track.max + 1)] if small else []
        listed = [] if small else [(number(v), n) for v, n in sorted(notes.items(), reverse=True)]
        span = words.ui("range", min=number(track.min), max=number(track.max))
        out.append(TrackView(words.name(track.id), span, track.per_player, boxes, listed))
    return out


def table_views(words: Words) -> list[TableView]:
    game = words.game
    tables = game.by_id(game.tables)
    out = []
    for shown in shown_tables(game):
        table = tables[shown.table]
        headers = [words.sheet(f"sheet.table.{table.id}.{c}") for c in table.columns]
        rows = [[words.value(t, row.get(c)) for c, t in table.columns.items()] for row in table.rows]
        # names (an enum constant, a player, a space...) read from the left; values are centred
        named = set(game.enums) | {"player", "space", "region", "card"}
        centred = [t not in named for t in table.columns.values()]
        out.append(TableView(words.name(table.id), headers, rows, centred))
    return out


@dataclass
class ReadingView:
    """A choice option as the reference sheet lists it: its name and each reading's printed
    sentence, the default marked, so a table agrees on one before play."""
    name: str
    readings: list[tuple[str, bool]]


def reading_views(words: Words) -> list[ReadingView]:
    game = words.game
    return [ReadingView(words.name(option.id),
                        [(words.value(option.choices, constant), constant == option.default)
                         for constant in game.enums[option.choices]])
            for option in game.options if option.choices is not None]


def steps(words: Words) -> list[Step]:
    return [Step(s.mark, words.sheet(f"sheet.turn.{s.id}"),
                 words.sheet(f"sheet.turn.{s.id}.detail") if s.detail else "")
            for s in words.game.sheets.turn_sequence]


def reference_html(words: Words, paper: Paper) -> str:
    return render("reference.html.j2", words=words, paper=paper, glossary=glossary(words), steps=steps(words),
                  regions=region_table(words), tracks=track_views(words), tables=table_views(words),
                  sections=map_sections(words), grid=words.game.layout == "grid",
                  readings=reading_views(words))
