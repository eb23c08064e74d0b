"""Adapter for struggler (alekpinel/struggler, a hand-written Python Twilight Struggle engine), the
peer that `kurtyna bench zimna_wojna --against ../shared/peers/struggler/src` measures against.

Only struggler's public API is used, as ../shared/bench/peer_bench.py drives it: games of its
defaults (`Engine.new_game(seed)`), a uniform-random choice among `pending_decision.options`
(a chance step takes `options[0]`: the engine rolls its own seeded dice), `copy.deepcopy` for a
copy, `serialize`/`deserialize` through JSON for a save. struggler is imported at run time from
the folder given to --against (compiler/tools/bench/peer.py puts it on the import path); none of
its code is in this project.
"""

from __future__ import annotations

import copy as _copy
import json
import random
from typing import Any

from struggler.engine import Engine, Side

GAME = "zimna_wojna"
CHANCE = Side.CHANCE


def play(seed: int, stop: int | None = None) -> tuple[Any, int]:
    rng = random.Random(seed + 7919)
    engine = Engine.new_game(seed=seed)
    decisions = 0
    while not engine.is_terminal and decisions != stop:
        decision = engine.pending_decision
        engine.step(decision.options[0] if decision.actor is CHANCE else rng.choice(decision.options))
        decisions += 1
    return engine, decisions


def copy(state: Any) -> Any:
    return _copy.deepcopy(state)


def save(state: Any) -> str:
    return json.dumps(state.serialize())


def load(text: str) -> Any:
    return Engine.deserialize(json.loads(text))
