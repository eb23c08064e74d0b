"""The two sides of a comparison, each a private copy in a temporary folder.

A side is a git revision (exported with `git archive`, so the repository gains no worktree and
its index is untouched), the working tree (tracked and untracked files that git does not
ignore, copied: uncommitted edits included), or a content folder run with the code of the
running Kurtyna. Everything a side builds goes into its own copy; the user's tree, its
`generated/` folder and its `.git` are only read.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from compiler.tools.common import CHECKOUT, UsageError
from compiler.tools.test.scenario_game import example_roots

WORKING_TREE = "."


@dataclass(frozen=True)
class Side:
    label: str  # as the report names it: a revision with its commit, "working tree", a folder
    code: Path  # put first on the side's sys.path: its compiler/ and dsl/
    content: Path  # the folder holding one folder per game
    examples: Path | None  # the scenario files, one folder per game


def repository(start: Path) -> Path:
    """The top of the git checkout holding `start`."""
    done = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=start, capture_output=True, text=True)
    if done.returncode != 0:
        raise UsageError(f"'{start}' is not inside a git checkout: compare two content folders with "
                         "--base-dir and --head-dir instead")
    return Path(done.stdout.strip())


def _commit(repo: Path, rev: str) -> str:
    done = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], cwd=repo,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise UsageError(f"no git revision '{rev}' in {repo} (try HEAD, HEAD~1, a branch or a commit)")
    return done.stdout.strip()


def _from_revision(repo: Path, rev: str, into: Path) -> str:
    commit = _commit(repo, rev)
    archive = into.parent / f"{into.name}.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", "--format=tar", commit], cwd=repo, stdout=out, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    archive.unlink()
    return f"{rev} ({commit[:9]})"


def _working_tree_files(repo: Path) -> Iterator[str]:
    """The files of the working tree a side copies: what git tracks or would track (uncommitted
    edits included, ignored files not), each a file that is there."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=repo, capture_output=True, check=True).stdout
    # Names as the file system has them: a name that is not UTF-8 (a file saved from an old
    # archive) keeps its bytes through os.fsdecode, as Python's own paths do, and is copied.
    for name in map(os.fsdecode, filter(None, listed.split(b"\0"))):
        if (repo / name).is_file():  # a file deleted but not yet staged is listed and absent
            yield name


def copy_working_tree(repo: Path, into: Path) -> str:
    """Copy what git tracks or would track (uncommitted edits included, ignored files not)."""
    for name in _working_tree_files(repo):
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(repo / name, target)
    return "working tree"


# -- the same tree on both sides -----------------------------------------------------------------
# A side's files as git names them: path -> (mode, object id). Two sides with the same files are
# exported alike, so nothing of a comparison of them can differ: `regress` says so and stops.
Files = dict[bytes, tuple[bytes, bytes]]


def _revision_files(repo: Path, commit: str) -> Files:
    listed = subprocess.run(["git", "ls-tree", "-r", "-z", "--full-tree", commit], cwd=repo,
                            capture_output=True, check=True).stdout
    files: Files = {}
    for entry in filter(None, listed.split(b"\0")):
        info, _, path = entry.partition(b"\t")
        mode, kind, object_id = info.split(b" ")
        if kind != b"commit":  # a submodule: `git archive` leaves an empty folder, the copy nothing
            files[path] = (mode, object_id)
    return files


def _working_tree_blobs(repo: Path) -> Files | None:
    """The files `copy_working_tree` would copy, as git would store them, hashed here without
    writing anything into the repository. A file read through a link is a regular file here, as
    in the copy; a tree that differs from the revision only where git would convert line ends or
    run a filter (`git archive` does, the copy does not) is a different tree, and is compared."""
    done = subprocess.run(["git", "rev-parse", "--show-object-format"], cwd=repo, capture_output=True,
                          text=True)
    algorithm = done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else "sha1"
    files: Files = {}
    for name in _working_tree_files(repo):
        path = repo / name
        try:
            data = path.read_bytes()
            mode = b"100755" if path.stat().st_mode & stat.S_IXUSR else b"100644"
        except OSError:  # gone meanwhile, or unreadable: not known to be the same, so compared
            return None
        digest = hashlib.new(algorithm, b"blob %d\0" % len(data) + data).hexdigest()
        files[os.fsencode(name)] = (mode, digest.encode())
    return files


@dataclass(frozen=True)
class SameTree:
    base: str  # each side's label, as the report names it
    head: str
    games: set[str]  # the games of the tree (folders under content/ with a game.yaml)


def same_tree(base: dict, head: dict, cwd: Path) -> SameTree | None:
    """Whether two sides given as git revisions or the working tree hold the same files, found
    before anything is exported, built or run; None when they differ or a side is a folder."""
    if "dir" in base or "dir" in head:
        return None
    repo = repository(cwd)
    labels: list[str] = []
    trees: list[Files | None] = []
    for spec in (base, head):
        rev = spec["rev"]
        if rev == WORKING_TREE:  # labels as `prepare` gives them
            labels.append("working tree")
            trees.append(_working_tree_blobs(repo))
        else:
            commit = _commit(repo, rev)
            labels.append(f"{rev} ({commit[:9]})")
            trees.append(_revision_files(repo, commit))
    files, others = trees
    if files is None or files != others:
        return None
    games = {parts[1] for parts in (os.fsdecode(path).split("/") for path in files)
             if len(parts) == 3 and parts[0] == "content" and parts[2] == "game.yaml"}
    return SameTree(labels[0], labels[1], games)


def _from_folder(folder: Path, into: Path) -> tuple[str, Path]:
    """A content folder (one folder per game) or one game's folder, copied under `into`."""
    if not folder.is_dir():
        raise UsageError(f"no folder '{folder}'")
    if (folder / "game.yaml").is_file():  # under its id: two copies of a game may differ in name
        shutil.copytree(folder, into / "content" / _game_id(folder))
    elif any((p / "game.yaml").is_file() for p in folder.iterdir()):
        shutil.copytree(folder, into / "content")
    else:
        raise UsageError(f"'{folder}' holds no game: give a game folder (with game.yaml) or a folder "
                         "of games")
    return str(folder), into / "content"


def _game_id(folder: Path) -> str:
    from compiler.diagnostics import Diagnostics
    from compiler.front.loader import load_file

    # the loader's bounds (E107): a game.yaml of 100,000 nested lists is refused, not recursed into
    diags = Diagnostics()
    doc = load_file(folder / "game.yaml", "game.yaml", diags)
    if doc is None or diags.has_errors:
        return folder.name  # the side's build reports the broken file with its line
    data = doc.data
    found = data.get("id") if isinstance(data, dict) else None
    return found if isinstance(found, str) and found.isidentifier() else folder.name


def prepare(spec: dict, name: str, work: Path, cwd: Path) -> Side:
    """A side from `{"rev": REV}`, `{"rev": "."}` or `{"dir": PATH}`, copied into `work/name`."""
    into = work / name
    into.mkdir(parents=True)
    if "dir" in spec:
        label, content = _from_folder(Path(spec["dir"]).resolve(), into)
        roots = example_roots()  # the scenarios of the checkout you are in, else of this Kurtyna
        return Side(label, CHECKOUT, content, roots[0].resolve() if roots else None)
    repo = repository(cwd)
    rev = spec["rev"]
    label = copy_working_tree(repo, into) if rev == WORKING_TREE else _from_revision(repo, rev, into)
    examples = into / "tests" / "examples"
    # A repository of content only (Kurtyna installed with pip) runs on the running Kurtyna.
    code = into if (into / "compiler").is_dir() and (into / "dsl").is_dir() else CHECKOUT
    return Side(label, code, into / "content", examples if examples.is_dir() else None)


def workspace() -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="kurtyna-regress-")
