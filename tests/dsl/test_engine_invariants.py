"""The runtime's own invariants (dsl/runtime/invariants.py): the quick whole-list check that
`kurtyna sim` runs after every decision says "sound" exactly when the detailed check finds
nothing, whatever one value of a real state is changed to."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dsl.runtime.invariants import _engine_violations, _sound, content_violations, violations
from generated.cia_kgb import Game as CiaGame
from generated.mocarstwo import Game as MocarstwoGame
from generated.zimna_wojna import Game as ZwGame

from ..conftest import budget
from .test_saves import played

STATES = [played(ZwGame(), 3, 150), played(ZwGame({"house_cards": True}), 8, 300), played(CiaGame(), 2, 60),
          played(MocarstwoGame(), 4, 120)]


def change(state, draw) -> str:
    """One random change of a track, a counter, a zone or a card's place; what was changed."""
    part = draw(st.sampled_from(["track", "counter", "zone", "where", "move", "duplicate"]))
    value = draw(st.integers(-30, 30))
    if part == "counter" and not state.c:  # a game without counters
        part = "track"
    if part == "track":
        state.t[draw(st.integers(0, len(state.t) - 1))] = value
    elif part == "counter":
        cells = state.c[draw(st.integers(0, len(state.c) - 1))]
        space = draw(st.integers(0, len(cells) - 1))
        if isinstance(cells[space], list):
            cells[space][draw(st.integers(0, len(cells[space]) - 1))] = value
        else:
            cells[space] = value
    else:
        zones = [z for z in state.zones if z]
        zone = zones[draw(st.integers(0, len(zones) - 1))]
        card = zone[draw(st.integers(0, len(zone) - 1))]
        if part == "zone":
            zone.remove(card)
        elif part == "where":
            state.where[card] = draw(st.integers(-1, len(state.zones) - 1))
        elif part == "move":
            zone.remove(card)
            state.zones[draw(st.integers(0, len(state.zones) - 1))].append(card)
        else:
            state.zones[draw(st.integers(0, len(state.zones) - 1))].append(card)
    return part


@settings(max_examples=budget(100), deadline=None)
@given(which=st.integers(0, len(STATES) - 1), data=st.data())
def test_the_quick_check_agrees_with_the_detailed_one(which, data):
    state = STATES[which].clone()
    assert _sound(state) and violations(state) == []
    change(state, data.draw)
    assert _sound(state) == (_engine_violations(state) == [])
    assert violations(state) == _engine_violations(state) + content_violations(state)
