"""`--backend ray` (docs/scale-out.md) on a real Ray: the same seeds give the same report on a Ray
cluster as on local processes, for `kurtyna sim` and `kurtyna regress` (faults placed at their
content lines there too: the engine's origins travel with it).

Needs the extra (`pip install -e '.[ray]'`): `make long` installs it and runs this file by name;
`make test` does not collect it (its name does not start with test_). The tests share one local
Ray with two CPUs (two workers).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import jsonschema
import pytest
import ray as _ray  # noqa: F401  (the extra this file is for: missing, an error, never a skip)

from compiler.tools.engines import Engines
from compiler.tools.sim import backends
from compiler.tools.sim.command import simulate, simulate_ray

from ..conftest import CONTENT, FIXTURES, ROOT, copy_game, edit_file, run_cli
from .test_ray_backend import _fields

TINY = FIXTURES / "games" / "tiny"
BAZAAR = FIXTURES / "games" / "bazaar"  # random play breaks one of its invariants


def test_an_address_where_no_cluster_answers_is_wrong_usage_at_once():
    for address, said in (("127.0.0.1:1", "nothing answers at 127.0.0.1:1"), ("nowhere", "give HOST:PORT")):
        done = run_cli("sim", str(TINY), "--games", "4", "--backend", "ray", "--address", address)
        assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr


# --- On a local Ray with two workers ------------------------------------------------------------

@pytest.fixture(scope="module")
def cluster():
    with backends.ray_cluster(None, 2) as found:
        yield found


@pytest.fixture(scope="module")
def engines():
    return Engines()  # kept for the module: Ray ships the engines' files from its folder


@pytest.mark.parametrize(("game", "games", "options", "players", "bots"), [
    (CONTENT / "zelazna_kurtyna", 60, {}, None, None),  # events, shared tracks
    (CONTENT / "mocarstwo", 12, {}, 3, None),  # per-player tracks, three at the table
    (TINY, 24, {}, None, {1: "greedy"}),  # a bot for one seat
    (TINY, 10, {"rounds": 5}, None, None),  # every game a located fault of the rules
    (BAZAAR, 30, {}, None, None),  # broken invariants, with their tracebacks
])
def test_sim_on_ray_gives_the_local_report(cluster, engines, game, games, options, players, bots):
    _, _, engine = engines.get(game)
    local = simulate(engine, games, 7, options, True, players=players, bots=bots)
    seen: list[int] = []
    remote = simulate_ray(cluster, engine, games, 7, options, True, seen.append, players=players, bots=bots)
    assert _fields(remote) == _fields(local)
    assert sum(seen) == games and len(seen) > 1  # the bar moved as each range came back


def test_the_sim_command_on_ray_prints_the_local_report(tmp_path):
    args = ("sim", str(TINY), "--games", "30", "--seed", "3", "--jobs", "2", "--json")
    ray, local = run_cli(*args, "--backend", "ray"), run_cli(*args)
    assert ray.returncode == local.returncode == 0, ray.stderr
    schema = json.loads((ROOT / "dsl" / "schemas" / "sim-report.schema.json").read_text("utf-8"))
    reports = [json.loads(done.stdout) for done in (ray, local)]
    for report in reports:
        jsonschema.validate(report, schema)
    assert reports[0]["backend"] == {"name": "ray", "address": None, "workers": 2}
    assert reports[1]["backend"] == {"name": "local", "address": None, "workers": 2}
    for report in reports:
        del report["backend"], report["seconds"]
    assert reports[0] == reports[1]


def test_regress_on_ray_gives_the_local_report(cluster, tmp_path):
    from compiler.tools.regress.compare import Settings, compare
    from compiler.tools.regress.remote import ray_workers
    from compiler.tools.regress.sides import prepare

    before = copy_game(TINY, tmp_path / "before")
    after = copy_game(TINY, tmp_path / "after")
    edit_file(after / "rules.yaml", "score += r.bonus\n", "score += r.bonus + 1\n")
    reports = []
    for name, workers in (("local", None), ("ray", ray_workers(cluster))):
        work = tmp_path / name
        base = prepare({"dir": str(before)}, "base", work, tmp_path)
        head = prepare({"dir": str(after)}, "head", work, tmp_path)
        settings = Settings(games=50, seed=2, jobs=2, workers=workers, backend=name)
        (work / "scratch").mkdir()
        reports.append(compare(base, head, ["tiny"], settings, work / "scratch"))
    assert [r["settings"].pop("backend") for r in reports] == ["local", "ray"]  # the report says where
    assert reports[0] == reports[1]
    game = reports[1]["games"][0]
    assert game["playthroughs"]["diverged"] > 0 and game["outcomes"]["games"] == 50


def test_sim_on_an_existing_cluster_of_two_nodes(tmp_path):
    """`--address`: a cluster of two nodes (both on this machine, on loopback), made with Ray's own
    test cluster in a process of its own, and `kurtyna sim` joined to it."""
    script = textwrap.dedent(f"""
        import json, os, shutil, subprocess, sys, tempfile
        os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"  # the nodes on loopback only
        os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
        scratch = tempfile.mkdtemp(prefix="kurtyna-ray-")  # the nodes' sockets and logs (a short path)
        # Ray's test cluster writes the head's address into <RAY_TMPDIR>/ray without making the
        # folder (Ray 2.60); keep it in the scratch folder, not in a /tmp/ray that may not exist
        os.environ["RAY_TMPDIR"] = scratch
        os.makedirs(os.path.join(scratch, "ray"))
        from ray.cluster_utils import Cluster
        cluster = Cluster(initialize_head=True, head_node_args={{"num_cpus": 1, "include_dashboard": False,
                                                                 "temp_dir": scratch}})
        try:
            cluster.add_node(num_cpus=1, temp_dir=scratch)
            cluster.wait_for_nodes()
            args = [sys.executable, "-m", "compiler.cli", "sim", {str(TINY)!r}, "--games", "20", "--json"]
            ray = subprocess.run(args + ["--backend", "ray", "--address", cluster.address],
                                 capture_output=True, text=True, cwd={str(ROOT)!r})
            local = subprocess.run(args, capture_output=True, text=True, cwd={str(ROOT)!r})
            print(json.dumps([cluster.address, ray.returncode, ray.stdout, ray.stderr, local.stdout]))
        finally:
            cluster.shutdown()
            shutil.rmtree(scratch, ignore_errors=True)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and done.stdout.strip(), done.stderr[-3000:]
    address, code, out, err, local_out = json.loads(done.stdout.strip().splitlines()[-1])
    assert code == 0, err
    remote, local = json.loads(out), json.loads(local_out)
    assert remote["backend"] == {"name": "ray", "address": address, "workers": 2}
    for report in (remote, local):
        del report["backend"], report["seconds"]
    assert remote == local
