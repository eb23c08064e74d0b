"""A game folder from someone else (issue 41, docs/security.md): no command removes or writes
among files it did not make; every output it is given is checked before anything is written.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from compiler import fsio

from ..conftest import ROOT
from .hostile import run_kurtyna, tree

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
    before = {p: tree(p) for p in (work, home)}
    repo_before = sorted(p.name for p in ROOT.iterdir())
    result = run_kurtyna([*verb, str(game), "--out", named], work, home, timeout=300)
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("kurtyna: "), result.stderr
    assert {p: tree(p) for p in (work, home)} == before
    assert sorted(p.name for p in ROOT.iterdir()) == repo_before


def test_an_output_kurtyna_made_is_replaced_and_one_of_an_earlier_kurtyna_too(place):
    work, game, home = place["work"], place["game"], place["home"]
    out = work / "out"
    assert run_kurtyna(["build", str(game), "--out", str(out)], work, home).returncode == 0
    assert (out / "zelazna_kurtyna" / fsio.MARK).is_file()
    (out / "zelazna_kurtyna" / fsio.MARK).unlink()  # as an earlier Kurtyna left it: only its own files
    (out / "zelazna_kurtyna" / "rules.py").write_text("# edited\n", "utf-8")
    result = run_kurtyna(["build", str(game), "--out", str(out)], work, home)
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
    before = (tree(out), tree(home))
    result = run_kurtyna(["build", str(game), "--out", str(out)], work, home)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert entry in result.stderr
    assert (tree(out), tree(home)) == before


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
