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

Where the game gives hints for a question (game.yaml `bot: {prefer: ...}`), the answers a hint
vetoes (a negative value, while some answer's is 0 or more) are never searched, new nodes are
made for the answers the hint values most first, and random rollouts choose only among those.
Rollouts play on for at most `depth` decisions (the plan's; 40 by default), each answer at
random or, with greedy rollouts, the one worth most to its player one ply ahead (worth.py:
slower, each decision tries every answer, but no random throwing away of the game); a game that
ends scores 1 for a win, 0 for a loss, a share for a shared win, and one that does not is
judged by the game's evaluation (game.yaml `bot`, docs/bots.md) squashed into 0..1.
Deterministic for a seed when the budget is in iterations; a budget in seconds depends on the
machine.
"""

from __future__ import annotations

import contextlib
import math
import random
import signal
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .worth import best_of, considered, greedy_index, preferred, value_of

ROLLOUTS = {"random": 40, "greedy": 8}  # rollout policies and how many decisions each plays by default
EXPLORE = 0.7  # UCT's exploration constant, for rewards in 0..1


@dataclass
class Plan:
    """How a search is run: its budget (iterations or seconds), processes, rollouts."""

    iterations: int | None = None
    seconds: float | None = None
    processes: int = 1
    rollout: str = "random"  # a key of ROLLOUTS
    depth: int = ROLLOUTS["random"]  # decisions a rollout plays before the position is judged


class Node:
    __slots__ = ("children", "visits", "available", "reward", "player")

    def __init__(self, player: int | None) -> None:
        self.children: dict[tuple, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0  # summed over visits, for the player who chose the move into this node
        self.player = player


def ismcts(state: Any, rng: random.Random, plan: Plan) -> int:
    """The index of the answer the search prefers for the state's pending decision."""
    import multiprocessing  # here: most runs of the runtime search nothing

    decision = state.decision()
    legal = considered(state)[0]
    if len(legal) == 1:  # one answer, or one the hints do not veto: nothing to search
        return legal[0]
    keys = _keys(decision)
    if plan.processes > 1 and not multiprocessing.current_process().daemon:
        visits = _in_parallel(state, rng, plan)
    else:
        visits = _search(state, rng, plan)
    counts = [visits.get(k, -1) for k in keys]
    best = max(counts)
    return rng.choice([i for i, v in enumerate(counts) if v == best])


def _search(state: Any, rng: random.Random, plan: Plan) -> Counter:
    """One search from the state: the visits of each answer at the root."""
    me = state.decision().player
    root = Node(None)
    iterations = plan.iterations
    deadline = time.perf_counter() + plan.seconds if plan.seconds is not None else None
    done = 0
    while (iterations is None or done < iterations) and (deadline is None or time.perf_counter() < deadline):
        _iterate(root, state.determinize(me, rng), rng, plan)
        done += 1
    return Counter({key: child.visits for key, child in root.children.items()})


_SHARED: Any = None  # the state a forked search starts from (forked processes share memory)


def _forked(job: tuple[int, Plan]) -> Counter:
    seed, plan = job
    return _search(_SHARED, random.Random(seed), plan)


def _in_parallel(state: Any, rng: random.Random, plan: Plan) -> Counter:
    from .forked import Died, forked_map

    global _SHARED
    _SHARED = state
    iterations, processes = plan.iterations, plan.processes
    shares = [None] * processes if iterations is None else \
        [iterations // processes + (1 if i < iterations % processes else 0) for i in range(processes)]
    jobs = [(rng.getrandbits(64), Plan(share, plan.seconds, 1, plan.rollout, plan.depth)) for share in shares]
    try:
        # dsl/runtime/forked.py, not a Pool; Ctrl-C is the parent's to take (it ends the searches)
        counts = list(forked_map(_forked, jobs, processes, child_setup=_searcher_signals,
                                 around_fork=_signals_held))
    finally:
        _SHARED = None
    lost = next((c for c in counts if isinstance(c, Died)), None)
    if lost is not None:
        raise RuntimeError(f"a search process ended without an answer (exit code {lost.exitcode})")
    return sum(counts, Counter())


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Around a fork: Ctrl-C waits until the searching process has said how it takes it (else it
    could die of it in its first lines, with a traceback); in the parent it arrives after."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _searcher_signals() -> None:
    """A forked search ignores Ctrl-C, which reaches the whole process group: the parent takes it
    and terminates the searches (SIGTERM, its default action: no traceback), and `kurtyna` says
    "interrupted" once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _keys(decision: Any) -> list[tuple]:
    return [(decision.player, decision.prompt, answer) for answer in decision.answers]


def _iterate(root: Node, state: Any, rng: random.Random, plan: Plan) -> None:
    path = [root]
    node = root
    while not state.is_over():  # selection, then one expansion
        keys = _keys(state.decision())
        legal, values = considered(state)  # the answers a hint vetoes are never searched
        for i in legal:
            child = node.children.get(keys[i])
            if child is not None:
                child.available += 1
        unexplored = [i for i in legal if keys[i] not in node.children]
        if unexplored:
            index = rng.choice(best_of(values, unexplored))
            child = node.children[keys[index]] = Node(state.decision().player)
            child.available = 1
            state.apply_index(index)
            path.append(child)
            break
        index = _uct(node, keys, legal)
        node = node.children[keys[index]]
        state.apply_index(index)
        path.append(node)
    rewards = _rollout(state, rng, plan)
    for visited in path:
        visited.visits += 1
        if visited.player is not None:
            visited.reward += rewards[visited.player]


def _uct(node: Node, keys: list[tuple], legal: list[int]) -> int:
    best, best_score = legal[0], -math.inf
    for i in legal:
        child = node.children[keys[i]]
        score = child.reward / child.visits + EXPLORE * math.sqrt(math.log(child.available) / child.visits)
        if score > best_score:
            best, best_score = i, score
    return best


def _rollout(state: Any, rng: random.Random, plan: Plan) -> list[float]:
    """Play on for at most the plan's depth of decisions; the worth of the end to each player."""
    greedy = plan.rollout == "greedy"
    hinted = state.game.spec.prefer
    for _ in range(plan.depth):
        if state.is_over():
            break
        decision = state.decision()
        count = len(decision.options)
        if greedy and count > 1:
            index = greedy_index(state, rng)
        elif count > 1 and decision.prompt in hinted:
            index = rng.choice(preferred(state))
        else:
            index = rng.randrange(count)
        state.apply_index(index)
    seats = range(len(state.game.spec.players))
    if state.is_over():
        winners = state.winners
        if not winners:  # a draw
            return [0.5 for _ in seats]
        return [1.0 / len(winners) if p in winners else 0.0 for p in seats]
    scale = state.game.spec.evaluate_scale
    return [0.5 + 0.5 * math.tanh(value_of(state, p) / scale) if p < state.game.player_count else 0.0
            for p in seats]
