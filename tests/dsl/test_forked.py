"""Tasks in forked processes (dsl/runtime/forked.py), which `sim --jobs`, `sheets --jobs` and a
search over several processes run on: results in order, a process that dies named in its
place, nothing left running when the caller stops early."""

from __future__ import annotations

import multiprocessing
import os
import time
from contextlib import closing

import pytest

from compiler.tools.sim import command as sim
from dsl.runtime.forked import Died, can_fork, forked_map

from ..conftest import FIXTURES

pytestmark = pytest.mark.skipif(not can_fork(), reason="forked processes need fork (not on Windows)")

INHERITED = {"value": 0}  # set before the fork: a child sees it without any pickling


def _slow_square(n: int) -> int:
    time.sleep(0.02 * (5 - n))  # the first items end last
    return n * n + INHERITED["value"]


def test_results_come_in_the_order_of_the_items_whatever_ends_first():
    INHERITED["value"] = 1000
    try:
        assert list(forked_map(_slow_square, [0, 1, 2, 3, 4], 3)) == [1000, 1001, 1004, 1009, 1016]
    finally:
        INHERITED["value"] = 0


def _dies_at_three(n: int) -> int:
    if n == 3:
        os._exit(7)  # as a process killed or out of memory: no answer
    return n


def test_a_process_that_ends_without_an_answer_is_named_in_its_place():
    assert list(forked_map(_dies_at_three, [1, 2, 3, 4], 2)) == [1, 2, Died(7), 4]


def _sleeps(n: int) -> int:
    if n:
        time.sleep(60)
    return n


def test_stopping_early_ends_the_processes_still_at_work():
    started = time.monotonic()
    with closing(forked_map(_sleeps, [0, 1, 2], 3)) as results:
        assert next(results) == 0
    assert multiprocessing.active_children() == []  # ended and joined, not left behind
    assert time.monotonic() - started < 30  # at once: not waited for


def test_a_sim_slice_whose_process_dies_is_an_error_not_a_hang(compiled_packages, monkeypatch):
    engine = compiled_packages(FIXTURES / "games" / "tiny")
    whole = sim.simulate_parallel(engine, 40, 1, {}, True, 2)
    assert whole.as_data() == sim.simulate(engine, 40, 1, {}, True).as_data() | {"seconds": whole.seconds}
    real = sim._simulate_slice

    def dies_on_seed_21(args):
        if args[1] <= 21 < args[1] + args[0]:
            os._exit(9)
        return real(args)

    monkeypatch.setattr(sim, "_simulate_slice", dies_on_seed_21)
    died = r"the process playing seeds 19\.\.21 ended without an answer \(exit code 9\)"
    with pytest.raises(sim.WorkerDied, match=died):
        sim.simulate_parallel(engine, 40, 1, {}, True, 2)
    assert multiprocessing.active_children() == []
