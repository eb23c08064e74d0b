"""Checks that hold in every state of every game: what random playouts verify after each step.

Besides the runtime's own (tracks and counters within bounds, every card in exactly one zone), a
game may list invariants of its own (game.yaml `invariants`): functions of its rules that must
be true in every state.
"""

from __future__ import annotations

from itertools import chain

from .faults import located


def violations(state) -> list[str]:
    """Everything wrong with the state: tracks out of bounds, counters out of bounds, cards
    not in exactly one place, content invariants that do not hold. An empty list means the
    state is sound."""
    if _sound(state):  # the usual case, told at C speed; only a state that is not is looked at in detail
        return content_violations(state)
    return _engine_violations(state) + content_violations(state)


def _sound(state) -> bool:
    """Whether the runtime's own invariants hold, by whole-list checks (`kurtyna sim` asks after
    every decision: this was 40% of its time when it walked every value)."""
    spec, t = state.game.spec, state.t
    for track in spec.tracks:
        values = t[track.slot:track.slot + len(track.start)]
        if min(values) < track.min or max(values) > track.max:
            return False
    for counter, cells in zip(spec.counters, state.c, strict=True):
        if not cells:
            continue
        flat = list(chain.from_iterable(cells)) if counter.per_player else cells
        if min(flat) < counter.min or (counter.max is not None and max(flat) > counter.max):
            return False
        if counter.total_max is not None:
            totals = map(sum, zip(*cells, strict=True)) if counter.per_player else [sum(cells)]
            if max(totals) > counter.total_max:
                return False
    # every card of a zone has that zone in `where` (so none is in two zones), and there are as
    # many cards in zones as the game has
    where, zones = state.where, state.zones
    for slot, zone in enumerate(zones):
        if zone and not all(map(slot.__eq__, map(where.__getitem__, zone))):
            return False
    return sum(map(len, zones)) == len(state.game.cards)


def _engine_violations(state) -> list[str]:
    spec = state.game.spec
    found: list[str] = []
    for track in spec.tracks:
        for i in range(len(track.start)):
            value = state.t[track.slot + i]
            if not track.min <= value <= track.max:
                found.append(f"track '{track.id}' is {value}, outside {track.min}..{track.max}")
    for counter, cells in zip(spec.counters, state.c, strict=True):
        for space, cell in enumerate(cells):
            for value in cell if isinstance(cell, list) else [cell]:
                if value < counter.min or (counter.max is not None and value > counter.max):
                    found.append(f"counter '{counter.id}' on '{spec.spaces[space]}' is {value}")
        if counter.total_max is not None:
            rows = [[cell] for cell in cells] if not counter.per_player else cells
            for p in range(len(rows[0]) if rows else 0):
                total = sum(row[p] for row in rows)
                if total > counter.total_max:
                    who = f" of '{spec.players[p]}'" if counter.per_player else ""
                    found.append(f"counter '{counter.id}'{who} totals {total}, more than {counter.total_max}")
    seen: dict[int, int] = {}
    for slot, zone in enumerate(state.zones):
        for card in zone:
            if card in seen:
                found.append(f"card '{spec.cards[card]}' is in two zones")
            seen[card] = slot
            if state.where[card] != slot:
                found.append(f"card '{spec.cards[card]}' is misplaced in the zone index")
    missing = set(state.game.cards) - set(seen)
    if missing:
        found.append("cards in no zone: " + ", ".join(spec.cards[c] for c in sorted(missing)))
    return found


def content_violations(state) -> list[str]:
    """The game's own invariants that do not hold, each named with the place of its function;
    a fault inside one (a division by zero...) is reported as its failure, not raised."""
    found: list[str] = []
    steps = state.steps  # a check is no step of the game: its count is put back
    for name, holds, where in state.game.spec.invariants:
        state.steps = state.step_limit
        try:
            if not holds(state):
                found.append(f"invariant '{name}' ({where}) does not hold")
        except Exception as exc:  # a fault of the rules, located in the content
            found.append(f"invariant '{name}' ({where}) could not be checked: {located(exc)}")
    state.steps = steps
    return found
