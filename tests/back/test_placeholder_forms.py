"""A placeholder's form is one the filler knows (issue 40, point 4): a misspelt case (`{space:lok}`),
an unknown one (`{r:zzz}`), a count asked for a number it cannot take (`{n|cube:acc_pl}`) or a
glossary term asked for a form it does not have (`{@cube:gen_pll}`) would print the nominative
("USA umieszczają 2 PW Polska") and passes msgfmt: `kurtyna check` refuses it at the placeholder,
in a catalog (E706) and in text.yaml (E708)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from compiler.back.i18n.placeholders import FORMS, placeholders

from ..conftest import CONTENT, ROOT, edit_file, run_cli

GAME = "zelazna_kurtyna"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of a real game under tmp_path/content; tmp_path is the working folder of the CLI."""
    shutil.copytree(CONTENT / GAME, tmp_path / "content" / GAME)
    return tmp_path


def located(path: Path, needle: str) -> str:
    """`file:line:col` of the first `needle` in `path`, as the CLI shows it from the copy's folder."""
    for number, line in enumerate(path.read_text("utf-8").split("\n"), start=1):
        if needle in line:
            return f"{path.relative_to(path.parents[2])}:{number}:{line.index(needle) + 1}"
    raise AssertionError(f"{needle!r} not in {path}")


@pytest.mark.parametrize(("lang", "old", "new", "bad", "said"), [
    ("pl", "{p?dokłada|dokładają} kostkę {s:to}", "{p?dokłada|dokładają} kostkę {s:lok}", "{s:lok}",
     "did you mean 'loc'?"),
    ("pl", "przeprowadź punktację {r:gen}", "przeprowadź punktację {r:zzz}", "{r:zzz}",
     "An argument takes nom, gen, dat, acc, loc, ins, to, from, or"),
    ("cs", "infiltrují} {n|cube:acc}", "infiltrují} {n|cube:acc_pl}", "{n|cube:acc_pl}",
     "A count takes a case"),
    ("cs", "{p?přidá|přidají} kostku {s:to}", "{p?přidá|přidají} {@cube:gen_pll} {s:to}", "{@cube:gen_pll}",
     "did you mean 'gen_pl'?"),
])
def test_a_form_nobody_has_is_an_error_at_the_placeholder(copy, lang, old, new, bad, said):
    path = copy / "content" / GAME / "locales" / f"{lang}.po"
    edit_file(path, old, new, 1)
    # gettext's own check lets it through: only Kurtyna knows the forms
    assert subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(path)], capture_output=True).returncode == 0
    result = run_cli("check", GAME, cwd=copy)
    assert result.returncode == 1, result.stderr
    assert f"{located(path, bad)}: error[E706]: '{bad}'" in result.stderr, result.stderr
    assert said in result.stderr
    assert "Traceback" not in result.stderr


def test_a_misspelt_form_in_text_yaml_is_an_error_at_the_placeholder(copy):
    text = copy / "content" / GAME / "text.yaml"
    edit_file(text, 'do: "{p} adds a cube {s:to}"', 'do: "{p} adds a cube {s:into}"', 1)
    result = run_cli("check", GAME, cwd=copy)
    assert result.returncode == 1, result.stderr
    where = located(text, "{s:into}")
    said = f"{where}: error[E708]: '{{s:into}}' in the phrase 'add_cube' asks for the form 'into'"
    assert said in result.stderr, result.stderr


def test_every_form_the_committed_texts_use_is_known():
    """No false alarm: every placeholder of every catalog (Kurtyna's own too), text.yaml and
    construct file asks for a form the filler has."""
    files = [*CONTENT.glob("*/locales/*.po"), *CONTENT.glob("*/text.yaml"),
             *(ROOT / "compiler" / "back" / "text" / "locales").glob("*.yaml"),
             *(ROOT / "compiler" / "back" / "text" / "locales").glob("*.po")]
    asked = set()
    for path in files:
        text = "\n".join(line for line in path.read_text("utf-8").split("\n") if not line.startswith("#"))
        for match in re.finditer(r"\{[^{}\n]*\}", text):
            for p in placeholders(match.group(0)):
                if p.valid and p.form:
                    assert p.form_known, f"{path}: {p.text}"
                    asked.add((p.kind, p.form))
    # the kinds of form the texts really use, so that this test reads something
    assert {("argument", "loc"), ("argument", "gen_pl"), ("count", "acc")} <= asked


def test_the_forms_are_the_glossary_cases_and_the_place_forms():
    assert FORMS["count"] == {"nom", "gen", "dat", "acc", "loc", "ins"}
    assert {"to", "from", "or", "gen_pl", "abbr"} <= FORMS["argument"]
    assert "loc" not in FORMS["term"] and "loc_sg" in FORMS["term"]
