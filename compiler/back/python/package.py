"""The package files around the generated code: data.py (constants for every declared id,
attribute tables, the map, slots of tracks, counters and zones, the game's tables) and
__init__.py (the GameSpec wiring data, rules and cards together, and the Game class). Separate
because they are written from the declared model, with no effect text to lower."""

from __future__ import annotations

from typing import Any

from compiler.back.python import source as pysource
from compiler.back.python.emitter import RUNTIME, const, header, import_block
from compiler.back.python.writers import ModuleWriter
from compiler.front import types as T
from compiler.front.model import Game, list_item_type
from compiler.front.resolve import Program


def _literal(value: Any, decl_type: str) -> str:
    item_type = list_item_type(decl_type)
    if item_type is not None:  # a list attribute is a tuple; left null, the empty one
        items = [_literal(v, item_type) for v in value or ()]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if value is None:
        return "None"
    if decl_type in T.ENTITY_NAMES:
        return const(value)
    return pysource.literal(value)


def render_data(game: Game, source: str) -> str:
    """The text of data.py."""
    out: list[str] = [header(source), '"""Constants and tables of the game."""\n',
                      "from collections import namedtuple\n"]
    n_players = len(game.players)

    def section(title: str) -> None:
        out.append(f"\n# ---- {title} " + "-" * max(0, 80 - len(title)) + "\n")

    cards = game.physical_cards()  # a card with copies is N cards
    for kind, items in (("players", [(p.id, p) for p in game.players]),
                        ("spaces", [(s.id, s) for s in game.spaces]),
                        ("regions", [(r.id, r) for r in game.regions]), ("cards", cards)):
        section(kind)
        for i, (item_id, _) in enumerate(items):
            if "." not in item_id:  # a copy's id is no constant: effects cannot name it
                out.append(f"{const(item_id)} = {i}\n")
        comma = "," if len(items) == 1 else ""
        ids = ", ".join(repr(item_id) for item_id, _ in items)
        out.append(f"{kind.upper()}_IDS = ({ids}{comma})\n")
        shown = ", ".join(repr(item.names.get("en", item.id)) for _, item in items)
        out.append(f"{kind.upper()}_NAMES = ({shown}{comma})  # for people: logs, the terminal\n")

    for kind, items, decls in (("space", [(s.id, s) for s in game.spaces], game.space_attributes),
                               ("region", [(r.id, r) for r in game.regions], game.region_attributes),
                               ("card", cards, game.card_attributes)):
        if not decls:
            continue
        section(f"{kind} attributes")
        names = list(decls)
        out.append(pysource.comment(f"{kind}: ({', '.join(names)})") + "\n")
        out.append(f"{kind.upper()}_ATTRIBUTES = (\n")
        for item_id, item in items:
            values = ", ".join(_literal(item.attributes.get(n), decls[n].type) for n in names)
            out.append(f"    ({values}{',' if len(names) == 1 else ''}),  {pysource.comment(item_id)}\n")
        out.append(")\n")
        for j, name in enumerate(names):
            out.append(f"{kind.upper()}_{name.upper()} = tuple(a[{j}] for a in "
                       f"{kind.upper()}_ATTRIBUTES)\n")

    section("map")
    kinds = ", ".join(repr(s.kind) for s in game.spaces)
    out.append(f"SPACE_KIND = ({kinds}{',' if len(game.spaces) == 1 else ''})\n")
    index = {s.id: i for i, s in enumerate(game.spaces)}
    rindex = {r.id: i for i, r in enumerate(game.regions)}
    out.append("# space -> adjacent spaces\nADJACENT = (\n")
    for space in game.spaces:
        links = ", ".join(const(o) for o in sorted(space.adjacent, key=lambda o: index.get(o, 0))
                          if o in index)
        out.append(f"    ({links}{',' if len(space.adjacent) == 1 else ''}),  {pysource.comment(space.id)}\n")
    out.append(")\n# space -> regions\nSPACE_REGIONS = (\n")
    for space in game.spaces:
        regs = ", ".join(const(r) for r in sorted(space.regions, key=lambda r: rindex.get(r, 0))
                         if r in rindex)
        out.append(f"    ({regs}{',' if len(space.regions) == 1 else ''}),  {pysource.comment(space.id)}\n")
    out.append(")\n")

    section("tracks, counters, zones")
    slot = 0
    for track in game.tracks:
        out.append(f"T_{track.id.upper()} = {slot}\n")
        slot += n_players if track.per_player else 1
    out.append(f"TRACK_SLOTS = {slot}\n")
    for i, counter in enumerate(game.counters):
        out.append(f"C_{counter.id.upper()} = {i}\n")
    for i, variable in enumerate(game.variables):
        out.append(f"V_{variable.id.upper()} = {i}\n")
    slot = 0
    for zone in game.zones:
        out.append(f"Z_{zone.id.upper()} = {slot}\n")
        slot += n_players if zone.per_player else 1
    out.append(f"ZONE_SLOTS = {slot}\n")

    for table in game.tables:
        section(f"table {table.id}")
        cls = "".join(part.title() for part in table.id.split("_")) + "Row"
        cols = list(table.columns)
        out.append(f"{cls} = namedtuple({cls!r}, {cols!r})\n")
        out.append(f"TABLE_{table.id.upper()} = {{\n")
        for row in table.rows:
            values = ", ".join(f"{c}={_literal(row.get(c), table.columns[c])}" for c in cols)
            # keyed as lookups find it: an entity by its index (`RED`), like every other value
            key = _literal(row.get(table.key), table.columns[table.key])
            out.append(f"    {key}: {cls}({values}),\n")
        out.append("}\n")
    return "".join(out)


def render_init(program: Program, source: str, rules: ModuleWriter, cards: ModuleWriter) -> str:
    """The text of __init__.py, given the writers of rules.py and cards.py (their lasting effects)."""
    lasting = rules.lasting_entries + cards.lasting_entries
    game = program.game
    n_players = len(game.players)
    space_index = {s.id: i for i, s in enumerate(game.spaces)}
    player_index = {p.id: i for i, p in enumerate(game.players)}
    out = [header(source),
           pysource.docstring(f"{game.names.get('en', game.id)}: the engine compiled from {source}.\n\n"
                              f"    from generated.{game.id} import Game\n"
                              "    state = Game().new_state(seed=1)\n"
                              "    while not state.is_over():\n"
                              "        state.apply(state.decision().answers[0])\n") + "\n\n",
           f"from {RUNTIME}.game import Game as _RuntimeGame\n",
           f"from {RUNTIME}.spec import CounterSpec, GameSpec, LastingSpec, TrackSpec, ZoneSpec\n\n",
           "from . import data\n",
           import_block(".cards", sorted(["EVENTS", "EVENT_CHECKS", *cards.exported])),
           import_block(".rules", sorted({*rules.exported,
                                          *(f"p_{n}" for n in game.entry.values()),
                                          *(f"f_{c.name}" for c in game.play.functions),
                                          *(f"f_{f.name}" for f in game.play.figures),
                                          *(f"f_{name}" for name, _ in game.invariants),
                                          *([f"f_{game.bot_evaluate[0]}"] if game.bot_evaluate else []),
                                          *(f"f_{name}" for _, name, _, _ in game.bot_prefer)}))]
    out.append("\nTRACKS = (\n")
    slot = 0
    for track in game.tracks:
        if isinstance(track.start, dict):
            start = tuple(track.start.get(p.id, track.min) for p in game.players)
        else:
            start = (track.start,) * (n_players if track.per_player else 1)
        out.append(f"    TrackSpec({track.id!r}, {slot}, {track.per_player}, {track.min}, {track.max}, "
                   f"{start!r}, {track.overflow!r}),\n")
        slot += n_players if track.per_player else 1
    out.append(")\n\nCOUNTERS = (\n")
    for counter in game.counters:
        starts: list[tuple[int, int, int]] = []
        if counter.per_player:
            for pid, by_space in counter.start.items():
                for sid, value in by_space.items():
                    starts.append((space_index[sid], player_index[pid], value))
        else:
            starts = [(space_index[s], -1, v) for s, v in counter.start.items()]
        on = None
        if counter.on is not None:
            on = tuple(i for i, s in enumerate(game.spaces) if s.kind in counter.on)
        total = f", total_max={counter.total_max}" if counter.total_max is not None else ""
        out.append(f"    CounterSpec({counter.id!r}, {counter.per_player}, {counter.min}, {counter.max}, "
                   f"{on!r}, {tuple(sorted(starts))!r}{total}),\n")
    out.append(")\n\n")
    starts = []
    for variable in game.variables:
        default = {"int": "0", "bool": "False"}.get(variable.type, "None")
        value = _literal(variable.start, variable.type) if variable.start is not None else default
        starts.append(f"data.{value}" if variable.type in T.ENTITY_NAMES and variable.start else value)
    out.append(f"VARIABLES = ({''.join(v + ', ' for v in starts)})\n\nZONES = (\n")
    slot = 0
    for zone in game.zones:
        out.append(f"    ZoneSpec({zone.id!r}, {slot}, {zone.per_player}, {zone.hidden}, {zone.initial}),\n")
        slot += n_players if zone.per_player else 1
    out.append(")\n\nLASTING = (\n")
    out.extend(f"    {entry},\n" for _, entry in sorted(lasting))
    out.append(")\n\n")
    out.append(_decisions(rules, cards))
    options = {o.id: o.default for o in game.options}
    ranges = {o.id: (o.min, o.max) for o in game.options if o.min is not None or o.max is not None}
    choices = {o.id: tuple(game.enums[o.choices]) for o in game.options if o.choices is not None}
    space_opt = {i: s.optional for i, s in enumerate(game.spaces) if s.optional}
    card_opt = {i: c.optional for i, (_, c) in enumerate(game.physical_cards()) if c.optional}
    enums = {k: tuple(v) for k, v in game.enums.items()}
    limit = f"    step_limit={game.step_limit},\n" if game.step_limit is not None else ""
    if game.player_count is not None:  # left out when every declared player plays (the default)
        limit += f"    player_count={game.player_count!r},\n"
    setup = f"p_{game.entry['setup']}" if "setup" in game.entry else "None"
    play = f"p_{game.entry['play']}" if "play" in game.entry else "None"
    out.append(
        "SPEC = GameSpec(\n"
        f"    id={game.id!r},\n"
        "    players=data.PLAYERS_IDS,\n"
        "    spaces=data.SPACES_IDS,\n"
        "    regions=data.REGIONS_IDS,\n"
        "    cards=data.CARDS_IDS,\n"
        "    display={'player': data.PLAYERS_NAMES, 'space': data.SPACES_NAMES, "
        "'region': data.REGIONS_NAMES, 'card': data.CARDS_NAMES},\n"
        f"    enums={enums!r},\n"
        f"    options={options!r},\n"
        f"    option_ranges={ranges!r},\n"
        + (f"    option_choices={choices!r},\n" if choices else "") +
        f"    space_optional={space_opt!r},\n"
        f"    card_optional={card_opt!r},\n"
        "    adjacent=data.ADJACENT,\n"
        "    space_regions=data.SPACE_REGIONS,\n"
        "    tracks=TRACKS,\n"
        "    counters=COUNTERS,\n"
        "    zones=ZONES,\n"
        "    variables=VARIABLES,\n"
        "    track_slots=data.TRACK_SLOTS,\n"
        "    zone_slots=data.ZONE_SLOTS,\n"
        "    events=EVENTS,\n"
        "    event_checks=EVENT_CHECKS,\n"
        "    lasting=LASTING,\n"
        f"    setup={setup},\n"
        f"    play={play},\n"
        f"{limit}"
        f"{_shown(program)}"
        f"{_figures(program)}"
        f"{_invariants(program)}"
        f"{_evaluate(program)}"
        "    decisions=DECISIONS,\n"
        ")\n\n\n"
        "class Game(_RuntimeGame):\n"
        "    " + pysource.docstring(
            f"{game.names.get('en', game.id)}. Options: "
            f"{', '.join(f'{k} (default {v!r})' for k, v in options.items()) or 'none'}.") + "\n\n"
        "    spec = SPEC\n")
    return "".join(out)


def _shown(program: Program) -> str:
    """The functions game.yaml `play` shows per space (views compute them): name -> (function,
    whether it takes a player too)."""
    functions = program.game.play.functions
    if not functions:
        return ""
    entries = ", ".join(f"{c.name!r}: (f_{c.name}, {len(program.defs[c.name].params) == 2})"
                        for c in functions)
    return f"    shown={{{entries}}},\n"


def _figures(program: Program) -> str:
    """The figures game.yaml `play` shows with the tracks (views compute them): name ->
    (function, whether it takes a player, the item kind a value names or "")."""
    figures = program.game.play.figures
    if not figures:
        return ""
    entries = []
    for figure in figures:
        sig = program.defs[figure.name]
        kind = sig.returns.name if sig.returns.name in ("player", "card", "space") else ""
        entries.append(f"{figure.name!r}: (f_{figure.name}, {len(sig.params) == 1}, {kind!r})")
    return f"    figures={{{', '.join(entries)}}},\n"


def _decisions(rules: ModuleWriter, cards: ModuleWriter) -> str:
    """DECISIONS: every question the rules may ask, by prompt key, as (kind, item kind, option
    labels); dsl/runtime/actions.py numbers their answers with stable action ids."""
    asked = {**rules.low.asked, **cards.low.asked}
    rows = "".join(f"    {prompt!r}: {asked[prompt]!r},\n" for prompt in sorted(asked))
    return ("# Every question the rules may ask, by prompt key: (kind, item kind, option labels).\n"
            "# dsl/runtime/actions.py gives their answers stable action ids (bots, OpenSpiel).\n"
            f"DECISIONS = {{\n{rows}}}\n\n")


def _evaluate(program: Program) -> str:
    """game.yaml `bot`: the function bots value a position by, its scale and the hints per
    question (dsl/runtime/worth.py)."""
    chosen, scale = program.game.bot_evaluate, program.game.bot_scale
    scaled = f"    evaluate_scale={scale!r},\n" if scale else ""
    hints = "".join(f"        {prompt!r}: f_{name},\n"
                    for prompt, name, _, _ in sorted(program.game.bot_prefer))
    preferred = f"    prefer={{\n{hints}    }},\n" if hints else ""
    return (f"    evaluate=f_{chosen[0]},\n" if chosen else "") + scaled + preferred


def _invariants(program: Program) -> str:
    """game.yaml `invariants`: (name, function, where it is defined), checked by the runtime's
    `violations` after every decision of `kurtyna sim`."""
    entries = []
    for name, _ in program.game.invariants:
        sig = program.defs[name]
        entries.append(f"({name!r}, f_{name}, {sig.unit.doc.path!r})")  # by file, never line
    if not entries:
        return ""
    return "    invariants=(\n" + "".join(f"        {e},\n" for e in entries) + "    ),\n"
