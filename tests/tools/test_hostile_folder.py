"""A game folder from someone else (issue 41, docs/security.md): no command reads or writes
outside the folders it was given, waits forever or shows a traceback.

`test_every_verb_over_the_hostile_folder` runs every verb of `kurtyna` (read from the parser, so
a verb added later must be added here too) over one folder holding every hostile thing found so
far: links out of it (dangling, to a file with a secret, to a folder), a FIFO, a link to
/dev/zero, 1,200 nested folders.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.cli import make_parser

from ..conftest import ROOT
from .hostile import SECRET, make_deep, run_kurtyna, tree


# -- links, FIFOs, devices -----------------------------------------------------------------------
def test_a_catalog_linked_out_of_the_game_is_refused_and_nothing_outside_is_read_or_written(place):
    work, game, home = place["work"], place["game"], place["home"]
    locales = game / "locales"
    outside = home / "other.po"
    polish = (locales / "pl.po").read_text("utf-8")
    outside.write_text(polish + f"\n# {SECRET}\nmsgid broken {SECRET}\n", "utf-8")
    (locales / "pl.po").unlink()
    (locales / "pl.po").symlink_to(outside)
    empty = home / "empty.po"
    empty.write_text("", "utf-8")
    (locales / "cs.po").unlink()
    (locales / "cs.po").symlink_to(empty)
    (locales / "messages.pot").unlink()
    (locales / "messages.pot").symlink_to(home / ".bash_aliases")  # dangling
    before = tree(home)
    commands = (["check", str(game)], ["i18n", "update", str(game)], ["i18n", "status", str(game)],
                ["text", str(game), "--lang", "pl"], ["build", str(game), "--out", "o"])
    for verb in commands:
        result = run_kurtyna(verb, work, home)
        assert result.returncode == 1, (verb, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr
        assert SECRET not in result.stdout + result.stderr, verb
        assert "leads out of the game folder" in result.stderr, (verb, result.stderr)
    assert tree(home) == before and not (home / ".bash_aliases").exists()


def test_follow_links_reads_and_writes_a_catalog_linked_on_purpose(place):
    """The translator who keeps the Polish catalog elsewhere and links it says so."""
    work, game, home = place["work"], place["game"], place["home"]
    shared = home / "shared-pl.po"
    shutil.move(game / "locales" / "pl.po", shared)
    (game / "locales" / "pl.po").symlink_to(shared)
    refused = run_kurtyna(["i18n", "update", str(game)], work, home)
    assert refused.returncode == 1 and "--follow-links" in refused.stderr
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text("utf-8") + "\n", "utf-8")
    result = run_kurtyna(["i18n", "update", str(game), "--follow-links"], work, home)
    assert result.returncode == 0, result.stderr
    assert (game / "locales" / "pl.po").is_symlink()
    assert run_kurtyna(["check", str(game), "--follow-links"], work, home).returncode == 0


def test_a_whole_locales_folder_linked_out_is_refused(place):
    work, game, home = place["work"], place["game"], place["home"]
    shutil.move(game / "locales", home / "locales")
    (game / "locales").symlink_to(home / "locales", target_is_directory=True)
    before = tree(home)
    result = run_kurtyna(["i18n", "update", str(game)], work, home)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert tree(home) == before


@pytest.mark.parametrize("where", ["notes.fifo", "cards.yaml", "locales/cs.po"])
def test_a_fifo_in_the_game_folder_is_never_waited_on(place, where):
    work, game, home = place["work"], place["game"], place["home"]
    path = game / where
    if path.exists():
        path.unlink()
    os.mkfifo(path)
    result = run_kurtyna(["check", str(game)], work, home, timeout=20)  # the old code waited forever
    assert "Traceback" not in result.stderr
    if where == "notes.fifo":
        assert result.returncode == 0, result.stderr
    else:
        assert result.returncode == 1 and "not a regular file" in result.stderr, result.stderr


def test_links_to_devices_and_deep_folders_cost_nothing(place):
    """The input hash once read every file and followed links: /dev/zero filled memory, 1,200
    nested folders overflowed its recursion."""
    work, game, home = place["work"], place["game"], place["home"]
    (game / "zero").symlink_to("/dev/zero")
    (game / "random").symlink_to("/dev/urandom")
    make_deep(game / "deep")
    for cache in ("off", str(home / "cache")):
        env_home = home
        result = subprocess.run([sys.executable, "-m", "compiler.cli", "build", str(game), "--out", "out"],
                                cwd=work, env={**os.environ, "HOME": str(env_home), "KURTYNA_CACHE": cache,
                                               "PYTHONPATH": str(ROOT)},
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr


# -- every verb ----------------------------------------------------------------------------------
def _hostile(place: dict[str, Path], compiles: bool) -> None:
    """Everything above at once, in one game folder: with `compiles`, only what the game does
    not read (so every verb runs to its end), else also a catalog linked out of the folder."""
    game, home = place["game"], place["home"]
    (home / "secret.txt").write_text(SECRET + "\n", "utf-8")
    (game / "secret.yaml").symlink_to(home / "secret.txt")
    (game / "zero").symlink_to("/dev/zero")
    os.mkfifo(game / "notes.fifo")
    make_deep(game / "deep")
    if not compiles:
        (game / "locales" / "messages.pot").unlink()
        (game / "locales" / "messages.pot").symlink_to(home / ".bash_aliases")


# Each verb with the arguments that make it read the hostile game (and write, where it writes).
VERBS = {
    "check": ["check", "GAME"],
    "build": ["build", "GAME", "--out", "OUT"],
    "sheets": ["sheets", "GAME", "--lang", "en", "--out", "OUT"],
    "card": ["card", "GAME", "east_germany_card", "--lang", "pl", "--out", "out/card.png"],
    "test": ["test", "GAME"],
    "sim": ["sim", "GAME", "--games", "3"],
    "bench": ["bench", "GAME", "--games", "2", "--compile-runs", "1", "--repeat", "1", "--seconds", "0.05"],
    "play": ["play", "GAME"],
    "regress": ["regress", "GAME", "--games", "2"],
    "text": ["text", "GAME", "--lang", "pl"],
    "i18n": ["i18n", "update", "GAME"],
}


def test_every_verb_is_walked_over_the_hostile_folder():
    verbs = set(make_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    walked_alone = {"serve", "lsp"}  # servers, each walked by a test of its own below
    assert verbs == set(VERBS) | walked_alone, "a new verb of kurtyna must be walked over the hostile folder"


def test_serve_and_its_preview_over_the_hostile_folder(place):
    """The server runs until Ctrl-C, so it is walked on its own: it serves the hostile game and
    watches it for the author's preview (a thousand nested folders, a FIFO, links out), answers
    its pages, and ends at Ctrl-C with one line, nothing outside read or written."""
    import signal
    import time
    import urllib.request

    from .serving import free_port, wait_listening

    _hostile(place, True)
    work, game, home = place["work"], place["game"], place["home"]
    before = tree(home)
    port = free_port()
    env = {**os.environ, "HOME": str(home), "KURTYNA_CACHE": "off", "PYTHONPATH": str(ROOT),
           "TMPDIR": str(home)}
    server = subprocess.Popen([sys.executable, "-m", "compiler.cli", "serve", str(game), "--watch", str(game),
                               "--port", str(port)], cwd=work, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        wait_listening(server, port)
        base = f"http://127.0.0.1:{port}"
        for path in ("/", f"/preview/{game.name}", f"/api/preview/{game.name}/state?lang=pl"):
            with urllib.request.urlopen(base + path, timeout=30) as page:
                assert page.status == 200 and SECRET not in page.read().decode("utf-8")
        time.sleep(1)  # the watcher looks at the folder a few times
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=20)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == 130 and "Traceback" not in err, err
    assert SECRET not in out + err
    assert tree(home) == before


def _message(payload: dict) -> bytes:
    import json

    body = json.dumps(payload).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


@pytest.mark.parametrize("compiles", [True, False])
def test_the_language_server_over_the_hostile_folder(place, compiles):
    """An editor opens the hostile game's files: the server checks the game (the faults of a
    catalog linked out, or none), answers, reads and writes nothing outside, never waits on the
    FIFO or /dev/zero, and ends at once at Ctrl-C."""
    import select
    import signal
    import time

    _hostile(place, compiles)
    work, game, home = place["work"], place["game"], place["home"]
    before = tree(home)
    env = {**os.environ, "HOME": str(home), "KURTYNA_CACHE": "off", "PYTHONPATH": str(ROOT),
           "TMPDIR": str(home)}
    server = subprocess.Popen([sys.executable, "-m", "compiler.cli", "lsp"], cwd=work, env=env,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = b""
    try:
        server.stdin.write(_message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "processId": None, "rootUri": game.as_uri(), "capabilities": {}}}))
        server.stdin.write(_message({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        for name in ("game.yaml", "rules.yaml"):
            path = game / name
            server.stdin.write(_message({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": path.as_uri(), "languageId": "yaml", "version": 1,
                                 "text": path.read_text("utf-8")}}}))
        server.stdin.flush()
        deadline = time.monotonic() + 120
        while b"$/kurtyna/checked" not in out:  # one check of the game, whatever it found
            assert time.monotonic() < deadline and server.poll() is None, out[-2000:]
            ready, _, _ = select.select([server.stdout], [], [], 1)
            if ready:
                out += os.read(server.stdout.fileno(), 65536)
        server.send_signal(signal.SIGINT)
        rest, err = server.communicate(timeout=20)
        out += rest
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    err_text = err.decode("utf-8", errors="replace")
    assert "Traceback" not in err_text and SECRET.encode() not in out + err, err_text
    assert b"textDocument/publishDiagnostics" in out
    assert server.returncode in (0, 130)
    assert tree(home) == before and not (home / ".bash_aliases").exists()


def test_the_language_server_reads_no_file_linked_out_of_the_game(place):
    """The names the server indexes come from the game's own files: a template linked to a file
    outside is not read (it reads as empty), whatever it holds."""
    from compiler.tools.lsp.checking import check

    game, home = place["game"], place["home"]
    (home / "secret.txt").write_text(f'msgctxt "name.{SECRET}"\nmsgid "{SECRET}"\nmsgstr ""\n', "utf-8")
    (game / "locales" / "messages.pot").unlink()
    (game / "locales" / "messages.pot").symlink_to(home / "secret.txt")
    checked = check(game.resolve(), {})
    assert checked.compiled is not None
    assert not any(SECRET in text for text in checked.texts.values())


# with the catalog linked out: the verbs that read or write the catalogs (the others read the
# same files through the same reader, and the hostile folder costs each about ten seconds)
@pytest.mark.parametrize(("verb", "compiles"), [(verb, True) for verb in sorted(VERBS)] +
                         [(verb, False) for verb in ("build", "check", "i18n", "text")])
def test_every_verb_over_the_hostile_folder(place, verb, compiles):
    _hostile(place, compiles)
    work, game, home = place["work"], place["game"], place["home"]
    before = tree(home)
    args = [str(game) if a == "GAME" else str(work / "out") if a == "OUT" else a for a in VERBS[verb]]
    result = run_kurtyna(args, work, home, timeout=240, stdin="quit\n")
    assert "Traceback" not in result.stderr, result.stderr
    assert SECRET not in result.stdout + result.stderr
    assert result.returncode in (0, 1, 2), result.stderr
    if compiles and verb not in ("test", "regress"):  # no scenarios, no git history: nothing to run
        assert result.returncode == 0, result.stderr
    assert tree(home) == before  # nothing outside written (the dangling link still dangles)
    assert not (home / ".bash_aliases").exists()


def test_a_game_name_no_folder_can_hold_is_a_usage_error(tmp_path):
    """A 5,000-character name (ENAMETOOLONG) or one with escapes: one line, exit 2, shown safe."""
    for name in ("x" * 5000, "a\x1b]0;title\x07b"):
        result = run_kurtyna(["check", name], tmp_path, tmp_path)
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert result.stderr.startswith("kurtyna: no game") and "\x1b" not in result.stderr
        assert len(result.stderr) < 2000


def test_regress_reads_a_side_s_game_id_within_the_loader_s_bounds(tmp_path):
    """`regress --base-dir` read game.yaml with yaml.safe_load: 100,000 nested lists recursed
    until RecursionError; it is read by the bounded loader, and its faults left to the build."""
    from compiler.tools.regress.sides import _game_id

    game = tmp_path / "deep"
    game.mkdir()
    (game / "game.yaml").write_text("id: " + "[" * 100_000 + "]" * 100_000 + "\n", "utf-8")
    assert _game_id(game) == "deep"
