"""The log a state keeps (dsl/runtime/entries.py): it reads as a list, and a copy shares its full
chunks with the original, so copying a state does not copy its history of entries."""

from __future__ import annotations

import random

import pytest

from dsl.runtime.entries import CHUNK, Log


def test_a_log_reads_as_the_list_of_its_entries():
    entries = [("roll", 6, 1, n % 6 + 1) for n in range(3 * CHUNK + 5)]
    log = Log(entries)
    assert len(log) == len(entries) and list(log) == entries and log == entries
    for index in (0, CHUNK - 1, CHUNK, 2 * CHUNK + 3, -1, -CHUNK - 2):
        assert log[index] == entries[index]
    for start, stop in ((0, None), (5, None), (CHUNK, 2 * CHUNK + 1), (len(entries), None), (-3, None)):
        assert log[start:stop] == entries[start:stop]
    assert log[::2] == entries[::2]
    with pytest.raises(IndexError):
        log[len(entries)]
    assert Log() == [] and Log([("a",)]) != [("b",)]


def test_a_copy_shares_the_full_chunks_and_goes_its_own_way():
    log = Log([("roll", 6, 1, 3)] * (2 * CHUNK + 7))
    copy = log.copy()
    assert copy == log and all(a is b for a, b in zip(copy.chunks, log.chunks, strict=True))
    log.append(("event", 1, 0))
    copy.append(("event", 2, 1))
    assert log[-1] == ("event", 1, 0) and copy[-1] == ("event", 2, 1) and len(log) == len(copy)
    assert log[:-1] == copy[:-1]


def test_copies_of_a_late_state_share_its_log():
    from generated.zimna_wojna import Game

    state = Game().new_state(5)
    rng = random.Random(5)
    for _ in range(300):
        if state.is_over():
            break
        state.apply(rng.choice(state.decision().answers))
    copy = state.clone()
    assert len(state.log) > 2 * CHUNK
    assert all(a is b for a, b in zip(copy.log.chunks, state.log.chunks, strict=True))
    assert len(copy.log.tail) < CHUNK
