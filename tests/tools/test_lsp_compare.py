"""What `kurtyna lsp` publishes equals what `kurtyna check --json` reports (issue 45).

One server process, driven as an editor drives it, opens each of the four games and every probe
of broken content `kurtyna check` is tested with (tests/front/test_errors.py, the catalog
placeholders of tests/back/test_placeholder_forms.py, read from those files so that a new probe
there is compared here too). A probe is given to the server as an unsaved buffer of the pristine
game, and to `kurtyna check --json` as the file on disk: the two must agree on every fault's
file, line, column, code, severity, message and hint, and every other file of the game gets an
empty list.
"""

from __future__ import annotations

import ast
import io
import json
import os
import shutil
from contextlib import redirect_stdout
from pathlib import Path
from types import SimpleNamespace

import pytest
from pygls.workspace.position_codec import PositionCodec

from compiler.tools.check import cmd_check
from compiler.tools.lsp.convert import column_of, lines_of

from ..conftest import CONTENT, ROOT
from ..lsp_fixtures.editor import Editor

GAMES = ("zimna_wojna", "zelazna_kurtyna", "cia_kgb", "mocarstwo")
CODEC = PositionCodec()  # the client asked for nothing: UTF-16


def _literal_calls(path: Path, name: str) -> list[tuple]:
    """The literal arguments (after the first) of every call of `name` in a test file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == name:
            args = node.args[1:]
            if all(isinstance(a, ast.Constant) for a in args):
                found.append(tuple(a.value for a in args))
    return found


def _placeholder_probes() -> list[tuple]:
    """(file, old, new) of the catalog placeholders test_placeholder_forms.py breaks."""
    tree = ast.parse((ROOT / "tests/back/test_placeholder_forms.py").read_text("utf-8"))
    probes = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_a_form_nobody_has"):
            cases = ast.literal_eval(node.decorator_list[0].args[1])
            probes += [("zelazna_kurtyna", f"locales/{lang}.po", old, new) for lang, old, new, *_ in cases]
    return probes


PROBES = ([("zimna_wojna", *args) for args in _literal_calls(ROOT / "tests/front/test_errors.py", "broken")]
          + _placeholder_probes())


@pytest.fixture(scope="module")
def editor():
    ed = Editor()
    yield ed
    ed.close()


def check_json(folder: Path) -> list[dict]:
    """`kurtyna check --json FOLDER`'s diagnostics, run in this process from the checkout."""
    out = io.StringIO()
    args = SimpleNamespace(game=[str(folder)], all=False, json=True, provisional=False, strict=False)
    cwd = os.getcwd()
    os.chdir(ROOT)  # where the server runs: both show paths relative to it
    try:
        with redirect_stdout(out):
            cmd_check(args)
    finally:
        os.chdir(cwd)
    (game,) = json.loads(out.getvalue())["games"]
    return game["diagnostics"]


def expected(folder: Path) -> dict[Path, list[tuple]]:
    """check's diagnostics by absolute file, as comparable tuples (a fault with no place is the
    server's at game.yaml's start)."""
    out: dict[Path, list[tuple]] = {}
    for d in check_json(folder):
        path = Path(os.path.abspath(ROOT / d["file"])) if d["file"] else folder / "game.yaml"
        out.setdefault(path, []).append((d["line"] or 1, d["column"] or 1, d["code"], d["severity"],
                                         d["message"], d["hint"]))
    return {path: sorted(found) for path, found in out.items()}


def published(editor: Editor, folder: Path, texts: dict[Path, str]) -> dict[Path, list[tuple]]:
    """What the server published last for each file of `folder`, as comparable tuples."""
    out = {}
    for path, found in editor.diagnostics(folder).items():
        text = texts.get(path) if path in texts else path.read_text("utf-8", errors="replace")
        lines = lines_of(text)
        rows = []
        for d in found:
            line, col = column_of(lines, d.range.start, CODEC)
            severity = {1: "error", 2: "warning"}[d.severity]
            rows.append((line, col, d.code, severity, d.data["message"], d.data["hint"]))
            hint = f"\nhint: {d.data['hint']}" if d.data["hint"] else ""
            assert d.message == d.data["message"] + hint and d.source == "kurtyna"
        out[path] = sorted(rows)
    return out


def assert_same(editor: Editor, folder: Path, buffers: dict[Path, str]) -> dict[Path, list[tuple]]:
    want = expected(folder)
    got = published(editor, folder, buffers)
    assert {p: f for p, f in got.items() if f} == want
    assert set(got) >= {folder / "game.yaml"}, "every file of the game gets a list"
    return want


@pytest.mark.parametrize("game", GAMES)
def test_each_game_gets_what_check_reports(editor, game):
    folder = CONTENT / game
    editor.open_and_check(folder / "game.yaml")
    assert_same(editor, folder, {})
    editor.close_doc(folder / "game.yaml")


@pytest.mark.parametrize(("game", "filename", "old", "new"), PROBES,
                         ids=[f"{p[0]}-{p[1]}-{i}" for i, p in enumerate(PROBES)])
def test_each_probe_gets_what_check_reports(editor, tmp_path, game, filename, old, new):
    folder = tmp_path / game
    shutil.copytree(CONTENT / game, folder)
    path = folder / filename
    pristine = path.read_text("utf-8")
    assert old in pristine, f"the probe's text is gone from {filename}: {old!r}"
    broken = pristine.replace(old, new, 1)
    path.write_text(broken, "utf-8")
    try:
        want = expected(folder)  # check reads the file on disk ...
    finally:
        path.write_text(pristine, "utf-8")
    assert want, "a probe is a fault check finds"
    editor.open_and_check(path, broken)  # ... the server the editor's unsaved buffer
    got = published(editor, folder, {path: broken})
    assert {p: f for p, f in got.items() if f} == want
    editor.close_doc(path)
