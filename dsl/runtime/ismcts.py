"""Information set Monte Carlo tree search (single observer), for any compiled game (issue 21).

`ismcts(state, rng, iterations=..., seconds=...)` gives the index of a legal answer for the
player to decide. Each iteration deals the cards that player cannot know anew
(`state.determinize`), walks down the tree by UCT among the answers legal in that deal (each
child counts how often it was available, so a rarely legal answer is not starved), adds one new
node, plays on with a rollout and scores the end for every player. Nodes are keyed by who
answers what (player, prompt, answer as an id), the same whatever the deal. The answer tried
most often at the root is chosen.

With `processes` > 1 the search runs that many times side by side (root parallelism): forked
processes, each with its own seed and a share of the iterations (or the whole time), and the
visits of the root's answers are added up. A process that is itself a pool's worker (`kurtyna
sim --jobs`) searches alone.

Rollouts play random answers for at most ROLLOUT decisions; a game that ends scores 1 for a win,
0 for a loss, a share for a shared win, and one that does not is judged by the game's evaluation
(game.yaml `bot`, docs/bots.md) squashed into 0..1. Deterministic for a seed when the budget is
in iterations; a budget in seconds depends on the machine.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections import Counter
from typing import Any

from .worth import value_of

ROLLOUT = 40  # decisions a rollout plays before the position is judged
EXPLORE = 0.7  # UCT's exploration constant, for rewards in 0..1
SCALE = 5.0  # an evaluation this far ahead is worth about 0.8


class Node:
    __slots__ = ("children", "visits", "available", "reward", "player")

    def __init__(self, player: int | None) -> None:
        self.children: dict[tuple, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0  # summed over visits, for the player who chose the move into this node
        self.player = player


def ismcts(state: Any, rng: random.Random, iterations: int | None = None,
           seconds: float | None = None, processes: int = 1) -> int:
    """The index of the answer the search prefers for the state's pending decision."""
    decision = state.decision()
    if len(decision.options) == 1:
        return 0
    keys = _keys(decision)
    if processes > 1 and not multiprocessing.current_process().daemon:
        visits = _in_parallel(state, rng, iterations, seconds, processes)
    else:
        visits = _search(state, rng, iterations, seconds)
    counts = [visits.get(k, -1) for k in keys]
    best = max(counts)
    return rng.choice([i for i, v in enumerate(counts) if v == best])


def _search(state: Any, rng: random.Random, iterations: int | None, seconds: float | None) -> Counter:
    """One search from the state: the visits of each answer at the root."""
    me = state.decision().player
    root = Node(None)
    deadline = time.perf_counter() + seconds if seconds is not None else None
    done = 0
    while (iterations is None or done < iterations) and (deadline is None or time.perf_counter() < deadline):
        _iterate(root, state.determinize(me, rng), rng)
        done += 1
    return Counter({key: child.visits for key, child in root.children.items()})


_SHARED: Any = None  # the state a forked search starts from (forked processes share memory)


def _forked(job: tuple) -> Counter:
    seed, iterations, seconds = job
    return _search(_SHARED, random.Random(seed), iterations, seconds)


def _in_parallel(state: Any, rng: random.Random, iterations: int | None, seconds: float | None,
                 processes: int) -> Counter:
    global _SHARED
    _SHARED = state
    shares = [None] * processes if iterations is None else \
        [iterations // processes + (1 if i < iterations % processes else 0) for i in range(processes)]
    jobs = [(rng.getrandbits(64), share, seconds) for share in shares]
    try:
        with multiprocessing.get_context("fork").Pool(processes) as pool:
            return sum(pool.map(_forked, jobs), Counter())
    finally:
        _SHARED = None


def _keys(decision: Any) -> list[tuple]:
    return [(decision.player, decision.prompt, answer) for answer in decision.answers]


def _iterate(root: Node, state: Any, rng: random.Random) -> None:
    path = [root]
    node = root
    while not state.is_over():  # selection, then one expansion
        decision = state.decision()
        keys = _keys(decision)
        for key in keys:
            child = node.children.get(key)
            if child is not None:
                child.available += 1
        unexplored = [i for i, key in enumerate(keys) if key not in node.children]
        if unexplored:
            index = rng.choice(unexplored)
            child = node.children[keys[index]] = Node(decision.player)
            child.available = 1
            state.apply_index(index)
            path.append(child)
            break
        index = _uct(node, keys)
        node = node.children[keys[index]]
        state.apply_index(index)
        path.append(node)
    rewards = _rollout(state, rng)
    for visited in path:
        visited.visits += 1
        if visited.player is not None:
            visited.reward += rewards[visited.player]


def _uct(node: Node, keys: list[tuple]) -> int:
    best, best_score = 0, -math.inf
    for i, key in enumerate(keys):
        child = node.children[key]
        score = child.reward / child.visits + EXPLORE * math.sqrt(math.log(child.available) / child.visits)
        if score > best_score:
            best, best_score = i, score
    return best


def _rollout(state: Any, rng: random.Random) -> list[float]:
    """Play on at random for at most ROLLOUT decisions; the worth of the end to each player."""
    for _ in range(ROLLOUT):
        if state.is_over():
            break
        state.apply_index(rng.randrange(len(state.decision().options)))
    seats = range(len(state.game.spec.players))
    if state.is_over():
        winners = state.winners
        if not winners:  # a draw
            return [0.5 for _ in seats]
        return [1.0 / len(winners) if p in winners else 0.0 for p in seats]
    return [0.5 + 0.5 * math.tanh(value_of(state, p) / SCALE) if p < state.game.player_count else 0.0
            for p in seats]
