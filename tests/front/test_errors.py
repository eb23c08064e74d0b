"""Broken content gets author-facing errors: file:line:col, the line, a caret, a hint, exit 1.

Each test breaks a copy of the Zimna Wojna content in one way, as an author might, and runs
`kurtyna check` (and `build`) as a user would.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from ..conftest import CONTENT, FIXTURES, ROOT, compile_errors, copy_game, edit_file, run_cli

LOCATION = re.compile(r"^(?P<path>[^\s:]+):(?P<line>\d+):(?P<col>\d+): error\[(?P<code>E\d{3})\]: ", re.M)


def broken(tmp_path, filename: str, old: str, new: str):
    game = copy_game(CONTENT / "zimna_wojna", tmp_path)
    path = game / filename
    text = path.read_text("utf-8")
    assert old in text, f"fixture text not found in {filename}: {old!r}"
    path.write_text(text.replace(old, new, 1), "utf-8")
    return game


def check(game):
    result = run_cli("check", str(game))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    return result.stderr


def first_error(output: str) -> dict:
    match = LOCATION.search(output)
    assert match, output
    return {**match.groupdict(), "line": int(match["line"]), "col": int(match["col"])}


def caret_under(output: str, word: str) -> bool:
    """The source line is shown with carets exactly under `word`."""
    lines = output.splitlines()
    for source, carets in zip(lines, lines[1:], strict=False):
        if carets.strip() and set(carets.strip()) == {"^"}:
            start = carets.index("^")
            if source[start:start + len(word)] == word and len(carets.strip()) == len(word):
                return True
    return False


def line_of(game, filename: str, needle: str) -> int:
    for number, line in enumerate((game / filename).read_text("utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


def test_typo_in_adjacency_names_the_space_and_suggests_the_right_one(tmp_path):
    game = broken(tmp_path, "map.yaml", "adjacent: [east_germany, hungary, italy, west_germany]",
                  "adjacent: [east_germany, hungary, itlay, west_germany]")
    out = check(game)
    error = first_error(out)
    assert error["path"].endswith("map.yaml") and error["code"] == "E301"
    assert error["line"] == line_of(game, "map.yaml", "itlay") and error["col"] == 39
    assert "unknown space 'itlay'" in out and "hint: did you mean 'italy'?" in out
    assert caret_under(out, "itlay")
    # the missing link back from Italy is reported too, in the same run
    assert "error[E601]" in out


def test_missing_required_field(tmp_path):
    game = broken(tmp_path, "tracks.yaml", "    min: 1\n    max: 5\n", "    min: 1\n")
    out = check(game)
    error = first_error(out)
    assert (error["code"], error["path"].endswith("tracks.yaml")) == ("E201", True)
    assert "missing required field 'max'" in out and "hint: add 'max:' here" in out


def test_duplicate_key(tmp_path):
    game = broken(tmp_path, "game.yaml", "id: zimna_wojna\n", "id: zimna_wojna\nid: zimna_wojna\n")
    out = check(game)
    error = first_error(out)
    assert (error["code"], error["line"], error["col"]) == ("E103", 4, 1)
    assert "duplicate key 'id' (first defined at line 3)" in out


def test_effect_with_a_syntax_error(tmp_path):
    game = broken(tmp_path, "rules.yaml", "return influence[s][p] >= s.stability",
                  "return influence[s][p] => s.stability")
    out = check(game)
    error = first_error(out)
    assert error["code"] == "E401" and error["path"].endswith("rules.yaml")
    assert error["line"] == line_of(game, "rules.yaml", "=> s.stability")
    text_line = (game / "rules.yaml").read_text("utf-8").splitlines()[error["line"] - 1]
    assert text_line[error["col"] - 1:error["col"] + 1] == "=>"


def test_effect_with_a_type_error(tmp_path):
    game = broken(tmp_path, "rules.yaml", "return influence[s][p] >= s.stability",
                  "return influence[s][p] >= s.battleground")
    out = check(game)
    error = first_error(out)
    assert error["code"] == "E501"
    assert "'>=' compares numbers, but this is bool" in out
    assert caret_under(out, "s.battleground")


def test_effect_with_an_unknown_name_in_a_card_event(tmp_path):
    game = broken(tmp_path, "cards.yaml", "  - id: fidel\n",
                  "  - id: fidel\n    event: |\n      influence[cuba][ussr] += stability(cuba)\n"
                  "      influence[kuba][us] = 0\n")
    out = check(game)
    assert "unknown function 'stability'" in out
    assert "unknown space 'kuba'" in out and "did you mean 'cuba'?" in out
    assert caret_under(out, "kuba")


def test_invalid_yaml(tmp_path):
    game = broken(tmp_path, "cards.yaml", "  - id: nato\n", "  - id: nato: treaty\n")
    out = check(game)
    error = first_error(out)
    assert error["code"] == "E102" and error["path"].endswith("cards.yaml")
    assert error["line"] == line_of(game, "cards.yaml", "nato: treaty")
    assert "mapping values are not allowed here" in out and "needs quotes" in out


def test_all_errors_of_a_run_are_reported_in_cause_order(tmp_path):
    """Pass by pass (the schema, then declarations, then structure checks), not file by file:
    the schema fault in tracks.yaml comes before the faults found later in map.yaml."""
    game = broken(tmp_path, "map.yaml", "adjacent: [east_germany, hungary, italy, west_germany]",
                  "adjacent: [east_germany, hungry, italy, west_germany]")
    path = game / "tracks.yaml"
    path.write_text(path.read_text("utf-8").replace("    min: 1\n    max: 5\n",
                                                    "    min: 1\n    max: 5\n    maks: 6\n", 1))
    out = check(game)
    found = [(m["code"], m["path"].rsplit("/", 1)[-1], int(m["line"])) for m in LOCATION.finditer(out)]
    hungary = line_of(game, "map.yaml", "adjacent: [austria, czechoslovakia, romania, yugoslavia]")
    assert found == [("E203", "tracks.yaml", line_of(game, "tracks.yaml", "maks: 6")),
                     ("E301", "map.yaml", line_of(game, "map.yaml", "hungry")),
                     ("E601", "map.yaml", hungary)]
    assert out.rstrip().endswith(f"{len(found)} errors")


def test_build_writes_nothing_when_there_are_errors(tmp_path):
    game = broken(tmp_path, "map.yaml", "adjacent: [east_germany, hungary, italy, west_germany]",
                  "adjacent: [east_germany, hungary, itlay, west_germany]")
    out_dir = tmp_path / "out"
    result = run_cli("build", str(game), "--out", str(out_dir))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "nothing written" in result.stderr
    assert not out_dir.exists()


def test_unknown_game_is_a_usage_error():
    result = run_cli("check", "no_such_game")
    assert result.returncode == 2 and "no game 'no_such_game'" in result.stderr


def test_grid_built_ins_need_a_grid_map(tmp_path):
    game = broken(tmp_path, "rules.yaml", "          return c.ops\n",
                  "          return size(open_cells([iran])) + c.ops\n")
    out = check(game)
    error = first_error(out)
    assert error["code"] == "E502" and "needs a map laid on a grid" in out
    assert "layout: grid" in out and caret_under(out, "open_cells([iran])")


def test_a_grid_map_lists_no_adjacency(tmp_path):
    game = copy_game(CONTENT / "zelazna_kurtyna", tmp_path)
    path = game / "map.yaml"
    text = path.read_text("utf-8")
    old = "  - {id: iran, kind: country, regions: [middle_east],"
    assert old in text
    new = "  - {id: iran, kind: country, adjacent: [israel], regions: [middle_east],"
    path.write_text(text.replace(old, new), "utf-8")
    out = check(game)
    error = first_error(out)
    assert error["code"] == "E605" and "layout is 'grid'" in out
    assert error["line"] == line_of(game, "map.yaml", "id: iran,")


# ---- bad inputs that used to end in a Python traceback (issue 13) ----------------------------
# Each breaks a copy of the tiny fixture game and runs `kurtyna check` in process: the exit code
# is 1, the first error has the expected code, file and line, and no exception escapes.

def check_tiny(tmp_path, capsys, edits: dict[str, tuple[str, str] | str]) -> tuple[dict, str]:
    """Edit files of a copy of tiny (a (old, new) replacement, or the whole new text), check it,
    and return its first error and the whole report."""
    from compiler import cli

    game = copy_game(FIXTURES / "games" / "tiny", tmp_path)
    for name, edit in edits.items():
        path = game / name
        if isinstance(edit, str):
            path.write_text(edit, "utf-8")
            continue
        old, new = edit
        text = path.read_text("utf-8")
        assert old in text, f"{old!r} not in {name}"
        path.write_text(text.replace(old, new, 1), "utf-8")
    assert cli.main(["check", str(game)]) == 1
    out = capsys.readouterr().err
    return first_error(out), out


def errors_in(out: str) -> list[tuple[str, str, int]]:
    return [(m["code"], m["path"].rsplit("/", 1)[-1], int(m["line"])) for m in LOCATION.finditer(out)]


@pytest.mark.parametrize("name", ["game.yaml", "map.yaml", "tracks.yaml", "cards.yaml", "rules.yaml",
                                  "text.yaml"])
@pytest.mark.parametrize("top", ["- a\n- b\n", "42\n", "just text\n"])
def test_a_file_that_is_not_a_mapping_is_one_located_error(tmp_path, capsys, name, top):
    error, out = check_tiny(tmp_path, capsys, {name: "# a comment\n" + top})
    assert errors_in(out) == [("E202", name, 2)]  # no echo: what it should declare is not "unknown"
    assert "should be a mapping" in out


@pytest.mark.parametrize("name, old, new", [
    ("game.yaml", "value: {type: int, default: 1}", "1: {type: int}"),
    ("game.yaml", "value: {type: int, default: 1}", "true: {type: bool}"),
    ("game.yaml", "color: [gold, silver]", "1: [gold, silver]"),
    ("game.yaml", "names: {en: Tiny,", "names: {null: Tiny,"),
    ("game.yaml", "  play: play", "  3: play"),
    ("map.yaml", "attributes: {bonus: 1}", "attributes: {1.5: 1}"),
    ("cards.yaml", "attributes: {power: 2}", "attributes: {2: 2}"),
    ("tracks.yaml", "start: {red: 1, blue: 2}", "start: {1: 1, blue: 2}"),
    ("tracks.yaml", "red: {alpha: 1}", "red: {1: 1}"),
    ("tracks.yaml", "columns: {round: int,", "columns: {false: int,"),
    ("tracks.yaml", "{round: 1, draw: 2", "{~: 1, draw: 2"),
])
def test_a_key_that_is_not_a_name_is_a_located_error(tmp_path, capsys, name, old, new):
    error, out = check_tiny(tmp_path, capsys, {name: (old, new)})
    assert error["code"] == "E206" and error["path"].endswith(name)
    game = tmp_path / "tiny"
    assert error["line"] == line_of(game, name, new)
    assert errors_in(out) == [("E206", name, error["line"])]  # the item is not echoed as "unknown"


def test_number_keys_stay_allowed_where_numbers_are_asked_for(tmp_path):
    game = copy_game(CONTENT / "zimna_wojna", tmp_path)
    text = (game / "game.yaml").read_text("utf-8")
    assert "          5: No restrictions.\n" in text  # track notes are keyed by track values
    result = run_cli("check", str(game))
    assert result.returncode == 0, result.stderr


RALLY = "    event: |\n      player chooses 2 s in west:\n          troops[s][player] += 1\n"


def event(text: str) -> tuple[str, str]:
    """An edit of tiny's cards.yaml: card rally's event becomes `text` (a YAML scalar)."""
    return ("cards.yaml", (RALLY, f"    event: {text}\n"))


@pytest.mark.parametrize("char", ["\\u2028", "\\u2029", "\\x85", "\\0", "\\v", "\\x1b", "\\r", "\\x7f"])
def test_a_control_character_in_effect_text_is_a_located_error(tmp_path, capsys, char):
    name, edit = event(f'"score += 1 {char}+ 1"')
    error, out = check_tiny(tmp_path, capsys, {name: edit})
    line = line_of(tmp_path / "tiny", "cards.yaml", "score += 1")
    assert (error["code"], error["line"], error["col"]) == ("E401", line, 24)
    assert "is not allowed in effect text" in out and "Traceback" not in out


def test_a_form_feed_in_effect_text_is_a_space_and_later_columns_stay_right(tmp_path, capsys):
    name, edit = event('"score += 1 +\\f 2 +* 3"')
    error, out = check_tiny(tmp_path, capsys, {name: edit})
    # `*` is column 19 of the text, but the escape \f takes two columns in the file.
    assert (error["code"], error["col"]) == ("E401", 12 + 19)
    assert caret_under(out, "*")


def test_raw_control_characters_in_a_yaml_file_are_located(tmp_path, capsys):
    error, out = check_tiny(tmp_path, capsys, {"cards.yaml": ("attributes: {power: 2}",
                                                              "attributes: {power: 2}\f")})
    line = line_of(tmp_path / "tiny", "cards.yaml", "attributes: {power: 2}")
    assert (error["code"], error["line"], error["col"]) == ("E102", line, 27)
    assert "U+000C" in out


@pytest.mark.parametrize("expression", [
    " + ".join(["1"] * 10_000),
    " and ".join(["true"] * 10_000),
    "abs(" * 600 + "1" + ")" * 600,
    "-" * 10_000 + "score",
    "not " * 600 + "true",
    "[" * 600 + "1" + "]" * 600,
    "rounds[1].draw" + " + rounds[1].draw" * 600,
])
def test_a_huge_expression_is_refused_with_its_limit(tmp_path, capsys, expression):
    error, out = check_tiny(tmp_path, capsys, dict([event(f'"let x = {expression}"')]))
    line = line_of(tmp_path / "tiny", "cards.yaml", "let x = ")
    assert (error["code"], error["line"], error["col"]) == ("E403", line, 21)
    assert "at most 50 levels" in out


def test_an_expression_at_the_limit_compiles(tmp_path, capsys):
    """50 levels pass every stage, the Python backend included (Python's own parser allows
    about 200 nested brackets)."""
    from compiler import cli

    game = copy_game(FIXTURES / "games" / "tiny", tmp_path)
    text = (game / "cards.yaml").read_text("utf-8")
    (game / "cards.yaml").write_text(text.replace(RALLY, '    event: "score += ' +
                                                  " + ".join(["1"] * 50) + '"\n'), "utf-8")
    assert cli.main(["build", str(game), "--out", str(tmp_path / "out")]) == 0


def test_deep_brackets_add_no_depth(tmp_path, capsys):
    error, out = check_tiny(tmp_path, capsys, dict([event('"let x = ' + "(" * 10_000 + "score"
                                                          + ")" * 10_000 + ' and true"')]))
    assert error["code"] == "E501"  # the type checker saw it: `and` needs bools


def test_blocks_nested_too_deeply_are_refused(tmp_path, capsys):
    body = "".join("        " + "    " * i + "if true:\n" for i in range(60))
    error, out = check_tiny(tmp_path, capsys, dict([event("|\n" + body + "        " + "    " * 60
                                                          + "pass")]))
    assert error["code"] == "E403" and "at most 16 blocks" in out
    assert error["line"] == line_of(tmp_path / "tiny", "cards.yaml", "if true:") + 16  # the 17th block


def test_output_that_cannot_be_encoded_is_escaped_not_a_crash(tmp_path):
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C", "LANG": "C"}
    result = subprocess.run([sys.executable, "-m", "compiler.cli", "text", "zimna_wojna", "asia_scoring",
                             "--lang", "pl"], cwd=ROOT, capture_output=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr.decode("ascii", "replace")
    assert b"obecno\\u015b\\u0107" in result.stdout and b"Traceback" not in result.stderr
    game = broken(tmp_path, "game.yaml", "\nplayers:", "\nopis: Gra o zimnej wojnie, ż\nplayers:")
    result = subprocess.run([sys.executable, "-m", "compiler.cli", "check", str(game)], cwd=ROOT,
                            capture_output=True, env=env, timeout=300)
    err = result.stderr.decode("ascii")
    assert result.returncode == 1 and "Traceback" not in err
    assert "error[E203]: unknown field 'opis'" in err and "wojnie, \\u017c" in err


def test_a_malformed_declaration_comes_before_the_uses_it_breaks(tmp_path, capsys):
    """The id 'West' is malformed (schema); every use of 'west' is then unknown. The cause is
    reported first, though cards.yaml sorts before map.yaml."""
    error, out = check_tiny(tmp_path, capsys, {"map.yaml": ("- id: west", "- id: West")})
    found = errors_in(out)
    assert found[0] == ("E205", "map.yaml", 3)
    assert ("E301", "cards.yaml", line_of(tmp_path / "tiny", "cards.yaml", "in west:")) in found[1:]


def test_uses_of_a_malformed_declaration_are_not_reported_again(tmp_path, capsys):
    """Region 'west' is declared with a malformed attribute: its uses are not "unknown region"."""
    error, out = check_tiny(tmp_path, capsys, {"map.yaml": ("attributes: {bonus: 1}",
                                                            "attributes: {bonus: [1]}")})
    assert errors_in(out) == [("E202", "map.yaml", 4)]


@pytest.mark.parametrize("edit", [
    ("game.yaml", ("names: {en: Tiny,", 'names: {en: "Ti\\ud800ny",')),
    ("game.yaml", ("  - id: red\n", '  - id: red\n    names: {"\\udc80": x}\n')),
    event('"score += 1 \\ud800+ 1"'),  # in effect text too, before the parser sees it
])
def test_half_a_character_in_a_yaml_string_is_located(tmp_path, capsys, edit):
    """A lone surrogate (from a \\u escape) could not be written to a file or printed; a key too."""
    name, replacement = edit
    error, out = check_tiny(tmp_path, capsys, {name: replacement})
    assert error["code"] == "E106" and error["path"].endswith(name)
    escape = "\\ud800" if "ud800" in replacement[1] else "\\udc80"
    assert error["line"] == line_of(tmp_path / "tiny", name, escape)
    assert "U+D" in out and "Traceback" not in out


def test_a_long_source_line_is_shown_around_its_fault():
    from compiler.diagnostics import SHOWN_WIDTH, Diagnostic, Span

    line = "x = " + "1 + " * 300 + "itlay + 2"
    col = line.index("itlay") + 1
    text = Diagnostic("E301", "unknown name 'itlay'", Span("f.yaml", 1, col, 1, col + 5)).render(
        {"f.yaml": line + "\n"})
    source, carets = text.splitlines()[1:3]
    assert len(source) <= SHOWN_WIDTH + 6 and source.strip().startswith("…")
    start = carets.index("^")
    assert source[start:start + 5] == "itlay" and carets.strip() == "^^^^^"


def test_a_phrase_for_something_the_rules_do_not_have_is_located(tmp_path):
    """text.yaml is declared and resolved like the rest: a misspelt phrase id would never print."""
    game = copy_game(ROOT / "content" / "zelazna_kurtyna", tmp_path)
    text = (game / "text.yaml").read_text("utf-8")
    assert "\nphrases:\n" in text
    (game / "text.yaml").write_text(text.replace("\nphrases:\n", "\nphrases:\n  infiltrat: \"x\"\n", 1),
                                    "utf-8")
    result = run_cli("check", str(game))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    error = first_error(result.stderr)
    assert (error["code"], error["line"]) == ("E301", line_of(game.parent, "zelazna_kurtyna/text.yaml",
                                                              "  infiltrat:"))
    assert "did you mean 'infiltrate'" in result.stderr


def test_a_card_number_given_twice_is_e302_at_the_second_card(tmp_path):
    folder = copy_game(CONTENT / "zimna_wojna", tmp_path)
    edit_file(folder / "cards_25_44.yaml", "{number: 26, ops: 1", "{number: 25, ops: 1")
    [found] = [d for d in compile_errors(folder) if d.code == "E302"]
    assert "number 25 is given twice: to 'containment' and 'cia_created'" in found.message
    assert found.span.path.endswith("cards_25_44.yaml") and found.span.line == 21
    assert "declared unique" in found.hint
