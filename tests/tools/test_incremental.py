"""`kurtyna build` with nothing changed compiles nothing and writes nothing; what changed makes
it build again (compiler/tools/stamps.py). Asserted on behaviour (what was compiled, what was
written), never on time."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.tools import build, stamps

from ..conftest import CONTENT, FIXTURES, ROOT, edit_file

TINY = FIXTURES / "games" / "tiny"


class Compilations:
    """Counts the games `kurtyna build` compiles (the lowering included)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.games: list[str] = []
        real = build._render

        def counted(folder: Path):
            self.games.append(Path(folder).name)
            return real(folder)

        monkeypatch.setattr(build, "_render", counted)


def _times(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_mtime_ns, p.stat().st_ino) for p in sorted(folder.iterdir())}


@pytest.fixture
def game(tmp_path, monkeypatch) -> Path:
    """A copy of the tiny game. It has no translations, so `--check` here takes its catalogs as
    current (a real game's catalogs: test_a_changed_catalog_makes_build_check_compile_again)."""
    from compiler.back.i18n import manage

    monkeypatch.setattr(manage, "outdated_catalogs", lambda compiled: [])
    folder = tmp_path / "content" / "tiny"
    shutil.copytree(TINY, folder)
    return folder


def test_a_build_with_nothing_changed_compiles_nothing_and_writes_nothing(game, tmp_path, monkeypatch,
                                                                          capsys):
    out = tmp_path / "out"
    compiled = Compilations(monkeypatch)
    assert build.build_games([game], check_only=False, out_root=out) == 0
    assert compiled.games == ["tiny"]
    before = _times(out / "tiny")
    assert (out / ".tiny.stamp").is_file()
    capsys.readouterr()
    for check_only in (False, True, False):
        assert build.build_games([game], check_only=check_only, out_root=out) == 0
    assert compiled.games == ["tiny"]  # the three runs compiled nothing
    assert _times(out / "tiny") == before  # and rewrote nothing
    shown = capsys.readouterr().out
    assert "tiny/ is up to date" in shown and "tiny: up to date" in shown
    assert shown.splitlines()[0].startswith("tiny: ok - ")  # the summary, as a full build prints it


def test_a_full_build_that_would_write_the_same_files_leaves_them_alone(game, tmp_path, monkeypatch):
    out = tmp_path / "out"
    assert build.build_games([game], check_only=False, out_root=out) == 0
    before = _times(out / "tiny")
    compiled = Compilations(monkeypatch)
    assert build.build_games([game], check_only=False, out_root=out, force=True) == 0
    assert compiled.games == ["tiny"] and _times(out / "tiny") == before


@pytest.mark.parametrize("change", ["content", "new file", "compiler", "stamp format", "folder name"])
def test_what_the_engine_depends_on_makes_the_next_build_compile(change, game, tmp_path, monkeypatch):
    out = tmp_path / "out"
    assert build.build_games([game], check_only=False, out_root=out) == 0
    compiled = Compilations(monkeypatch)
    if change == "content":
        edit_file(game / "tracks.yaml", "max: 10", "max: 12", 1)
    elif change == "new file":
        (game / "notes.txt").write_text("an author's note\n", "utf-8")
    elif change == "compiler":
        monkeypatch.setattr(stamps, "compiler_key", lambda: "another compiler")
    elif change == "stamp format":
        monkeypatch.setattr(stamps, "FORMAT", stamps.FORMAT + 1)
    else:  # the engine's header names the folder as the author does
        monkeypatch.chdir(tmp_path / "content")
    assert build.build_games([game], check_only=False, out_root=out) == 0
    assert compiled.games == ["tiny"]
    assert stamps.fresh_stamp(out / "tiny", stamps.input_key(game)) is not None  # and it is recorded


def test_a_changed_catalog_makes_build_check_compile_again(tmp_path, monkeypatch):
    game = tmp_path / "content" / "zelazna_kurtyna"
    shutil.copytree(CONTENT / "zelazna_kurtyna", game)
    out = tmp_path / "out"
    assert build.build_games([game], check_only=False, out_root=out) == 0
    assert build.build_games([game], check_only=True, out_root=out) == 0  # records the catalogs current
    assert json.loads((out / ".zelazna_kurtyna.stamp").read_text("utf-8"))["catalogs"] is True
    compiled = Compilations(monkeypatch)
    assert build.build_games([game], check_only=True, out_root=out) == 0
    assert compiled.games == []
    catalog = game / "locales" / "pl.po"
    catalog.write_text(catalog.read_text("utf-8") + '\nmsgid "a string nobody asked for"\nmsgstr "x"\n',
                       "utf-8")
    assert build.build_games([game], check_only=True, out_root=out) == 1  # the catalog is stale now
    assert compiled.games == ["zelazna_kurtyna"]


def test_the_compiler_key_covers_the_grammar_schemas_and_every_source(tmp_path):
    copies = [tmp_path / "compiler", tmp_path / "dsl"]
    for name, copy in zip(("compiler", "dsl"), copies, strict=True):
        shutil.copytree(ROOT / name, copy, ignore=shutil.ignore_patterns("__pycache__"))
    first = stamps.tree_key(copies)
    assert stamps.tree_key(copies) == first
    for edited in ("dsl/effect.lark", "dsl/schemas/cards.schema.json", "compiler/back/python/statements.py",
                   "compiler/back/text/locales/pl.po"):
        path = tmp_path / edited
        original = path.read_bytes()
        path.write_bytes(original + b"\n")
        assert stamps.tree_key(copies) != first, edited
        path.write_bytes(original)
    assert stamps.tree_key(copies) == first
    (tmp_path / "dsl" / "__pycache__").mkdir()
    (tmp_path / "dsl" / "__pycache__" / "x.pyc").write_bytes(b"compiled")  # Python's own caches do not count
    assert stamps.tree_key(copies) == first


def test_an_engine_edited_by_hand_is_stale_for_check_and_rebuilt(game, tmp_path, monkeypatch, capsys):
    out = tmp_path / "out"
    assert build.build_games([game], check_only=False, out_root=out) == 0
    rules = out / "tiny" / "rules.py"
    fresh = rules.read_text("utf-8")
    rules.write_text(fresh.replace("def ", "def  ", 1), "utf-8")
    assert build.build_games([game], check_only=True, out_root=out) == 1
    assert "is stale: rules.py" in capsys.readouterr().err
    (out / "tiny" / "extra.py").write_text("x = 1\n", "utf-8")
    assert build.build_games([game], check_only=False, out_root=out) == 0
    assert rules.read_text("utf-8") == fresh and not (out / "tiny" / "extra.py").exists()


@pytest.mark.parametrize("stamp", ["", "not json {", "[1, 2]", '{"format": 1, "input": 3}',
                                   '{"format": 1, "input": "x", "output": "y"}', "\udcff"])
def test_a_damaged_stamp_means_a_full_build_without_a_traceback(stamp, game, tmp_path, monkeypatch):
    out = tmp_path / "out"
    assert build.build_games([game], check_only=False, out_root=out) == 0
    (out / ".tiny.stamp").write_bytes(stamp.encode("utf-8", "surrogateescape"))
    compiled = Compilations(monkeypatch)
    assert build.build_games([game], check_only=True, out_root=out) == 0
    assert build.build_games([game], check_only=False, out_root=out) == 0
    assert compiled.games == ["tiny"]  # the check compiled it, found it fresh and recorded it
    assert stamps.fresh_stamp(out / "tiny", stamps.input_key(game)) is not None


def test_a_stamp_from_another_input_or_a_half_swapped_engine_is_not_fresh(game, tmp_path):
    out = tmp_path / "out"
    assert build.build_games([game], check_only=False, out_root=out) == 0
    key = stamps.input_key(game)
    assert stamps.fresh_stamp(out / "tiny", key) is not None
    assert stamps.fresh_stamp(out / "tiny", "another input") is None
    (out / ".tiny.new").mkdir()  # what a build killed while swapping leaves
    assert stamps.fresh_stamp(out / "tiny", key) is None
    (out / ".tiny.new").rmdir()
    (out / "__init__.py").unlink()  # the package of engines is gone: built again
    assert build._fresh(build._Game(game, out / "tiny", key), out) is None


def test_the_cli_says_nothing_changed_and_force_builds(game, tmp_path):
    out = tmp_path / "out"
    run = [sys.executable, "-m", "compiler.cli", "build", str(game), "--out", str(out)]
    first = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, timeout=300)
    again = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, timeout=300)
    forced = subprocess.run(run + ["--force"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert first.returncode == again.returncode == forced.returncode == 0, first.stderr + again.stderr
    assert "  built " in first.stdout
    assert "is up to date" in again.stdout and "nothing changed since it was built" in again.stdout
    assert "unchanged: " in forced.stdout  # compiled, and the same files: not written


def test_stamps_are_not_committed():
    ignored = subprocess.run(["git", "check-ignore", "-q", "generated/.zimna_wojna.stamp"], cwd=ROOT)
    assert ignored.returncode == 0


def test_the_verbs_that_play_import_the_built_engine_when_it_is_fresh(game, tmp_path, monkeypatch):
    from compiler.tools.engines import Engines

    monkeypatch.chdir(tmp_path)  # where `kurtyna build` writes generated/ by default
    assert build.build_games([game], check_only=False, out_root=Path("generated")) == 0
    _, _, module = Engines().get(game)
    assert Path(module.__file__).parent == (tmp_path / "generated" / "tiny").resolve()
    assert module.Game().new_state(seed=1).decision() is not None
    rules = tmp_path / "generated" / "tiny" / "rules.py"
    rules.write_text(rules.read_text("utf-8") + "\n# edited\n", "utf-8")  # no longer what a build makes
    _, _, module = Engines().get(game)
    assert "kurtyna-engines-" in module.__file__  # a copy of its own, from the content
