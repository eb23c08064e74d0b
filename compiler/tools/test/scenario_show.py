"""`show:` in a scenario step: the state in words, for the scenario's author, by the names the
scenario uses (tracks as `kurtyna play` shows them, counters by space, zones and variables by
id), so what is shown can be copied into an expectation."""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front.loader import Document
from compiler.tools.play import grid_picture, status

KINDS = ("tracks", "counters", "zones", "variables")


def show_names(game) -> list[str]:
    """The names a `show:` may give: the game's tracks, counters, zones and variables."""
    return [thing.id for kind in KINDS for thing in getattr(game, kind)]


def check_show(doc: Document, game, value: Any, at: tuple, diags: Diagnostics) -> None:
    """Each name of a `show:` list must be one of the game's; E301 at the name otherwise."""
    if isinstance(value, bool):
        return
    known = show_names(game)
    for j, name in enumerate(value):
        if name not in known:
            diags.error("E301", f"'{name}' is no track, counter, zone or variable of '{game.id}'",
                        doc.span(at + (j,)), did_you_mean(str(name), known))


def show_lines(state, game, value: Any) -> list[str]:
    """What `show: value` prints of the state: `true` for everything, or the names listed."""
    if value is False:
        return []
    names = show_names(game) if value is True else list(value)
    spec = state.game.spec
    tracks = {t.id for t in spec.tracks}
    counters = {c.id: i for i, c in enumerate(spec.counters)}
    zones = {z.id: z for z in spec.zones}
    variables = {v.id: (i, v.type) for i, v in enumerate(game.variables)}
    out: list[str] = []
    for name in names:
        if name in tracks:
            out.append(status(state, only=[name]))
        elif name in counters:
            out.extend(_counter(state, spec.counters[counters[name]], state.c[counters[name]]))
        elif name in zones:
            out.extend(_zone(state, zones[name]))
        elif name in variables:
            slot, kind = variables[name]
            out.append(f"{name}: {_value(spec, kind, state.v[slot])}")
    if value is True:
        out.extend(line.strip() for line in grid_picture(state))
    return out


def _counter(state, counter, cells: list) -> list[str]:
    """One line per space whose value is not the counter's least (`troops[alpha]: red 2, blue 0`)."""
    spec = state.game.spec
    seated = spec.players[:state.game.player_count]  # the players at the table
    out = []
    for space in state.game.spaces:
        cell = cells[space]
        values = cell[:len(seated)] if isinstance(cell, list) else [cell]
        if all(v == counter.min for v in values):
            continue
        if isinstance(cell, list):
            text = ", ".join(f"{p} {v}" for p, v in zip(seated, cell, strict=False))
        else:
            text = str(cell)
        out.append(f"{counter.id}[{spec.spaces[space]}]: {text}")
    return out or [f"{counter.id}: {counter.min} everywhere"]


def _zone(state, zone) -> list[str]:
    spec = state.game.spec
    if not zone.per_player:
        return [_pile(zone.id, state.zones[zone.slot], spec)]
    seated = spec.players[:state.game.player_count]
    return [_pile(f"{zone.id}[{p}]", state.zones[zone.slot + i], spec) for i, p in enumerate(seated)]


def _pile(label: str, cards: list[int], spec) -> str:
    return f"{label} ({len(cards)}): " + (", ".join(spec.cards[c] for c in cards) or "-")


def _value(spec, kind: str, raw: Any) -> str:
    names = spec.names_of(kind)
    if names is None:
        return str(raw).lower() if isinstance(raw, bool) else str(raw)
    return "none" if raw is None else names[raw]
