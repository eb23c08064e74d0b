"""A copy of a state continues exactly as the state does (issue 20): `clone()` copies the data and
the frames in progress (dsl/runtime/frames.py, copying.py) and runs nothing again, so a copy taken
at any decision - in the middle of an event, a trigger or a choice of several - must end the game
the same way, with the same log, and must share nothing the original changes later."""

from __future__ import annotations

import random

import pytest

from ..conftest import ROOT


def game_class(game: str):
    import importlib

    return importlib.import_module(f"generated.{game}").Game


def snapshot(state) -> tuple:
    """Everything a game's course shows: the data, the log, the answers, the result."""
    return (state.t, state.c, state.v, state.zones, state.where, state.seen, state.log, state.history,
            state.result(), [(e.spec.id, e.env) for e in state.lasting], state.grid.cell_of)


@pytest.mark.parametrize("game, seed", [("zimna_wojna", 5), ("zelazna_kurtyna", 2), ("cia_kgb", 3),
                                        ("mocarstwo", 4)])
def test_a_copy_taken_at_any_decision_ends_the_game_the_same_way(game, seed):
    assert (ROOT / "generated" / game).is_dir()
    state = game_class(game)().new_state(seed)
    rng = random.Random(seed)
    copies, answers = [], []
    while not state.is_over():
        copies.append((len(answers), state.clone()))
        answer = rng.choice(state.decision().answers)
        answers.append(answer)
        state.apply(answer)
    final = snapshot(state)
    assert len(copies) > 20
    frames_seen = set()
    for start, copy in copies[::max(1, len(copies) // 150)]:  # at most ~150 copies, spread over the game
        frames_seen.update(type(f).__name__ for f in copy.frames)
        assert not copy.is_over()
        for answer in answers[start:]:
            copy.apply(answer)
        assert snapshot(copy) == final, (game, start)
    assert len(frames_seen) > 3  # copies were taken deep inside procedures, not only at the top


def test_a_copy_shares_nothing_that_changes():
    state = game_class("zimna_wojna")().new_state(5)  # a game of several hundred decisions
    rng = random.Random(5)
    for _ in range(120):
        state.apply(rng.choice(state.decision().answers))
    copy = state.clone()
    before = snapshot(copy)
    for _ in range(200):
        if state.is_over():
            break
        state.apply(rng.choice(state.decision().answers))
    assert snapshot(copy) == before
    assert all(a is not b for a, b in zip(copy.frames, state.frames, strict=False))
