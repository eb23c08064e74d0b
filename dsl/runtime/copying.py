"""Copying a state: its data and the frames in progress, without running anything again.

A state is plain data (lists of numbers and ids, the frames of dsl/runtime/frames.py), so a copy
is a copy of each list; what never changes once made (a lasting Effect, a Decision, the game) is
shared. A bot copies states thousands of times per decision: this is the whole cost of it.
"""

from __future__ import annotations

import random
from typing import Any


def copy_state(state: Any) -> Any:
    """An independent copy of `state` that continues exactly as it would."""
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__)
    new.rng = random.Random()
    new.rng.setstate(state.rng.getstate())
    new.t, new.v, new.where, new.seen = state.t[:], state.v[:], state.where[:], state.seen[:]
    new.pool = state.pool[:]
    new.c = [[cell[:] for cell in cells] if cells and type(cells[0]) is list else cells[:]
             for cells in state.c]
    new.zones = [zone[:] for zone in state.zones]
    new.grid = state.grid.copy()
    new.lasting = state.lasting[:]  # an Effect never changes
    new.log, new.history = state.log.copy(), state.history.copy()  # sharing their full chunks
    new.forced, new.forced_draws = state.forced[:], state.forced_draws[:]
    new.frames = [frame._copy() for frame in state.frames]
    return new
