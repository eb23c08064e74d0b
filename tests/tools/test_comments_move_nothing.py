"""Comments and blank lines are not changes (issue 40): what generated code and catalogs cite does
not move when a comment or a blank line is added to the content, and a fault at run time is still
reported at its (moved) file line.

Generated code cites a statement by its effect text and the line inside it; catalogs cite the
file (docs/design.md, "What generated code cites")."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from ..conftest import CONTENT, FIXTURES, ROOT, run_cli

COMMENT = "# a note of the author's, then a blank line\n\n"


def comment_every_yaml_file(game: Path) -> int:
    files = sorted(game.rglob("*.yaml"))
    for path in files:
        path.write_text(COMMENT + path.read_text("utf-8"), "utf-8")
    return len(files)


def workspace(tmp_path: Path, name: str) -> Path:
    """A working folder holding content/<name> and the committed generated/<name>, as a clone has."""
    shutil.copytree(CONTENT / name, tmp_path / "content" / name)
    shutil.copytree(ROOT / "generated" / name, tmp_path / "generated" / name)
    return tmp_path


def test_a_comment_atop_every_file_of_zimna_wojna_leaves_engine_and_catalogs_fresh(tmp_path):
    work = workspace(tmp_path, "zimna_wojna")
    game = work / "content" / "zimna_wojna"
    assert comment_every_yaml_file(game) >= 15
    catalogs = {p.name: p.read_bytes() for p in (game / "locales").iterdir()}
    engine = {p.name: p.read_bytes() for p in (work / "generated" / "zimna_wojna").iterdir()}

    checked = run_cli("build", "zimna_wojna", "--check", cwd=work)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "generated/zimna_wojna: up to date" in checked.stdout
    assert "stale" not in checked.stdout + checked.stderr

    updated = run_cli("i18n", "update", "zimna_wojna", cwd=work)
    assert updated.returncode == 0 and "catalogs up to date" in updated.stdout, updated.stdout
    assert {p.name: p.read_bytes() for p in (game / "locales").iterdir()} == catalogs
    built = run_cli("build", "zimna_wojna", cwd=work)
    assert built.returncode == 0, built.stderr
    assert {p.name: p.read_bytes() for p in (work / "generated" / "zimna_wojna").iterdir()
            if p.name in engine} == engine


def test_a_fault_is_reported_at_its_moved_line_by_an_engine_that_did_not_change(tmp_path):
    """Built from the game before and after three comment lines, the engines are the same files;
    the fault a game runs into is reported at the line the statement now has, each time."""
    source = FIXTURES / "games" / "faults"
    reports = {}
    engines = {}
    for side in ("before", "after"):
        work = tmp_path / side
        shutil.copytree(source, work / "faults")
        if side == "after":
            rules = work / "faults" / "rules.yaml"
            rules.write_text(COMMENT + "# and one more\n" + rules.read_text("utf-8"), "utf-8")
        built = run_cli("build", "faults", "--out", "out", cwd=work)
        assert built.returncode == 0, built.stderr
        engines[side] = {p.name: p.read_bytes() for p in (work / "out" / "faults").glob("*.py")}
        result = run_cli("sim", "faults", "--games", "30", "--quiet", cwd=work)
        assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
        found = re.search(r"^faults/rules\.yaml:(\d+):(\d+): error\[R102\]: division by zero",
                          result.stderr, re.M)
        assert found is not None, result.stderr
        rules = (work / "faults" / "rules.yaml").read_text("utf-8").splitlines()
        line = next(n for n, text in enumerate(rules, 1) if "score += 10 / zero" in text)
        reports[side] = (int(found[1]), int(found[2]))
        assert reports[side][0] == line, result.stderr
    assert engines["before"] == engines["after"] and len(engines["after"]) >= 4
    assert reports["after"] == (reports["before"][0] + 3, reports["before"][1])
