"""Issue 21's check of the Ray backend: `kurtyna sim GAME --backend ray` gives the same report as
`--backend local` for the same seeds (the times and the backend itself aside). `make long` runs

    .venv/bin/python scripts/same_totals.py zimna_wojna --games 2000 --jobs 2

Each backend runs as a user would run it (`kurtyna sim ... --json`, Ray started on loopback
for the run with --jobs CPUs); it prints both times and exits 1 if the reports differ.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VARIES = ("seconds", "backend")  # all the rest must be equal


def run(game: str, games: int, jobs: int, backend: str, extra: list[str]) -> tuple[dict, float]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "compiler.cli", "sim", game, "--games", str(games),
                           "--jobs", str(jobs), "--backend", backend, "--json", *extra],
                          capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    if done.returncode not in (0, 1) or not done.stdout.strip():  # 1: a game failed, still a report
        sys.exit(f"--backend {backend} exited {done.returncode}:\n{done.stderr}")
    return json.loads(done.stdout), wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    args, extra = parser.parse_known_args()  # anything else goes to both runs (--option, --seed...)
    reports = {}
    for backend in ("local", "ray"):
        report, wall = run(args.game, args.games, args.jobs, backend, extra)
        print(f"--backend {backend}: {report['finished']} finished, {report['failed']} failed, "
              f"games {report['seconds']:.1f} s, command {wall:.1f} s")
        reports[backend] = {k: v for k, v in report.items() if k not in VARIES}
    local, ray = reports["local"], reports["ray"]
    differ = sorted(k for k in local.keys() | ray.keys() if local.get(k) != ray.get(k))
    if differ:
        print(f"the reports differ in: {', '.join(differ)}")
        return 1
    results = ", ".join(f"{r['winner']} {r['reason']} {r['games']}" for r in ray["results"])
    print(f"same report on both backends: {results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
