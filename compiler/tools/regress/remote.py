"""`kurtyna regress --backend ray`: each side's seeded games as Ray tasks (docs/scale-out.md).

Each side must still run on its own code (worker.py), so a task carries the side's tree, not the
caller's: its `compiler` and `dsl` packages and the game's content folder, packed once per side
and game and put in Ray's object store, with the caller's worker script (which imports nothing
of the caller's tree but trajectory.py, shipped beside it). On a node each task unpacks the tree
into a private folder of its own and runs the worker on its range of seeds in a subprocess
started from the tree's root, as the local backend does from the side's copy. Every seed's game
is independent, so the ranges merged in seed order are exactly the games the local backend
plays in one worker.

The rest of a side's run (texts, scenarios, sheets) and the replays of diverged seeds stay on
this machine, in the local workers: they are per game, not per seed.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from compiler.tools.regress.compare import WORKER, Workers, run_worker
from compiler.tools.regress.sides import Side
from compiler.tools.sim import backends

RUNNER = ".worker"  # where the worker script sits in a shipped tree (no package of that name)
MIN_SEEDS = 20  # seeds of one task at least: each task starts Python and builds the game once


def ray_workers(cluster: backends.Cluster) -> Callable[[Path, int], RayWorkers]:
    """What `compare` makes its workers with (Settings.workers), for this cluster."""
    return lambda scratch, jobs: RayWorkers(Workers(scratch, jobs), cluster)


class RayWorkers:
    """The local workers, but a side's seeded games go to Ray in ranges of seeds."""

    def __init__(self, local: Workers, cluster: backends.Cluster) -> None:
        self.local = local
        self.cluster = cluster
        self.trees: dict[tuple[Path, Path, str], Any] = {}

    def submit(self, side: Side, game: str, **request: Any):
        parts = request.get("parts", [])
        if request.get("phase") != "run" or "games" not in parts:
            return self.local.submit(side, game, **request)
        rest = [part for part in parts if part != "games"]
        here = self.local.submit(side, game, **{**request, "parts": rest}) if rest else None
        task = self.cluster.ray.remote(play_side).options(max_retries=2)
        tree = self._tree(side, game)
        refs = [task.remote(tree, {**request, "game": game, "parts": ["games"], "seeds": seeds})
                for seeds in _ranges(request["seeds"], self.cluster.cpus)]
        return _Pending(self.cluster, here, refs)

    def _tree(self, side: Side, game: str):
        key = (side.code, side.content, game)
        if key not in self.trees:
            self.trees[key] = self.cluster.ray.put(backends.pack(side_tree(side, game)))
        return self.trees[key]

    def close(self) -> None:
        self.local.close()

    def stop(self) -> None:
        """Ctrl-C: the local workers end now; the tasks on Ray end with the cluster (ray_cluster)."""
        self.local.stop()


def _ranges(seeds: list[int], cpus: int) -> list[list[int]]:
    count = max(1, min(2 * cpus, len(seeds) // MIN_SEEDS))
    return [seeds[first:first + size] for first, size in backends.seed_ranges(len(seeds), 0, count)]


def side_tree(side: Side, game: str) -> dict[str, bytes]:
    """What a node needs to play a side's games: the side's code, the game's content and the
    worker script, by their paths in the shipped tree."""
    files: dict[str, bytes] = {}
    folders = {"compiler": side.code / "compiler", "dsl": side.code / "dsl",
               f"content/{game}": side.content / game}
    for where, folder in folders.items():  # a game missing on this side ships no folder: the worker says so
        files.update({f"{where}/{name}": data for name, data in backends.package_files(folder).items()})
    for script in (WORKER, WORKER.parent / "trajectory.py"):
        files[f"{RUNNER}/{script.name}"] = script.read_bytes()
    return files


def play_side(tree: bytes, request: dict[str, Any]) -> dict[str, Any]:
    """A Ray task: the worker on the shipped tree for one range of seeds; its answer as is."""
    # run_worker drops PYTHONPATH: the Ray worker's own path (this Kurtyna) never reaches the side
    with backends.unpacked(tree) as root, tempfile.TemporaryDirectory(prefix="kurtyna-regress-") as scratch:
        request = {**request, "code": str(root), "content": str(root / "content"), "examples": None,
                   "scratch": str(Path(scratch) / "sheets")}
        return run_worker(root / RUNNER / WORKER.name, request, Path(scratch), "", root)


class _Pending:
    """A side's run: the local part and the ranges of seeds on Ray, put together when asked
    for, as the one answer a local worker gives."""

    def __init__(self, cluster: backends.Cluster, here, refs: list) -> None:
        self.cluster, self.here, self.refs = cluster, here, refs

    def result(self) -> dict[str, Any]:
        local = self.here.result() if self.here is not None else {}
        if "error" in local or local.get("missing"):
            return local
        parts: list[dict[str, Any]] = [{}] * len(self.refs)
        for index, part in backends.as_completed(self.cluster, self.refs):
            parts[index] = part
        games: dict[str, Any] = {}
        rest: dict[str, Any] = {}
        for part in parts:  # in seed order, as one worker lists them
            if "error" in part or part.get("missing"):
                return part
            games.update(part["games"])
            rest.update({k: v for k, v in part.items() if k != "games"})
        return {**local, **rest, "games": games}
