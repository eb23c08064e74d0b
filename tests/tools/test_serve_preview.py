"""The author's preview of `kurtyna serve --watch` (issue 44): the game's printed faces and sheets,
drawn again when a file is saved; a broken edit shows its faults as `kurtyna check` prints them,
the last good version staying on show; a card's source, texts and catalog entries on request."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from compiler.tools.serve.app import create_app
from compiler.tools.serve.command import served_games, watch
from compiler.tools.serve.games import Served
from tests.conftest import CONTENT, copy_game, run_cli


@pytest.fixture
def preview(tmp_path):
    game = copy_game(CONTENT / "zelazna_kurtyna", tmp_path)
    served = Served(served_games([str(game)], [str(game)]))
    [watched] = watch(served, [str(game)])
    try:
        with TestClient(create_app(served)) as client:
            yield client, game
    finally:
        watched.stop()


def state(client: TestClient, lang: str, since: int = -1) -> dict:
    got = client.get(f"/api/preview/zelazna_kurtyna/state?lang={lang}&since={since}")
    assert got.status_code == 200, got.text
    return got.json()


def shown(client: TestClient, since: int, wanted) -> dict:
    """The first version after `since` that is `wanted`: a save the watcher saw half-written (it
    waits for the files to settle, but a slow disk may outlast it) is one more version between."""
    started = time.monotonic()
    got = state(client, "en", since)
    while not wanted(got):
        assert time.monotonic() - started < 30, got["fault"]
        got = state(client, "en", got["version"])
    assert got["version"] > since
    return got


def test_the_preview_shows_every_face_and_the_reference_sheet(preview):
    client, _ = preview
    data = state(client, "cs")
    assert data["fault"] is None and len(data["cards"]) >= 20
    face = client.get(data["cards"][0]["face"])
    assert face.status_code == 200 and face.content.startswith(b"\x89PNG")
    sheet = client.get(data["sheets"]["reference"])
    assert sheet.status_code == 200 and "<html" in sheet.text
    assert "script-src" not in sheet.headers["content-security-policy"]  # no script may run in a sheet
    assert "default-src 'none'" in sheet.headers["content-security-policy"]


def test_an_edit_is_shown_and_a_broken_one_is_a_located_fault_beside_the_last_good(preview):
    client, game = preview
    first = state(client, "en")
    cards = game / "cards.yaml"
    text = cards.read_text("utf-8")
    cards.write_text(text.replace("gain(ussr, 1)", "gain(ussr, one)", 1), "utf-8")
    broken = shown(client, first["version"], lambda got: "E301" in (got["fault"] or ""))
    check = run_cli("check", str(game))
    assert check.returncode == 1
    located = next(line for line in check.stderr.splitlines() if "error[E301]" in line)
    assert located.split("cards.yaml")[1] in broken["fault"]  # line, column, code and words as check says
    assert "hint: did you mean" in broken["fault"]
    names = [c["name"] for c in broken["cards"]]
    assert names == [c["name"] for c in first["cards"]]  # the last good version stays on show
    # mended, then renamed: each save is a new version, the new name on show
    cards.write_text(text.replace("names: {en: East Germany}", "names: {en: East Germany (GDR)}", 1), "utf-8")
    shown(client, broken["version"],
          lambda got: got["fault"] is None and "East Germany (GDR)" in [c["name"] for c in got["cards"]])

def test_a_card_shows_its_source_its_texts_and_its_catalog_entries(preview):
    client, _ = preview
    card = state(client, "pl")["cards"][1]["id"]
    found = client.get(f"/api/preview/zelazna_kurtyna/card/{card}").json()
    assert found["source"].strip() and set(found["texts"]) == {"en", "pl", "cs"}
    assert all(found["texts"].values())
    entries = found["entries"]["pl"]
    assert entries and {e["state"] for e in entries} <= {"translated", "stale", "missing"}
    assert any(e["key"] == f"text.{card}" for e in entries)
    assert client.get("/api/preview/zelazna_kurtyna/card/no_such_card").status_code == 404
