"""A scenario's `state:`: changes to its start by name (tracks, counters, zones, variables),
checked against the game's declarations and then applied to a state."""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front.loader import Document
from compiler.pipeline import Compiled


def state_overrides(doc: Document, compiled: Compiled, data: dict, diags: Diagnostics) -> list[tuple]:
    """Check `state:` against the game's declarations; return (kind, id, value, path) items."""
    game = compiled.game
    tracks, counters, zones = (game.by_id(game.tracks), game.by_id(game.counters),
                               game.by_id(game.zones))
    variables = game.by_id(game.variables)
    slot = {v.id: i for i, v in enumerate(game.variables)}
    players = [p.id for p in game.players]
    seated = _seated(game, data.get("players"))
    spaces = [s.id for s in game.spaces]
    cards = [cid for cid, _ in game.physical_cards()]
    next_copy = _copy_picker(game, data)
    out: list[tuple] = []

    def need(kind: str, value: Any, known: list[str], path: tuple) -> bool:
        if kind == "player" and value in players and value not in seated:  # it never plays
            span = doc.key_span(path) if path[-1] == value else doc.span(path)
            diags.error("E205", f"'{value}' is not at the table: the scenario seats {len(seated)} "
                        f"players ({', '.join(seated)})", span,
                        "leave it out, or seat more players with 'players:'")
            return False
        if value in known:
            return True
        diags.error("E301", f"unknown {kind} '{value}'", doc.key_span(path) if path[-1] == value
                    else doc.span(path), did_you_mean(str(value), known))
        return False

    def number(value: Any, path: tuple) -> bool:
        if isinstance(value, int) and not isinstance(value, bool):
            return True
        diags.error("E202", f"expected a whole number, got '{value}'", doc.span(path))
        return False

    for name, value in (data.get("state") or {}).items():
        path = ("state", name)
        if name in tracks:
            track = tracks[name]
            if track.per_player and isinstance(value, dict):
                for player, v in value.items():
                    if need("player", player, players, path + (player,)) and number(v, path + (player,)):
                        out.append(("track", name, (player, v), path))
            elif not track.per_player and number(value, path):
                out.append(("track", name, (None, value), path))
            elif track.per_player:
                diags.error("E202", f"track '{name}' is per player: give values by player",
                            doc.span(path), f"{name}: {{{players[0]}: ...}}")
        elif name in counters:
            counter = counters[name]
            if not isinstance(value, dict):
                diags.error("E202", f"counter '{name}' takes values by space", doc.span(path))
                continue
            for space, cell in value.items():
                where = path + (space,)
                if not need("space", space, spaces, where):
                    continue
                if counter.per_player:
                    if not isinstance(cell, dict):
                        diags.error("E202", f"'{name}' is per player: give values by player",
                                    doc.span(where), f"{space}: {{{players[0]}: ...}}")
                        continue
                    for player, v in cell.items():
                        at = where + (player,)
                        if need("player", player, players, at) and number(v, at):
                            out.append(("counter", name, (space, player, v), where))
                elif number(cell, where):
                    out.append(("counter", name, (space, None, cell), where))
        elif name in zones:
            zone = zones[name]
            groups = value.items() if zone.per_player and isinstance(value, dict) else [(None, value)]
            for player, listed in groups:
                where = path + ((player,) if player else ())
                if player is not None and not need("player", player, players, where):
                    continue
                if not isinstance(listed, list):
                    diags.error("E202", f"zone '{name}' takes a list of cards"
                                + (" by player" if zone.per_player and player is None else ""),
                                doc.span(where))
                    continue
                for j, card in enumerate(listed):
                    copy = next_copy(card)
                    if copy == "":
                        diags.error("E205", f"every copy of card '{card}' is placed already",
                                    doc.span(where + (j,)), f"list fewer copies of '{card}'")
                        continue
                    card = copy or card
                    if need("card", card, cards, where + (j,)):
                        out.append(("zone", name, (player, card), where + (j,)))
        elif name in variables:
            kind = variables[name].type
            entities = {"player": players, "space": spaces, "card": cards}
            if kind in entities:
                if need(kind, value, entities[kind], path):
                    out.append(("variable", name, (kind, value, slot[name]), path))
            elif kind == "bool" and not isinstance(value, bool):
                diags.error("E202", f"variable '{name}' is true or false, not '{value}'", doc.span(path))
            elif kind == "bool" or number(value, path):
                out.append(("variable", name, (kind, value, slot[name]), path))
        else:
            known = list(tracks) + list(counters) + list(zones) + list(variables)
            diags.error("E301", f"'{name}' is no track, counter, zone or variable of '{game.id}'",
                        doc.key_span(path), did_you_mean(name, known))
    return out


def _seated(game, count: Any) -> list[str]:
    """The ids of the players the scenario seats (a count the game does not seat is reported
    at `players:` by the runner; the default count stands in for it here)."""
    low, high, default = game.seats()
    if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
        count = default
    return [p.id for p in game.players[:count]]


def apply_overrides(state, module, overrides: list[tuple]) -> None:
    spec = module.SPEC
    names = {k: {n: i for i, n in enumerate(getattr(spec, k))} for k in ("players", "spaces", "cards")}
    tracks = {t.id: t for t in spec.tracks}
    counters = {c.id: i for i, c in enumerate(spec.counters)}
    zones = {z.id: z for z in spec.zones}
    for kind, name, value, _ in overrides:
        if kind == "variable":
            typ, v, index = value
            state.v[index] = names[typ + "s"][v] if typ + "s" in names else v
        elif kind == "track":
            player, v = value
            track = tracks[name]
            state.t[track.slot + (names["players"][player] if player else 0)] = v
        elif kind == "counter":
            space, player, v = value
            cells = state.c[counters[name]]
            s = names["spaces"][space]
            if player is None:
                cells[s] = v
            else:
                cells[s][names["players"][player]] = v
        else:
            player, card = value
            zone = zones[name]
            state.move(names["cards"][card], zone.slot + (names["players"][player] if player else 0))


def _copy_picker(game, data: dict):
    """For a zone list's item: the next copy of a card with copies not yet placed when it names
    the entry (`coin` -> `coin.2` when `coin.1` is listed anywhere or picked before), "" when
    every copy is placed, None for any other item (a copy's own id, a single card)."""
    entries = {c.id: c.copy_ids for c in game.cards if c.copies > 1}
    if not entries:
        return lambda item: None
    placed: set[str] = set()
    for value in (data.get("state") or {}).values():
        lists = value.values() if isinstance(value, dict) else [value]
        placed.update(i for listed in lists if isinstance(listed, list) for i in listed if isinstance(i, str))

    def pick(item: Any) -> str | None:
        if not isinstance(item, str) or item not in entries:
            return None
        copy = next((cid for cid in entries[item] if cid not in placed), "")
        placed.add(copy)
        return copy
    return pick
