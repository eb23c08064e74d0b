"""A newcomer's install: the wheel built from this checkout, installed into a fresh venv, runs
every data-reading verb from an empty folder outside the checkout (grammar, schemas, text
locales, templates, fonts and markers must all be package data)."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from compiler.tools.regress.sides import copy_working_tree

ROOT = Path(__file__).resolve().parents[2]


def _run(args: list[str], cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env, timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, dict]:
    """A fresh venv holding the wheel of this checkout (not an editable install). The wheel's
    dependencies come from the test's own environment through a path file, so the test needs
    no network and checks only what the wheel itself carries."""
    work = tmp_path_factory.mktemp("install")
    source = work / "source"  # a copy: building must not write into the checkout (build/, egg-info)
    copy_working_tree(ROOT, source)
    wheels = work / "wheels"
    built = _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                  "-w", str(wheels), str(source)], work)
    assert built.returncode == 0, built.stderr
    venv = work / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], work)
    assert made.returncode == 0, made.stderr
    purelib = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    site = Path(_run([str(venv / "bin" / "python"), "-c", purelib], work).stdout.strip())
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    wheel = next(wheels.glob("kurtyna-*.whl"))
    done = _run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "-q",
                 "--no-deps", str(wheel)], work)
    if done.returncode != 0:  # pip older than 22.3 has no --python: install with the venv's path
        done = _run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site),
                     str(wheel)], work)
    assert done.returncode == 0, done.stderr
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "KURTYNA_CONTENT")}
    return venv, env


def _kurtyna(installed: tuple[Path, dict], cwd: Path, *args: str,
             **extra: str) -> subprocess.CompletedProcess:
    venv, env = installed
    return _run([str(venv / "bin" / "python"), "-m", "compiler.cli", *args], cwd, {**env, **extra})


def test_the_installed_package_is_not_the_checkout(installed, tmp_path):
    done = _run([str(installed[0] / "bin" / "python"), "-c", "import compiler; print(compiler.__file__)"],
                tmp_path, installed[1])
    assert "site-packages" in done.stdout and str(ROOT) not in done.stdout


def test_version_check_text_and_sheets_from_an_empty_folder(installed, tmp_path):
    version = _kurtyna(installed, tmp_path, "--version")
    assert version.returncode == 0 and version.stdout.startswith("kurtyna ")
    game = ROOT / "content" / "zelazna_kurtyna"
    check = _kurtyna(installed, tmp_path, "check", str(game))
    assert check.returncode == 0, check.stderr
    text = _kurtyna(installed, tmp_path, "text", "zimna_wojna", "korean_war", "--lang", "pl",
                    KURTYNA_CONTENT=str(ROOT / "content"))
    assert text.returncode == 0, text.stderr
    assert "Kore" in text.stdout  # Korea, in Polish
    missing = _kurtyna(installed, tmp_path, "text", "zimna_wojna", "korean_war")
    assert missing.returncode == 2 and "KURTYNA_CONTENT" in missing.stderr
    sheets = _kurtyna(installed, tmp_path, "sheets", str(game), "--lang", "cs",
                      "--out", str(tmp_path / "out"))
    assert sheets.returncode == 0, sheets.stderr
    assert (tmp_path / "out" / "zelazna_kurtyna" / "cs" / "cards.pdf").is_file()
    venv, env = installed
    play = subprocess.run([str(venv / "bin" / "python"), "-m", "compiler.cli", "play", str(game),
                           "--lang", "pl"], cwd=tmp_path, input="pomoc\nkoniec\n", capture_output=True,
                          text=True, env=env, timeout=600)
    assert play.returncode == 0, play.stderr
    assert "grasz jako ZSRR" in play.stdout and "cofnij" in play.stdout  # the terminal's own words
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # nothing else written here


def test_serve_and_lsp_run_from_the_installed_package(installed, tmp_path):
    """`kurtyna serve PATH` of an installed Kurtyna serves the game it is given, its templates,
    scripts and card faces from the package (issue 44); `kurtyna lsp` answers an editor's first
    request (issue 45)."""
    import json
    import urllib.request

    from tests.tools.serving import running_server

    venv, env = installed
    game = ROOT / "content" / "zelazna_kurtyna"
    with running_server(str(game), python=str(venv / "bin" / "python"), cwd=tmp_path, env=env) as address:
        page = urllib.request.urlopen(address + "/").read().decode("utf-8")
        assert 'value="zelazna_kurtyna"' in page and 'value="zimna_wojna"' not in page
        script = urllib.request.urlopen(address + "/static/table.js").read().decode("utf-8")
        assert "BACKS_DRAWN" in script
        face = urllib.request.urlopen(address + "/card/zelazna_kurtyna/pl/" + _a_card(game) + ".png").read()
        assert face.startswith(b"\x89PNG")
    request = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
               "params": {"processId": None, "rootUri": None, "capabilities": {}}}
    body = json.dumps(request).encode("utf-8")
    message = b"Content-Length: %d\r\n\r\n" % len(body) + body
    exit_message = json.dumps({"jsonrpc": "2.0", "method": "exit"}).encode("utf-8")
    message += b"Content-Length: %d\r\n\r\n" % len(exit_message) + exit_message
    done = subprocess.run([str(venv / "bin" / "python"), "-m", "compiler.cli", "lsp"], cwd=tmp_path,
                          input=message, capture_output=True, env=env, timeout=120)
    assert b'"id": 1' in done.stdout.replace(b'"id":1', b'"id": 1') and b"hoverProvider" in done.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing written here


def _a_card(game: Path) -> str:
    import yaml

    return yaml.safe_load((game / "cards.yaml").read_text("utf-8"))["cards"][0]["id"]
