"""`kurtyna serve` (issue 44): games played through the web app's API as a page plays them, each
seat seeing only its own view, and every request that could cheat refused with a clear error."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from compiler.tools.serve.app import create_app
from compiler.tools.serve.command import served_games
from compiler.tools.serve.games import Served

ORIGIN = {"origin": "http://testserver"}


@pytest.fixture(scope="module")
def server():
    served = Served(served_games(["zelazna_kurtyna", "cia_kgb", "zimna_wojna", "mocarstwo"]))
    with TestClient(create_app(served), base_url="http://testserver") as client:
        yield client, served


def start(client: TestClient, **fields: str) -> tuple[str, str]:
    done = client.post("/new", data=fields, headers=ORIGIN, follow_redirects=False)
    assert done.status_code == 303, done.text
    _, _, table, token = done.headers["location"].split("/")
    return table, token


def state(client: TestClient, table: str, token: str) -> dict[str, Any]:
    got = client.get(f"/api/{table}/{token}/state")
    assert got.status_code == 200, got.text
    return got.json()


def settled(client: TestClient, table: str, token: str) -> dict[str, Any]:
    """The page's data once no bot is thinking (a bot answers in a worker thread)."""
    for _ in range(600):
        data = state(client, table, token)
        if not data["busy"] and (data["result"] or data["fault"] or data["decision"] is None
                                 or data["decision"]["mine"]):
            return data
        time.sleep(0.02)
    raise AssertionError("the bots did not settle")


def answer(client: TestClient, table: str, token: str, data: dict[str, Any], pick: int = 0):
    decision = data["decision"]
    choice = decision["answers"][pick % len(decision["answers"])]["index"]
    return client.post(f"/api/{table}/{token}/answer",
                       json={"decision": decision["number"], "answer": choice}, headers=ORIGIN)


def test_the_start_page_offers_every_game_served(server):
    client, _ = server
    page = client.get("/")
    assert page.status_code == 200
    for game in ("zelazna_kurtyna", "cia_kgb", "zimna_wojna", "mocarstwo"):
        assert f'name="game" value="{game}"' in page.text
    assert page.headers["content-security-policy"].startswith("default-src 'self'")


def test_a_whole_game_against_a_bot_is_played_to_its_end_in_polish(server):
    client, _ = server
    table, token = start(client, game="zelazna_kurtyna", lang="pl", seed="5")
    page = client.get(f"/table/{table}/{token}")
    assert page.status_code == 200 and "Żelazna Kurtyna" in page.text
    for turn in range(500):
        data = settled(client, table, token)
        if data["result"]:
            break
        assert data["fault"] is None
        assert answer(client, table, token, data, pick=turn).status_code == 200
    else:
        raise AssertionError("the game did not end")
    assert re.match(r"Wygrywa|Nikt|Wspólne", data["result"]) or "(" in data["result"], data["result"]
    assert data["log"] and data["decision"] is None


def _hidden_from(served: Served, table_id: str, seat: int) -> set[str]:
    """The cards in other seats' hidden zones that `seat`'s view does not name."""
    table = served.tables[table_id]
    state = table.state
    view_text = json.dumps(state.view(seat))
    spec = state.game.spec
    out = set()
    for zone in spec.zones:
        if not zone.hidden:
            continue
        slots = [(zone.slot + i, i) for i in range(state.game.player_count)] if zone.per_player \
            else [(zone.slot, None)]
        for slot, owner in slots:
            if owner == seat:
                continue
            out |= {spec.cards[card] for card in state.zones[slot]
                    if f'"{spec.cards[card]}"' not in view_text}
    return out


@pytest.mark.parametrize("game, seats, least_hidden", [
    ("cia_kgb", ("cia", "kgb"), 10),  # secret agents, private looks at groups and targets
    ("zimna_wojna", ("us", "ussr"), 30),  # hands, the secret headline, the deck
])
def test_two_seats_each_see_only_their_own_cards(server, game, seats, least_hidden):
    """Every payload of a whole game, for each seat, names no card of the other's hidden zones
    that the seat cannot know, and a seat's token cannot answer for the other."""
    client, served = server
    table, host = start(client, game=game, lang="en", seed="2", **{f"seat_{s}": "person" for s in seats})
    tokens = {s.index: s.token for s in served.tables[table].seats}
    checked, hidden = 0, set()
    for turn in range(6000):
        payloads = {seat: state(client, table, token) for seat, token in tokens.items()}
        for seat, data in payloads.items():
            text = json.dumps(data)
            secret = _hidden_from(served, table, seat)
            hidden |= secret
            leaked = [card for card in secret if f'"{card}"' in text]
            assert not leaked, (turn, seat, leaked)
            checked += 1
        if payloads[0]["result"]:
            break
        asked = next(seat for seat, data in payloads.items() if data["decision"]["mine"])
        other = 1 - asked
        refused = answer(client, table, tokens[other], payloads[asked])
        assert refused.status_code == 403 and "not your decision" in refused.json()["error"]
        assert answer(client, table, tokens[asked], payloads[asked], pick=turn).status_code == 200
    else:
        raise AssertionError("the game did not end")
    assert checked > 200 and len(hidden) > least_hidden  # the other side's cards were there to leak


def test_forged_replayed_and_cross_site_requests_are_refused_and_the_game_goes_on(server):
    client, _ = server
    table, token = start(client, game="zimna_wojna", lang="cs", seed="4")
    data = settled(client, table, token)
    number = data["decision"]["number"]
    api = f"/api/{table}/{token}"
    forged = client.post(f"{api}/answer", json={"decision": number, "answer": 9999}, headers=ORIGIN)
    assert forged.status_code == 400 and "not an answer" in forged.json()["error"]
    garbage = client.post(f"{api}/answer", content=b"{not json", headers=ORIGIN)
    assert garbage.status_code == 400 and "JSON" in garbage.json()["error"]
    elsewhere = client.post(f"{api}/answer", json={"decision": number, "answer": 0},
                            headers={"origin": "http://evil.example"})
    assert elsewhere.status_code == 403 and "another site" in elsewhere.json()["error"]
    browser = client.post(f"{api}/answer", json={"decision": number, "answer": 0},
                          headers={"sec-fetch-site": "cross-site", "origin": "http://testserver"})
    assert browser.status_code == 403 and "another site" in browser.json()["error"]
    assert answer(client, table, token, data).status_code == 200
    replayed = client.post(f"{api}/answer", json={"decision": number, "answer": 0}, headers=ORIGIN)
    assert replayed.status_code == 409 and "answered already" in replayed.json()["error"]
    assert client.get(f"/api/{table}/not-a-token/state").status_code == 404
    assert client.get(f"/table/{table}/not-a-token").status_code == 404
    assert settled(client, table, token)["fault"] is None


def test_undo_takes_back_an_answer_and_the_bots_after_it(server):
    client, _ = server
    table, token = start(client, game="zelazna_kurtyna", lang="en", seed="8")
    first = settled(client, table, token)
    assert not first["can_undo"]
    assert answer(client, table, token, first, pick=1).status_code == 200
    assert settled(client, table, token)["can_undo"]
    assert client.post(f"/api/{table}/{token}/undo", headers=ORIGIN).status_code == 200
    back = settled(client, table, token)
    assert back["decision"]["number"] == first["decision"]["number"]
    assert back["decision"]["answers"] == first["decision"]["answers"]
    again = client.post(f"/api/{table}/{token}/undo", headers=ORIGIN)
    assert again.status_code == 409 and "nothing of yours" in again.json()["error"]


def test_the_host_saves_and_a_save_loads_into_a_new_table(server):
    client, served = server
    table, host = start(client, game="mocarstwo", lang="pl", seed="3", players="3")
    data = settled(client, table, host)
    for turn in range(5):
        answer(client, table, host, data, pick=turn)
        data = settled(client, table, host)
    saved = client.get(f"/api/{table}/{host}/save")
    assert saved.status_code == 200 and saved.headers["content-disposition"].startswith("attachment")
    loaded = client.post("/load", files={"save": ("s.json", saved.content, "application/json")},
                         data={"lang": "cs"}, headers=ORIGIN, follow_redirects=False)
    assert loaded.status_code == 303
    _, _, new, new_host = loaded.headers["location"].split("/")
    again = settled(client, new, new_host)
    assert again["decision"]["number"] == data["decision"]["number"] and again["lang"] == "cs"
    tampered = saved.content.replace(b'"seed": 3', b'"seed": 4')
    refused = client.post("/load", files={"save": ("s.json", tampered, "application/json")}, headers=ORIGIN)
    assert refused.status_code == 400 and "refused" in refused.text


def test_a_seat_that_is_not_the_hosts_cannot_save(server):
    client, served = server
    table, _ = start(client, game="cia_kgb", seat_cia="person", seat_kgb="person")
    seat = served.tables[table].seats[1].token
    refused = client.get(f"/api/{table}/{seat}/save")
    assert refused.status_code == 403 and "every hand" in refused.json()["error"]


@pytest.mark.parametrize("fields, words", [
    ({"game": "no_such"}, "choose one of the games"),
    ({"game": "mocarstwo", "players": "9"}, "players is 9; it must be from 2 to 5"),
    ({"game": "mocarstwo", "seed": "x"}, "seed is a whole number"),
    ({"game": "zimna_wojna", "options": "no_such=1"}, "unknown option"),
    ({"game": "zimna_wojna", "seat_us": "clever"}, "is not a bot"),
    ({"game": "zimna_wojna", "lang": "de"}, "choose a language"),
])
def test_a_form_that_cannot_start_a_game_says_why(server, fields, words):
    client, _ = server
    refused = client.post("/new", data=fields, headers=ORIGIN, follow_redirects=False)
    assert refused.status_code == 400 and words in refused.text


def test_a_hand_shows_the_printed_faces_of_its_cards(server):
    client, served = server
    table, token = start(client, game="zelazna_kurtyna", lang="cs", seed="2")
    data = settled(client, table, token)
    [hand] = data["hand"]["own"]
    card = hand["cards"][0]
    assert card["face"] == f"/card/zelazna_kurtyna/cs/{card['id']}.png"
    face = client.get(card["face"])
    assert face.status_code == 200 and face.headers["content-type"] == "image/png"
    assert face.content.startswith(b"\x89PNG") and len(face.content) > 5000
    assert client.get("/card/zelazna_kurtyna/cs/no_such_card.png").status_code == 404
    assert client.get("/card/zelazna_kurtyna/de/" + card["id"] + ".png").status_code == 404


def test_a_question_with_one_answer_is_not_asked(server):
    """Nobody is asked what they cannot choose: the page never shows a question with one answer,
    and the log says what was answered for them."""
    client, served = server
    table, token = start(client, game="mocarstwo", lang="pl", seed="6", players="2")
    data = settled(client, table, token)
    for turn in range(60):
        if data["result"]:
            break
        assert len(data["decision"]["answers"]) > 1, data["decision"]
        answer(client, table, token, data, pick=turn)
        data = settled(client, table, token)
    assert any(len(d.options) == 1 for d in _decisions(served.tables[table]))  # there were such questions


def _decisions(table) -> list:
    """The decisions of a table's game so far, each replayed from the answers before it."""
    history = list(table.state.history)
    return [table.game.replay(table.seed, history[:n]).decision() for n in range(len(history))]
