"""A game folder from someone else (issue 41, docs/security.md): no command loses the user's
files, reads or writes outside the folders it was given, waits forever or shows a traceback.

`test_every_verb_over_the_hostile_folder` runs every verb of `kurtyna` (read from the parser, so
a verb added later must be added here too) over one folder holding every hostile thing found so
far: links out of it (dangling, to a file with a secret, to a folder), a FIFO, a link to
/dev/zero, 1,200 nested folders.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from compiler import fsio
from compiler.cli import make_parser

from ..conftest import ROOT

GAME = ROOT / "content" / "zelazna_kurtyna"  # the smallest game with catalogs in every language
SECRET = "TOP-SECRET-LINE-7731"


def _tree(folder: Path) -> dict[str, bytes | str]:
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


def _run(args: list[str], cwd: Path, home: Path, timeout: float = 120,
         stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "HOME": str(home), "KURTYNA_CACHE": "off", "PYTHONPATH": str(ROOT),
           "TMPDIR": str(home)}
    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=timeout)


DEPTH = 1200


def _make_deep(folder: Path) -> None:
    """DEPTH folders inside each other, made one by one (os.makedirs recurses once per level)."""
    for depth in range(DEPTH + 1):
        os.mkdir(folder / Path(*["d"] * depth))


def _remove_deep(folder: Path) -> None:
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
    _remove_deep(game / "deep")


# -- outputs -------------------------------------------------------------------------------------
WRITERS = [["build"], ["sheets", "--lang", "en"], ["sheets", "--review", "2"]]
OUTS = [".", "WORK", "GAME", "GAME/sub", "HOME", "ROOT", "MINE", "FILE"]


# `--review` writes one file into OUT/<game>/ and replaces no folder: a folder of one's own files
# there is not at risk, so that one pair is not a case
@pytest.mark.parametrize(("verb", "out"), [(verb, out) for verb in WRITERS for out in OUTS
                                           if not (verb[1:2] == ["--review"] and out == "MINE")])
def test_no_writing_verb_removes_or_writes_among_files_it_did_not_make(place, verb, out):
    """`kurtyna build ./cia_kgb --out .` deleted the game folder and put the engine in its place;
    every such output is refused before anything is written, and every file stays as it was."""
    work, game, home = place["work"], place["game"], place["home"]
    mine = work / "mine"
    own = mine / "zelazna_kurtyna"  # a folder of the user's files where an output would go
    (own / "en").mkdir(parents=True)
    (own / "thesis.txt").write_text("years of work\n", "utf-8")
    (own / "en" / "draft.txt").write_text("more work\n", "utf-8")
    (work / "a-file").write_text("not a folder\n", "utf-8")
    named = {".": ".", "WORK": str(work), "GAME": str(game), "GAME/sub": str(game / "sub"),
             "HOME": str(home), "ROOT": str(ROOT), "MINE": str(mine), "FILE": str(work / "a-file")}[out]
    before = {p: _tree(p) for p in (work, home)}
    repo_before = sorted(p.name for p in ROOT.iterdir())
    result = _run([*verb, str(game), "--out", named], work, home, timeout=300)
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("kurtyna: "), result.stderr
    assert {p: _tree(p) for p in (work, home)} == before
    assert sorted(p.name for p in ROOT.iterdir()) == repo_before


def test_an_output_kurtyna_made_is_replaced_and_one_of_an_earlier_kurtyna_too(place):
    work, game, home = place["work"], place["game"], place["home"]
    out = work / "out"
    assert _run(["build", str(game), "--out", str(out)], work, home).returncode == 0
    assert (out / "zelazna_kurtyna" / fsio.MARK).is_file()
    (out / "zelazna_kurtyna" / fsio.MARK).unlink()  # as an earlier Kurtyna left it: only its own files
    (out / "zelazna_kurtyna" / "rules.py").write_text("# edited\n", "utf-8")
    result = _run(["build", str(game), "--out", str(out)], work, home)
    assert result.returncode == 0, result.stderr
    engine = out / "zelazna_kurtyna"
    assert (engine / fsio.MARK).is_file() and "edited" not in (engine / "rules.py").read_text()


@pytest.mark.parametrize("entry", [".zelazna_kurtyna.old", ".zelazna_kurtyna.new", ".zelazna_kurtyna.lock"])
@pytest.mark.parametrize("kind", ["folder", "link"])
def test_a_staging_or_lock_entry_that_is_not_kurtynas_is_refused_not_followed(place, entry, kind):
    work, game, home = place["work"], place["game"], place["home"]
    out = work / "out"
    out.mkdir()
    target = home / "precious"
    target.mkdir()
    (target / "keep.txt").write_text("keep\n", "utf-8")
    if kind == "folder":
        (out / entry).mkdir()
        (out / entry / "keep.txt").write_text("keep\n", "utf-8")
    else:
        (out / entry).symlink_to(target, target_is_directory=True)
    before = (_tree(out), _tree(home))
    result = _run(["build", str(game), "--out", str(out)], work, home)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert entry in result.stderr
    assert (_tree(out), _tree(home)) == before


def test_an_output_locked_past_its_wait_is_a_clear_error(place, monkeypatch, capsys):
    from compiler import cli

    out = place["work"] / "out"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from compiler import fsio; from pathlib import Path\n"
         "with fsio.output_lock(Path(sys.argv[1])):\n    print('held', flush=True); time.sleep(60)",
         str(out / "zelazna_kurtyna")], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        monkeypatch.setattr(fsio, "LOCK_WAIT", 0.3)
        monkeypatch.setenv("KURTYNA_CACHE", "off")
        assert cli.main(["build", str(place["game"]), "--out", str(out)]) == 1
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()
    err = capsys.readouterr().err
    assert "another kurtyna run is still writing it" in err and "Traceback" not in err


# -- links, FIFOs, devices -----------------------------------------------------------------------
def test_a_catalog_linked_out_of_the_game_is_refused_and_nothing_outside_is_read_or_written(place):
    work, game, home = place["work"], place["game"], place["home"]
    locales = game / "locales"
    outside = home / "other.po"
    polish = (locales / "pl.po").read_text("utf-8")
    outside.write_text(polish + f"\n# {SECRET}\nmsgid broken {SECRET}\n", "utf-8")
    (locales / "pl.po").unlink()
    (locales / "pl.po").symlink_to(outside)
    empty = home / "empty.po"
    empty.write_text("", "utf-8")
    (locales / "cs.po").unlink()
    (locales / "cs.po").symlink_to(empty)
    (locales / "messages.pot").unlink()
    (locales / "messages.pot").symlink_to(home / ".bash_aliases")  # dangling
    before = _tree(home)
    commands = (["check", str(game)], ["i18n", "update", str(game)], ["i18n", "status", str(game)],
                ["text", str(game), "--lang", "pl"], ["build", str(game), "--out", "o"])
    for verb in commands:
        result = _run(verb, work, home)
        assert result.returncode == 1, (verb, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr
        assert SECRET not in result.stdout + result.stderr, verb
        assert "leads out of the game folder" in result.stderr, (verb, result.stderr)
    assert _tree(home) == before and not (home / ".bash_aliases").exists()


def test_follow_links_reads_and_writes_a_catalog_linked_on_purpose(place):
    """The translator who keeps the Polish catalog elsewhere and links it says so."""
    work, game, home = place["work"], place["game"], place["home"]
    shared = home / "shared-pl.po"
    shutil.move(game / "locales" / "pl.po", shared)
    (game / "locales" / "pl.po").symlink_to(shared)
    refused = _run(["i18n", "update", str(game)], work, home)
    assert refused.returncode == 1 and "--follow-links" in refused.stderr
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text("utf-8") + "\n", "utf-8")
    result = _run(["i18n", "update", str(game), "--follow-links"], work, home)
    assert result.returncode == 0, result.stderr
    assert (game / "locales" / "pl.po").is_symlink()
    assert _run(["check", str(game), "--follow-links"], work, home).returncode == 0


def test_a_whole_locales_folder_linked_out_is_refused(place):
    work, game, home = place["work"], place["game"], place["home"]
    shutil.move(game / "locales", home / "locales")
    (game / "locales").symlink_to(home / "locales", target_is_directory=True)
    before = _tree(home)
    result = _run(["i18n", "update", str(game)], work, home)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert _tree(home) == before


@pytest.mark.parametrize("where", ["notes.fifo", "cards.yaml", "locales/cs.po"])
def test_a_fifo_in_the_game_folder_is_never_waited_on(place, where):
    work, game, home = place["work"], place["game"], place["home"]
    path = game / where
    if path.exists():
        path.unlink()
    os.mkfifo(path)
    result = _run(["check", str(game)], work, home, timeout=20)  # the old code waited forever
    assert "Traceback" not in result.stderr
    if where == "notes.fifo":
        assert result.returncode == 0, result.stderr
    else:
        assert result.returncode == 1 and "not a regular file" in result.stderr, result.stderr


def test_links_to_devices_and_deep_folders_cost_nothing(place):
    """The input hash once read every file and followed links: /dev/zero filled memory, 1,200
    nested folders overflowed its recursion."""
    work, game, home = place["work"], place["game"], place["home"]
    (game / "zero").symlink_to("/dev/zero")
    (game / "random").symlink_to("/dev/urandom")
    _make_deep(game / "deep")
    for cache in ("off", str(home / "cache")):
        env_home = home
        result = subprocess.run([sys.executable, "-m", "compiler.cli", "build", str(game), "--out", "out"],
                                cwd=work, env={**os.environ, "HOME": str(env_home), "KURTYNA_CACHE": cache,
                                               "PYTHONPATH": str(ROOT)},
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr


# -- every verb ----------------------------------------------------------------------------------
def _hostile(place: dict[str, Path], compiles: bool) -> None:
    """Everything above at once, in one game folder: with `compiles`, only what the game does
    not read (so every verb runs to its end), else also a catalog linked out of the folder."""
    game, home = place["game"], place["home"]
    (home / "secret.txt").write_text(SECRET + "\n", "utf-8")
    (game / "secret.yaml").symlink_to(home / "secret.txt")
    (game / "zero").symlink_to("/dev/zero")
    os.mkfifo(game / "notes.fifo")
    _make_deep(game / "deep")
    if not compiles:
        (game / "locales" / "messages.pot").unlink()
        (game / "locales" / "messages.pot").symlink_to(home / ".bash_aliases")


# Each verb with the arguments that make it read the hostile game (and write, where it writes).
VERBS = {
    "check": ["check", "GAME"],
    "build": ["build", "GAME", "--out", "OUT"],
    "sheets": ["sheets", "GAME", "--lang", "en", "--out", "OUT"],
    "test": ["test", "GAME"],
    "sim": ["sim", "GAME", "--games", "3"],
    "bench": ["bench", "GAME", "--games", "2", "--compile-runs", "1", "--repeat", "1", "--seconds", "0.05"],
    "play": ["play", "GAME"],
    "regress": ["regress", "GAME", "--games", "2"],
    "text": ["text", "GAME", "--lang", "pl"],
    "i18n": ["i18n", "update", "GAME"],
}


def test_every_verb_is_walked_over_the_hostile_folder():
    verbs = set(make_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    assert verbs == set(VERBS), "a verb added to kurtyna must be run over the hostile folder here"


# with the catalog linked out: the verbs that read or write the catalogs (the others read the
# same files through the same reader, and the hostile folder costs each about ten seconds)
@pytest.mark.parametrize(("verb", "compiles"), [(verb, True) for verb in sorted(VERBS)] +
                         [(verb, False) for verb in ("build", "check", "i18n", "text")])
def test_every_verb_over_the_hostile_folder(place, verb, compiles):
    _hostile(place, compiles)
    work, game, home = place["work"], place["game"], place["home"]
    before = _tree(home)
    args = [str(game) if a == "GAME" else str(work / "out") if a == "OUT" else a for a in VERBS[verb]]
    result = _run(args, work, home, timeout=240, stdin="quit\n")
    assert "Traceback" not in result.stderr, result.stderr
    assert SECRET not in result.stdout + result.stderr
    assert result.returncode in (0, 1, 2), result.stderr
    if compiles and verb not in ("test", "regress"):  # no scenarios, no git history: nothing to run
        assert result.returncode == 0, result.stderr
    assert _tree(home) == before  # nothing outside written (the dangling link still dangles)
    assert not (home / ".bash_aliases").exists()
