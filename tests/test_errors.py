"""Broken content gets author-facing errors: file:line:col, the line, a caret, a hint, exit 1.

Each test breaks a copy of the Zimna Wojna content in one way, as an author might, and runs
`kurtyna check` (and `build`) as a user would.
"""

from __future__ import annotations

import re

from .conftest import CONTENT, copy_game, run_cli

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
