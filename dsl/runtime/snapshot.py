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
replays the save's history and requires the very same state.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from .decisions import Decision
from .entries import Log
from .frames import FRAME_CLASSES, Emit, Frame, Main
from .lasting import Effect

RUNTIME_FRAMES = {"Main": Main, "Emit": Emit}
MAX_DEPTH = 32  # no value in a state is nested deeper; deeper ones are refused, not recursed into
KINDS = ("item", "number", "option")


class SnapshotFault(ValueError):
    """A part of a snapshot that cannot be a state of this game: what is wrong, and where."""

    def __init__(self, problem: str, where: str):
        super().__init__(f"{where}: {problem}")
        self.problem, self.where = problem, where


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
    _object(data, PARTS, "state")
    n_cards, n_zones, n_players = len(spec.cards), spec.zone_slots, game.player_count
    state.t = _ints(data["tracks"], "state.tracks", spec.track_slots)
    state.c = _counters(spec, data["counters"])
    state.v = _list(data["variables"], "state.variables", len(spec.variables))
    state.v = [_decode(v, {}, f"state.variables[{i}]") for i, v in enumerate(state.v)]
    zones = _list(data["zones"], "state.zones", n_zones)
    state.zones = [_ints(z, f"state.zones[{i}]", None, 0, n_cards - 1) for i, z in enumerate(zones)]
    state.where = _ints(data["where"], "state.where", n_cards, -1, n_zones - 1)
    state.seen = _ints(data["seen"], "state.seen", n_cards, 0, (1 << len(spec.players)) - 1)
    state.pool = _ints(data["pool"], "state.pool", n_cards, -1, n_zones - 1)
    cells = _list(data["grid"], "state.grid", len(spec.spaces))
    for i, c in enumerate(cells):
        if c is not None:
            _int(c, f"state.grid[{i}]", 0, 10**6)
            state.place_on_grid(i, c)
    effects = _effects(state, data["effects"])
    state.lasting = []
    for i, serial in enumerate(_list(data["lasting"], "state.lasting")):
        if _is_int(serial) and serial in effects and effects[serial] not in state.lasting:
            state.lasting.append(effects[serial])
        else:
            raise SnapshotFault(f"is {serial!r}, not one of the effects listed once", f"state.lasting[{i}]")
    state._reindex()
    state.serial = _int(data["serial"], "state.serial", max(effects, default=0), 2**62)
    state.rng = _random(data["rng"])
    state.forced = _ints(data["forced"], "state.forced", None, 1, 1000)
    state.forced_draws = _ints(data["forced_draws"], "state.forced_draws", None, 0, n_cards - 1)
    state.started = _bool(data["started"], "state.started")
    state.over = _bool(data["over"], "state.over")
    state.winners = tuple(_ints(data["winners"], "state.winners", None, 0, n_players - 1))
    if data["winner"] is not None:
        _int(data["winner"], "state.winner", 0, n_players - 1)
    state.winner = data["winner"]
    if data["reason"] is not None and not isinstance(data["reason"], str):
        raise SnapshotFault("is not text", "state.reason")
    state.reason = data["reason"]
    state.frames = [_frame(state, raw, effects, f"state.frames[{i}]")
                    for i, raw in enumerate(_list(data["frames"], "state.frames"))]
    state._decision = _decision(state, data["decision"])
    if state.over != (state._decision is None) or (state._decision is None) != (not state.frames):
        raise SnapshotFault("a game goes on exactly when it has frames in progress and a decision "
                            "pending", "state")
    state.log = Log(_log_entry(e, f"state.log[{i}]") for i, e in enumerate(_list(data["log"], "state.log")))


def _counters(spec: Any, raw: Any) -> list:
    out = []
    for counter, cells in zip(spec.counters, _list(raw, "state.counters", len(spec.counters)), strict=True):
        where = f"state.counters[{counter.id}]"
        cells = _list(cells, where, len(spec.spaces))
        low, high = -(2**62), 2**62  # out-of-range values are the invariants' to report
        if counter.per_player:
            out.append([_ints(cell, f"{where}[{i}]", len(spec.players), low, high)
                        for i, cell in enumerate(cells)])
        else:
            out.append([_int(cell, f"{where}[{i}]", low, high) for i, cell in enumerate(cells)])
    return out


def _effects(state: Any, raw: Any) -> dict[int, Any]:
    lasting = state.game.spec.lasting
    effects: dict[int, Any] = {}
    for i, item in enumerate(_list(raw, "state.effects")):
        where = f"state.effects[{i}]"
        serial, index, env = _list(item, where, 3)
        serial = _int(serial, f"{where}[0]", 1, 2**62)
        index = _int(index, f"{where}[1]", 0, len(lasting) - 1)
        env = _decode(env, {}, f"{where}[2]")
        if serial in effects or not isinstance(env, tuple):
            raise SnapshotFault("repeats a serial, or its values are not a tuple", where)
        effects[serial] = Effect(lasting[index], env, serial)
    return effects


def _frame(state: Any, raw: Any, effects: dict[int, Any], where: str) -> Frame:
    name, pc, fields = _list(raw, where, 3)
    cls = _frame_class(state, name, f"{where}[0]")
    _int(pc, f"{where}.pc", 0, cls._pcs - 1)
    if not isinstance(fields, dict):
        raise SnapshotFault("is not an object of the frame's locals", f"{where}.fields")
    frame = object.__new__(cls)
    for key, value in fields.items():
        if key not in cls._fields:
            raise SnapshotFault(f"is not a local of {name} (its locals: {', '.join(cls._fields) or 'none'})",
                                f"{where}.fields.{key}")
        setattr(frame, key, _decode(value, effects, f"{where}.fields.{key}"))
    frame._pc = pc
    return frame


def _frame_class(state: Any, name: Any, where: str) -> type[Frame]:
    if isinstance(name, str) and name in RUNTIME_FRAMES:
        return RUNTIME_FRAMES[name]
    module, _, qualname = name.rpartition(".") if isinstance(name, str) else ("", "", "")
    cls = FRAME_CLASSES.get((f"{_package(state)}.{module}", qualname)) if module else None
    if cls is None:
        raise SnapshotFault(f"is {name!r}, not a procedure in progress of this game's engine", where)
    return cls


def _decision(state: Any, raw: Any) -> Decision | None:
    if raw is None:
        return None
    where = "state.decision"
    _object(raw, ("player", "kind", "prompt", "options", "item_kind", "secret"), where)
    player = _int(raw["player"], f"{where}.player", 0, state.game.player_count - 1)
    if raw["kind"] not in KINDS:
        raise SnapshotFault(f"is {raw['kind']!r}, not one of {', '.join(KINDS)}", f"{where}.kind")
    if not isinstance(raw["prompt"], str) or not isinstance(raw["item_kind"], str):
        raise SnapshotFault("prompt and item_kind are text", where)
    item_kind = raw["item_kind"]
    names = state.game.spec.names_of(item_kind) if item_kind else None
    options = [_decode(o, {}, f"{where}.options[{i}]")
               for i, o in enumerate(_list(raw["options"], f"{where}.options"))]
    if not options:
        raise SnapshotFault("is empty: a decision has a legal answer", f"{where}.options")
    if raw["kind"] == "item" and names is not None:  # ids by number; an enum's values are its own
        last = len(names) - 1 if hasattr(names, "__len__") else 10**6
        for i, o in enumerate(options):
            if o is not None:
                _int(o, f"{where}.options[{i}]", 0, last)
    secret = _bool(raw["secret"], f"{where}.secret")
    return state.ask(player, raw["kind"], raw["prompt"], options, item_kind, secret)


def _log_entry(raw: Any, where: str, depth: int = 0) -> Any:
    kind = type(raw)
    if kind is int or kind is bool or raw is None:
        return raw
    if kind is str:
        return sys.intern(raw)
    if depth > MAX_DEPTH:
        raise SnapshotFault("is nested too deeply", where)
    if kind is list:
        return tuple([_log_entry(v, where, depth + 1) for v in raw])
    if kind is dict:
        return {sys.intern(k): _log_entry(v, where, depth + 1) for k, v in raw.items()}
    return _scalar(raw, where)


def _decode(raw: Any, effects: dict[int, Any], where: str, depth: int = 0) -> Any:
    if depth > MAX_DEPTH:
        raise SnapshotFault("is nested too deeply", where)
    if isinstance(raw, list):
        return [_decode(v, effects, where, depth + 1) for v in raw]
    if isinstance(raw, dict):
        if len(raw) != 1 or next(iter(raw)) not in ("t", "d", "e"):
            raise SnapshotFault("is an object; a value is a number, text, null, a list or one of "
                                '{"t": [...]}, {"d": [...]}, {"e": serial}', where)
        tag, inner = next(iter(raw.items()))
        if tag == "e":
            if not _is_int(inner) or inner not in effects:
                raise SnapshotFault(f"names effect {inner!r}, which is not listed in state.effects", where)
            return effects[inner]
        items = [_decode(v, effects, where, depth + 1) for v in _list(inner, where)]
        if tag == "t":
            return tuple(items)
        pairs = {}
        for item in items:
            if not isinstance(item, list) or len(item) != 2 or isinstance(item[0], list | dict):
                raise SnapshotFault("a dict is a list of [key, value] pairs", where)
            pairs[item[0]] = item[1]
        return pairs
    return _scalar(raw, where)


def _scalar(raw: Any, where: str) -> Any:
    if isinstance(raw, str):  # ids and keys: one copy, the engine's own
        return sys.intern(raw)
    if raw is None or isinstance(raw, bool) or _is_int(raw):
        return raw
    raise SnapshotFault(f"is {raw!r}; a state holds no fractions", where)


def _random(raw: Any) -> random.Random:
    version, internal, gauss = _list(raw, "state.rng", 3)
    internal = _ints(internal, "state.rng[1]", 625, 0, 2**32 - 1)
    if gauss is not None or version != 3 or not 1 <= internal[-1] <= 624:
        raise SnapshotFault("is not the state of Python's random generator", "state.rng")
    rng = random.Random()
    rng.setstate((version, tuple(internal), None))
    return rng


# -- shapes ----------------------------------------------------------------------------------
def _object(raw: Any, parts: tuple[str, ...], where: str) -> None:
    if not isinstance(raw, dict):
        raise SnapshotFault("is not an object", where)
    wrong = sorted(set(raw) ^ set(parts))
    if wrong:
        raise SnapshotFault(f"has parts {', '.join(sorted(raw))}; it has exactly {', '.join(parts)}", where)


def _list(raw: Any, where: str, size: int | None = None) -> list:
    if not isinstance(raw, list):
        raise SnapshotFault("is not a list", where)
    if size is not None and len(raw) != size:
        raise SnapshotFault(f"has {len(raw)} items; this game has {size}", where)
    return raw


def _ints(raw: Any, where: str, size: int | None = None, low: int = -(2**62), high: int = 2**62) -> list[int]:
    return [_int(v, f"{where}[{i}]", low, high) for i, v in enumerate(_list(raw, where, size))]


def _int(raw: Any, where: str, low: int, high: int) -> int:
    if not _is_int(raw):
        raise SnapshotFault(f"is {raw!r}, a whole number was expected", where)
    if not low <= raw <= high:
        raise SnapshotFault(f"is {raw}, outside {low}..{high}", where)
    return raw


def _bool(raw: Any, where: str) -> bool:
    if not isinstance(raw, bool):
        raise SnapshotFault(f"is {raw!r}, true or false was expected", where)
    return raw


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
