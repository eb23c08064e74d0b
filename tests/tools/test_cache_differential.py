"""The cache is invisible (issue 40): every verb gives the same answer with `KURTYNA_CACHE=off`,
with a cold cache, with the same cache warm, and on a copy of the game in another folder once
the folder the cache was filled from is gone. Two folders with the same content at different
paths give the same answers, each naming its own path.

Compared answers, not code paths: each verb runs as a user runs it, in a process of its own, and
its exit code, its output (its folder's own path and timings normalised) and the files it wrote
must be the same all four ways. Żelazna Kurtyna, the smallest game, runs here (`make test`); the
three other games run in tests/tools/long_cache_differential.py (`make long`), the same check."""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ..conftest import CONTENT, ROOT, edit_file


@dataclass(frozen=True)
class Setup:
    """What each game is asked: the rule procedures whose text is printed, and the edit of one
    effect's number that `regress` compares with the commit before it."""
    rules: tuple[str, ...]
    edit: tuple[str, str, str]  # file in the game folder, old text, new text


SETUPS = {
    # East Germany gains 2 points, not 1: its scenario's expectation fails, naming its file
    "zelazna_kurtyna": Setup(("infiltrate", "lay_card"),
                             ("cards.yaml", "gain(ussr, 1)\n      infiltrate(ussr, 2,",
                              "gain(ussr, 2)\n      infiltrate(ussr, 2,")),
    # the reproduction: Socialist Governments removes from 4 countries, not 3
    "zimna_wojna": Setup(("coup", "realign"), ("cards.yaml", "ussr chooses 3 c in western_europe",
                                               "ussr chooses 4 c in western_europe")),
    "cia_kgb": Setup(("recruit", "struggle_phase"),
                     ("cards.yaml", "objective_peek[player], 3)", "objective_peek[player], 2)")),
    "mocarstwo": Setup(("negotiate", "year_end"), ("rules.yaml", "cash[p] = 2", "cash[p] = 3")),
}

# Each verb as (name, arguments); {game} is the game's folder, {examples} its scenarios, {out} an
# output folder of the run's own. Small numbers: the answers are compared, not the games measured.
VERBS: list[tuple[str, list[str]]] = [
    ("check", ["check", "{game}"]),
    ("build", ["build", "{game}", "--out", "{out}"]),
    ("text", ["text", "{game}", "--lang", "all"]),
    ("text --generated", ["text", "{game}", "--lang", "all", "--generated"]),
    ("text rules", ["text", "{game}", "{rules}", "--lang", "all"]),
    ("i18n status", ["i18n", "status", "{game}"]),
    ("sheets --review", ["sheets", "{game}", "--review", "2", "--out", "{out}"]),
    ("test", ["test", "{examples}"]),
    ("sim --json", ["sim", "{game}", "--games", "5", "--json"]),
    ("regress --json", ["regress", "{name}", "--base", "HEAD~1", "--head", "HEAD", "--games", "3", "--json"]),
]


@dataclass(frozen=True)
class Answer:
    exit: int
    stdout: str
    stderr: str
    files: dict[str, str]  # what it wrote under --out: path -> sha256 of the bytes


def _git(cwd: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True, env=env)


def _template(game: str, into: Path) -> Path:
    """A small repository: the game under content/, its scenarios under tests/examples/, and two
    commits, the second changing one number of an effect (what `regress` compares). Its working
    tree holds the game as it is, which the other verbs read (the changed text now contradicts
    its effect, and `check` would only list that)."""
    shutil.copytree(CONTENT / game, into / "content" / game)
    shutil.copytree(ROOT / "tests" / "examples" / game, into / "tests" / "examples" / game)
    _git(into, "init", "-q")
    _git(into, "add", "-A")
    _git(into, "commit", "-qm", "before")
    changed = into / "content" / game / SETUPS[game].edit[0]
    original = changed.read_bytes()
    edit_file(changed, *SETUPS[game].edit[1:], 1)
    _git(into, "commit", "-qam", "after")
    changed.write_bytes(original)
    return into


def _run(game: str, verb: list[str], root: Path, out: Path, cache: str) -> Answer:
    """One verb run from the folder `root` (the repository), its game named by its path there."""
    values = {"game": str(root / "content" / game), "examples": str(root / "tests" / "examples" / game),
              "out": str(out), "name": game}
    argv: list[str] = []
    for arg in verb:
        argv.extend(SETUPS[game].rules if arg == "{rules}" else [arg.format(**values)])
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KURTYNA_CACHE": cache}
    done = subprocess.run([sys.executable, "-m", "compiler.cli", *argv], cwd=root, env=env,
                          capture_output=True, text=True, timeout=600)
    files = {}
    if out.is_dir():  # the engine's files, the contact sheets' PNG images: by their bytes
        files = {p.relative_to(out).as_posix(): hashlib.sha256(_normal(p.read_bytes(), root, out)).hexdigest()
                 for p in sorted(out.rglob("*")) if p.is_file()}
    stdout, stderr = (_normal(os.fsencode(stream), root, out).decode("utf-8", "surrogateescape")
                      for stream in (done.stdout, done.stderr))
    return Answer(done.returncode, _untimed(stdout), stderr, files)


def _normal(data: bytes, root: Path, out: Path) -> bytes:
    """The run's own folders by name: each run names its own path, the rest must be the same."""
    for folder, name in ((out, b"<OUT>"), (root, b"<ROOT>")):
        data = data.replace(os.fsencode(folder), name)
    return data


_SECONDS = re.compile(r'"seconds": [0-9.e-]+')


def _untimed(stdout: str) -> str:
    """Timings aside (`sim --json`'s `seconds`)."""
    return _SECONDS.sub('"seconds": 0', stdout)


def cache_differences(game: str, tmp: Path) -> list[str]:
    """Every verb on `game` four ways; what differs from the run without a cache, in words.

    off: `KURTYNA_CACHE=off`, in folder r0. cold, then warm: an empty cache folder of the verb's
    own, twice, in folder ra. copied: ra deleted, the same files copied to rb, run with the cache
    ra filled. The three folders' paths differ but have the same length, so nothing laid out to a
    width (a table) differs by the path alone."""
    template = _template(game, tmp / "template")
    roots = {way: tmp / way for way in ("r0", "ra", "rb")}
    caches = {name: tmp / "cache" / f"verb{index}" for index, (name, _) in enumerate(VERBS)}
    for folder in caches.values():
        folder.mkdir(parents=True)
    answers: dict[str, dict[str, Answer]] = {name: {} for name, _ in VERBS}

    def run_ways(ways: tuple[tuple[str, Path, bool], ...]) -> None:
        """Each verb its ways in turn (cold before warm), two verbs at once: a verb keeps its
        cache in a folder of its own, so the verbs are independent and two cores halve the wait."""
        def one_verb(index: int) -> None:
            name, verb = VERBS[index]
            for way, root, cached in ways:
                cache = str(caches[name]) if cached else "off"
                answers[name][way] = _run(game, verb, root, tmp / f"out-{way}-{index}", cache)

        with ThreadPoolExecutor(2) as pool:
            list(pool.map(one_verb, range(len(VERBS))))  # list(): a verb's failure is raised here

    shutil.copytree(template, roots["r0"])
    shutil.copytree(template, roots["ra"])
    run_ways((("off", roots["r0"], False), ("cold", roots["ra"], True), ("warm", roots["ra"], True)))
    _worth_comparing(game, {name: ways["off"] for name, ways in answers.items()})
    assert all(any(folder.iterdir()) for folder in caches.values()), "a verb kept nothing: nothing was tested"
    shutil.rmtree(roots["ra"])
    shutil.copytree(template, roots["rb"])
    run_ways((("copied", roots["rb"], True),))

    found = []
    for name, ways in answers.items():
        reference = ways["off"]
        for way in ("cold", "warm", "copied"):
            if ways[way] != reference:
                found.append(f"{game}: {name} {way} differs from KURTYNA_CACHE=off:\n"
                             + _difference(reference, ways[way]))
    return found


def _worth_comparing(game: str, off: dict[str, Answer]) -> None:
    """The runs without a cache did their work: a comparison of failures alone proves nothing."""
    for name, answer in off.items():
        expected = 1 if name == "regress --json" else 0  # regress: behaviour changed
        assert answer.exit == expected, f"{name}: {answer.stdout}{answer.stderr}"
    assert any(path.endswith("rules.py") for path in off["build"].files)
    reviews = [f"{game}/review-{lang}.png" for lang in ("cs", "en", "pl")]
    assert sorted(off["sheets --review"].files) == reviews
    assert "passed, 0 failed" in off["test"].stdout
    assert json.loads(off["sim --json"].stdout)["finished"] == 5
    # what a cache that kept a model of another folder got wrong (issue 40): the Polish and
    # Czech texts generated from the changed effect (a card's, or a rule's in Jak zostać mocarstwem)
    report = json.loads(off["regress --json"].stdout)["games"][0]
    changed = report["text"]["generated"] + report["text"]["rules"]
    assert {row["lang"] for row in changed} == {"en", "pl", "cs"}, changed
    # a failing scenario names its file as in the checkout, never the run's temporary copy of
    # a side, whose name differs run to run (what the comparison of the runs would also find)
    failures = [f for row in report["scenarios"]["newly_failing"] for f in row["failures"]]
    assert failures and not [f for f in failures if "kurtyna-regress-" in f], failures


def _difference(off: Answer, other: Answer) -> str:
    lines = []
    if off.exit != other.exit:
        lines.append(f"  exit {off.exit} -> {other.exit}")
    for field in ("stdout", "stderr"):
        before, after = getattr(off, field), getattr(other, field)
        if before != after:
            diff = difflib.unified_diff(before.splitlines(), after.splitlines(), "off", field, lineterm="")
            lines.extend(f"  {line}" for line in list(diff)[:40])
    for path in sorted(set(off.files) | set(other.files)):
        was, now = off.files.get(path, "absent"), other.files.get(path, "absent")
        if was != now:
            lines.append(f"  file {path}: {was} -> {now}")
    return "\n".join(lines)


def check_answers(game: str, tmp: Path) -> None:
    """The check itself, also for make long's games: the runs did something worth comparing,
    and every verb answered the same all four ways."""
    found = cache_differences(game, tmp)
    assert not found, "\n".join(found)


def test_every_verb_answers_alike_whatever_the_cache_holds(tmp_path):
    check_answers("zelazna_kurtyna", tmp_path)
