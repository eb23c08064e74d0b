"""The user's cache folder (compiler/cache.py): parser tables, resolved models and check results
are reused when nothing they depend on changed, a damaged entry is made anew without a
traceback, and nothing is ever read from a folder or file someone else could have written."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler import cache as user_cache_module
from compiler.back.python.lower import render_python
from compiler.pipeline import compile_game
from compiler.tools import check, models
from dsl import grammar, parser
from dsl.parser import EffectSyntaxError, parse_body, parse_module

from ..conftest import CONTENT, FIXTURES, ROOT, compile_errors, edit_file

TINY = FIXTURES / "games" / "tiny"


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """A cache folder of this test's own, as `$KURTYNA_CACHE`."""
    place = tmp_path / "cache"
    monkeypatch.setenv("KURTYNA_CACHE", str(place))
    return place


@pytest.fixture
def tables(folder):
    """Parser tables kept in `folder`; the parsers of the process as before afterwards."""
    grammar.keep_tables_in(user_cache_module.user_cache())
    parser._tree.cache_clear()  # trees parsed before: each parse here asks the parser
    yield folder
    grammar.keep_tables_in(None)


def _rules_texts() -> list[str]:
    from compiler.diagnostics import Diagnostics
    from compiler.front.declare import load_game

    game = load_game(CONTENT / "zimna_wojna", Diagnostics())
    return [rule.code for rule in game.rules]


def _syntax_fault(text: str) -> tuple:
    try:
        parse_body(text)
    except EffectSyntaxError as exc:
        return exc.code, exc.message, exc.line, exc.col, exc.hint
    raise AssertionError(f"{text!r} parsed")


BROKEN = ["x = = 1\n", "if defcon > 2\n  pass\n", "for s in spaces:\npass\n", "move(a, b\n", "log \"x\" to\n"]


def test_parser_tables_are_kept_and_parse_exactly_as_the_grammar_does(tables):
    built = dict(grammar.built)
    fresh = [parse_module(text) for text in _rules_texts()]  # built from the grammar, then kept
    faults = [_syntax_fault(text) for text in BROKEN]
    assert grammar.built["grammar"] == built["grammar"] + 2  # module and body
    assert sorted(p.name.split("-")[1] for p in tables.iterdir()) == ["body", "module"]
    grammar.keep_tables_in(user_cache_module.user_cache())  # as a new process would start
    parser._tree.cache_clear()
    assert [parse_module(text) for text in _rules_texts()] == fresh
    assert [_syntax_fault(text) for text in BROKEN] == faults
    assert grammar.built["grammar"] == built["grammar"] + 2 and grammar.built["tables"] == built["tables"] + 2


@pytest.mark.parametrize("damage", ["", "{", "[1, 2]", '[{"parser": 1}, {}]', "\x00garbage"])
def test_damaged_parser_tables_are_built_anew(damage, tables):
    parse_body("x = 1\n")
    entry = next(tables.iterdir())
    entry.write_text(damage, "utf-8")
    grammar.keep_tables_in(user_cache_module.user_cache())
    parser._tree.cache_clear()
    before = grammar.built["grammar"]
    assert parse_body("x = 1\n") is not None
    assert grammar.built["grammar"] == before + 1
    assert entry.read_text("utf-8") != damage  # written anew


def test_nothing_is_read_from_a_folder_others_may_write(tables):
    parse_body("x = 1\n")
    cache = user_cache_module.user_cache()
    name = next(tables.iterdir()).name
    assert cache.read(name) is not None
    os.chmod(tables, 0o777)
    assert cache.read(name) is None
    cache.write("lark-other-x.json", "{}")
    assert not (tables / "lark-other-x.json").exists()
    os.chmod(tables, 0o700)
    os.chmod(tables / name, 0o620)  # the file writable by its group
    assert cache.read(name) is None
    os.chmod(tables / name, 0o600)
    (tables / "link.json").symlink_to(tables / name)
    assert cache.read("link.json") is None and cache.read(name) is not None
    assert cache.read("../escape") is None


def test_the_cache_folder_is_made_for_the_user_alone_and_can_be_turned_off(folder, monkeypatch):
    cache = user_cache_module.user_cache()
    cache.write("probe.json", "1")
    assert (folder.stat().st_mode & 0o777) == 0o700
    assert ((folder / "probe.json").stat().st_mode & 0o777) == 0o600
    monkeypatch.setenv("KURTYNA_CACHE", "off")
    assert user_cache_module.user_cache() is None
    monkeypatch.delenv("KURTYNA_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder.parent / "xdg"))
    if sys.platform.startswith("linux"):
        assert user_cache_module.cache_folder() == folder.parent / "xdg" / "kurtyna"


def _engine(compiled) -> dict[str, str]:
    return render_python(compiled.program, compiled.game.root)


def test_a_resolved_model_is_kept_and_builds_the_same_engine(folder, tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    before = dict(models.loaded)
    first = models.compiled_game(game)
    second = models.compiled_game(game)
    assert models.loaded == {"cache": before["cache"] + 1, "compiled": before["compiled"] + 1}
    assert second is not first and _engine(second) == _engine(compile_game(game))
    assert len(second.program.types) == len(first.program.types) > 100  # the side tables, keyed anew
    edit_file(game / "tracks.yaml", "max: 10", "max: 12", 1)
    models.compiled_game(game)
    assert models.loaded["compiled"] == before["compiled"] + 2
    assert len(list(folder.glob("model-tiny-*.pickle"))) == 2


def test_a_kept_model_never_serves_another_folder_with_the_same_files(folder, tmp_path, monkeypatch):
    """Issue 40: `regress` compiles each side in a temporary copy it then removes; the next run's
    copy has the same files and the same path relative to its working folder, and was given the
    model of the run before, which read its catalogs from the removed folder (card texts in
    Polish half in English). The same answer as with no cache, from a copied-then-removed folder."""
    from compiler.back.i18n.translations import game_catalog

    texts = []
    for run in ("first", "second"):
        work = tmp_path / run
        shutil.copytree(CONTENT / "zelazna_kurtyna", work / "content" / "zelazna_kurtyna")
        monkeypatch.chdir(work)
        compiled = models.compiled_game(Path("content/zelazna_kurtyna").resolve())
        assert compiled.folder == (work / "content" / "zelazna_kurtyna").resolve()
        catalog, faults = game_catalog(compiled, "pl")
        assert not faults and len(catalog.entries) > 100
        texts.append(sorted((k, e.translation) for k, e in catalog.entries.items()))
        shutil.rmtree(work)
    assert texts[0] == texts[1]


@pytest.mark.parametrize("game", sorted(p.name for p in CONTENT.iterdir() if (p / "game.yaml").is_file()))
def test_every_game_builds_the_same_engine_from_its_kept_model(game, folder):
    """A table keyed by node identity that the model cache does not key anew would show here."""
    fresh = compile_game(CONTENT / game)
    models.compiled_game(CONTENT / game)
    kept = models.compiled_game(CONTENT / game)
    assert _engine(kept) == _engine(fresh)
    for name, table in vars(fresh.program).items():
        if isinstance(table, dict) and name != "derived":
            assert len(getattr(kept.program, name)) == len(table), name


def test_only_the_newest_models_of_a_game_are_kept(folder, tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    for size in range(5):
        (game / "notes.txt").write_text("x" * size, "utf-8")  # another input each time
        models.compiled_game(game)
    assert len(list(folder.glob("model-tiny-*.pickle"))) == models.KEEP


@pytest.mark.parametrize("damage", [b"", b"garbage", pickle.dumps({"a": 1}), pickle.dumps((1, 2, 3, 4)),
                                    pickle.dumps((models.FORMAT, "not a model", None, {}))[:-3]])
def test_a_damaged_model_is_compiled_anew(damage, folder, tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    models.compiled_game(game)
    entry = next(folder.glob("model-tiny-*.pickle"))
    entry.write_bytes(damage)
    before = models.loaded["compiled"]
    assert _engine(models.compiled_game(game)) == _engine(compile_game(game))
    assert models.loaded["compiled"] == before + 1


class _Trap:
    """A pickle that, read, would create a file: what a crafted cache entry could do."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def test_a_model_in_a_folder_others_may_write_is_never_unpickled(folder, tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    models.compiled_game(game)
    entry = next(folder.glob("model-tiny-*.pickle"))
    marker = tmp_path / "ran"
    entry.write_bytes(pickle.dumps(_Trap(marker)))
    for folder_mode, file_mode in ((0o777, 0o600), (0o770, 0o600), (0o700, 0o666), (0o700, 0o660)):
        os.chmod(folder, folder_mode)
        os.chmod(entry, file_mode)
        models.compiled_game(game)
        assert not marker.exists(), (oct(folder_mode), oct(file_mode))
    os.chmod(folder, 0o700)


def test_check_with_nothing_changed_reuses_what_it_found(folder, tmp_path, monkeypatch, capsys):
    game = tmp_path / "zelazna_kurtyna"
    shutil.copytree(CONTENT / "zelazna_kurtyna", game)
    args = type("Args", (), {"game": [str(game)], "all": False, "json": False, "provisional": True})()
    before = dict(check.checked)
    assert check.cmd_check(args) == 0
    first = capsys.readouterr().out
    assert check.cmd_check(args) == 0
    assert capsys.readouterr().out == first and "provisional" in first
    assert check.checked == {"cache": before["cache"] + 1, "checked": before["checked"] + 1}
    next(folder.glob("check-*.json")).write_text('{"game": 1}', "utf-8")  # damaged: checked again
    assert check.cmd_check(args) == 0 and capsys.readouterr().out == first
    edit_file(game / "cards.yaml", "\n    provisional: true\n", "\n    provisional: false\n", 1)
    assert check.cmd_check(args) == 0
    assert capsys.readouterr().out != first
    assert check.checked["checked"] == before["checked"] + 3


def test_a_game_with_faults_is_reported_in_full_every_time(folder, tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    edit_file(game / "tracks.yaml", "max: 10", "max: ten", 1)
    for _ in range(2):
        run = subprocess.run([sys.executable, "-m", "compiler.cli", "check", str(game), "--json"], cwd=ROOT,
                             capture_output=True, text=True, timeout=300, env={**os.environ})
        report = json.loads(run.stdout)
        assert run.returncode == 1 and report["games"][0]["diagnostics"], run.stderr
    assert not list(folder.glob("check-*")) and not list(folder.glob("model-*"))


def test_kurtyna_test_compiles_the_game_once_and_reuses_it_in_the_next_run(folder):
    run = [sys.executable, "-m", "compiler.cli", "test", "zelazna_kurtyna", "--json"]
    for _ in range(2):
        done = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, timeout=300, env={**os.environ})
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["passed"] >= 10
    assert len(list(folder.glob("model-zelazna_kurtyna-*.pickle"))) == 1
    assert len(list(folder.glob("lark-*.json"))) == 3


def test_kurtyna_test_resolves_the_game_once_not_once_per_scenario(folder, monkeypatch, capsys):
    """What every scenario of a game shares (the model, which procedures ask, which definitions
    recur, the game's global names, a game with its options) is made once per run."""
    from compiler.back.python import callgraph
    from compiler.front.resolve.core import ResolverCore
    from compiler.tools.test.command import cmd_test

    made: dict[str, int] = {}

    def counting(owner, name):
        real = getattr(owner, name)

        def count(*args, **kwargs):
            made[name] = made.get(name, 0) + 1
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, count)

    for owner, name in ((callgraph, "_yielding"), (callgraph, "_recurring"), (ResolverCore, "_make_globals"),
                        (models, "compile_game")):
        counting(owner, name)
    args = type("Args", (), {"target": ["zelazna_kurtyna"], "json": True, "content": None})()
    assert cmd_test(args) == 0
    scenarios = json.loads(capsys.readouterr().out)["scenarios"]
    assert len(scenarios) >= 10
    # the model compiled once, with its names; which procedures ask: once for the engine and
    # once for the scenarios (a program loaded from the cache next time computes them anew)
    assert made == {"compile_game": 1, "_make_globals": 1, "_yielding": 1, "_recurring": 1}


@pytest.fixture
def parses(monkeypatch) -> list[str]:
    """The effect texts the resolver parses from now on (not read from kept trees), with no trees
    kept until the test says so (a command run in this process before may have set a cache)."""
    from compiler.front.resolve import resolver

    monkeypatch.setattr(user_cache_module, "kept", None)
    seen: list[str] = []
    for name in ("parse_body", "parse_module"):
        real = getattr(resolver, name)

        def counting(text, real=real):
            seen.append(text)
            return real(text)

        counting.__name__ = name  # a kept tree is keyed by its start rule's function
        monkeypatch.setattr(resolver, name, counting)
    return seen


def _keep_trees(monkeypatch) -> None:
    """Keep syntax trees in `$KURTYNA_CACHE`, as the command line does."""
    monkeypatch.setattr(user_cache_module, "kept", user_cache_module.user_cache())


def test_an_edit_parses_again_only_the_text_it_changed(folder, tmp_path, parses, monkeypatch):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    fresh = _engine(compile_game(game))
    texts = len(parses)
    assert texts > 8
    _keep_trees(monkeypatch)
    compile_game(game)
    assert len(parses) == 2 * texts  # nothing kept yet: every text parsed
    parses.clear()
    assert _engine(compile_game(game)) == fresh and parses == []
    edit_file(game / "cards.yaml", "score -= 2", "score -= 3", 1)
    edited = _engine(compile_game(game))
    assert len(parses) == 1 and "score -= 3" in parses[0]
    monkeypatch.setattr(user_cache_module, "kept", None)
    assert edited == _engine(compile_game(game)) != fresh
    entry = next(folder.glob("trees-tiny-*.pickle"))
    assert len(pickle.loads(entry.read_bytes())[1]) == texts  # the latest run's trees, no more


def test_a_syntax_fault_is_reported_alike_with_kept_trees(folder, tmp_path, parses, monkeypatch):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    edit_file(game / "cards.yaml", "score -= 2", "score -= = 2", 1)
    without = [str(d) for d in compile_errors(game)]
    _keep_trees(monkeypatch)
    for _ in range(2):
        parses.clear()
        assert [str(d) for d in compile_errors(game)] == without and "E4" in without[0]
    assert len(parses) == 1  # the faulty text: parsed every time, the others read
    edit_file(game / "cards.yaml", "score -= = 2", "score -= 2", 1)
    parses.clear()
    compile_game(game)
    assert len(parses) == 1


@pytest.mark.parametrize("damage", ["entry", "trees", "not a tree"])
def test_damaged_kept_trees_are_parsed_anew(damage, folder, tmp_path, parses, monkeypatch):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    fresh = _engine(compile_game(game))
    _keep_trees(monkeypatch)
    compile_game(game)
    entry = next(folder.glob("trees-tiny-*.pickle"))
    form, trees = pickle.loads(entry.read_bytes())
    if damage == "entry":
        entry.write_bytes(entry.read_bytes()[:-40])
    else:
        bad = b"garbage" if damage == "trees" else pickle.dumps("not a tree")
        entry.write_bytes(pickle.dumps((form, dict.fromkeys(trees, bad))))
    parses.clear()
    assert _engine(compile_game(game)) == fresh and len(parses) == len(trees)


def test_kept_trees_in_a_folder_others_may_write_are_never_unpickled(folder, tmp_path, monkeypatch):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    _keep_trees(monkeypatch)
    compile_game(game)
    entry = next(folder.glob("trees-tiny-*.pickle"))
    marker = tmp_path / "ran"
    entry.write_bytes(pickle.dumps(_Trap(marker)))
    for folder_mode, file_mode in ((0o777, 0o600), (0o700, 0o666)):
        os.chmod(folder, folder_mode)
        os.chmod(entry, file_mode)
        compile_game(game)
        assert not marker.exists(), (oct(folder_mode), oct(file_mode))
    os.chmod(folder, 0o700)
