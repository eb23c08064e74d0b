"""Where `kurtyna sim` and `kurtyna regress` play their seeded games (`--backend`): `local`,
processes on this machine (the default), or `ray`, tasks on a Ray cluster, one started on
loopback for the run or an existing one at `--address` (docs/scale-out.md).

The work goes out as ranges of seeds and comes back as plain data; the caller merges it in seed
order, so a report does not depend on the backend. Ray is an optional extra, imported only
here and only when asked for; the core never needs it.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.abc
import importlib.util
import io
import logging
import os
import shutil
import socket
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import compiler
import dsl
from compiler.tools.common import UsageError

BACKENDS = ("local", "ray")
HINT = "pip install 'kurtyna[ray]'"


def add_arguments(parser) -> None:
    """`--backend` and `--address`, the same for every verb that plays seeded games."""
    parser.add_argument("--backend", choices=BACKENDS, default="local",
                        help="where the games run: local processes (default) or a Ray cluster "
                             "(docs/scale-out.md)")
    parser.add_argument("--address", metavar="HOST:PORT",
                        help="with --backend ray: an existing Ray cluster (HOST:6379 or auto on one of "
                             "its nodes, ray://HOST:10001 from elsewhere); default: a Ray started on "
                             "loopback for this run with --jobs CPUs")


def check_arguments(args) -> None:
    if args.address is not None and args.backend != "ray":
        raise UsageError("--address names a Ray cluster: give it with --backend ray")


def seed_ranges(games: int, seed: int, count: int) -> list[tuple[int, int]]:
    """`games` consecutive seeds from `seed` as `count` ranges (first seed, size) of nearly equal
    size, in seed order (the first ones one game longer)."""
    count = max(1, min(games, count))
    sizes = [games // count + (1 if i < games % count else 0) for i in range(count)]
    return [(seed + sum(sizes[:i]), size) for i, size in enumerate(sizes)]


@dataclass(frozen=True)
class Cluster:
    """The Ray a run is connected to: `address` None for one started for this run."""

    ray: Any  # the ray module
    address: str | None
    cpus: int  # the cluster's CPUs when the run began (how many ranges to cut)

    def describe(self) -> dict[str, Any]:
        return {"name": "ray", "address": self.address, "workers": self.cpus}


def _import_ray(local: bool):
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # Ray reports usage home unless told not to
    if local:
        # Read when Ray is imported: a local Ray then takes 127.0.0.1 as its address and its
        # servers listen on loopback only, not on every interface of the machine.
        os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    try:
        import ray
    except ImportError:
        raise UsageError(f"--backend ray needs Ray, an optional extra: {HINT}") from None
    if local:  # Ray imported before in this process (a test, a notebook) read the setting then
        constants = sys.modules.get("ray._private.ray_constants")
        if constants is not None and hasattr(constants, "ENABLE_RAY_CLUSTER"):
            constants.ENABLE_RAY_CLUSTER = False
    return ray


@contextlib.contextmanager
def ray_cluster(address: str | None, jobs: int) -> Iterator[Cluster]:
    """Connected to Ray for the block: a new local one on loopback with `jobs` CPUs (no
    dashboard), or the cluster at `address`. The workers get this Kurtyna's `compiler` and `dsl`
    packages (a job's `py_modules`), so every node runs the caller's code whatever it has
    installed; a node needs Python and Kurtyna's dependencies (docs/scale-out.md)."""
    ray = _import_ray(local=address is None)
    if address is not None:
        _reachable(address)
    modules = [str(Path(compiler.__file__).parent), str(Path(dsl.__file__).parent)]
    settings: dict[str, Any] = {"address": address or "local", "runtime_env": {"py_modules": modules}}
    scratch = None
    if address is None:
        # Its sockets and logs in a folder of the run's own (0700), not Ray's shared /tmp/ray,
        # removed when it stops
        scratch = tempfile.mkdtemp(prefix="kurtyna-ray-")
        settings.update(num_cpus=jobs, include_dashboard=False, _temp_dir=scratch)
    if not (address or "").startswith("ray://"):  # Ray Client would pass these on to the cluster's init
        settings.update(log_to_driver=False, logging_level=logging.ERROR)
    try:
        try:
            ray.init(**settings)
        except Exception as exc:  # any failure to start or join (versions, token, network): said
            where = f"the Ray cluster at {address}" if address else "a local Ray"
            raise UsageError(f"could not start or reach {where}: {exc}") from None
        try:
            cpus = int(ray.cluster_resources().get("CPU", 0)) or jobs
            yield Cluster(ray, address, cpus)
        finally:
            ray.shutdown()  # a Ray started for the run stops; a cluster is only left
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


def _reachable(address: str) -> None:
    """A usage error at once when nothing listens at `address` (Ray itself would retry for
    minutes); `auto` is looked up by Ray among the clusters started on this machine."""
    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise UsageError(f"--address '{address}': give HOST:PORT (6379 by default), ray://HOST:PORT "
                         "(Ray Client, 10001) or auto")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except OSError as exc:
        raise UsageError(f"nothing answers at {host}:{port} ({exc.strerror or exc}): start the cluster "
                         "there (`ray start --head`) or check --address") from None


def as_completed(cluster: Cluster, refs: list) -> Iterator[tuple[int, Any]]:
    """(index, value) of each task as it comes back (a progress bar moves); a task that failed
    (a lost node, a worker killed) stops the run with what Ray said, as a usage-level error."""
    ray = cluster.ray
    index = {ref: i for i, ref in enumerate(refs)}
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            try:
                value = ray.get(ref)
            except ray.exceptions.RayError as exc:
                raise UsageError(f"a task on the Ray cluster failed: {exc}") from None
            yield index[ref], value


# --- Shipping code as files -------------------------------------------------------------------

def package_files(folder: Path) -> dict[str, bytes]:
    """Every file of a package folder by its path inside it (compiled bytecode left out)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}


def pack(files: dict[str, bytes]) -> bytes:
    """Files as one tar archive, the same bytes for the same files (names sorted, no dates)."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w") as tar:
        for name in sorted(files):
            info = tarfile.TarInfo(name)
            info.size = len(files[name])
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(files[name]))
    return out.getvalue()


@contextlib.contextmanager
def unpacked(archive: bytes) -> Iterator[Path]:
    """The archive's files in a new folder for the block: a random name that only this user may
    enter (0700), removed at its end. Never a folder found by a name others could guess, so
    nothing another user of the machine placed there is run (docs/scale-out.md, "Security")."""
    with tempfile.TemporaryDirectory(prefix="kurtyna-ray-") as folder:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        yield Path(folder)


class _ShippedEngine(importlib.abc.MetaPathFinder, importlib.abc.SourceLoader):
    """The modules of an engine package, imported from their text in memory: nothing is written
    on the worker's machine, nothing is left there when Ray ends its worker processes."""

    def __init__(self, package: str, files: dict[str, bytes]) -> None:
        self.package, self.files = package, files

    def _file(self, fullname: str) -> str | None:
        if fullname == self.package:
            name = "__init__.py"
        elif fullname.startswith(self.package + "."):
            name = fullname[len(self.package) + 1:].replace(".", "/") + ".py"
        else:
            return None
        return name if name in self.files else None

    def find_spec(self, fullname, path=None, target=None):
        name = self._file(fullname)
        if name is None:
            return None
        return importlib.util.spec_from_loader(fullname, self, origin=f"<{self.package}>/{name}",
                                               is_package=name == "__init__.py")

    def get_filename(self, fullname: str) -> str:
        return f"<{self.package}>/{self._file(fullname)}"

    def get_data(self, path: str) -> bytes:  # the text of a module, for its code and tracebacks
        return self.files[path.partition(">/")[2]]


_ENGINES: dict[str, Any] = {}  # in a worker: engines loaded from source, by the hash of the source


def engine_files(engine) -> dict[str, bytes]:
    """The generated engine package a game was loaded from, as its files' contents: what a task
    carries to play the game on another machine (it imports only `dsl.runtime` and the standard
    library, architecture principle 2)."""
    files = package_files(Path(engine.__file__).parent)
    if "__init__.py" not in files:  # its folder was removed (an Engines no longer kept)
        raise FileNotFoundError(f"the engine's files are gone from {Path(engine.__file__).parent}")
    return files


def engine_from(archive: bytes):
    """The engine packed in `archive`, imported under a name of its own (its modules import one
    another relatively), once per worker process."""
    digest = hashlib.blake2b(archive, digest_size=12).hexdigest()
    if digest not in _ENGINES:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            files = {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
        package = f"kurtyna_shipped_{digest}"
        sys.meta_path.append(_ShippedEngine(package, files))
        _ENGINES[digest] = importlib.import_module(package)
    return _ENGINES[digest]
