"""YAML from someone else (a shared game, a scenario file) is read within limits (issue 41).

Each case used to hang, fill memory or end in a traceback. It is run as a user would, in a
subprocess given a generous deadline (20 s, where a located error takes under a second): a test
fails when the command does not finish, exits other than 1, shows a traceback, or does not place
an E107 (or the fault's own code) at the file, line and column of the fault, with a hint.
Variants ending in `pure` hold a tab in a comment, which sends the file to PyYAML's pure parser
(compiler/front/loader.py `_events`), the one whose scanner was quadratic in the nesting.
"""

from __future__ import annotations

import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from compiler.diagnostics import Diagnostics
from compiler.front.loader import parse_text
from compiler.front.yaml_bounds import MAX_DEPTH, MAX_DIGITS, MAX_FILE_BYTES, MAX_NODES

from ..conftest import CONTENT, FIXTURES, ROOT, copy_game

DEADLINE = 20  # seconds; every case below ends in about one
NUMBER = re.compile(r"[-+]?[0-9]+")
PURE = "# a tab\t sends the file to the pure parser\n"
LOCATED = re.compile(r"^(?P<path>\S+?):(?P<line>\d+):(?P<col>\d+): error\[(?P<code>E\d{3})\]: "
                     r"(?P<message>.*)$", re.M)


def run(*args: str, memory: int | None = None) -> subprocess.CompletedProcess:
    """`kurtyna ARGS` in a subprocess; TimeoutExpired (a failure) past the deadline. `memory`:
    the most bytes of address space it may take, so that a blow-up fails fast, not the machine."""
    def limit() -> None:
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=DEADLINE, preexec_fn=limit)


def tiny(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of the tiny game with `old` replaced by `new` in one file."""
    game = copy_game(FIXTURES / "games" / "tiny", tmp_path)
    text = (game / name).read_text("utf-8")
    assert old in text, old
    (game / name).write_text(text.replace(old, new, 1), "utf-8")
    return game


def first_error(result: subprocess.CompletedProcess) -> dict:
    assert result.returncode == 1, result.stdout + result.stderr[-2000:]
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    match = LOCATED.search(result.stderr)
    assert match, result.stderr[-2000:]
    hint = result.stderr[match.end():].split("\n\n")[0]
    assert "\nhint: " in hint, result.stderr[:2000]  # each error here comes with a hint
    return {**match.groupdict(), "line": int(match["line"]), "col": int(match["col"])}


def refused_at(first: int, open_before: int) -> int:
    """The column of the bracket refused in a run of `[` starting at column `first`, inside
    `open_before` lists and mappings: the first collection more than MAX_DEPTH deep."""
    return first + MAX_DEPTH - open_before + 1


def line_col(path: Path, needle: str) -> tuple[int, int]:
    """Line and column (from 1) where `needle` first starts in the file."""
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(needle)


# ---- nesting ------------------------------------------------------------------------------------

@pytest.mark.parametrize("parser", ["fast", "pure"])
def test_200000_nested_lists_in_a_card_attribute_are_refused_at_once(tmp_path, parser):
    """No answer in 60 s before: libyaml refuses past 1,000 levels and the pure parser it falls
    back to walked every open level for every bracket."""
    n = 200_000
    game = tiny(tmp_path, "cards.yaml", "attributes: {power: 2}",
                "attributes: {power: 2, side: " + "[" * n + "]" * n + "}")
    if parser == "pure":
        (game / "cards.yaml").write_text(PURE + (game / "cards.yaml").read_text("utf-8"), "utf-8")
    error = first_error(run("check", str(game)))
    line, col = line_col(game / "cards.yaml", "side: [")
    assert (error["code"], error["line"]) == ("E107", line) and error["path"].endswith("tiny/cards.yaml")
    # inside the file's mapping, the list of cards, the card and its attributes
    assert error["col"] == refused_at(col + len("side: "), 4)
    assert f"nested more than {MAX_DEPTH} levels deep" in error["message"]


@pytest.mark.parametrize("depth", [150, 1500])
@pytest.mark.parametrize("parser", ["fast", "pure"])
def test_400_kb_of_deep_lists_on_one_line_are_refused_at_once(tmp_path, parser, depth):
    """The file that took 206 s: groups of nested lists side by side on one 400 KB line (at 1,500
    levels, past libyaml's own limit, the `fast` variant goes to the pure parser too)."""
    group = "[" * depth + "]" * depth
    value = "[" + ", ".join([group] * (400_000 // (len(group) + 2))) + "]"
    game = tiny(tmp_path, "cards.yaml", "attributes: {power: 2}", "attributes: {side: " + value + "}")
    if parser == "pure":
        (game / "cards.yaml").write_text(PURE + (game / "cards.yaml").read_text("utf-8"), "utf-8")
    assert (game / "cards.yaml").stat().st_size > 400_000
    error = first_error(run("check", str(game)))
    line, col = line_col(game / "cards.yaml", "side: [")
    assert (error["code"], error["line"], error["col"]) == ("E107", line, refused_at(col + len("side: ["), 5))


def test_a_game_yaml_of_100000_nested_lists_is_refused_at_once(tmp_path):
    """What `regress --base-dir` met in a side's game.yaml; `check` reads it with the same loader."""
    n = 100_000
    game = tiny(tmp_path, "game.yaml", "entry:\n", "extra: " + "[" * n + "]" * n + "\nentry:\n")
    error = first_error(run("check", str(game)))
    line, col = line_col(game / "game.yaml", "extra: [")
    assert (error["code"], error["line"]) == ("E107", line) and error["path"].endswith("tiny/game.yaml")
    assert error["col"] == refused_at(col + len("extra: "), 1)


@pytest.mark.parametrize("nest", ["block", "mappings", "lines"])
def test_deep_nesting_of_every_kind_is_refused_at_once(tmp_path, nest):
    n = 100_000
    value = {"block": "\n  " + "- " * n + "x",  # a list in a list in a list..., one line
             "mappings": "{a: " * n + "1" + "}" * n,
             "lines": "\n" + "  [\n" * n + "  ]\n" * n}[nest]
    game = tiny(tmp_path, "game.yaml", "entry:\n", "extra: " + value + "\nentry:\n")
    error = first_error(run("check", str(game)))
    assert error["code"] == "E107" and "nested more than" in error["message"]


@pytest.mark.parametrize("depth", [MAX_DEPTH, MAX_DEPTH + 1])
@pytest.mark.parametrize("text", ["x: {opening}1{closing}\n", "x: {opening}{closing}\n", "x:\n  {block}1\n",
                                  "x: {mappings}1{ends}\n", "x:\n{indented}"])
def test_nesting_is_counted_alike_by_both_parsers_up_to_the_limit(text, depth):
    """The pure parser stops as it scans, libyaml's events as they come: the two accept a value
    `depth` levels deep (the file's mapping is level 0) and refuse the next level at one place."""
    inner = depth - 1  # collections inside the file's mapping, the innermost value within them
    source = text.format(opening="[" * inner, closing="]" * inner, block="- " * inner,
                         mappings="{a: " * inner, ends="}" * inner,
                         indented="".join("  " * i + "  a:\n" for i in range(inner)) + "  " * inner + "  b\n")
    if "{closing}" in text and "1" not in text:  # empty lists: the innermost list is the value
        source = text.format(opening="[" * depth, closing="]" * depth)
    found = []
    for variant in (source, PURE + source):
        diags = Diagnostics()
        doc = parse_text("x.yaml", variant, diags)
        found.append([(d.code, d.span.line - variant.count("\n", 0, len(variant) - len(source)),
                       d.span.col) for d in diags.items])
        if depth == MAX_DEPTH:
            assert not diags.items and doc.data is not None
    assert found[0] == found[1]
    if depth > MAX_DEPTH:
        assert found[0] and found[0][0][0] == "E107"


# ---- how much -------------------------------------------------------------------------------------

@pytest.mark.parametrize("parser", ["fast", "pure"])
def test_more_values_than_the_limit_are_refused_where_the_limit_is_passed(tmp_path, parser):
    items = "0, " * (MAX_NODES + 10)
    game = tiny(tmp_path, "tracks.yaml", "variables:\n", "extra: [" + items + "0]\nvariables:\n")
    if parser == "pure":
        (game / "tracks.yaml").write_text(PURE + (game / "tracks.yaml").read_text("utf-8"), "utf-8")
    error = first_error(run("check", str(game)))
    line, col = line_col(game / "tracks.yaml", "extra: [")
    head = (game / "tracks.yaml").read_text("utf-8").split("extra:")[0]
    before = sum(1 for event in yaml.parse(head) if isinstance(event, yaml.NodeEvent))
    # counted before the items: the values up to `extra:` (the file's mapping too), the key, the list
    assert (error["code"], error["line"]) == ("E107", line)
    assert error["col"] == col + len("extra: [") + 3 * (MAX_NODES - before - 2)
    assert f"more than {MAX_NODES:,} values" in error["message"]


def test_a_file_over_the_size_limit_is_refused_before_it_is_parsed(tmp_path):
    game = tiny(tmp_path, "cards.yaml", "cards:\n", "# " + "x" * MAX_FILE_BYTES + "\ncards:\n")
    error = first_error(run("check", str(game)))
    assert (error["code"], error["line"], error["col"]) == ("E107", 1, 1)
    assert f"at most {MAX_FILE_BYTES // 1024 // 1024} MB" in error["message"]


@pytest.mark.parametrize("number, shown", [("9" * 5000, "of 5000 digits"), ("-" + "9" * 41, "of 41 digits"),
                                           ("0x" + "f" * 5000, "of 5000 digits"),
                                           ("1." + "5" * 5000, "of 5001 digits"), ("1e999", "too large")])
def test_a_number_too_long_is_a_located_error(tmp_path, number, shown):
    """int() refuses 4,300 digits with a traceback; a hex number has no such limit, and 1e999 is
    infinite: all are refused where they are written."""
    game = tiny(tmp_path, "cards.yaml", "attributes: {power: 2}", f"attributes: {{power: {number}}}")
    error = first_error(run("check", str(game)))
    line, col = line_col(game / "cards.yaml", number[:50])
    assert (error["code"], error["line"], error["col"]) == ("E107", line, col)
    assert shown in error["message"]


def test_a_number_at_the_limit_is_a_number(tmp_path):
    diags = Diagnostics()
    doc = parse_text("x.yaml", f"a: {'9' * MAX_DIGITS}\nb: -{'9' * MAX_DIGITS}\nc: 1e300\n", diags)
    assert not diags.items and doc.data == {"a": 10**MAX_DIGITS - 1, "b": 1 - 10**MAX_DIGITS, "c": 1e300}


def test_a_number_too_long_as_a_key_is_a_located_error():
    diags = Diagnostics()
    parse_text("x.yaml", "a:\n  " + "1" * 1000 + ": x\n", diags)  # a key is at most 1024 long
    assert [(d.code, d.span.line, d.span.col) for d in diags.items] == [("E107", 2, 3)]


# ---- scenario files and names -----------------------------------------------------------------------

def scenario(tmp_path: Path, text: str) -> Path:
    copy_game(FIXTURES / "games" / "tiny", tmp_path)
    path = tmp_path / "s.yaml"
    path.write_text(text, "utf-8")
    return path


def test_a_billion_laughs_scenario_is_refused_without_expanding(tmp_path):
    """Aliases are never expanded (E104): nine levels of nine aliases would be 9**9 strings. Run
    with 1.5 GB of address space, so that an expansion fails here, not on the machine."""
    lines = ["game: tiny", "source: test", "a0: &a0 [" + ", ".join(['"lol"'] * 9) + "]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    lines += ["steps: []", "expect: [score == 0]"]
    path = scenario(tmp_path, "\n".join(lines) + "\n")
    error = first_error(run("test", str(path), memory=1536 * 1024 * 1024))
    assert (error["code"], error["line"], error["col"]) == ("E104", 3, 5)


def test_a_scenario_of_200000_nested_lists_is_refused_at_once(tmp_path):
    n = 200_000
    path = scenario(tmp_path, "game: tiny\nsource: test\nsteps: []\nexpect: " + "[" * n + "]" * n + "\n")
    error = first_error(run("test", str(path)))
    assert (error["code"], error["line"], error["col"]) == ("E107", 4, refused_at(len("expect: ") + 1, 1))


@pytest.mark.parametrize("name", ["x" * 5000, "a/" * 2100 + "b", "ti\\0ny"])
def test_a_scenario_naming_a_game_no_folder_can_have_is_a_located_error(tmp_path, name):
    """Looking a 5,000-character name up raised OSError (File name too long) before."""
    path = scenario(tmp_path, f'game: "{name}"\nsource: test\nsteps: []\nexpect: [score == 0]\n')
    error = first_error(run("test", str(path)))
    assert (error["code"], error["line"], error["col"]) == ("E205", 1, 7)


@pytest.mark.parametrize("field, old", [("names: {en: ", "names: {en: Tiny,"),
                                        ("description: ", "description: Adds")])
def test_a_5000_character_name_in_content_is_no_fault_of_reading(tmp_path, field, old):
    game = tiny(tmp_path, "game.yaml", old, old.replace(field, field + "T" * 5000))
    result = run("check", str(game))
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr[-2000:]


def test_a_5000_character_game_id_is_a_located_error(tmp_path):
    game = tiny(tmp_path, "game.yaml", "id: tiny", "id: " + "t" * 5000)
    error = first_error(run("check", str(game)))
    assert (error["code"], error["line"], error["col"]) == ("E605", 3, 5)


# ---- many faults ------------------------------------------------------------------------------------

def test_a_file_of_20000_faults_is_reported_at_once(tmp_path):
    """Each fault's line was found by splitting the whole file again: 20,000 faults in a 300 KB
    file meant 6 GB of splitting."""
    value = "[" + ", ".join(["*a"] * 20_000) + "]"
    game = tiny(tmp_path, "cards.yaml", "attributes: {power: 2}", "attributes: {power: &a 2, side: " + value
                + "}")
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text("utf-8") + "# pad\n" * 50_000, "utf-8")
    result = run("check", str(game))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.count("error[E104]") == 20_001


# ---- the limits against the real files ------------------------------------------------------------

def _measure(path: Path) -> tuple[int, int, int, int]:
    """A YAML file's size in bytes, deepest nesting, values and longest number."""
    text = path.read_text("utf-8")
    depth = deepest = values = digits = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.NodeEvent):
            values += 1
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            deepest = max(deepest, depth)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        elif isinstance(event, yaml.ScalarEvent) and event.style is None and NUMBER.fullmatch(event.value):
            digits = max(digits, len(event.value.lstrip("+-")))
    return len(text.encode("utf-8")), deepest, values, digits


def test_the_real_files_are_far_within_the_limits_and_docs_state_them():
    files = sorted(CONTENT.rglob("*.yaml")) + sorted((ROOT / "tests" / "examples").rglob("*.yaml"))
    sizes, depths, values, digits = zip(*(_measure(p) for p in files), strict=True)
    largest = (max(sizes), max(depths), max(values), max(digits))
    # each limit many times what the largest real file needs (docs/errors.md gives them)
    margins = (20, 10, 10, 5)
    limits = (MAX_FILE_BYTES, MAX_DEPTH, MAX_NODES, MAX_DIGITS)
    assert all(m * k <= limit for m, k, limit in zip(largest, margins, limits, strict=True)), largest
    docs = (ROOT / "docs" / "errors.md").read_text("utf-8")
    for stated in (f"| {MAX_FILE_BYTES // 1024 // 1024} MB |", f"| {MAX_DEPTH} levels |",
                   f"| {MAX_NODES:,} |", f"| {MAX_DIGITS} |"):
        assert stated in docs, stated
