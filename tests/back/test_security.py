"""Content can never run code: text from content reaches generated Python only as literals,
comments and docstrings that escape it, and HTML only through autoescaping (docs/security.md)."""

from __future__ import annotations

import ast
import functools
import importlib
import itertools
import os
import random
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from compiler import fsio
from compiler.back.python import source as pysource
from compiler.back.python.lower import render_python
from compiler.back.sheets import cards, reference
from compiler.back.sheets.layout import PAPERS
from compiler.back.sheets.words import Words
from compiler.diagnostics import CODES, CompileError
from compiler.pipeline import compile_game

from ..conftest import FIXTURES, ROOT, budget, run_cli

TINY = FIXTURES / "games" / "tiny"
# A file that content text would create if it ever ran as code.
MARK = Path(tempfile.gettempdir()) / f"kurtyna-pwned-{os.getpid()}"
PAYLOADS = [
    f'X"""; import pathlib; pathlib.Path({str(MARK)!r}).write_text("1"); """',
    f"X'''; import pathlib; pathlib.Path({str(MARK)!r}).write_text('1'); '''",
    f'x\nimport pathlib; pathlib.Path({str(MARK)!r}).write_text("1")\n',
    f'x\r__import__("pathlib").Path({str(MARK)!r}).write_text("1")#',
    f'x\u2028__import__("pathlib").Path({str(MARK)!r}).write_text("1")',
    "\\", "\\u", "\\N{", '"', "'''", "\x00", "\x0c", "\x85", "\ud800", "}}{{", "<script>alert(1)</script>",
]


def _read(name: str) -> dict:
    return yaml.safe_load((TINY / name).read_text("utf-8"))


def _write_game(root: Path, names: dict[str, str], folder_name: str = "tiny") -> Path:
    """The tiny game with the given texts, under `root/<folder_name>/tiny`."""
    game = root / folder_name / "tiny"
    game.parent.mkdir(parents=True)
    shutil.copytree(TINY, game)
    # (PyYAML reads YAML 1.1, where `on:` is true: only files without such keys are rewritten)
    data = {name: _read(name) for name in ("game.yaml", "map.yaml", "cards.yaml")}
    data["game.yaml"]["names"] = {"en": names["game"], "pl": names["game_pl"]}
    data["game.yaml"]["players"][0]["names"] = {"en": names["player"]}
    data["game.yaml"]["options"][0]["description"] = names["option"]
    data["map.yaml"]["spaces"][0]["names"] = {"en": names["space"]}
    data["map.yaml"]["regions"][0]["names"] = {"en": names["region"]}
    data["cards.yaml"]["cards"][0]["names"] = {"en": names["card"]}
    data["cards.yaml"]["cards"][0]["text"] = {"en": names["text"]}
    data["cards.yaml"]["cards"][1]["id"] = names["card_id"]
    for name, value in data.items():
        (game / name).write_text(yaml.safe_dump(value, allow_unicode=True), "utf-8")
    return game


_counter = itertools.count()


def _import_and_play(files: dict[str, str], root: Path):
    """Write an engine package, import it and play a short random game."""
    package = f"kurtyna_security_{os.getpid()}_{next(_counter)}"
    out = root / "engines"
    fsio.write_folder(out / package, files)
    for text in files.values():
        compile(text, "<generated>", "exec")
    sys.path.insert(0, str(out))
    try:
        module = importlib.import_module(package)
        state = module.Game().new_state(seed=3)
        rng = random.Random(3)
        for _ in range(300):
            if state.is_over():
                break
            state.apply_index(rng.randrange(len(state.decision().options)))
        return module
    finally:
        sys.path.remove(str(out))


class _Tags(HTMLParser):
    """The elements and attributes of an HTML page, and the text inside <style> and <script>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.attributes: set[str] = set()
        self.raw: list[str] = []
        self._open: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attributes.update(name for name, _ in attrs)
        self._open.append(tag)

    def handle_endtag(self, tag):
        if self._open and self._open[-1] == tag:
            self._open.pop()

    def handle_data(self, data):
        if self._open and self._open[-1] in ("style", "script"):
            self.raw.append(data)


def _sheet_pages(compiled) -> list[str]:
    words = Words(compiled, "en")
    paper = PAPERS["a4"]
    return [cards.fronts_html(words, paper, 0.0, {}), cards.backs_html(words, paper, 0.0, (0.0, 0.0)),
            reference.reference_html(words, paper)]


def _page_shape(page: str) -> _Tags:
    parser = _Tags()
    parser.feed(page)
    parser.close()
    return parser


@functools.cache
def _plain_shape() -> tuple[set[str], set[str]]:
    """The tags and attributes of the sheets of a game with plain names (made when first asked,
    not when the module is collected: every xdist worker collects every module)."""
    compiled = compile_game(TINY)
    shapes = [_page_shape(page) for page in _sheet_pages(compiled)]
    return set().union(*(s.tags for s in shapes)), set().union(*(s.attributes for s in shapes))


def _assert_sheets_escape(compiled) -> None:
    """Content text adds no element, no attribute and nothing raw to a sheet."""
    plain_tags, plain_attributes = _plain_shape()
    for page in _sheet_pages(compiled):
        shape = _page_shape(page)
        assert shape.tags <= plain_tags and "script" not in shape.tags
        assert shape.attributes <= plain_attributes
        for raw in shape.raw:
            assert "<" not in raw  # content cannot close a <style> element


def _build(game: Path, sheets: bool = False) -> dict[str, str] | None:
    """The engine's files, or None when the content was refused with located errors."""
    try:
        compiled = compile_game(game)
    except CompileError as error:
        assert error.diagnostics
        for diagnostic in error.diagnostics:
            assert diagnostic.code in CODES
            assert diagnostic.span is not None and diagnostic.span.line >= 1
        return None
    if sheets:
        _assert_sheets_escape(compiled)
    return render_python(compiled.program, compiled.game.root)


def _hostile_names(name: str) -> dict[str, str]:
    """`name` in every text of the tiny game, such that the text checks (E701) still pass."""
    return {"game": name, "game_pl": name, "player": "Red " + name, "option": name,
            "space": "Alpha " + name, "region": name, "card": "Rally " + name,
            "text": f"Choose 2 spaces in {name} and add 1 troop to each.", "card_id": "storm"}


def test_a_game_name_that_closes_the_docstring_stays_text(tmp_path):
    """The case of issue 13: the name closes a docstring and writes a file."""
    name = 'X"""; import pathlib; pathlib.Path("/tmp/pwned").write_text("1"); """'
    marker = Path("/tmp/pwned")
    before = marker.exists()
    game = _write_game(tmp_path, _hostile_names(name))
    out = tmp_path / "out"
    built = run_cli("build", str(game), "--out", str(out))
    assert built.returncode == 0, built.stderr
    script = ("import random, sys; sys.path.insert(0, sys.argv[1]); from tiny import Game; "
              "s = Game().new_state(seed=1); r = random.Random(1)\n"
              "while not s.is_over(): s.apply_index(r.randrange(len(s.decision().options)))\n"
              "print(Game.__doc__)")
    played = subprocess.run([sys.executable, "-c", script, str(out)], capture_output=True, text=True,
                            cwd=ROOT, timeout=120)
    assert played.returncode == 0, played.stderr
    assert name in played.stdout  # the docstring shows the name as written
    assert marker.exists() == before  # and nothing ran it
    assert not before, "/tmp/pwned existed before the test"


def test_a_newline_in_the_folder_path_stays_in_its_comment(tmp_path):
    payload = f'x\nimport pathlib; pathlib.Path({str(MARK)!r}).write_text("1")\n'
    names = dict.fromkeys(("game", "game_pl", "player", "option", "space", "region", "card", "text"),
                          "Tiny")
    names["card_id"] = "storm"
    game = _write_game(tmp_path, names, folder_name=payload.replace("/", "_"))
    files = _build(game)
    assert files is not None
    first_line = files["__init__.py"].splitlines()[0]
    assert first_line.startswith("# Generated by kurtyna from ") and "\\n" in first_line
    _import_and_play(files, tmp_path)
    assert not MARK.exists()


def test_a_backslash_u_in_a_name_compiles(tmp_path):
    names = dict.fromkeys(("game", "game_pl", "player", "option", "space", "region", "card", "text"),
                          "C:\\users\\new \\N{ \\x")
    names["card_id"] = "storm"
    files = _build(_write_game(tmp_path, names))
    assert files is not None
    module = _import_and_play(files, tmp_path)
    assert module.Game.__doc__.startswith("C:\\users\\new \\N{ \\x. Options:")


def test_an_id_with_a_trailing_newline_is_refused(tmp_path):
    names = dict.fromkeys(("game", "game_pl", "player", "option", "space", "region", "card", "text"), "T")
    names["card_id"] = "storm\n"
    game = _write_game(tmp_path, names)
    result = run_cli("check", str(game))
    assert result.returncode == 1
    assert "cards.yaml" in result.stderr and "E205" in result.stderr and "'storm\\n'" in result.stderr
    assert "Traceback" not in result.stderr


def test_comments_and_docstrings_escape_everything_that_could_end_them():
    for text in PAYLOADS:
        line = pysource.comment(text)
        assert len(line.splitlines()) == 1 and len(ast.parse(line).body) == 0
        doc = pysource.docstring(text)
        tree = ast.parse(doc)
        assert len(tree.body) == 1 and isinstance(tree.body[0].value, ast.Constant)
        assert tree.body[0].value.value == "\n".join(pysource.visible(line) for line in text.split("\n"))
        doc.encode("utf-8")  # lone surrogates are escaped, so a module is valid UTF-8


_texts = st.one_of(st.text(st.characters(codec=None), min_size=1, max_size=40), st.sampled_from(PAYLOADS),
                   st.lists(st.sampled_from(PAYLOADS), min_size=2, max_size=4).map("".join))
_folder_names = st.text(st.characters(codec="utf-8", exclude_characters="/\x00"), min_size=1,
                        max_size=20).filter(lambda s: s not in (".", "..") and len(s.encode()) < 200)


@settings(max_examples=budget(30), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(names=st.fixed_dictionaries({key: _texts for key in ("game", "game_pl", "player", "option",
                                                            "space", "region", "card", "text")}),
       card_id=st.one_of(st.just("storm"), st.just("storm"), st.just("storm"), _texts), folder=_folder_names)
def test_any_text_in_content_builds_a_safe_engine_or_a_located_error(tmp_path_factory, names, card_id,
                                                                     folder):
    root = tmp_path_factory.mktemp("fuzz")
    names["card_id"] = card_id
    files = _build(_write_game(root, names, folder), sheets=True)
    if files is not None:
        _import_and_play(files, root)
    assert not MARK.exists()


# -- paths named by content stay inside the game folder ----------------------------------------
def _tiny_copy(tmp_path: Path) -> Path:
    game = tmp_path / "games" / "tiny"
    shutil.copytree(TINY, game)
    return game


def test_includes_cannot_leave_the_game_folder(tmp_path):
    game = _tiny_copy(tmp_path)
    (tmp_path / "games" / "secret.yaml").write_text("regions: []\nspaces: []\n# SECRET\n", "utf-8")
    (game / "sub").mkdir()
    (game / "sub" / "link.yaml").symlink_to(tmp_path / "games" / "secret.yaml")
    text = (game / "game.yaml").read_text("utf-8")
    (game / "game.yaml").write_text(text.replace(
        "  map: [map.yaml]", "  map: [map.yaml, ../secret.yaml, /etc/passwd, sub/link.yaml]"), "utf-8")
    result = run_cli("check", str(game))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    faults = [line for line in result.stderr.splitlines() if "error[E306]" in line]
    assert len(faults) == 3, result.stderr
    line = (game / "game.yaml").read_text("utf-8").splitlines().index(
        "  map: [map.yaml, ../secret.yaml, /etc/passwd, sub/link.yaml]") + 1
    assert all(f"game.yaml:{line}:" in fault for fault in faults)
    assert "SECRET" not in result.stderr and "root:" not in result.stderr


def test_a_content_file_linked_from_outside_is_not_read(tmp_path):
    game = _tiny_copy(tmp_path)
    (tmp_path / "elsewhere.yaml").write_text("terms: {x: SECRET}\n", "utf-8")
    (game / "text.yaml").unlink()
    (game / "text.yaml").symlink_to(tmp_path / "elsewhere.yaml")
    result = run_cli("check", str(game))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "text.yaml:1:1: error[E306]" in result.stderr and "SECRET" not in result.stderr


def test_includes_inside_the_folder_still_work_through_a_linked_game_folder(tmp_path):
    (tmp_path / "real").mkdir()
    game = _tiny_copy(tmp_path / "real")
    link = tmp_path / "tiny"
    link.symlink_to(game)
    result = run_cli("check", str(link))
    assert result.returncode == 0, result.stderr


def test_sheets_of_a_hostile_game_print_its_names_as_text(tmp_path):
    name = 'X"""</style><script>alert(1)</script> & \\u <b>'
    game = _write_game(tmp_path, _hostile_names(name))
    out = tmp_path / "sheets"
    result = run_cli("sheets", str(game), "--lang", "en", "--out", str(out))
    assert result.returncode == 0, result.stderr
    html = (out / "tiny" / "en" / "cards.html").read_text("utf-8")
    assert "<script>" not in html and "&lt;script&gt;" in html
    printed = "".join(page.extract_text() for page in PdfReader(out / "tiny" / "en" / "cards.pdf").pages)
    assert "<script>alert(1)</script>" in printed.replace("\n", "")
