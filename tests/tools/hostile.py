"""What the hostile-folder tests share: a copy of a game beside a home folder, a way to run
`kurtyna` there, and a picture of a folder that follows no link (test_hostile_*.py)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..conftest import ROOT

GAME = ROOT / "content" / "zelazna_kurtyna"  # the smallest game with catalogs in every language
SECRET = "TOP-SECRET-LINE-7731"


def tree(folder: Path) -> dict[str, bytes | str]:
    """Every entry under `folder` by relative path: a file's bytes, a link's target, a folder's
    or a FIFO's kind (nothing is followed or opened but regular files)."""
    out: dict[str, bytes | str] = {}
    stack = [folder]
    while stack:  # not rglob: 1,200 nested folders overflow its recursion
        for path in sorted(stack.pop().iterdir()):
            rel = path.relative_to(folder).as_posix()
            if path.is_symlink():
                out[rel] = "link -> " + os.readlink(path)
            elif path.is_dir():
                out[rel] = "folder"
                stack.append(path)
            elif path.is_file():
                out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                out[rel] = "special"
    return out


def run_kurtyna(args: list[str], cwd: Path, home: Path, timeout: float = 120,
         stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "HOME": str(home), "KURTYNA_CACHE": "off", "PYTHONPATH": str(ROOT),
           "TMPDIR": str(home)}
    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=timeout)


DEPTH = 1200


def make_deep(folder: Path) -> None:
    """DEPTH folders inside each other, made one by one (os.makedirs recurses once per level)."""
    for depth in range(DEPTH + 1):
        os.mkdir(folder / Path(*["d"] * depth))


def remove_deep(folder: Path) -> None:
    """Remove the nested folders from the deepest up (shutil.rmtree and pytest's clean-up recurse
    once per level and overflow the stack)."""
    chain = [folder / Path(*["d"] * depth) for depth in range(DEPTH, -1, -1)]
    for path in chain:
        if path.is_dir():
            os.rmdir(path)


@pytest.fixture
def place(tmp_path: Path) -> Iterator[dict[str, Path]]:
    """A working folder holding a copy of a game with its catalogs, and a home folder."""
    home = tmp_path / "home"
    home.mkdir()
    (home / ".profile").write_text("# the user's profile\n", "utf-8")
    work = tmp_path / "work"
    game = work / "zelazna_kurtyna"
    shutil.copytree(GAME, game)
    (game / "notes.txt").write_text("the author's own notes\n", "utf-8")
    yield {"home": home, "work": work, "game": game}
    remove_deep(game / "deep")
