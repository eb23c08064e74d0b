"""A state as data in a save (format 2), and the state read back from it without replaying.

`snapshot(state)` gives the JSON-ready `"state"` part of a save: every list the state holds
(tracks, counters, variables, zones, who knows where each card is, the grid), the lasting
effects in force, the dice's generator, the frames in progress (each by its class, its block and
the locals it keeps: dsl/runtime/frames.py), the pending decision and the log. `restore(...)`
builds the state from it. Loading a save therefore costs the same early or late in a game.

Values that JSON cannot tell apart are tagged: a tuple is `{"t": [...]}`, a dict `{"d": [[key,
value], ...]}`, and an effect in force (which frames and the list of effects share, so one object
must stay one) `{"e": serial}`, its statement and values listed once under `effects`. In the log,
whose entries hold only tuples, ids, numbers and dicts of named values, an array is a tuple.

Nothing in a snapshot is trusted: every part has the shape the game gives it (list lengths,
whole numbers in range, card and zone indices, known lasting statements), a frame is only ever
a Frame class of this game's engine or of the runtime, with a block it has and no attribute but
its own locals, and the decision asks a seated player one of the kinds there are. Anything else
is a `SnapshotFault` naming the part (`state.frames[2].pc`), which save.py reports as a
SaveError. A snapshot edited into another consistent position is a position like any other
(the engine's invariants are checked after loading, as for a replay); `verify=True` on loading
replays the save's history and requires the very same state (the default of
`Game.state_from_json`). The checks of single values are snapshot_values.py, those of the pending
decision and the log snapshot_asked.py.
"""

from __future__ import annotations

import functools
import inspect
import random
from typing import Any

from .frames import FRAME_CLASSES, Emit, Frame, Main
from .lasting import Effect
from .options import shown as _shown
from .snapshot_asked import decision_of, log_of
from .snapshot_values import (
    NUMBER,
    SnapshotFault,
    bool_of,
    cell_of,
    check_object,
    decode,
    int_in,
    ints_of,
    is_int,
    list_of,
    random_of,
)

RUNTIME_FRAMES = {"Main": Main, "Emit": Emit}


# -- writing ---------------------------------------------------------------------------------
def snapshot(state: Any) -> dict[str, Any] | None:
    """The state as JSON-ready data, or None when a frame in progress is none of the game's
    engine or the runtime (a scenario's own steps): such a state is saved as its history only."""
    package = _package(state)
    frames = []
    for frame in state.frames:
        name = _frame_name(frame, package)
        if name is None:
            return None
        fields = {key: _value(getattr(frame, key)) for key in frame._fields if key in frame.__dict__}
        frames.append([name, frame._pc, fields])
    effects: dict[int, Any] = {e.serial: e for e in state.lasting}
    for frame in state.frames:
        if isinstance(frame, Emit):
            effects.update((e.serial, e) for e in frame.effects)
    decision = state._decision
    return {
        "tracks": list(state.t), "counters": [_plain_cells(cells) for cells in state.c],
        "variables": [_value(v) for v in state.v], "zones": [list(z) for z in state.zones],
        "where": list(state.where), "seen": list(state.seen), "pool": list(state.pool),
        "grid": list(state.grid.cell_of),
        "effects": [[e.serial, e.spec.id, _value(e.env)] for e in effects.values()],
        "lasting": [e.serial for e in state.lasting], "serial": state.serial,
        "rng": _rng(state.rng), "forced": list(state.forced), "forced_draws": list(state.forced_draws),
        "started": state.started, "over": state.over, "winner": state.winner,
        "winners": list(state.winners), "reason": state.reason,
        "frames": frames,
        "decision": None if decision is None else {
            "player": decision.player, "kind": decision.kind, "prompt": decision.prompt,
            "options": [_value(o) for o in decision.options], "item_kind": decision.item_kind,
            "secret": decision.secret},
        "log": [_log_value(entry) for entry in state.log],
    }


def _package(state: Any) -> str:
    """The game's engine package (its Game class is defined in the package's __init__.py)."""
    return type(state.game).__module__


def _frame_name(frame: Frame, package: str) -> str | None:
    cls = type(frame)
    if RUNTIME_FRAMES.get(cls.__qualname__) is cls:
        return cls.__qualname__
    if cls.__module__.startswith(package + "."):
        return f"{cls.__module__[len(package) + 1:]}.{cls.__qualname__}"
    return None


def _plain_cells(cells: list) -> list:
    return [cell[:] if type(cell) is list else cell for cell in cells]


def _rng(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _value(value: Any) -> Any:
    if isinstance(value, tuple):
        return {"t": [_value(v) for v in value]}
    if isinstance(value, list):
        return [_value(v) for v in value]
    if isinstance(value, dict):
        return {"d": [[_value(k), _value(v)] for k, v in value.items()]}
    if isinstance(value, Effect):
        return {"e": value.serial}
    return value


def _log_value(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_log_value(v) for v in value]
    if isinstance(value, dict):
        return {k: _log_value(v) for k, v in value.items()}
    return value


# -- reading ---------------------------------------------------------------------------------
PARTS = ("tracks", "counters", "variables", "zones", "where", "seen", "pool", "grid", "effects", "lasting",
         "serial", "rng", "forced", "forced_draws", "started", "over", "winner", "winners", "reason",
         "frames", "decision", "log")


def restore(state: Any, data: Any) -> None:
    """Fill `state` (a bare state of the right game, seed and history) from a snapshot, checking
    every part; SnapshotFault says what is wrong where."""
    spec, game = state.game.spec, state.game
    check_object(data, PARTS, "state")
    n_cards, n_zones, n_players = len(spec.cards), spec.zone_slots, game.player_count
    state.t = ints_of(data["tracks"], "state.tracks", spec.track_slots)
    state.c = _counters(spec, data["counters"])
    variables = list_of(data["variables"], "state.variables", len(spec.variables))
    state.v = [_variable(start, decode(v, {}, f"state.variables[{i}]"), f"state.variables[{i}]")
               for i, (start, v) in enumerate(zip(spec.variables, variables, strict=True))]
    zones = list_of(data["zones"], "state.zones", n_zones)
    state.zones = [ints_of(z, f"state.zones[{i}]", None, 0, n_cards - 1) for i, z in enumerate(zones)]
    state.where = ints_of(data["where"], "state.where", n_cards, -1, n_zones - 1)
    _places(state)
    state.seen = ints_of(data["seen"], "state.seen", n_cards, 0, NUMBER)
    _knowledge(state)
    state.pool = ints_of(data["pool"], "state.pool", n_cards, -1, n_zones - 1)
    cells = list_of(data["grid"], "state.grid", len(spec.spaces))
    for i, c in enumerate(cells):
        if c is not None:
            cell_of(c, f"state.grid[{i}]")
            state.place_on_grid(i, c)
    effects = _effects(state, data["effects"])
    state.lasting = []
    for i, serial in enumerate(list_of(data["lasting"], "state.lasting")):
        if is_int(serial) and serial in effects and effects[serial] not in state.lasting:
            state.lasting.append(effects[serial])
        else:
            raise SnapshotFault(f"is {_shown(serial)}, not one of the effects listed once",
                                f"state.lasting[{i}]")
    state._reindex()
    state.serial = int_in(data["serial"], "state.serial", max(effects, default=0), NUMBER)
    state.rng = random_of(data["rng"])
    state.forced = ints_of(data["forced"], "state.forced", None, 1, 1000)
    state.forced_draws = ints_of(data["forced_draws"], "state.forced_draws", None, 0, n_cards - 1)
    if bool_of(data["started"], "state.started") is not True:  # a bare state is never saved with a state
        raise SnapshotFault("is false, but a game in progress or over has started", "state.started")
    state.started = True
    state.over = bool_of(data["over"], "state.over")
    state.winners = tuple(ints_of(data["winners"], "state.winners", None, 0, n_players - 1))
    if data["winner"] is not None:
        int_in(data["winner"], "state.winner", 0, n_players - 1)
    state.winner = data["winner"]
    if data["reason"] is not None and not isinstance(data["reason"], str):
        raise SnapshotFault(f"is {_shown(data['reason'])}, not text", "state.reason")
    state.reason = data["reason"]
    if not state.over and (state.winner is not None or state.winners or state.reason is not None):
        raise SnapshotFault("a game that goes on has no winner, winners or reason yet", "state")
    if state.winner is not None and state.winners != (state.winner,):
        raise SnapshotFault(f"is {state.winner}, but the winners are {list(state.winners)}", "state.winner")
    state.frames = [_frame(state, raw, effects, f"state.frames[{i}]")
                    for i, raw in enumerate(list_of(data["frames"], "state.frames"))]
    _stack(state.frames)
    state._decision = decision_of(state, data["decision"])
    if state.over != (state._decision is None) or (state._decision is None) != (not state.frames):
        raise SnapshotFault("a game goes on exactly when it has frames in progress and a decision "
                            "pending", "state")
    state.log = log_of(state, data["log"])


def _variable(start: Any, value: Any, where: str) -> Any:
    """A game variable keeps the type of its start value (the language types it), or is none; one
    that starts as none may hold anything a state holds."""
    if start is None or value is None or _kind_of(value) == _kind_of(start):
        return value
    raise SnapshotFault(f"is {_shown(value)}; this variable holds {_kind_of(start)} (or none)", where)


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def _places(state: Any) -> None:
    """Every card in at most one zone, and `where` says which (-1: in none): the reverse index
    the engine moves cards by (a card listed where it is not would fail the next move)."""
    where = state.where
    placed = [-1] * len(where)
    for slot, zone in enumerate(state.zones):
        for position, card in enumerate(zone):
            if placed[card] != -1:
                raise SnapshotFault(f"lists card {card} ('{state.game.spec.cards[card]}'), which is "
                                    f"in state.zones[{placed[card]}] too", f"state.zones[{slot}][{position}]")
            placed[card] = slot
    if placed != where:
        card = next(c for c, (a, b) in enumerate(zip(placed, where, strict=True)) if a != b)
        raise SnapshotFault(f"is {where[card]}, but the card lies in "
                            + (f"state.zones[{placed[card]}]" if placed[card] >= 0 else "no zone"),
                            f"state.where[{card}]")


def _knowledge(state: Any) -> None:
    """Who knows where each card is: only players at the table, and always every player who sees
    the zone it lies in (knowledge.py). So a save relabelled with another number of players is
    refused: its cards are known to players who are not seated, or unknown to seated ones who
    see them."""
    game = state.game
    seated, viewers = game.player_count, game.viewers
    for card, (seen, slot) in enumerate(zip(state.seen, state.where, strict=True)):
        where = f"state.seen[{card}]"
        if seen & ~game.everyone:
            raise SnapshotFault(f"is {seen}: the card is known to a player beyond the {seated} at the "
                                f"table (players is {seated}; a save of another number of players?)", where)
        if slot >= 0 and viewers[slot] & ~seen:
            who = ", ".join(p for i, p in enumerate(game.spec.players) if viewers[slot] >> i & 1)
            raise SnapshotFault(f"is {seen}, but the card lies in {_zone_name(game.spec, slot)}, which "
                                f"{who} see at a table of {seated} (players is {seated}; a save of "
                                "another number of players?)", where)


def _zone_name(spec: Any, slot: int) -> str:
    for zone in spec.zones:
        if zone.slot <= slot < zone.slot + (len(spec.players) if zone.per_player else 1):
            owner = f" of '{spec.players[slot - zone.slot]}'" if zone.per_player else ""
            return f"zone '{zone.id}'{owner}"
    return f"zone {slot}"


def _counters(spec: Any, raw: Any) -> list:
    out = []
    for counter, cells in zip(spec.counters, list_of(raw, "state.counters", len(spec.counters)), strict=True):
        where = f"state.counters[{counter.id}]"
        cells = list_of(cells, where, len(spec.spaces))
        low, high = -NUMBER, NUMBER  # out-of-range values are the invariants' to report
        if counter.per_player:
            out.append([ints_of(cell, f"{where}[{i}]", len(spec.players), low, high)
                        for i, cell in enumerate(cells)])
        else:
            out.append([int_in(cell, f"{where}[{i}]", low, high) for i, cell in enumerate(cells)])
    return out


def _effects(state: Any, raw: Any) -> dict[int, Any]:
    lasting = state.game.spec.lasting
    effects: dict[int, Any] = {}
    for i, item in enumerate(list_of(raw, "state.effects")):
        where = f"state.effects[{i}]"
        serial, index, env = list_of(item, where, 3)
        serial = int_in(serial, f"{where}[0]", 1, NUMBER)
        index = int_in(index, f"{where}[1]", 0, len(lasting) - 1)
        env = decode(env, {}, f"{where}[2]")
        if serial in effects or not isinstance(env, tuple):
            raise SnapshotFault("repeats a serial, or its values are not a tuple", where)
        effects[serial] = Effect(lasting[index], env, serial)
    return effects


def _frame(state: Any, raw: Any, effects: dict[int, Any], where: str) -> Frame:
    name, pc, fields = list_of(raw, where, 3)
    cls = _frame_class(state, name, f"{where}[0]")
    int_in(pc, f"{where}.pc", 0, cls._pcs - 1)
    if not isinstance(fields, dict):
        raise SnapshotFault("is not an object of the frame's locals", f"{where}.fields")
    frame = object.__new__(cls)
    for key, value in fields.items():
        if key not in cls._fields:
            raise SnapshotFault(f"is not a local of {name} (its locals: {', '.join(cls._fields) or 'none'})",
                                f"{where}.fields.{key}")
        setattr(frame, key, decode(value, effects, f"{where}.fields.{key}"))
    for key in cls._fields:  # a local the frame reads when it resumes: saved, or a class default
        if not hasattr(frame, key):
            raise SnapshotFault(f"has no '{key}', a local of {name} that it reads when it goes on",
                                f"{where}.fields")
    frame._pc = pc
    if cls is Emit:
        _emit(frame, where)
    return frame


def _emit(frame: Emit, where: str) -> None:
    """The runtime's own frame: its locals are known (frames.py), so each is checked. Below the
    top of the stack (`_stack`) it waits for trigger j - 1 of effect i, which it called."""
    where = f"{where}.fields"
    if not isinstance(frame.event, str) or not isinstance(frame.args, tuple) \
            or not isinstance(frame.effects, tuple) or not all(isinstance(e, Effect) for e in frame.effects):
        raise SnapshotFault("an Emit frame has an event (text), its args (a tuple) and the effects "
                            'it runs (a tuple of {"e": serial})', where)
    int_in(frame.i, f"{where}.i", 0, len(frame.effects) - 1)
    if not isinstance(frame.fired, bool):
        raise SnapshotFault(f"is {_shown(frame.fired)}, true or false was expected", f"{where}.fired")
    triggers = frame.effects[frame.i].spec.triggers.get(frame.event)
    if triggers is None:
        raise SnapshotFault(f"runs effect {frame.i}, which has no trigger for {_shown(frame.event)}",
                            f"{where}.i")
    int_in(frame.j, f"{where}.j", 1, len(triggers))
    for effect in frame.effects:  # each trigger it goes on to is called with the args
        for fn in effect.spec.triggers.get(frame.event, ()):
            if _arity(fn) != len(frame.args):
                raise SnapshotFault(f"has {len(frame.args)} values; the triggers of "
                                    f"{_shown(frame.event)} take {_arity(fn)}", f"{where}.args")


@functools.cache
def _arity(fn: Any) -> int | None:
    """How many values of the event a trigger takes (after the state and the effect's own)."""
    try:
        return len(inspect.signature(fn).parameters) - 2
    except (TypeError, ValueError):
        return None


def _stack(frames: list[Frame]) -> None:
    """The shape every stack of frames in progress has: `Main` at the bottom, past setup's start
    (its block 1 or 2; at 0 it would run setup again), and above it only frames that stand
    where a call or a question left them; an `Emit` waits for the trigger it called."""
    for i, frame in enumerate(frames):
        where = f"state.frames[{i}]"
        if (type(frame) is Main) != (i == 0):
            raise SnapshotFault("is Main, which is only the outermost frame" if i else
                                "is not Main, the outermost frame of every game in progress", f"{where}[0]")
        if i == 0 and frame._pc == 0:
            raise SnapshotFault("is 0: Main would run setup again", f"{where}.pc")
        if type(frame) is Emit and (frame._pc != 1 or i == len(frames) - 1):
            raise SnapshotFault("is an Emit that does not wait for a trigger it called", where)
    if len(frames) == 1:
        raise SnapshotFault("holds Main alone, which never asks: a frame above it asks", "state.frames")


def _frame_class(state: Any, name: Any, where: str) -> type[Frame]:
    if isinstance(name, str) and name in RUNTIME_FRAMES:
        return RUNTIME_FRAMES[name]
    module, _, qualname = name.rpartition(".") if isinstance(name, str) else ("", "", "")
    cls = FRAME_CLASSES.get((f"{_package(state)}.{module}", qualname)) if module else None
    if cls is None:
        raise SnapshotFault(f"is {_shown(name)}, not a procedure in progress of this game's engine", where)
    return cls


# -- shapes ----------------------------------------------------------------------------------
