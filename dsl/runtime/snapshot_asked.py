"""The pending decision and the log of a snapshot (snapshot.py), checked against the game:
a seated player asked one of the questions its rules ask, and log entries of the kinds the
engine writes, each part as it writes it."""

from __future__ import annotations

from typing import Any

from .decisions import Decision
from .entries import Log
from .grid import SIDE
from .options import shown as _shown
from .snapshot_values import (
    NUMBER,
    SnapshotFault,
    bool_of,
    cell_of,
    check_object,
    decode,
    int_in,
    list_of,
    log_entry,
)

KINDS = ("item", "number", "option")
# What each kind of log entry holds after its kind (state.py, chance.py write them); the view
# (view.py) and the log in words (log.py) read them so.
LOG_KINDS = {"answer": ("player", "prompt", "value"), "secret_answer": ("player", "prompt"),
             "say": ("text", "args"), "say_to": ("player", "text", "args"),
             "roll": ("number", "number", "number"), "event": ("card", "player"),
             "game_over": ("winner", "reason", "winners")}


def decision_of(state: Any, raw: Any) -> Decision | None:
    """The question pending: a seated player asked one of the questions the game's rules ask
    (spec.decisions: its kind, item kind and option labels), with answers of that kind."""
    if raw is None:
        return None
    where = "state.decision"
    spec = state.game.spec
    check_object(raw, ("player", "kind", "prompt", "options", "item_kind", "secret"), where)
    player = int_in(raw["player"], f"{where}.player", 0, state.game.player_count - 1)
    kind, prompt, item_kind = raw["kind"], raw["prompt"], raw["item_kind"]
    if kind not in KINDS:
        raise SnapshotFault(f"is {_shown(kind)}, not one of {', '.join(KINDS)}", f"{where}.kind")
    if not isinstance(prompt, str):
        raise SnapshotFault(f"is {_shown(prompt)}, a prompt key (text) was expected", f"{where}.prompt")
    if not isinstance(item_kind, str):
        raise SnapshotFault(f"is {_shown(item_kind)}, an item kind (text) was expected", f"{where}.item_kind")
    asked = spec.decisions.get(prompt)
    if spec.decisions and asked is None:
        raise SnapshotFault(f"is {_shown(prompt)}, not a question the rules of '{spec.id}' ask",
                            f"{where}.prompt")
    if asked is not None and kind != asked[0]:
        raise SnapshotFault(f"is {_shown(kind)}; '{prompt}' asks for an answer of kind '{asked[0]}'",
                            f"{where}.kind")
    names = spec.names_of(item_kind) if item_kind else None
    enum = spec.enums.get(item_kind)
    if (asked is not None and item_kind != asked[1]) or (kind == "item") != bool(item_kind) \
            or (item_kind and names is None and enum is None):
        wanted = f"'{asked[1]}'" if asked is not None else "a kind of item (card, space, ...) or ''"
        raise SnapshotFault(f"is {_shown(item_kind)}; '{prompt}' asks for {wanted}", f"{where}.item_kind")
    options = [decode(o, {}, f"{where}.options[{i}]")
               for i, o in enumerate(list_of(raw["options"], f"{where}.options"))]
    if not options:
        raise SnapshotFault("is empty: a decision has a legal answer", f"{where}.options")
    labels = asked[2] if asked is not None and kind == "option" else None
    for i, option in enumerate(options):
        if option is not None:  # None: "done", where the rules let a player stop
            check_answer(state, option, kind, item_kind, labels, f"{where}.options[{i}]")
    secret = bool_of(raw["secret"], f"{where}.secret")
    return state.ask(player, kind, prompt, options, item_kind, secret)


def check_answer(state: Any, option: Any, kind: str, item_kind: str, labels: Any, where: str) -> None:
    """One legal answer of the pending decision: an item by its index (a seated player), an enum
    constant, a whole number, or one of the question's option labels."""
    spec = state.game.spec
    if kind == "number":
        int_in(option, where, -NUMBER, NUMBER)
    elif kind == "option":
        if not isinstance(option, str) or (labels is not None and option not in labels):
            raise SnapshotFault(f"is {_shown(option)}, not one of the question's options "
                                f"({', '.join(labels or ()) or 'text'})", where)
    elif item_kind == "cell":
        cell_of(option, where)
    elif item_kind in spec.enums and spec.names_of(item_kind) is None:
        if option not in spec.enums[item_kind]:
            raise SnapshotFault(f"is {_shown(option)}, not one of {', '.join(spec.enums[item_kind])}", where)
    else:
        last = state.game.player_count if item_kind == "player" else len(spec.names_of(item_kind))
        int_in(option, where, 0, last - 1)


def log_of(state: Any, raw: Any) -> Log:
    """The log: each entry of a kind the engine writes (LOG_KINDS), each part as it writes it: a
    seated player, a card, a prompt the rules ask, logged items in range. (A late save holds
    hundreds of entries: the path of a fault is made only when there is one.)"""
    game = state.game
    entries = []
    for i, item in enumerate(list_of(raw, "state.log")):
        try:
            entries.append(logged(game, item))
        except SnapshotFault as fault:
            raise SnapshotFault(fault.problem, f"state.log[{i}]{fault.where}") from None
    return Log(entries)


def logged(game: Any, raw: Any) -> tuple:
    entry = log_entry(raw)
    if type(entry) is not tuple or not entry or type(entry[0]) is not str or entry[0] not in LOG_KINDS:
        raise SnapshotFault(f"is {_shown(raw)}; a log entry is a list [kind, ...] of a kind "
                            f"{', '.join(LOG_KINDS)}", "")
    parts = LOG_KINDS[entry[0]]
    if len(entry) != len(parts) + 1:
        raise SnapshotFault(f"is {_shown(raw)}; an entry of kind '{entry[0]}' holds {', '.join(parts)}", "")
    seated, spec = game.player_count, game.spec
    for i, (part, value) in enumerate(zip(parts, entry[1:], strict=True), 1):
        if part == "player" or (part == "winner" and value is not None):
            if type(value) is not int or not 0 <= value < seated:  # (the path made only for a fault)
                int_in(value, f"[{i}]", 0, seated - 1)
        elif part == "card":
            if type(value) is not int or not 0 <= value < len(spec.cards):
                int_in(value, f"[{i}]", 0, len(spec.cards) - 1)
        elif part == "number":
            if type(value) is not int:
                int_in(value, f"[{i}]", -NUMBER, NUMBER)
        elif part == "winners":
            if type(value) is not tuple:
                raise SnapshotFault(f"is {_shown(value)}, a list of players was expected", f"[{i}]")
            for j, player in enumerate(value):
                int_in(player, f"[{i}][{j}]", 0, seated - 1)
        elif part in ("text", "prompt") or (part == "reason" and value is not None):
            if type(value) is not str:
                raise SnapshotFault(f"is {_shown(value)}, text was expected", f"[{i}]")
            if part == "prompt" and spec.decisions and value not in spec.decisions:
                raise SnapshotFault(f"is {_shown(value)}, not a question the rules ask", f"[{i}]")
        elif part == "args":
            if type(value) is not dict:
                raise SnapshotFault(f"is {_shown(value)}, an object of named values was expected", f"[{i}]")
            for name, item in value.items():
                if type(item) is tuple:
                    check_log_item(spec, item, f"[{i}].{name}")
        elif part == "value" and type(value) is tuple:
            check_log_item(spec, value, f"[{i}]")
    return entry


def check_log_item(spec: Any, value: tuple, where: str) -> None:
    """A logged value: an item is logged as (kind, index), which views and the log in words
    turn into its id or name, so the index must be one of that kind."""
    if len(value) == 2 and type(value[0]) is str and value[1] is not None:
        kind, raw = value
        if kind == "cell":  # any cell has a name (grid.py)
            int_in(raw, where, 0, SIDE * SIDE - 1)
            return
        names = spec.names_of(kind) or spec.enums.get(kind)
        if names is not None and (type(raw) is not int or not 0 <= raw < len(names)):
            int_in(raw, where, 0, len(names) - 1)
