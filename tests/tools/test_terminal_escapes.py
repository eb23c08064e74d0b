"""Content never controls the terminal (issue 41): names, texts, catalog entries, paths and the
source lines under errors reach stdout and stderr with every control character escaped.

A copy of the tiny game whose card names, a space's and a region's name, a card's printed text,
a track's description, a text.yaml phrase, a provisional card's note and Polish and Czech catalog
entries hold a window-title change (ESC ]0;), a screen clear (ESC [2J), a clipboard write
(ESC ]52;), the 8-bit CSI (U+009B), a carriage return, a backspace and a right-to-left override
(U+202E), in YAML double-quoted escapes (raw bytes in the catalogs). It lies in a folder whose
own name holds such characters, as a downloaded folder may. Each verb's output is read as bytes:
no such character may be in it, and where content is shown its escape (`\\x1b`) must be.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import FIXTURES, ROOT

# In YAML double-quoted strings: the escapes YAML turns into the characters themselves.
PAYLOAD = r"\e]0;pwned\a \e[2J \e]52;c;cHduZWQ=\a \x9b6n \r \b \u202e"
# In a catalog: raw, but for \r and \b, which PO writes as escapes.
PO_PAYLOAD = "\x1b]0;pwned\x07 \x1b[2J \x1b]52;c;cHduZWQ=\x07 \x9b6n \\r \\b \u202e"
RAW = ("\x1b", "\x07", "\x9b", "\r", "\x08", "\u202e")
FOLDER = "shared \x1b]0;pwned\x07 \u202e"  # the folder the game was unpacked into


def run(*args: str) -> tuple[int, str, str]:
    """`kurtyna ARGS`: exit code, stdout and stderr as the bytes were (text mode would turn \\r
    into \\n)."""
    result = subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=ROOT, capture_output=True,
                            timeout=300)
    return result.returncode, result.stdout.decode("utf-8"), result.stderr.decode("utf-8")


def shown_safely(out: str, err: str, content: bool = True) -> str:
    """Both streams, checked: no raw control character; `content`: the escaped payload is shown."""
    both = out + err
    assert "Traceback" not in both, err[-3000:]
    for char in RAW:
        assert char not in both, f"raw {char!r} in the output:\n{both[:3000]!r}"
    if content:
        assert "\\x1b]0;pwned\\x07" in both and "\\u202e" in both, both[:3000]
    return both


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")


def hostile_tiny(root: Path) -> Path:
    """A copy of tiny with the payload in its names and texts, and catalogs made for it."""
    game = root / "tiny"
    shutil.copytree(FIXTURES / "games" / "tiny", game)
    text = f"The player chooses 2 spaces in west {PAYLOAD}; in each the player adds 1 troop."
    edit(game / "cards.yaml", "  - id: rally\n",
         f'  - id: rally\n    names: {{en: "Rally {PAYLOAD}"}}\n    text: {{en: "{text}"}}\n')
    edit(game / "cards.yaml", "  - id: recall\n",
         f'  - id: recall\n    names: {{en: "Recall {PAYLOAD}"}}\n    provisional: true\n'
         f'    note: "Ours {PAYLOAD}"\n')
    edit(game / "cards.yaml", "  - id: storm\n", '  - id: storm\n    names: {en: "Storm"}\n')
    edit(game / "map.yaml", "  - id: west\n", f'  - id: west\n    names: {{en: "west {PAYLOAD}"}}\n')
    edit(game / "map.yaml", "{id: alpha,", f'{{id: alpha, names: {{en: "Alpha {PAYLOAD}"}},')
    edit(game / "tracks.yaml", "{id: score, min: -10,",
         f'{{id: score, description: "Score {PAYLOAD}", min: -10,')
    edit(game / "text.yaml", 'boost_effect: "Boost"', f'boost_effect: "Boost {PAYLOAD}"')
    # an effect text may hold U+202E (a format character, not a control), so the reasons can
    edit(game / "rules.yaml", 'because "tie"', 'because "tie \u202e"')
    edit(game / "rules.yaml", 'because "score"', 'because "score \u202e"')
    return game


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("escapes") / FOLDER
    root.mkdir()
    hostile_tiny(root)
    return root


@pytest.fixture(scope="module")
def translated(root) -> tuple[Path, tuple[int, str, str]]:
    """The game with Polish and Czech catalogs: started by `i18n init` (whose output names their
    paths, in the hostile folder), then translated with the payload, then one English name changed
    so that its entry is stale."""
    game = root.parent / "translated" / FOLDER / "tiny"
    shutil.copytree(root / "tiny", game)
    updated = run("i18n", "init", str(game), "pl")
    assert run("i18n", "init", str(game), "cs")[0] == 0
    for lang in ("pl", "cs"):
        po = game / "locales" / f"{lang}.po"
        text = po.read_text("utf-8")
        for key, word in (("name.west.loc", "w zachodzie"), ("name.west", "zachód"),
                          ("phrase.boost_effect", "Wzmocnienie"), ("name.rally", "Wiec"),
                          ("name.storm", "Burza"),
                          ("text.rally", "Gracz wybiera 2 pola w zachodzie i dodaje 1 oddział w każdym.")):
            start = text.index(f'msgctxt "{key}"\nmsgid "')
            end = text.index('msgstr ""', start)
            text = text[:end] + f'msgstr "{word} {PO_PAYLOAD}"' + text[end + len('msgstr ""'):]
        po.write_text(text, "utf-8")
    edit(game / "cards.yaml", 'names: {en: "Storm"}', f'names: {{en: "Storm {PAYLOAD}"}}')
    return game, updated


def test_check_and_its_provisional_notes(root):
    code, out, err = run("check", str(root / "tiny"), "--provisional")
    assert code == 0, err
    escaped = "\\x1b]0;pwned\\x07 \\x1b[2J \\x1b]52;c;cHduZWQ=\\x07 \\x9b6n \\x0d \\x08 \\u202e"
    assert f"provisional recall: Ours {escaped}" in shown_safely(out, err)


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_text_in_each_language(translated, lang):
    game, _ = translated
    # rally: the one card whose text the catalogs translate (the others would mix languages, and
    # `text` names their missing entries instead)
    code, out, err = run("text", str(game), "rally", "--lang", lang)
    assert code == 0, err
    shown = shown_safely(out, err)
    # rally's printed text: authored in English, translated with the payload in the catalogs
    expected = "in west \\x1b]0;pwned" if lang == "en" else "w każdym. \\x1b]0;pwned"
    assert expected in shown and "\\x1b]52;c;cHduZWQ=\\x07 \\x9b6n \\x0d \\x08 \\u202e" in shown


def test_i18n_update_names_paths_in_a_hostile_folder(translated):
    _, (code, out, err) = translated
    assert code == 0, err
    assert "updated " in out
    shown_safely(out, err, content=False)
    assert "shared \\x1b]0;pwned\\x07 \\u202e" in out


def test_i18n_status(translated):
    game, _ = translated
    code, out, err = run("i18n", "status", str(game), "--missing")
    assert code == 0, err
    assert "stale name.storm" in shown_safely(out, err)


def test_sim_reasons_descriptions_and_names(root):
    code, out, err = run("sim", str(root / "tiny"), "--games", "2")
    assert code == 0, err
    shown = shown_safely(out, err)
    assert "Score \\x1b]0;pwned\\x07" in shown  # the track's description, in the table


def test_test_scenario_titles_and_failures(root):
    scenario = root / "s.yaml"
    scenario.write_text(f'game: tiny\nsource: "test {PAYLOAD}"\ntitle: "A title {PAYLOAD}"\nsteps: []\n'
                        "expect: [score == 5]\n", "utf-8")
    code, out, err = run("test", str(scenario))
    assert code == 1 and "FAIL" in out, out + err
    shown = shown_safely(out, err)
    assert "A title \\x1b]0;pwned\\x07" in shown and "shared \\x1b]0;pwned\\x07" in shown


def test_a_fault_on_a_line_with_a_raw_escape_shows_the_line_escaped(root, tmp_path):
    """A raw ESC is refused by YAML (E102), located at it: the path, the message and the line
    under it are all escaped, the caret under the escape."""
    game = tmp_path / FOLDER / "tiny"
    shutil.copytree(root / "tiny", game)
    edit(game / "cards.yaml", '    names: {en: "Recall', '    names: {en: "Re\x1b]0;pwned\x07\bcall')
    code, out, err = run("check", str(game))
    assert code == 1, out + err
    shown = shown_safely(out, err, content=False)
    assert "shared \\x1b]0;pwned\\x07 \\u202e/tiny/cards.yaml" in shown and "error[E102]" in shown
    assert caret_under(err, "\\x1b")


def test_a_fault_on_a_line_with_a_bidi_override_keeps_the_caret_under_the_fault(root, tmp_path):
    """U+202E is a character YAML takes; the line under an unknown name shows it as \\u202e, and the
    carets stand under the name in the escaped line."""
    game = tmp_path / "tiny"
    shutil.copytree(root / "tiny", game)
    edit(game / "map.yaml", "{id: beta, kind: land, regions: [west]",
         '{id: beta, names: {en: "B\u202eeta \u202e\u202e"}, kind: land, regions: [wset]')
    code, out, err = run("check", str(game))
    assert code == 1, out + err
    shown_safely(out, err, content=False)
    assert "error[E301]: unknown region 'wset'" in err
    assert caret_under(err, "wset") and "B\\u202eeta \\u202e\\u202e" in err


def caret_under(output: str, word: str) -> bool:
    """Some shown source line has carets exactly under `word`."""
    lines = output.splitlines()
    for source, carets in zip(lines, lines[1:], strict=False):
        if carets.strip() and set(carets.strip()) == {"^"}:
            start = carets.index("^")
            if source[start:start + len(word)] == word:
                return True
    return False


@pytest.mark.parametrize("verb", ["check", "sim", "i18n", "test"])
def test_json_reports_escape_what_json_dumps_leaves_raw(translated, root, verb):
    """JSON escapes U+0000-U+001F itself, but not U+009B (CSI), DEL or U+202E; the report escapes
    them too, and reads back as the content wrote it."""
    game, _ = translated
    args = {"check": ["check", str(game), "--json"],
            "sim": ["sim", str(root / "tiny"), "--games", "2", "--json"],
            "i18n": ["i18n", "status", str(game), "--json"],
            "test": ["test", str(root / "s.yaml"), "--json"]}[verb]
    if verb == "test":
        (root / "s.yaml").write_text(f'game: tiny\nsource: test\ntitle: "A title {PAYLOAD}"\nsteps: []\n'
                                     "expect: [score == 0]\n", "utf-8")
    code, out, err = run(*args)
    shown_safely(out, err, content=False)
    report = json.loads(out)
    assert report["exit"] == code
    written = json.dumps(report, ensure_ascii=False)
    assert re.search("\x9b|\u202e", written), written[:2000]  # the content, as written, read back


@pytest.mark.parametrize("before", ["\x1b[2J", "\u202e\u202e", "\x9b6n", "\x08\x08", "\x07", "\t", "zażółć",
                                    "x" * 300 + "\x1b]0;", "\x1b]0;" * 100])
def test_the_carets_stand_under_the_fault_in_an_escaped_line(before):
    """Each control before the fault widens the shown line by its escape; a long line is cut
    around the fault first. The carets stay under the name, and nothing raw is shown."""
    from compiler.diagnostics import Diagnostic, Span

    line = f"  - {{id: beta, names: {{en: \"{before}\"}}, regions: [wset], after: \"\x1b\x9b\"}}"
    col = line.index("wset") + 1
    diagnostic = Diagnostic("E301", "unknown region 'wset\x1b[2J'", Span("map\x07.yaml", 2, col, 2, col + 4),
                            "did you mean 'west'?\u202e")
    shown = diagnostic.render({"map\x07.yaml": "regions: []\n" + line + "\n"})
    shown_safely(shown, "", content=False)
    assert shown.startswith(f"map\\x07.yaml:2:{col}: error[E301]: unknown region 'wset\\x1b[2J'\n")
    assert shown.endswith("\nhint: did you mean 'west'?\\u202e")
    source, carets = shown.splitlines()[1:3]
    assert carets.strip() == "^^^^" and source[carets.index("^"):][:4] == "wset"
    assert 'after: "\\x1b\\x9b"}' in source  # shown as escapes, not replaced or dropped
