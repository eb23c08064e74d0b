"""A player's view of a game in progress: what that player may know, as plain data.

`State.view(player)` returns a new dict of dicts, lists, strings, numbers, booleans and None
(JSON as it is: `json.dumps` takes it, and `json.loads(json.dumps(v)) == v`), which shares
nothing with the state, so it stays as it was when the game goes on:

    {"game": "<game id>", "player": "<player id>",
     "players":  ["<player id>", ...],               # the players at the table, in seating order
     "tracks":   {"<track>": 3, "<per-player track>": {"<player>": 1, ...}},
     "counters": {"<counter>": {"<space>": 2, ...},
                  "<per-player counter>": {"<space>": {"<player>": 1, ...}, ...}},
     "shown":    {"<function>": {"<space>": value, ...}},  # see below
     "figures":  {"<function>": value, "<function of a player>": {"<player>": value, ...}},
     "grid":     {"<space>": "x,y", ...},            # laid spaces (games laid on a grid)
     "zones":    {"<zone>": ZONE, "<per-player zone>": {"<player>": ZONE, ...}},
     "lasting":  ["<label>", ...],                   # active lasting effects (null: no label)
     "decision": {"player", "prompt", "kind", "item_kind", "secret", "answers"} or None,
     "result":   None or RESULT,
     "log_from": 0,
     "log":      [ENTRY, ...]}

RESULT is `state.result()`: `{"winner": "<player>" or None, "winners": ["<player>", ...],
"reason": "..."}`; `winners` in seating order is empty for a draw, the winner alone for a win,
and the players who share the win (then `winner` is None) for a shared win.
Per-player entries ("<player>") are for the players at the table only (`Game(players=N)`
seats the first N declared), and only they have views.

A ZONE the player sees (an open zone, or its own hidden one) is `{"size": n, "cards": [ids]}`,
bottom first, top last. A zone hidden from the player (another's hand, a draw pile) is
`{"size": n, "known": [ids]}`: only the cards the player can tell are there (it put them
there, or the public log or a private line to it named them since they arrived;
dsl/runtime/knowledge.py), in card order, so the order of a hidden pile never shows. Which
zones are hidden is declared in content (`hidden: true` on a zone): a hidden per-player zone is
seen by its owner only, a hidden shared zone by nobody.

`shown` holds the functions of the rules that the game's `play` section shows per space (a
column of the board): for a function of (space), its value; for one of (space, player), the
players for whom it holds, as a list. The content author chooses them, and should choose ones
that read only what every player may know (counters and attributes, as a map's control does).
`figures` holds the functions the `play` section shows with the tracks (a total, who holds a
token), of no argument or of each seated player; a player, card or space is given by its id.

`decision` says who is asked what; `answers` (the legal answers, as `Decision.answers`) is
there only when the decision is this player's. `log` is the game's log from entry `log_from`
on (`view(player, log_from=n)`; 0 by default), entry for entry: `log[i]` is the state's entry
`log_from + i`, as a list with ids for things: `["answer", player, prompt, answer]`,
`["secret_answer", player, prompt]` (that a player chose in secret, never what), `["say", key,
{name: value}]`, `["say_to", player, key, {name: value}]` (a private line, `log "key" to p`: in
its reader's view only), `["private", player]` (in every other view, at the same index: that
the rules told `player` something, never what), `["roll", sides, count, total]`, `["event",
card, player]`, `["game_over", winner, reason, [winners]]` (as in RESULT). The log holds no
draw and no secret answer; what the rules log with `log "key"` is shown to all players, and
what they show one player only they log with `log "key" to p`.
"""

from __future__ import annotations

from typing import Any

from .grid import CELL_NAMES

SCALARS = (str, int, float, bool, type(None))


def view(state, player: int | str, log_from: int = 0) -> dict[str, Any]:
    """What `player` (an index or an id) may know of `state` now, with the log from entry
    `log_from` on (a client that has the earlier entries asks for the new ones only)."""
    spec = state.game.spec
    me = seated_player(state.game, player)
    names = spec.players
    return {
        "game": spec.id,
        "player": names[me],
        "players": list(seated_names(state)),
        "tracks": _tracks(state),
        "counters": _counters(state),
        "shown": _shown(state),
        "figures": _figures(state),
        "grid": {spec.spaces[s]: CELL_NAMES[c] for s, c in enumerate(state.grid.cell_of) if c is not None},
        "zones": _zones(state, me),
        "lasting": [effect.spec.label for effect in state.lasting],
        "decision": _decision(state, me),
        "result": state.result(),
        "log_from": log_from,
        "log": [_entry(spec, entry, me) for entry in state.log[log_from:]],
    }


def seated_player(game, player: int | str) -> int:
    """A seated player's index, from an index or an id; ValueError for one who is not at the table
    (such a player has no view, and nothing to imagine: determinize.py)."""
    spec, seated = game.spec, game.player_count
    index = None
    if isinstance(player, str) and player in spec.players:
        index = spec.players.index(player)
    elif isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(spec.players):
        index = player
    if index is not None and index < seated:
        return index
    at_table = ", ".join(spec.players[:seated])
    if index is not None:
        raise ValueError(f"player {player!r} is not at the table ({seated} players: {at_table})")
    raise ValueError(f"no player {player!r} in '{spec.id}' (its players: {at_table})")


def seated_names(state) -> tuple[str, ...]:
    """The ids of the players at the table, in seating order (the first N declared)."""
    return state.game.spec.players[:state.game.player_count]


def _tracks(state) -> dict[str, Any]:
    players = seated_names(state)
    out: dict[str, Any] = {}
    for track in state.game.spec.tracks:
        if track.per_player:
            out[track.id] = {p: state.t[track.slot + i] for i, p in enumerate(players)}
        else:
            out[track.id] = state.t[track.slot]
    return out


def _counters(state) -> dict[str, Any]:
    spec = state.game.spec
    out: dict[str, Any] = {}
    for i, counter in enumerate(spec.counters):
        allowed = set(counter.on) if counter.on is not None else None
        cells = state.c[i]
        out[counter.id] = {
            spec.spaces[s]: (dict(zip(seated_names(state), cells[s], strict=False)) if counter.per_player
                             else cells[s])
            for s in state.game.spaces if allowed is None or s in allowed}
    return out


def _shown(state) -> dict[str, Any]:
    spec = state.game.spec
    out: dict[str, Any] = {}
    for name, (function, per_player) in spec.shown.items():
        values = {}
        for s in state.game.spaces:
            if per_player:
                seated = enumerate(seated_names(state))
                values[spec.spaces[s]] = [p for i, p in seated if function(state, s, i)]
            else:
                values[spec.spaces[s]] = _plain(function(state, s))
        out[name] = values
    return out


def _figures(state) -> dict[str, Any]:
    spec = state.game.spec
    out: dict[str, Any] = {}
    for name, (function, per_player, kind) in spec.figures.items():
        names = spec.names_of(kind) if kind else None
        if per_player:
            out[name] = {p: _named(function(state, i), names) for i, p in enumerate(seated_names(state))}
        else:
            out[name] = _named(function(state), names)
    return out


def _named(value: Any, names: tuple[str, ...] | None) -> Any:
    """A figure's value: a player, card or space by its id (none: None), anything else plain."""
    if names is not None and isinstance(value, int) and not isinstance(value, bool):
        return names[value] if 0 <= value < len(names) else None
    return _plain(value)


def _zones(state, me: int) -> dict[str, Any]:
    spec = state.game.spec
    out: dict[str, Any] = {}
    for zone in spec.zones:
        if zone.per_player:
            out[zone.id] = {p: _zone(state, zone.slot + i, me) for i, p in enumerate(seated_names(state))}
        else:
            out[zone.id] = _zone(state, zone.slot, me)
    return out


def _zone(state, slot: int, me: int) -> dict[str, Any]:
    cards = state.zones[slot]
    ids = state.game.spec.cards
    if state.game.viewers[slot] >> me & 1:
        return {"size": len(cards), "cards": [ids[c] for c in cards]}
    return {"size": len(cards), "known": [ids[c] for c in sorted(cards) if state.knows(me, c)]}


def _decision(state, me: int) -> dict[str, Any] | None:
    decision = state._decision  # not decision(): a broken state still has a view
    if decision is None:
        return None
    out = {"player": decision.who, "prompt": decision.prompt, "kind": decision.kind,
           "item_kind": decision.item_kind, "secret": decision.secret}
    if decision.player == me:  # another player's legal answers could tell what it holds
        out["answers"] = [_plain(answer) for answer in decision.answers]
    return out


def _entry(spec, entry: tuple, me: int) -> list[Any]:
    """One log entry as player `me` may read it, with ids for players and cards (the log keeps
    indices); another player's private line is only the fact that it was written."""
    kind, players = entry[0], spec.players
    if kind == "say_to":
        _, reader, key, args = entry
        if reader != me:
            return ["private", players[reader]]
        return [kind, players[reader], key, {name: _value(spec, v) for name, v in args.items()}]
    if kind in ("answer", "secret_answer"):
        return [kind, players[entry[1]], *(_value(spec, v) for v in entry[2:])]
    if kind == "say":
        return [kind, entry[1], {name: _value(spec, v) for name, v in entry[2].items()}]
    if kind == "event":
        return [kind, spec.cards[entry[1]], players[entry[2]]]
    if kind == "game_over":
        return [kind, players[entry[1]] if entry[1] is not None else None, entry[2],
                [players[p] for p in entry[3]]]
    return [kind, *(_value(spec, v) for v in entry[1:])]


def _value(spec, value: Any) -> Any:
    """A logged value as plain data: an item logged as (kind, raw) by its id."""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str):
        kind, raw = value
        names = spec.names_of(kind) or spec.enums.get(kind)
        if names is not None and names_one(names, raw):
            return names[raw]
        return _plain(raw)
    return _plain(value)


def names_one(names: Any, raw: Any) -> bool:
    """Whether `raw` is an index of `names` (an id table, or the cells): what the rules log of an
    item always is, but not what they log of a value a tampered save gave them (snapshot.py
    cannot type a procedure's locals), which a view shows as it is instead of failing."""
    return type(raw) is int and (not isinstance(names, tuple) or 0 <= raw < len(names))


def _plain(value: Any) -> Any:
    if isinstance(value, SCALARS):
        return value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return str(value)
