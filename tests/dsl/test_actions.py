"""Stable action ids (dsl/runtime/actions.py): at every decision of random games of every game,
each legal answer has an id, distinct within the decision, that stands for that very answer; the
space is made from the compiled game alone, so the same content numbers it the same way."""

from __future__ import annotations

import importlib
import random

import pytest

from dsl.runtime.actions import ActionSpace

GAMES = ["zimna_wojna", "zelazna_kurtyna", "cia_kgb", "mocarstwo"]


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_answer_has_a_stable_id_of_its_own(name):
    engine = importlib.import_module(f"generated.{name}")
    space = ActionSpace(engine.SPEC)
    assert space.actions[0] == ("done",) and len(space) == len(set(space.actions))
    asked = set()
    for seed in range(1, 9):
        state = engine.Game().new_state(seed)
        rnd = random.Random(seed)
        while not state.is_over():
            decision = state.decision()
            asked.add(decision.prompt)
            ids = space.legal(decision)
            assert len(set(ids)) == len(ids)
            assert [space.answer(i) for i in ids] == decision.answers
            state.apply_index(rnd.randrange(len(ids)))
    assert asked <= set(engine.SPEC.decisions)  # every question met is in the compiler's table
    assert ActionSpace(engine.SPEC).actions == space.actions
