"""Running both sides and comparing them, game by game, into the report (plain data: it is
what `--json` prints; the schema is in docs/regress.md).

Each side runs in worker processes on its own code (worker.py); the sides and games run in
parallel over `jobs` processes. Games are compared by fingerprints per decision; only the seeds
that diverge are replayed again to show the decisions where they part.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.tools.regress import outcomes
from compiler.tools.regress.sheetdiff import sheet_changes
from compiler.tools.regress.sides import Side
from compiler.tools.regress.textdiff import text_changes
from compiler.tools.regress.trajectory import Step, Trajectory, first_divergence
from dsl.runtime.forked import STOP_WAIT  # one grace for every kind of worker

WORKER = Path(__file__).resolve().parent / "worker.py"
FORMAT = 1


@dataclass
class Settings:
    games: int = 200
    seed: int = 1
    options: dict = field(default_factory=dict)
    # `--base-option` / `--head-option`: one side's options over `options`, so two readings of the
    # same content can be compared ("base" / "head" -> option id -> value)
    side_options: dict[str, dict] = field(default_factory=dict)
    players: int | None = None  # at the table in the seeded games (None: each game's default)
    alpha: float = 0.05
    until_significant: bool = False
    max_games: int = 2000
    jobs: int = 1
    sheets: bool = False
    backend: str = "local"  # where the seeded games ran (`--backend`), as the report says it
    bot: str | None = None  # the bot that takes every decision of the seeded games (None: stable choice)
    progress: Callable[[str], None] = lambda message: None
    # What runs the worker requests, made as workers(scratch, jobs): None for the local Workers;
    # --backend ray sends the seeded games to a cluster (remote.py).
    workers: Callable[[Path, int], Any] | None = None

    def options_of(self, side: str) -> dict:
        """The options the seeded games of side "base" or "head" run with."""
        return {**self.options, **self.side_options.get(side, {})}


class Workers:
    """Runs worker requests as subprocesses, several at a time, each in its own scratch files.

    Ctrl-C: `stop` ends them. Nothing else would: a worker started with SIGINT ignored (as a
    background job is), or sent no signal at all (SIGINT to the main process only), plays on to
    its end, and the threads that wait for the workers would keep the run alive until then."""

    def __init__(self, scratch: Path, jobs: int) -> None:
        self.scratch = scratch
        self.pool = ThreadPoolExecutor(max_workers=max(1, jobs))
        self.count = 0
        self._lock = threading.Lock()  # `stop` against a thread about to start a worker
        self._started: list[subprocess.Popen] = []
        self._stopped = False

    def submit(self, side: Side, game: str, **request: Any):
        self.count += 1
        number = self.count
        return self.pool.submit(self._run, number, side, game, request)

    def _run(self, number: int, side: Side, game: str, request: dict) -> dict:
        request = {"code": str(side.code), "content": str(side.content),
                   "examples": str(side.examples) if side.examples else None, "game": game,
                   "scratch": str(self.scratch / f"sheets-{number}"), **request}
        # From the side's root, its errors name files as in the user's checkout (content/...).
        return run_worker(WORKER, request, self.scratch, f"-{number}", side.content.parent, self._spawn)

    def _spawn(self, command: list[str], **popen: Any) -> subprocess.Popen:
        with self._lock:  # a worker is started only before `stop`, and `stop` sees every one
            if self._stopped:
                raise Stopped
            process = subprocess.Popen(command, **popen)
            self._started.append(process)
            return process

    def close(self) -> None:
        self.pool.shutdown()

    def stop(self) -> None:
        """The run is interrupted: no queued request starts, the workers at work are sent SIGTERM
        (worker.py: each unwinds and ends at once) and killed if they have not ended STOP_WAIT
        seconds later. What they leave (their engines' folders) is inside the run's scratch
        folder (run_worker), which its caller removes."""
        with self._lock:
            self._stopped = True
            running = [p for p in self._started if p.poll() is None]
        self.pool.shutdown(wait=False, cancel_futures=True)
        end_processes(running, STOP_WAIT)


class Stopped(Exception):
    """A worker was asked for after the run was interrupted."""


POLL = 0.1  # seconds between looks at a pending answer (see `wait_answer`)


def end_processes(processes: list[subprocess.Popen], wait: float) -> None:
    """SIGTERM to each process, SIGKILL to those still running `wait` seconds later; all reaped."""
    for process in processes:
        process.terminate()
    deadline = time.monotonic() + wait
    for process in processes:
        try:
            process.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_answer(pending: Any) -> dict:
    """What a worker request answered. A thread pool's future is waited for in short steps:
    POSIX lets the kernel hand a signal sent to the process to any thread that does not block it
    (Linux prefers the main one, not every system does), and when one of the pool's threads
    takes Ctrl-C the main thread learns of it only when it next runs Python, which a wait without
    a timeout would put off until that worker ends."""
    if not isinstance(pending, Future):
        return pending.result()  # Ray's (remote.py)
    while True:
        try:
            return pending.result(timeout=POLL)
        except TimeoutError:
            continue


def run_worker(worker: Path, request: dict, scratch: Path, suffix: str, cwd: Path,
               spawn: Callable[..., subprocess.Popen] = subprocess.Popen) -> dict:
    """Run the worker script on `request` in a Python of its own (the side's code first on its
    path, never the caller's) and give its answer, or {"error": ...} with what it printed.
    `spawn` starts it (Workers keeps the processes it starts, to end them on Ctrl-C)."""
    ask, answer = scratch / f"request{suffix}.json", scratch / f"result{suffix}.json"
    ask.write_text(json.dumps(request), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # a side's copy stays as exported
    # The worker's temporary folders (its engines) go inside the scratch folder: one killed
    # before it could remove them leaves nothing behind once the run removes its scratch.
    temporary = scratch / f"tmp{suffix}"
    temporary.mkdir(exist_ok=True)
    env["TMPDIR"] = str(temporary)
    try:
        process = spawn([sys.executable, str(worker), str(ask), str(answer)], env=env,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd)
    except Stopped:
        return {"error": "interrupted"}
    with process:
        stdout, stderr = process.communicate()
    if process.returncode != 0 or not answer.is_file():
        return {"error": (stderr or stdout).strip() or f"worker exited {process.returncode}"}
    return json.loads(answer.read_text(encoding="utf-8"))


def compare(base: Side, head: Side, games: list[str], settings: Settings, scratch: Path) -> dict[str, Any]:
    workers = (settings.workers or Workers)(scratch, settings.jobs)
    try:
        seeds = list(range(settings.seed, settings.seed + settings.games))
        settings.progress(f"building and playing {len(games)} game(s) × {settings.games} seeds on both sides")
        runs = {(game, name): workers.submit(side, game, phase="run", seeds=seeds,
                                             options=settings.options_of(name),
                                             players=settings.players, bot=settings.bot,
                                             parts=["text", "scenarios", "games"]
                                             + (["sheets"] if settings.sheets else []))
                for game in games for name, side in (("base", base), ("head", head))}
        reports = []
        for game in games:
            before, after = wait_answer(runs[(game, "base")]), wait_answer(runs[(game, "head")])
            reports.append(_compare_game(game, before, after, base, head, settings, workers))
    except BaseException:  # Ctrl-C above all: the workers end now, none is waited for
        workers.stop()
        raise
    workers.close()
    return {"format": FORMAT, "base": {"label": base.label}, "head": {"label": head.label},
            "settings": settings_json(settings), "games": reports, "verdict": verdict(reports)}


def settings_json(settings: Settings) -> dict[str, Any]:
    sides = {f"{name}_options": settings.options_of(name) for name in ("base", "head")
             if settings.side_options.get(name)}
    return {"games": settings.games, "seed": settings.seed, "options": settings.options, **sides,
            "players": settings.players,
            "alpha": settings.alpha, "until_significant": settings.until_significant,
            "max_games": settings.max_games, "policy": policy(settings.bot),
            "backend": settings.backend,
            "sheets": settings.sheets}


def same_tree_report(base: str, head: str, settings: Settings, said: str) -> dict[str, Any]:
    """The report when both sides are the same tree: nothing was run, nothing changed, and the
    verdict says why (`same_tree`, the line the terminal prints)."""
    return {"format": FORMAT, "base": {"label": base}, "head": {"label": head},
            "settings": settings_json(settings), "games": [],
            "verdict": {**verdict([]), "same_tree": said}}


def policy(bot: str | None) -> str:
    """Who took the decisions of the seeded games, as the report says it."""
    return f"bot {bot}" if bot else "stable choice"


def _compare_game(game: str, before: dict, after: dict, base: Side, head: Side, settings: Settings,
                  workers: Workers) -> dict[str, Any]:
    report: dict[str, Any] = {"game": game}
    for name, side in (("base", before), ("head", after)):
        if side.get("missing"):
            report.setdefault("missing", []).append(name)
        elif "error" in side:
            report.setdefault("errors", {})[name] = side["error"]
    if "missing" in report or "errors" in report:
        return report
    if "players" in after:  # a game of several player counts: say which one it was
        report["players"] = after["players"]
    report["text"] = text_changes(before["text"], after["text"])
    report["scenarios"] = scenario_changes(before["scenarios"], after["scenarios"])
    if settings.sheets:
        report["sheets"] = sheet_changes(before["sheets"], after["sheets"])
    games_before, games_after = before["games"], after["games"]
    looks = 1
    while True:
        alpha = settings.alpha / looks if settings.until_significant else settings.alpha
        found = outcomes.metrics(games_before, games_after, alpha)
        so_far = len(games_before)
        if (not settings.until_significant or outcomes.any_significant(found)
                or so_far + settings.games > settings.max_games):
            break
        looks += 1  # each look spends part of alpha (Bonferroni), so peeking does not inflate it
        seeds = list(range(settings.seed + so_far, settings.seed + so_far + settings.games))
        settings.progress(f"{game}: nothing significant after {so_far} games; playing {len(seeds)} more")
        more = [workers.submit(side, game, phase="run", seeds=seeds, options=settings.options_of(name),
                               players=settings.players, bot=settings.bot, parts=["games"])
                for name, side in (("base", base), ("head", head))]
        extra_before, extra_after = (wait_answer(f) for f in more)
        for extra, into in ((extra_before, games_before), (extra_after, games_after)):
            if "error" in extra:
                report.setdefault("errors", {})["more games"] = extra["error"]
                return report
            into.update(extra["games"])
    report["playthroughs"] = playthrough_changes(game, games_before, games_after, base, head, settings,
                                                 workers)
    report["outcomes"] = {"games": len(outcomes.paired_seeds(games_before, games_after)),
                          "looks": looks, "alpha": alpha,
                          "metrics": [m.as_json() for m in found]}
    return report


def scenario_changes(before: dict[str, dict], after: dict[str, dict]) -> dict[str, Any]:
    def status(found: dict | None) -> str:
        return "absent" if found is None else ("fail" if found["failures"] else "pass")

    rows: dict[str, list] = {"newly_failing": [], "newly_passing": [], "still_failing": [],
                             "added": [], "removed": []}
    unchanged = 0
    for path in sorted(set(before) | set(after)):
        old, new = before.get(path), after.get(path)
        row = {"path": path, "title": (new or old)["title"], "source": (new or old)["source"],
               "before": status(old), "after": status(new),
               "failures": (new or old)["failures"]}
        if old is None:
            rows["added"].append(row)
        elif new is None:
            rows["removed"].append(row)
        elif row["before"] == "pass" and row["after"] == "fail":
            rows["newly_failing"].append(row)
        elif row["before"] == "fail" and row["after"] == "pass":
            row["failures"] = old["failures"]
            rows["newly_passing"].append(row)
        elif row["before"] == "fail":
            row["failures_before"] = old["failures"]
            rows["still_failing"].append(row)
            unchanged += old["failures"] == new["failures"]
        else:
            unchanged += 1
    return {"run": len(set(before) | set(after)), "unchanged": unchanged, **rows}


def playthrough_changes(game: str, before: dict, after: dict, base: Side, head: Side, settings: Settings,
                        workers: Workers) -> dict[str, Any]:
    identical: list[int] = []
    diverged: dict[str, int] = {}
    faults: list[dict] = []
    for seed in sorted(before, key=int):
        old, new = before[seed], after.get(seed, {"error": "not run"})
        if "error" in old or "error" in new:
            if old.get("error") != new.get("error"):
                faults.append({"seed": int(seed), "before": old.get("error"), "after": new.get("error")})
            continue
        at = _first_difference(old["fp"], new["fp"])
        if at is None:
            identical.append(int(seed))
        else:
            diverged[seed] = at
    divergences = []
    if diverged:
        settings.progress(f"{game}: replaying {len(diverged)} diverged seed(s) to show where")
        at = [[int(seed), number] for seed, number in diverged.items()]
        asked = [workers.submit(side, game, phase="detail", at=at, options=settings.options_of(name),
                                players=settings.players, bot=settings.bot)
                 for name, side in (("base", base), ("head", head))]
        old_detail, new_detail = (wait_answer(f) for f in asked)
        for seed, number in diverged.items():
            divergences.append(_divergence(int(seed), number, old_detail, new_detail))
    return {"seeds": len(before), "identical": len(identical), "diverged": len(diverged),
            "faults": faults, "divergences": divergences}


def _first_difference(old: list[str], new: list[str]) -> int | None:
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            return i
    return None if len(old) == len(new) else min(len(old), len(new))


def _divergence(seed: int, number: int, old_detail: dict, new_detail: dict) -> dict[str, Any]:
    if "error" in old_detail or "error" in new_detail:
        return {"seed": seed, "decision": number, "why": "unknown",
                "error": old_detail.get("error") or new_detail.get("error")}
    old, new = (_trajectory(seed, d["detail"][str(seed)]) for d in (old_detail, new_detail))
    found = first_divergence(old, new)
    where = old_detail["detail"][str(seed)].get("where", {})
    if found is None:  # same decisions and log to the end: the final tracks differ
        return {"seed": seed, "decision": number, "why": "end", "before": None, "after": None,
                "context": list(old.tail[-3:]), "note": "the final values of the tracks differ",
                "where": where}
    return {"seed": seed, "decision": number, "why": found.why, "before": _step_json(found.before),
            "after": _step_json(found.after), "context": list(found.context), "where": where}


def _trajectory(seed: int, data: dict) -> Trajectory:
    steps = [Step(n, who, prompt, tuple(answers), chosen, tuple(log))
             for n, who, prompt, answers, chosen, log in data["steps"]]
    return Trajectory(seed, steps, data["result"], tuple(data["tail"]))


def _step_json(step: Step | None) -> dict[str, Any] | None:
    if step is None:
        return None
    return {"decision": step.number, "who": step.who, "prompt": step.prompt,
            "answers": list(step.answers), "chosen": step.chosen, "log": list(step.log)}


def verdict(reports: list[dict]) -> dict[str, Any]:
    """Exit 2 when a side could not be built or run; 1 when behaviour changed (a scenario's
    result, a diverged or newly faulting game, a significant outcome); else 0."""
    errors = sum(1 for r in reports if "errors" in r)
    failing = sum(len(r["scenarios"]["newly_failing"]) for r in reports if "scenarios" in r)
    passing = sum(len(r["scenarios"]["newly_passing"]) for r in reports if "scenarios" in r)
    diverged = sum(r["playthroughs"]["diverged"] for r in reports if "playthroughs" in r)
    faults = sum(len(r["playthroughs"]["faults"]) for r in reports if "playthroughs" in r)
    significant = sum(1 for r in reports if "outcomes" in r
                      for m in r["outcomes"]["metrics"] if m["significant"])
    games = sum(1 for r in reports if "missing" in r)
    changed = failing or passing or diverged or faults or significant or games
    return {"newly_failing": failing, "newly_passing": passing, "diverged": diverged, "faults": faults,
            "significant": significant, "games_added_or_removed": games, "errors": errors,
            "exit": 2 if errors else (1 if changed else 0)}
