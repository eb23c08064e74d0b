"""A save holds the state itself (format 2): it loads without replaying, in the middle of an event
too, and continues exactly as the state it was taken from; every part of it is checked against
the game (dsl/runtime/snapshot.py), and `verify=True` replays the history and requires the same
state. The history-only form (format 1) is checked in test_saves.py.
"""

from __future__ import annotations

import importlib
import inspect
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dsl.runtime.save as save
from dsl.runtime import SaveError
from dsl.runtime.frames import FRAME_CLASSES, Emit, Frame, Main
from dsl.runtime.helpers import RuleError
from generated.zelazna_kurtyna import Game as ZkGame
from generated.zimna_wojna import Game as ZwGame

from ..conftest import budget
from .test_saves import continue_together, played

GAMES = ["zimna_wojna", "zelazna_kurtyna", "cia_kgb", "mocarstwo"]


def deep_in_an_event(game, seeds: range):
    """The state of random games with the most frames in progress, best with an Emit or a card
    event's frame among them: a player asked in the middle of an event (the first of the deepest;
    a game whose events never ask gives its deepest state)."""
    best, best_key, best_seed = None, (False, 0), None
    for seed in seeds:
        state = game.new_state(seed)
        rnd = random.Random(seed)
        while not state.is_over():
            key = (any(isinstance(f, Emit) or ".cards" in type(f).__module__ for f in state.frames),
                   len(state.frames))
            if key > best_key:
                best, best_key, best_seed = state.clone(), key, seed
            state.apply_index(rnd.randrange(len(state.decision().options)))
    assert best is not None and len(best.frames) >= 3, "no state deep in a procedure in these games"
    return best, best_seed


@pytest.mark.parametrize("name", GAMES)
def test_a_save_loads_without_replaying_and_continues_identically(name, monkeypatch):
    game = importlib.import_module(f"generated.{name}").Game
    state, seed = deep_in_an_event(game(), range(1, 12))
    text = state.to_json()
    monkeypatch.setattr(save, "replay_entry", lambda *a: pytest.fail("a snapshot save was replayed"))
    loaded = game.state_from_json(text, verify=False)  # the state read back, not replayed
    assert loaded.to_json() == text
    assert [type(f) for f in loaded.frames] == [type(f) for f in state.frames]
    assert list(loaded.history) == list(state.history)  # kept as the record of the game
    monkeypatch.undo()
    continue_together(state.clone(), loaded, seed)
    assert game.state_from_json(text, verify=True).to_json() == text


def test_a_late_save_is_the_state_not_its_history():
    state = next(s for s in (played(ZwGame(), seed, 400) for seed in range(1, 40)) if len(s.history) == 400)
    data = json.loads(state.to_json())
    assert data["format"] == 2 and len(data["history"]) == 400
    assert data["state"]["tracks"] == state.t and data["state"]["zones"] == state.zones
    assert [f[0] for f in data["state"]["frames"]][0] == "Main"
    assert all(re.fullmatch(r"Main|Emit|(rules|cards)\.\w+", f[0]) for f in data["state"]["frames"])


def test_a_history_only_save_still_loads_by_replaying():
    state = played(ZwGame(), 5, 120)
    data = json.loads(state.to_json())
    old = {key: data[key] for key in ("game", "options", "seed", "history")}
    loaded = ZwGame.state_from_json(json.dumps({**old, "format": 1}))
    assert loaded.to_json() == state.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_every_block_a_save_may_name_exists(name):
    """A frame resumes at `_pc` by its `if pc == N:` blocks; a save may name only blocks the frame
    has, so none can send `_step` round its loop for ever."""
    importlib.import_module(f"generated.{name}")
    classes = [cls for (module, _), cls in FRAME_CLASSES.items() if module.startswith(f"generated.{name}.")]
    assert len(classes) > 5
    for cls in classes:
        source = inspect.getsource(cls._step)
        blocks = {int(n) for n in re.findall(r"if pc == (\d+):", source)}
        assert blocks == set(range(cls._pcs)), cls.__qualname__
        assert set(cls._fields) >= set(inspect.signature(cls.__init__).parameters) - {"fr", "st"}


# -- a tampered state ------------------------------------------------------------------------------
BASE_STATE, _ = deep_in_an_event(ZwGame(), range(1, 12))
BASE = BASE_STATE.to_json()
ZK_FRAME = json.loads(played(ZkGame(), 2, 10).to_json())["state"]["frames"][-1][0]


def changed(change) -> str:
    data = json.loads(BASE)
    change(data["state"])
    return json.dumps(data)


def put(*path_and_value: Any):
    *path, value = path_and_value

    def change(state: dict) -> None:
        node = state
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


TOP = len(json.loads(BASE)["state"]["frames"]) - 1
PCS = type(BASE_STATE.frames[TOP])._pcs

# (name, save text, JSON path of the fault, words the message must hold)
def _in_force_twice(state: dict) -> None:
    """A new effect (a serial no other effect has) listed twice among the effects in force."""
    serial = max((effect[0] for effect in state["effects"]), default=0) + 1
    state["effects"].append([serial, 0, {"t": []}])
    state["lasting"] = [serial, serial]


TAMPERED_STATES = [
    ("a frame of no engine", changed(put("frames", TOP, 0, "os.system")), f"state.frames[{TOP}][0]",
     "not a procedure in progress of this game's engine"),
    ("a frame named by a dunder", changed(put("frames", TOP, 0, "rules.__class__")),
     f"state.frames[{TOP}][0]", "not a procedure in progress"),
    ("a frame of another game", changed(put("frames", TOP, 0, ZK_FRAME)), f"state.frames[{TOP}][0]",
     "not a procedure in progress of this game's engine"),
    ("a frame's block it does not have", changed(put("frames", TOP, 1, PCS)), f"state.frames[{TOP}].pc",
     f"outside 0..{PCS - 1}"),
    ("a negative block", changed(put("frames", 0, 1, -1)), "state.frames[0].pc", "outside 0..2"),
    ("an attribute that is no local", changed(put("frames", TOP, 2, "_step", 1)),
     f"state.frames[{TOP}].fields._step", "is not a local of"),
    ("a dunder attribute", changed(put("frames", TOP, 2, "__class__", "x")),
     f"state.frames[{TOP}].fields.__class__", "is not a local of"),
    ("a frame that is not a triple", changed(put("frames", 0, ["Main", 0])), "state.frames[0]",
     "has 2 items"),
    ("a track too few", changed(lambda s: s["tracks"].pop()), "state.tracks",
     f"has {len(BASE_STATE.t) - 1} items; this game has {len(BASE_STATE.t)}"),
    ("a track as text", changed(put("tracks", 0, "5")), "state.tracks[0]", "a whole number was expected"),
    ("a card that does not exist", changed(lambda s: s["zones"][0].append(999)), "state.zones[0][",
     f"outside 0..{len(ZwGame.spec.cards) - 1}"),
    ("a zone that does not exist", changed(put("where", 0, 99)), "state.where[0]", "outside -1..9"),
    ("a float in the variables", changed(put("variables", 1, 5.5)), "state.variables[1]", "no fractions"),
    ("an untagged object", changed(put("variables", 1, {"x": 1})), "state.variables[1]",
     "a value is a number, text, null"),
    ("an effect never listed", changed(put("variables", 1, {"e": 12345})), "state.variables[1]",
     "names effect 12345"),
    ("deep nesting", changed(put("variables", 1, json.loads("[" * 60 + "]" * 60))), "state.variables[1]",
     "nested too deeply"),
    ("a lasting statement that does not exist", changed(put("effects", [[1, 999, {"t": []}]])),
     "state.effects[0][1]", "outside 0..25"),
    ("an effect in force twice", changed(lambda s: _in_force_twice(s)),
     "state.lasting[1]", "not one of the effects listed once"),
    ("the random generator's state", changed(put("rng", 1, 0, "x")), "state.rng[1][0]", "whole number"),
    ("a generator position past its end", changed(put("rng", 1, 624, 625)), "state.rng",
     "not the state of Python's random generator"),
    ("a decision for an unseated player", changed(put("decision", "player", 2)), "state.decision.player",
     "outside 0..1"),
    ("a decision of an unknown kind", changed(put("decision", "kind", "magic")), "state.decision.kind",
     "not one of item, number, option"),
    ("a decision with no answer", changed(put("decision", "options", [])), "state.decision.options",
     "a decision has a legal answer"),
    ("an ended game still asking", changed(put("over", True)), "state", "exactly when it has frames"),
    ("a part left out", changed(lambda s: s.pop("log")), "state", "it has exactly"),
    ("a part too many", changed(put("notes", [])), "state", "it has exactly"),
    ("dice forced in the state", changed(put("forced", [6])), "state.forced",
     "forced chance is for scenarios"),
    ("a winner who is not seated", changed(put("winner", 5)), "state.winner", "outside 0..1"),
    ("a log entry with a fraction", changed(lambda s: s["log"].append(["roll", 1.5])), "state.log[",
     "no fractions"),
    ("the state as a list", changed(lambda s: s.clear()), "state", "it has exactly"),
]


@pytest.mark.parametrize("name, text, where, words", TAMPERED_STATES, ids=[c[0] for c in TAMPERED_STATES])
def test_a_tampered_state_is_refused_saying_what_and_where(name, text, where, words):
    with pytest.raises(SaveError) as caught:
        ZwGame.state_from_json(text)
    assert caught.value.where.startswith(where), str(caught.value)
    assert words in str(caught.value), str(caught.value)


def test_a_consistent_edit_loads_as_a_position_and_verify_refuses_it():
    data = json.loads(BASE)
    data["state"]["tracks"][1] += 1 if data["state"]["tracks"][1] < 20 else -1  # the VP track
    text = json.dumps(data)
    assert ZwGame.state_from_json(text, verify=False).t[1] == data["state"]["tracks"][1]
    with pytest.raises(SaveError, match=r"differs from the state its history replays into \(first in "
                                        r"'tracks'\)") as caught:
        ZwGame.state_from_json(text, verify=True)
    assert caught.value.where == "state.tracks"


def leaves(node: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(node, dict):
        return [p for key, value in node.items() for p in leaves(value, path + (key,))]
    if isinstance(node, list):
        return [p for i, value in enumerate(node) for p in leaves(value, path + (i,))] or [path]
    return [path]


STATE_LEAVES = leaves(json.loads(BASE)["state"])
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 120), st.integers(-(2**70), 2**70),
                   st.sampled_from(["", "us", "done", "event", "influence"]), st.just([]),
                   st.just({"t": []}), st.floats(allow_nan=False))


@settings(max_examples=budget(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(STATE_LEAVES), value=VALUES, seed=st.integers(0, 1000))
def test_a_state_changed_anywhere_is_refused_or_plays_on_with_only_rule_faults(path, value, seed):
    """Any one value of the state changed: a SaveError, or a state whose play goes on, where the
    worst that can happen is a located fault of the rules (never a hang, never another error)."""
    data = json.loads(BASE)
    node = data["state"]
    for key in path[:-1]:
        node = node[key]
    if path:
        node[path[-1]] = value
    try:
        state = ZwGame.state_from_json(json.dumps(data))
    except SaveError:
        return
    rnd = random.Random(seed)
    try:
        for _ in range(40):
            if state.is_over():
                break
            state.apply_index(rnd.randrange(len(state.decision().options)))
    except RuleError:
        assert state.broken is not None


def test_runtime_frames_name_themselves_and_others_do_not_leak_in():
    assert Main._fields == () and Main._pcs == 3
    assert set(Emit._fields) == {"event", "args", "effects", "i", "j", "fired"}
    assert all(issubclass(cls, Frame) for cls in FRAME_CLASSES.values())
