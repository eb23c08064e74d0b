"""`kurtyna play` given what someone else made (issue 41): a game whose names hold terminal
escapes, a setup that fails, files that are not saves, odd arguments, Ctrl-C while the search
bot thinks. Each ends in a clear line or a located fault, never a traceback, a wait or a
process left behind; content never controls the terminal.

The session is driven with its input piped, as a script would (tests/tools/test_play_zones.py).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from compiler.tools.terminal.session import MAX_SAVE
from dsl.printable import terminal_safe

from ..conftest import FIXTURES, ROOT, copy_game, edit_file

TINY = FIXTURES / "games" / "tiny"
LOCATED = re.compile(r"^(?P<path>\S+):(?P<line>\d+):(?P<col>\d+): error\[(?P<code>R\d{3})\]: (?P<msg>.*)$",
                     re.M)


def play(game: Path, *lines: str, args: tuple[str, ...] = (), cwd: Path = ROOT,
         timeout: float = 120) -> subprocess.CompletedProcess:
    """`kurtyna play` with `lines` typed (then the end of the input), its output as bytes."""
    return subprocess.run([sys.executable, "-m", "compiler.cli", "play", str(game), *args],
                          input="\n".join(lines).encode("utf-8") + b"\n", capture_output=True,
                          timeout=timeout, cwd=cwd)


def text(result: subprocess.CompletedProcess) -> str:
    return result.stdout.decode("utf-8") + result.stderr.decode("utf-8")


def assert_clean(result: subprocess.CompletedProcess, code: int = 0) -> None:
    assert result.returncode == code, text(result)
    assert b"Traceback" not in result.stdout + result.stderr, text(result)


# -- content never controls the terminal -------------------------------------------------------
ESCAPES = {"rally": r"Rally \e]0;pwned\a", "embargo": r"Embargo \e[2J",
           "ambush": r"Ambush \e]52;c;cHduZWQ=\a"}
SPACES = {"alpha": r"Alpha \e]0;pwned\a", "beta": r"Beta \e[2J"}


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    """The tiny game with names (written in YAML double-quoted strings) that set the window title,
    clear the screen and write the clipboard."""
    game = copy_game(TINY, tmp_path_factory.mktemp("hostile"))
    for card, name in ESCAPES.items():
        edit_file(game / "cards.yaml", f"  - id: {card}\n", f'  - id: {card}\n    names: {{en: "{name}"}}\n',
                  1)
    for space, name in SPACES.items():
        edit_file(game / "map.yaml", f"{{id: {space},", f'{{id: {space}, names: {{en: "{name}"}},', 1)
    return game


@pytest.mark.parametrize("side", ["red", "blue"])  # blue: the bot plays first, and its moves are logged
def test_names_that_hold_terminal_escapes_are_shown_escaped(hostile, side):
    commands = ["board", "hand", "show rally", "show ambush", "show embargo", "1", "1", "log", "log 50",
                "quit"]
    result = play(hostile, *commands, args=("--as", side, "--seed", "3"))
    assert_clean(result)
    out = result.stdout + result.stderr
    assert b"\x1b" not in out and b"\x07" not in out, out
    shown = result.stdout.decode("utf-8")
    assert r"Embargo \x1b[2J" in shown and r"Ambush \x1b]52;c;cHduZWQ=\x07" in shown
    assert r"Alpha \x1b]0;pwned\x07" in shown and r"Beta \x1b[2J" in shown
    assert r"Rally \x1b]0;pwned\x07" in shown  # `show rally`: the card's table


def test_the_escapes_are_those_of_dsl_printable():
    """What the test above looks for is terminal_safe's writing of the names, nothing of its own."""
    assert terminal_safe("Rally \x1b]0;pwned\x07", keep="\n") == r"Rally \x1b]0;pwned\x07"


# -- a fault of the rules during setup ----------------------------------------------------------
@pytest.mark.parametrize("body, code, needle, words", [
    ("          score += 10 / (score - score)\n", "R102", "score += 10 / (score - score)",
     "division by zero"),
    ("          while true:\n              score += 0\n", "R101", "while true:", "runaway effect"),
])
def test_a_setup_that_fails_is_a_located_fault(tmp_path, body, code, needle, words):
    """`sim` and `test` report these as R10x at the content line; so does `play`, exit 1."""
    game = copy_game(TINY, tmp_path)
    edit_file(game / "rules.yaml", "      procedure setup():\n", "      procedure setup():\n" + body, 1)
    result = play(game, "quit")
    assert_clean(result, 1)
    error = LOCATED.search(result.stderr.decode("utf-8"))
    assert error, text(result)
    lines = (game / "rules.yaml").read_text("utf-8").splitlines()
    assert error["code"] == code and words in error["msg"] and "procedure 'setup'" in error["msg"]
    assert lines[int(error["line"]) - 1].strip() == needle and error["path"].endswith("rules.yaml")


# -- save and load ------------------------------------------------------------------------------
def test_save_says_why_it_cannot_write_and_makes_no_folder(tmp_path):
    (tmp_path / "a folder").mkdir()
    result = play(TINY, "save a folder", "save a\0b.json", "save no/such/dir/s.json", "save ok.json", "quit",
                  cwd=tmp_path)
    assert_clean(result)
    shown = result.stdout.decode("utf-8")
    assert "Cannot save to a folder: it is a folder; give the name of a file" in shown
    assert r"Cannot save to a\x00b.json: a file name cannot hold a NUL byte" in shown  # escaped, on one line
    assert "Cannot save to no/such/dir/s.json: the folder no/such/dir does not exist" in shown
    assert not (tmp_path / "no").exists()
    assert "Saved to ok.json." in shown and (tmp_path / "ok.json").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a folder", "ok.json"]


def test_load_reads_only_a_regular_file_and_never_waits(tmp_path):
    os.mkfifo(tmp_path / "fifo")  # opened for reading, a FIFO waits for a writer that never comes
    (tmp_path / "a folder").mkdir()
    with open(tmp_path / "huge.json", "wb") as huge:  # sparse: no disk space taken
        huge.truncate(MAX_SAVE + 1)
    os.symlink(tmp_path / "fifo", tmp_path / "link")
    started = time.monotonic()
    result = play(TINY, "load fifo", "load link", "load a folder", "load huge.json", "load missing.json",
                  "load a\0b", "save ok.json", "load ok.json", "quit", cwd=tmp_path, timeout=60)
    assert time.monotonic() - started < 30
    assert_clean(result)
    shown = result.stdout.decode("utf-8")
    for name in ("fifo", "link"):
        assert f"Cannot load {name}: it is not a regular file (a pipe or a device?), so it is not " \
               "read" in shown
    assert "Cannot load a folder: it is a folder; give the name of a save file" in shown
    assert f"Cannot load huge.json: it has {MAX_SAVE + 1:,} bytes; a save has at most {MAX_SAVE:,}" in shown
    assert "Cannot load missing.json: No such file or directory" in shown
    assert r"Cannot load a\x00b: a file name cannot hold a NUL byte" in shown
    assert "Loaded ok.json." in shown


def test_what_a_save_or_its_name_holds_is_shown_escaped(tmp_path):
    """A save's name and what a refused save holds reach the terminal escaped, on one line."""
    result = play(TINY, "save s.json", "quit", cwd=tmp_path)
    assert_clean(result)
    data = (tmp_path / "s.json").read_text("utf-8").replace('"game": "tiny"', '"game": "\\u001b]0;x\\u0007"')
    (tmp_path / "s.json").write_text(data, "utf-8")
    result = play(TINY, "load s.json", "load \x1b]0;title\x07.json", "quit", cwd=tmp_path)
    assert_clean(result)
    assert b"\x1b" not in result.stdout and b"\x07" not in result.stdout
    shown = result.stdout.decode("utf-8")
    assert r"Cannot load s.json: not a valid save: game is '\x1b]0;x\x07': a save of another game" in shown
    assert r"Cannot load \x1b]0;title\x07.json: No such file or directory" in shown


@pytest.mark.parametrize("argument", ["³", "٣", "²⁰", "1.5", "-3", "x"])
def test_log_takes_a_count_of_ascii_digits_only(argument):
    """`str.isdigit` is true of "³" and "٣", which `int` refuses or reads otherwise: any argument
    but ASCII digits shows the last 20 lines, as none does; `log 1` one line, `log 0` none."""
    typed = ["1", "1", "1", "1", "log", f"log {argument}", "log 1", "log 0", "quit"]
    result = play(TINY, *typed, args=("--seed", "2"))
    assert_clean(result)
    # what each typed line printed: the output between the prompts ("> ", at the start of a line
    # or right after the prompt before when a line printed nothing) that read them
    printed = re.split(r"(?:^|(?<=\n)|(?<=> ))> ", "\n" + result.stdout.decode("utf-8"))[1:]
    assert len(printed) == len(typed), printed
    shown = {line: printed[typed.index(line)].splitlines() for line in typed[4:8]}
    assert len(shown["log"]) >= 2 and all(line.startswith("  · ") for line in shown["log"])
    assert shown[f"log {argument}"] == shown["log"]
    assert shown["log 1"] == shown["log"][-1:] and shown["log 0"] == []


# -- Ctrl-C while the search bot thinks ---------------------------------------------------------
def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return [int(p) for p in found]


@pytest.mark.parametrize("bot", ["ismcts:8s", "ismcts:8s:3"])  # one search, and three forked side by side
def test_ctrl_c_while_the_search_bot_thinks_is_one_line_and_leaves_no_process(bot):
    """Ctrl-C reaches the whole process group, the forked searches too. A search leaves it to
    `kurtyna`, which ends them: one line, `kurtyna: interrupted`, exit 130, and no process of the
    group left. (The interrupt is sent to the searches alone first: one that took it would die
    with a traceback, sooner or later than the parent ends it, so it is caught every time.)"""
    process = subprocess.Popen([sys.executable, "-m", "compiler.cli", "play", "zimna_wojna", "--as", "us",
                                "--bot", bot], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        intro = process.stdout.readline()  # printed, then the bot (the USSR) begins to think
        assert b"ismcts" in intro, intro
        time.sleep(1.5)
        searches = children(process.pid)
        assert len(searches) == (3 if bot.endswith(":3") else 0), searches
        for pid in searches:
            os.kill(pid, signal.SIGINT)
        time.sleep(1)
        assert process.poll() is None and children(process.pid) == searches  # still searching
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err.decode()
    assert err.decode().strip() == "kurtyna: interrupted", err.decode()
    assert b"Traceback" not in out + err
    left = subprocess.run(["pgrep", "-g", str(process.pid)], capture_output=True, text=True).stdout.split()
    assert not left, f"processes left in the group: {left}"
