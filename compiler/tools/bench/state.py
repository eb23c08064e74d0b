"""The figures of issue 20 for `kurtyna bench`, measured the same way for a Kurtyna engine and for
a peer engine (peer.py): uniform-random full games per second through the public API,
copies per second of a late-game state, the memory one late-game state holds, and the time to
load its save.

Both sides are driven only through a `Subject`; the rounds alternate between them, so a noisy
machine slows both alike, and each figure is the median of the rounds (as
../shared/bench/peer_bench.py reports them).
"""

from __future__ import annotations

import gc
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any, Protocol

# Each copy or load figure is timed over this many seconds per round (peer_bench.py: 0.5 s;
# `kurtyna bench --seconds`).
BUDGET = 0.5
# The late-game state: 80% of the way through the longest of the first LATE_SEEDS games.
LATE_SEEDS = 40
LATE_SHARE = 0.8


class Subject(Protocol):
    """An engine as the bench drives it: only what its public API offers."""

    name: str

    def play(self, seed: int, stop: int | None = None) -> tuple[Any, int]:
        """A uniform-random game from `seed`, up to its end or `stop` decisions: (state, decisions)."""

    def copy(self, state: Any) -> Any:
        """An independent copy of `state` (what a bot does before trying an answer)."""

    def save(self, state: Any) -> str:
        """The save of `state`, as text."""

    def load(self, text: str) -> Any:
        """The state a save holds."""


class SubjectFailed(Exception):
    """A subject raised while it was measured: which one, and what it raised."""

    def __init__(self, subject: Subject, error: Exception) -> None:
        super().__init__(f"{subject.name}: {type(error).__name__}: {error}")
        self.subject, self.error = subject, error


class KurtynaSubject:
    """A compiled game, driven as a user would: `decision().answers`, `apply`, `clone`, `to_json`
    and `Game.state_from_json` (the random choices are those of `kurtyna sim`'s games)."""

    def __init__(self, engine: Any, players: int | None) -> None:
        self.name = "Kurtyna"
        self.game = engine.Game(players=players)
        self.loader = engine.Game.state_from_json

    def play(self, seed: int, stop: int | None = None) -> tuple[Any, int]:
        state = self.game.new_state(seed)
        rnd = random.Random(seed ^ 0x5EED)
        decisions = 0
        while not state.is_over() and decisions != stop:
            state.apply(rnd.choice(state.decision().answers))
            decisions += 1
        return state, decisions

    def copy(self, state: Any) -> Any:
        return state.clone()

    def save(self, state: Any) -> str:
        return state.to_json()

    def load(self, text: str) -> Any:
        # a save this run made: the state read back, without replaying its history (what
        # `verify`, the default for saves from elsewhere, adds: docs/saves.md)
        return self.loader(text, verify=False)


def games_per_second(subject: Subject, seed: int, games: int) -> float:
    """Full random games from `seed` on, per second (one round)."""
    start = time.perf_counter()
    for i in range(games):
        subject.play(seed + i)
    return games / max(time.perf_counter() - start, 1e-9)


def per_second(action: Callable[[], Any], budget: float | None = None) -> float:
    """How many times per second `action` runs, timed over `budget` seconds (BUDGET; at least once)."""
    budget = BUDGET if budget is None else budget
    count, start = 0, time.perf_counter()
    while True:
        action()
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            return count / elapsed


def late_state(subject: Subject, seed: int, games: int) -> tuple[Any, int, int]:
    """The state 80% of the way through the longest of the games from `seed` (at most LATE_SEEDS
    of them): (state, its decision number, the length of that game)."""
    seeds = range(seed, seed + max(1, min(games, LATE_SEEDS)))
    lengths = {s: subject.play(s)[1] for s in seeds}
    longest = max(seeds, key=lambda s: (lengths[s], -s))
    step = int(lengths[longest] * LATE_SHARE)
    state, _ = subject.play(longest, step)
    return state, step, lengths[longest]


def retained_kib(make: Callable[[], Any]) -> float:
    """The memory an object made by `make` holds, in KiB: what tracemalloc sees allocated and still
    alive once it is made, after a first call has filled any lazy cache it shares with others."""
    make()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = make()
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del kept
    return max(after - before, 0) / 1024


def measure_all(subjects: list[Subject], seed: int, games: int, rounds: int,
                budget: float | None = None) -> list[dict[str, Any]]:
    """The figures of each subject, rounds alternating between the subjects; copies and loads are
    timed over `budget` seconds a round (BUDGET). A subject that raises: SubjectFailed."""
    return _measure_all([_Guarded(s) for s in subjects], seed, games, rounds, budget)


class _Guarded:
    """A subject whose every call that raises raises SubjectFailed naming it."""

    def __init__(self, subject: Subject) -> None:
        self.subject, self.name = subject, subject.name

    def _call(self, method: str, *args: Any) -> Any:
        try:
            return getattr(self.subject, method)(*args)
        except Exception as exc:  # whatever an engine raises, it is a fault of that engine
            raise SubjectFailed(self.subject, exc) from exc

    def play(self, seed: int, stop: int | None = None) -> tuple[Any, int]:
        return self._call("play", seed, stop)

    def copy(self, state: Any) -> Any:
        return self._call("copy", state)

    def save(self, state: Any) -> str:
        return self._call("save", state)

    def load(self, text: str) -> Any:
        return self._call("load", text)


def _measure_all(subjects: list[_Guarded], seed: int, games: int, rounds: int,
                 budget: float | None) -> list[dict[str, Any]]:
    rounds = max(1, rounds)
    speed: list[list[float]] = [[] for _ in subjects]
    for _ in range(rounds):
        for i, subject in enumerate(subjects):
            gc.collect()
            speed[i].append(games_per_second(subject, seed, games))
    lates = [late_state(subject, seed, games) for subject in subjects]
    saves = [subject.save(state) for subject, (state, _, _) in zip(subjects, lates, strict=True)]
    copies: list[list[float]] = [[] for _ in subjects]
    loads: list[list[float]] = [[] for _ in subjects]
    for _ in range(rounds):
        for i, subject in enumerate(subjects):
            state, text = lates[i][0], saves[i]
            copies[i].append(per_second(lambda s=subject, st=state: s.copy(st), budget))
            loads[i].append(per_second(lambda s=subject, t=text: s.load(t), budget))
    out = []
    for i, subject in enumerate(subjects):
        _, step, length = lates[i]
        out.append({
            "games_per_second": round(statistics.median(speed[i]), 2),
            "clones_per_second": round(statistics.median(copies[i]), 1),
            "state_memory_kib": round(retained_kib(lambda s=subject, t=saves[i]: s.load(t)), 1),
            "save_load_ms": round(1000 / statistics.median(loads[i]), 3),
            "save_kib": round(len(saves[i].encode("utf-8")) / 1024, 1),
            "late_decision": step, "late_game_length": length,
        })
    return out


# The figures compared with a peer, in the order printed: (key, words, whether more is better).
COMPARED = [
    ("games_per_second", "uniform-random full games/s, public API", True),
    ("clones_per_second", "late-game state copies/s", True),
    ("state_memory_kib", "late-game state memory (KiB, tracemalloc)", False),
    ("save_load_ms", "load a late-game save (ms)", False),
    ("save_kib", "late-game save size (KiB)", False),
]


def ratios(ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, float | None]:
    """Kurtyna / peer for each compared figure (None when the peer's figure is 0)."""
    return {key: (round(ours[key] / theirs[key], 3) if theirs[key] else None) for key, _, _ in COMPARED}
