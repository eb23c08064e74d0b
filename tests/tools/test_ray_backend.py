"""`--backend ray` (docs/scale-out.md) where Ray is not installed: it says how to get it and exits
2, and what the backend is built from (seed ranges, reports as plain data) holds everywhere.

The tests that need Ray are tests/tools/ray_backend_long.py, which `make long` runs after
installing the extra (`make test` never collects it: its name does not start with test_), so
no test here is ever skipped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.tools.engines import Engines
from compiler.tools.sim import backends
from compiler.tools.sim.command import Report, simulate

from ..conftest import FIXTURES, ROOT, run_cli

TINY = FIXTURES / "games" / "tiny"
BAZAAR = FIXTURES / "games" / "bazaar"  # random play breaks one of its invariants


def _no_ray(tmp_path: Path) -> dict[str, str]:
    """An environment in which `import ray` fails, as where the extra is not installed."""
    fake = tmp_path / "blocked" / "ray"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ModuleNotFoundError('no ray here', name='ray')\n", "utf-8")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(fake.parent), str(ROOT)])}


@pytest.mark.parametrize("verb", ["sim", "regress"])
def test_without_ray_the_backend_says_how_to_install_it(tmp_path, verb):
    args = ([str(TINY), "--games", "4"] if verb == "sim"
            else ["--base-dir", str(TINY), "--head-dir", str(TINY), "--games", "4"])
    done = subprocess.run([sys.executable, "-m", "compiler.cli", verb, *args, "--backend", "ray"],
                          cwd=tmp_path, env=_no_ray(tmp_path), capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done.stderr
    assert "pip install 'kurtyna[ray]'" in done.stderr and "Traceback" not in done.stderr


def test_an_unknown_backend_or_an_address_without_ray_is_wrong_usage():
    unknown = run_cli("sim", str(TINY), "--games", "4", "--backend", "dask")
    assert unknown.returncode == 2 and "invalid choice: 'dask'" in unknown.stderr
    address = run_cli("sim", str(TINY), "--games", "4", "--address", "127.0.0.1:6379")
    assert address.returncode == 2 and "--backend ray" in address.stderr
    regress = run_cli("regress", "--base-dir", str(TINY), "--head-dir", str(TINY), "--backend", "spark")
    assert regress.returncode == 2 and "invalid choice: 'spark'" in regress.stderr


def test_seed_ranges_cover_the_seeds_once_in_order():
    assert backends.seed_ranges(10, 5, 4) == [(5, 3), (8, 3), (11, 2), (13, 2)]
    assert backends.seed_ranges(3, 1, 8) == [(1, 1), (2, 1), (3, 1)]
    assert backends.seed_ranges(7, 0, 1) == [(0, 7)]


def test_a_report_crosses_as_plain_data_and_back_unchanged():
    engines = Engines()
    _, _, engine = engines.get(BAZAAR)  # faults with a traceback; tiny with rounds=5: located ones
    _, _, tiny = engines.get(TINY)
    for report in (simulate(engine, 8, 1, {}, True), simulate(tiny, 4, 1, {"rounds": 5}, True)):
        data = report.as_data()
        assert json.loads(json.dumps(data)) == data  # nothing but JSON's types
        assert _fields(Report.from_data(data)) == _fields(report) and report.errors


def _fields(report: Report) -> dict:
    """Everything a report holds but its time, with the order of each counter's rows."""
    return {name: (list(value.items()) if isinstance(value, dict) else value)
            for name, value in vars(report).items() if name != "seconds"}
