"""Translation catalogs: read and written with polib, nothing a translator wrote is lost, every
PO fault is located, placeholders are checked (issue 13, item 4).

gettext's msgcat and msgfmt come from scripts/system-deps (the `gettext` package)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from compiler.back.i18n.catalog import (
    Catalog,
    CatalogError,
    Entry,
    content,
    load_catalog,
    read_catalog,
    render,
)
from compiler.back.i18n.manage import outdated_catalogs
from compiler.pipeline import compile_game

from ..conftest import budget, edit_file

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
GAME = "zelazna_kurtyna"


def kurtyna(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=cwd, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of a real game under tmp_path/content; tmp_path is the working folder of the CLI."""
    shutil.copytree(CONTENT / GAME, tmp_path / "content" / GAME)
    return tmp_path


def game(copy: Path) -> Path:
    return copy / "content" / GAME


def po_path(copy: Path, lang: str = "pl") -> Path:
    return game(copy) / "locales" / f"{lang}.po"


def edit(path: Path, old: str, new: str) -> None:
    edit_file(path, old, new, 1)


def line_of(path: Path, needle: str) -> int:
    """The 1-based number of the first line of `path` holding `needle`."""
    for number, line in enumerate(path.read_text("utf-8").split("\n"), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def translations_of(path: Path) -> dict[tuple[str, bool], str]:
    """Every msgstr of a PO file by (msgctxt, obsolete), as gettext's own reading (polib) sees it."""
    return {(e.msgctxt, bool(e.obsolete)): e.msgstr for e in polib.pofile(str(path))}


def msgcat(path: Path, width: int) -> None:
    subprocess.run(["msgcat", f"--width={width}", str(path), "-o", str(path)], check=True)


def add_translator_work(path: Path) -> None:
    """What a translator adds in Poedit: a comment, a flag of their own, header fields."""
    text = path.read_text("utf-8")
    entry = re.search(r'(?m)^msgctxt "name\.ussr"$', text)
    assert entry is not None
    block_start = text.rfind("\n\n", 0, entry.start()) + 2
    text = text[:block_start] + "# Translator: keep it short, it is printed on the tracks\n#, x-checked\n" \
        + text[block_start:]
    text = text.replace('"Content-Transfer-Encoding: 8bit\\n"\n',
                        '"Content-Transfer-Encoding: 8bit\\n"\n"X-Generator: Poedit 3.4\\n"\n'
                        '"Last-Translator: Anna <anna@example.org>\\n"\n', 1)
    path.write_text(text, "utf-8")


def change_an_english_text(copy: Path) -> None:
    edit(game(copy) / "cards.yaml", "2 cubes into Israel.", "2 cubes into Israel now.")


def entry_of(path: Path, key: str) -> polib.POEntry:
    found = [e for e in polib.pofile(str(path)) if e.msgctxt == key]
    assert len(found) == 1, (key, found)
    return found[0]


# ---- the round trip --------------------------------------------------------------------------


@pytest.mark.parametrize("width", [40, 50])
def test_a_rewrapped_catalog_with_translator_work_survives_update(copy, width):
    path = po_path(copy)
    before = translations_of(path)
    msgcat(path, width)
    assert max(len(line) for line in path.read_text("utf-8").splitlines() if line.startswith('"')) <= width
    add_translator_work(path)
    edited = path.read_bytes()
    # Same content, other layout: current, and `i18n update` leaves the translator's file alone.
    assert outdated_catalogs(compile_game(game(copy))) == []
    result = kurtyna("i18n", "update", GAME, cwd=copy)
    assert result.returncode == 0, result.stderr
    assert path.read_bytes() == edited
    # A change in the English makes update rewrite the file: still nothing lost.
    change_an_english_text(copy)
    result = kurtyna("i18n", "update", GAME, cwd=copy)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert path.read_bytes() != edited
    assert translations_of(path) == before
    ussr = entry_of(path, "name.ussr")
    assert ussr.tcomment == "Translator: keep it short, it is printed on the tracks"
    assert "x-checked" in ussr.flags and "fuzzy" not in ussr.flags
    header = polib.pofile(str(path)).metadata
    assert header["X-Generator"] == "Poedit 3.4" and header["Last-Translator"] == "Anna <anna@example.org>"
    assert header["Language"] == "pl"
    assert outdated_catalogs(compile_game(game(copy))) == []
    result = kurtyna("check", GAME, cwd=copy)
    assert result.returncode == 0, result.stderr


def test_build_check_compares_content_not_bytes(copy):
    path = po_path(copy)
    msgcat(path, 40)
    assert outdated_catalogs(compile_game(game(copy))) == []
    edit(path, 'msgstr "ZSRR"', 'msgstr "Związek Radziecki"')  # a translation is the translator's
    assert outdated_catalogs(compile_game(game(copy))) == []
    edit(path, 'msgid "USSR"', 'msgid "Soviet Union"')  # a source is not
    assert outdated_catalogs(compile_game(game(copy))) == [path]


def test_a_plural_rule_worded_by_another_babel_release_is_not_stale(copy):
    # Babel rewords the same plural rule between releases; committed catalogs must not go
    # stale (and fail `build --check`) when a newer Babel is installed.
    path = po_path(copy)
    text = path.read_text(encoding="utf-8")
    rule = re.search(r'"Plural-Forms: (.*)\\n"', text).group(1)
    wordings = ["nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
                "nplurals=3; plural=n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 "
                "&& (n % 100 < 12 || n % 100 > 14) ? 1 : 2;"]
    reworded = next(w for w in wordings if w != rule)
    edit(path, rule, reworded)
    assert outdated_catalogs(compile_game(game(copy))) == []
    edit(path, reworded, "nplurals=2; plural=(n != 1);")  # a wrong number of forms is replaced
    assert outdated_catalogs(compile_game(game(copy))) == [path]


def test_a_changed_source_is_fuzzy_with_its_previous_msgid(copy):
    path = po_path(copy)
    msgcat(path, 40)
    change_an_english_text(copy)
    assert kurtyna("i18n", "update", GAME, cwd=copy).returncode == 0
    entry = entry_of(path, "text.israel_card")
    assert "fuzzy" in entry.flags
    assert entry.previous_msgid == "The USA infiltrates 2 cubes into Israel."
    assert entry.msgid == "The USA infiltrates 2 cubes into Israel now."
    assert entry.msgstr.startswith("USA infiltrują")
    text = path.read_text("utf-8")
    assert '#, fuzzy\n#| msgid "The USA infiltrates 2 cubes into Israel."\nmsgctxt "text.israel_card"' in text


def test_an_obsolete_fuzzy_entry_stays_obsolete(copy):
    path = po_path(copy)
    path.write_text(path.read_text("utf-8") + '\n# kept for later\n#, fuzzy\n#~| msgid "Gone away"\n'
                    '#~ msgctxt "name.gone"\n#~ msgid "Gone"\n#~ msgstr "Nie ma"\n', "utf-8")
    catalog = read_catalog(path, "pl")
    assert "name.gone" not in catalog.entries
    gone = catalog.obsolete["name.gone"]
    assert gone.fuzzy and gone.translation == "Nie ma" and gone.previous == "Gone away"
    assert gone.notes == "kept for later"
    change_an_english_text(copy)
    assert kurtyna("i18n", "update", GAME, cwd=copy).returncode == 0
    catalog = read_catalog(path, "pl")
    assert "name.gone" not in catalog.entries
    gone = catalog.obsolete["name.gone"]
    assert (gone.source, gone.translation, gone.fuzzy, gone.previous, gone.notes) == (
        "Gone", "Nie ma", True, "Gone away", "kept for later")
    assert '#~| msgid "Gone away"\n#~ msgctxt "name.gone"' in path.read_text("utf-8")


def test_an_obsolete_entry_whose_key_comes_back_is_fuzzy_for_review(copy):
    path = po_path(copy)
    text = path.read_text("utf-8")
    pattern = r'(?m)^#\. player name\n#: \S+\nmsgctxt "name\.ussr"\nmsgid "USSR"\nmsgstr "ZSRR"\n\n'
    current = re.search(pattern, text)
    assert current is not None
    path.write_text(text.replace(current.group(0), ""), "utf-8")
    obsolete = '\n#~ msgctxt "name.ussr"\n#~ msgid "USSR"\n#~ msgstr "Sowieci"\n'
    path.write_text(path.read_text("utf-8") + obsolete, "utf-8")
    assert outdated_catalogs(compile_game(game(copy))) == [path]
    assert kurtyna("i18n", "update", GAME, cwd=copy).returncode == 0
    catalog = read_catalog(path, "pl")
    assert "name.ussr" not in catalog.obsolete
    back = catalog.entries["name.ussr"]
    assert back.translation == "Sowieci" and back.fuzzy and not back.done


# ---- located faults ----------------------------------------------------------------------


def assert_located(result: subprocess.CompletedProcess, where: str, code: str) -> None:
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert f"{where}: error[{code}]" in result.stderr, result.stderr
    assert "\nhint: " in result.stderr


def test_a_missing_closing_quote_is_located_and_loses_nothing(copy):
    path = po_path(copy)
    edit(path, 'msgstr "Żelazna Kurtyna"', 'msgstr "Żelazna Kurtyna')
    broken = path.read_bytes()
    line = line_of(path, 'msgstr "Żelazna Kurtyna')
    end = len('msgstr "Żelazna Kurtyna') + 1  # the fault is where the closing quote should be
    assert_located(kurtyna("check", GAME, cwd=copy), f"content/{GAME}/locales/pl.po:{line}:{end}", "E702")
    result = kurtyna("i18n", "update", GAME, cwd=copy)
    assert_located(result, f"content/{GAME}/locales/pl.po:{line}:{end}", "E702")
    assert path.read_bytes() == broken  # nothing written, no character lost
    assert_located(kurtyna("text", GAME, "cuba_card", "--lang", "pl", cwd=copy),
                   f"content/{GAME}/locales/pl.po:{line}:{end}", "E702")


@pytest.mark.parametrize(("old", "new", "needle", "col"), [
    ('msgid "USSR"', "msgid USSR", "msgid USSR", 7),  # no quotes at all
    ('msgstr "ZSRR"', 'msgstr "Z"SRR"', 'msgstr "Z"SRR"', 10),  # a quote inside
    ('msgstr "ZSRR"', 'msgstr "ZSRR\\q"', 'msgstr "ZSRR\\q"', 13),  # an escape PO does not know
    ('msgstr "ZSRR"\n', "\n", 'msgctxt "name.ussr"', 1),  # an entry without msgstr
    ('msgid "USSR"', 'msgdi "USSR"', 'msgdi "USSR"', 1),  # no PO keyword
])
def test_po_syntax_faults_are_located(copy, old, new, needle, col):
    path = po_path(copy)
    edit(path, old, new)
    line = line_of(path, needle)
    catalog, faults = load_catalog(path, "pl")
    assert catalog.entries == {}
    assert [(d.code, d.span.line, d.span.col) for d in faults][:1] == [("E702", line, col)]
    assert_located(kurtyna("check", GAME, cwd=copy), f"content/{GAME}/locales/pl.po:{line}:{col}", "E702")


def test_a_catalog_that_is_not_utf8_is_located(copy):
    path = po_path(copy)
    data = path.read_bytes().replace("Żelazna".encode(), "Zelazna \xaf".encode("latin-1"), 1)
    path.write_bytes(data)
    line = data[: data.index(b"\xaf")].count(b"\n") + 1
    assert_located(kurtyna("check", GAME, cwd=copy), f"content/{GAME}/locales/pl.po:{line}:17", "E702")


def test_a_duplicate_msgctxt_names_both_lines(copy):
    path = po_path(copy)
    first = line_of(path, 'msgctxt "name.ussr"') - 2  # the entry starts at its #. line
    path.write_text(path.read_text("utf-8") + '\n# added twice\nmsgctxt "name.ussr"\nmsgid "USSR"\n'
                    'msgstr "Sowieci"\n', "utf-8")
    second = line_of(path, "# added twice")
    result = kurtyna("check", GAME, cwd=copy)
    assert_located(result, f"content/{GAME}/locales/pl.po:{second}:1", "E703")
    assert f"lines {first} and {second}" in result.stderr
    before = path.read_bytes()
    assert kurtyna("i18n", "update", GAME, cwd=copy).returncode == 1
    assert path.read_bytes() == before


def test_an_entry_without_msgctxt_is_located(copy):
    path = po_path(copy)
    path.write_text(path.read_text("utf-8") + '\nmsgid "USSR"\nmsgstr "Sowieci"\n', "utf-8")
    line = len(path.read_text("utf-8").split("\n")) - 2
    assert_located(kurtyna("check", GAME, cwd=copy), f"content/{GAME}/locales/pl.po:{line}:1", "E704")


def test_msgid_plural_is_kept_and_reported_not_a_traceback(copy):
    path = po_path(copy)
    edit(path, 'msgctxt "name.ussr"\nmsgid "USSR"\nmsgstr "ZSRR"\n',
         'msgctxt "name.ussr"\nmsgid "USSR"\nmsgid_plural "USSRs"\nmsgstr[0] "ZSRR"\nmsgstr[1] "ZSRRy"\n'
         'msgstr[2] "ZSRRów"\n')
    change_an_english_text(copy)
    result = kurtyna("i18n", "update", GAME, cwd=copy)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    first = line_of(path, 'msgctxt "name.ussr"') - 2  # its #. line
    entry = entry_of(path, "name.ussr")
    assert entry.msgid_plural == "USSRs" and entry.msgstr_plural == {0: "ZSRR", 1: "ZSRRy", 2: "ZSRRów"}
    assert_located(kurtyna("check", GAME, cwd=copy), f"content/{GAME}/locales/pl.po:{first}:1", "E705")


def test_more_plural_forms_than_the_header_allows_are_refused_at_the_form(copy):
    """msgstr[2] under `nplurals=2` is a form no count can choose (msgfmt refuses the file):
    E702 at msgstr[2], from check, build and i18n update alike, not the E705 of a plural entry."""
    path = po_path(copy)
    rule = re.search(r'"Plural-Forms: (.*)\\n"', path.read_text("utf-8")).group(1)
    edit(path, rule, "nplurals=2; plural=(n != 1);")
    edit(path, 'msgctxt "name.ussr"\nmsgid "USSR"\nmsgstr "ZSRR"\n',
         'msgctxt "name.ussr"\nmsgid "USSR"\nmsgid_plural "USSRs"\nmsgstr[0] "ZSRR"\nmsgstr[1] "ZSRRy"\n'
         'msgstr[2] "ZSRRów"\n')
    where = f"content/{GAME}/locales/pl.po:{line_of(path, 'msgstr[2]')}:1"
    for command in (["check", GAME], ["build", GAME, "--out", str(copy / "out")], ["i18n", "update", GAME]):
        result = kurtyna(*command, cwd=copy)
        assert_located(result, where, "E702")
        assert "nplurals=2" in result.stderr and "E705" not in result.stderr
    assert not (copy / "out").exists()
    edit(path, "nplurals=2; plural=(n != 1);", "nplurals=4; plural=(n != 1);")  # now a form is missing
    _, faults = load_catalog(path, "pl")
    assert [(f.code, f.span.line) for f in faults] == [("E702", line_of(path, "msgstr[2]"))]
    assert "no msgstr[3]" in faults[0].message


# ---- placeholders ------------------------------------------------------------------------


def test_an_unknown_placeholder_in_a_msgstr_is_located(copy):
    path = po_path(copy)
    edit(path, 'msgstr "{p} {p?zdobywa|zdobywają} {points|point:acc}"',
         'msgstr "{p} zdobywa {punkty|point:acc}"')
    line = line_of(path, "{punkty|point:acc}")
    col = path.read_text("utf-8").split("\n")[line - 1].index("{punkty") + 1
    result = kurtyna("check", GAME, cwd=copy)
    assert_located(result, f"content/{GAME}/locales/pl.po:{line}:{col}", "E706")
    assert "has no argument 'punkty'" in result.stderr and "did you mean 'points'?" in result.stderr
    # ... and so is the placeholder it left out.
    assert f"content/{GAME}/locales/pl.po:{line}:1: error[E707]" in result.stderr
    assert "leaves out the placeholder {points}" in result.stderr


def test_a_missing_placeholder_in_a_msgstr_is_located(copy):
    path = po_path(copy)
    edit(path, 'msgstr "{p} {p?zdobywa|zdobywają} {points|point:acc}"', 'msgstr "{p} zdobywa punkty"')
    line = line_of(path, 'msgstr "{p} zdobywa punkty"')
    assert_located(kurtyna("check", GAME, cwd=copy), f"content/{GAME}/locales/pl.po:{line}:1", "E707")


def test_a_stale_translation_is_not_checked_for_placeholders(copy):
    # A fuzzy entry is not used (its English changed): its placeholders are not reported; that the
    # generated card text then lacks a current translation is (E722, at the entry).
    path = po_path(copy)
    edit(path, 'msgctxt "phrase.gain.do"', '#, fuzzy\nmsgctxt "phrase.gain.do"')
    edit(path, 'msgstr "{p} {p?zdobywa|zdobywają} {points|point:acc}"', 'msgstr "{gracz} zdobywa"')
    result = kurtyna("check", GAME, cwd=copy)
    assert "E706" not in result.stderr and "E707" not in result.stderr
    line = line_of(path, 'msgstr "{gracz} zdobywa"')
    assert_located(result, f"content/{GAME}/locales/pl.po:{line}:1", "E722")
    assert "'phrase.gain.do' has no current translation in pl.po" in result.stderr


def test_an_unknown_placeholder_in_text_yaml_is_located(copy):
    text = game(copy) / "text.yaml"
    edit(text, 'do: "{p} gains {points|point}"', 'do: "{player} gains {points|point}"')
    line = line_of(text, '"{player} gains')
    col = text.read_text("utf-8").split("\n")[line - 1].index("{player}") + 1
    result = kurtyna("check", GAME, cwd=copy)
    assert_located(result, f"content/{GAME}/text.yaml:{line}:{col}", "E708")
    assert "gives no argument 'player'" in result.stderr and "{p}" in result.stderr


def test_an_unknown_term_in_text_yaml_is_located(copy):
    text = game(copy) / "text.yaml"
    edit(text, 'do: "{p} gains {points|point}"', 'do: "{p} gains {points|points}"')
    line = line_of(text, "{points|points}")
    col = text.read_text("utf-8").split("\n")[line - 1].index("{points|points}") + 1
    result = kurtyna("check", GAME, cwd=copy)
    assert_located(result, f"content/{GAME}/text.yaml:{line}:{col}", "E709")
    assert "did you mean 'point'?" in result.stderr


# ---- line numbers, layout, tools -----------------------------------------------------------


def test_line_numbers_are_the_first_line_of_each_entry(tmp_path):
    path = tmp_path / "pl.po"
    path.write_text(
        '# header comment\nmsgid ""\nmsgstr ""\n"Language: pl\\n"\n'  # 1-4
        '\n'  # 5
        '#. a note\n#: cards.yaml:3\nmsgctxt "a"\nmsgid "A"\nmsgstr "Ą"\n'  # 6-10
        'msgctxt "b"\nmsgid ""\n"B"\nmsgstr ""\n"Bé"\n'  # 11-15: no blank line before it
        '\n\n# translator\n#, fuzzy\n#| msgid "old"\nmsgctxt "c"\nmsgid "C"\nmsgstr "Ć"\n'  # 16-23
        '\n#~ msgctxt "d"\n#~ msgid "D"\n#~ msgstr "Ď"\n',  # 24-27
        "utf-8")
    catalog = read_catalog(path, "pl")
    lines = {k: (e.line, e.msgstr_lines) for k, e in {**catalog.entries, **catalog.obsolete}.items()}
    assert lines == {"a": (6, (10,)), "b": (11, (14, 15)), "c": (18, (23,)), "d": (25, (27,))}
    assert catalog.entries["b"].translation == "Bé" and catalog.entries["c"].previous == "old"


def test_a_read_fault_raises_catalog_error_with_the_location(tmp_path):
    path = tmp_path / "cs.po"
    path.write_text('msgid ""\nmsgstr ""\n\nmsgctxt "x"\nmsgid "unterminated\nmsgstr ""\n', "utf-8")
    with pytest.raises(CatalogError) as caught:
        read_catalog(path, "cs")
    [fault] = caught.value.diagnostics
    assert (fault.code, fault.span.line, fault.span.col) == ("E702", 5, 20)


def test_the_committed_catalogs_pass_msgfmt_check():
    # One file at a time: given several files, msgfmt merges them (both games have name.ussr).
    for path in sorted(CONTENT.glob("*/locales/*.po")) + sorted(CONTENT.glob("*/locales/*.pot")):
        result = subprocess.run(["msgfmt", "-c", "--check-format", "-o", os.devnull, str(path)],
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stderr


def test_msgfmt_checks_the_placeholders_of_flagged_entries(copy):
    # The format flag is what lets msgfmt and Poedit see a wrong placeholder.
    path = po_path(copy, "cs")
    entry = next(e for e in polib.pofile(str(path)) if "python-brace-format" in e.flags and e.msgstr)
    name = re.search(r"\{(\w+)\}", entry.msgstr).group(1)
    edit(path, f'msgstr "{entry.msgstr}"', f'msgstr "{entry.msgstr.replace("{" + name + "}", "{oops}")}"')
    result = subprocess.run(["msgfmt", "-c", "-o", os.devnull, str(path)], capture_output=True, text=True)
    assert result.returncode == 1 and f"argument '{name}' doesn't exist in 'msgstr'" in result.stderr


def test_references_name_the_content_file_of_their_sources_and_no_line():
    """`#: cards.yaml`: the file only (as `xgettext --add-location=file`), so that a comment
    added to the content leaves every catalog as it is (tests/tools/test_comments_move_nothing.py)."""
    checked = 0
    for path in CONTENT.glob("*/locales/messages.pot"):
        folder = path.parent.parent
        for entry in polib.pofile(str(path)):
            if entry.msgctxt.startswith("text."):
                [(file, line)] = entry.occurrences
                assert line == "" and entry.msgid[:20] in (folder / file).read_text("utf-8"), entry.msgctxt
                checked += 1
    assert checked > 100


def test_a_second_update_writes_nothing(copy):
    assert kurtyna("i18n", "update", GAME, cwd=copy).returncode == 0
    written = {p: p.read_bytes() for p in (game(copy) / "locales").iterdir()}
    result = kurtyna("i18n", "update", GAME, cwd=copy)
    assert result.returncode == 0 and result.stdout.strip() == f"{GAME}: catalogs up to date"
    assert {p: p.read_bytes() for p in (game(copy) / "locales").iterdir()} == written


# ---- the writer round-trips whatever it is given ------------------------------------------

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=120)


@settings(max_examples=budget(60), deadline=None)
@given(source=TEXT, translation=TEXT, fuzzy=st.booleans(), previous=st.none() | TEXT,
       notes=st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=90))
def test_render_then_read_gives_the_same_content(tmp_path_factory, source, translation, fuzzy, previous,
                                                  notes):
    entry = Entry("k.ey", source, translation, fuzzy=fuzzy, previous=previous if fuzzy else None,
                  comment="a note", notes=notes.strip(), flags=("x-mine",), references=("cards.yaml:12",))
    gone = Entry("gone", source, translation or "x", obsolete=True, notes=notes.strip())
    catalog = Catalog("pl", {"k.ey": entry}, {"gone": gone}, {"Language": "pl", "X-Tool": "t"}, "head")
    path = tmp_path_factory.mktemp("po") / "pl.po"
    path.write_text(render(catalog), "utf-8")
    again = read_catalog(path, "pl")
    assert content(again) == content(catalog)
    assert render(again) == render(catalog)


PO_LINE = st.one_of(
    st.sampled_from(['msgid ""', 'msgstr ""', 'msgctxt "k"', 'msgctxt "j"', 'msgid "A"', 'msgstr "Ą"',
                     'msgid_plural "As"', 'msgstr[0] "x"', 'msgstr[1] "y"', '"more"', "#, fuzzy", "# note",
                     "#. ours", "#: cards.yaml:3", '#| msgid "old"', '#~ msgctxt "o"', '#~ msgid "O"',
                     '#~ msgstr "Ó"', '#~| msgid "older"', '"Language: pl\\n"', "", "#~", "#|"]),
    st.text(st.sampled_from('msgidstr_ctx "\\#~|:,[]0n '), max_size=20),
)


@settings(max_examples=3000, deadline=None)
@given(lines=st.lists(PO_LINE, max_size=14))
@example(lines=['msgctxt "k"', '#: cards.yaml:3', '#~ msgid "O"', 'msgstr ""'])  # an obsolete entry's `#:`
def test_any_catalog_text_reads_or_gives_located_faults(tmp_path_factory, lines):
    path = tmp_path_factory.mktemp("po") / "pl.po"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    catalog, faults = load_catalog(path, "pl")  # never an exception
    for fault in faults:
        assert fault.code in ("E702", "E703", "E704") and 1 <= fault.span.line <= len(lines) + 1
    if faults:
        assert catalog.entries == {} and catalog.obsolete == {}
    else:  # what was read writes back and reads the same
        path.write_text(render(catalog), "utf-8")
        assert content(read_catalog(path, "pl")) == content(catalog)


def test_status_counts_the_card_texts_a_player_sees(tmp_path):
    """`i18n status` counts printed cards, not catalog entries: a stale translation prints the
    generated text, so that card no longer counts as authored in that language."""
    from compiler.back.i18n.manage import printed_cards

    shutil.copytree(CONTENT / GAME, tmp_path / GAME)
    cards = tmp_path / GAME / "cards.yaml"
    in_content = sum(1 for card in yaml.safe_load(cards.read_text("utf-8"))["cards"] if "text" in card)
    before = {lang: printed_cards(compile_game(tmp_path / GAME), lang) for lang in ("en", "pl", "cs")}
    assert len(before["en"].authored) == in_content and "israel_card" in before["pl"].authored
    text = cards.read_text("utf-8")
    cards.write_text(text.replace("infiltrates 2 cubes into Israel.", "infiltrates 2 cubes into Israel!"),
                     "utf-8")
    after = {lang: printed_cards(compile_game(tmp_path / GAME), lang) for lang in ("en", "pl", "cs")}
    assert "israel_card" in after["en"].authored  # English is the source: always current
    for lang in ("pl", "cs"):
        assert "israel_card" in after[lang].generated and "israel_card" not in after[lang].authored
        assert len(after[lang].authored) == len(before[lang].authored) - 1
    result = kurtyna("i18n", "status", str(tmp_path / GAME), "--missing", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pl = next(line for line in result.stdout.splitlines() if line.startswith("│ pl "))
    assert pl.split("│")[2].strip() == f"{len(after['pl'].authored)}/18"  # cards with an authored text
    assert f"{GAME} [pl]:" in result.stdout
    assert "  generated israel_card" in result.stdout
