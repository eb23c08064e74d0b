"""A load test of `kurtyna serve` of its own (issue 44), on loopback and bounded: 20 games with bots
at every seat run at once on one server while a person plays a game of their own. Every game ends
without a fault, and the person's page is answered all along: a bot's search runs in a worker
thread, never in the loop that serves pages. The bound on the person's requests is a liveness
check (seconds, not milliseconds), not a measurement of speed (that is `kurtyna bench`)."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import httpx2 as httpx  # the HTTP client the dev dependencies bring (Starlette's test client uses it)
import pytest

from tests.tools.serving import running_server

GAMES = 20
PATIENCE = 10.0  # seconds a person's request may take while the bots play; a blocked loop takes all


@pytest.fixture(scope="module")
def base():
    with running_server("zelazna_kurtyna", "cia_kgb") as address:
        yield address


def _start(client: httpx.Client, **fields: str) -> tuple[str, str]:
    done = client.post("/new", data=fields, headers={"origin": str(client.base_url).rstrip("/")})
    assert done.status_code == 303, done.text
    _, _, table, token = done.headers["location"].split("/")
    return table, token


def test_twenty_bot_games_at_once_end_and_a_person_is_answered_all_along(base):
    origin = {"origin": base}
    with httpx.Client(base_url=base, timeout=60) as client:
        watched = []
        for i in range(GAMES):
            game, seats = (("zelazna_kurtyna", {"seat_ussr": "random", "seat_us": "random"}) if i % 2 else
                           ("cia_kgb", {"seat_cia": "random", "seat_kgb": "greedy"}))
            watched.append(_start(client, game=game, seed=str(100 + i), **seats))
        table, token = _start(client, game="zelazna_kurtyna", seed="7")
        waits = []
        for turn in range(15):  # the person plays while the bots' games run
            started = time.monotonic()
            data = client.get(f"/api/{table}/{token}/state").json()
            while data["busy"] or (data["decision"] and not data["decision"]["mine"]):
                data = client.get(f"/api/{table}/{token}/state?since={data['version']}").json()
            waits.append(time.monotonic() - started)
            if data["result"]:
                break
            decision = data["decision"]
            answered = client.post(f"/api/{table}/{token}/answer", headers=origin, json={
                "decision": decision["number"], "answer": turn % len(decision["answers"])})
            assert answered.status_code == 200, answered.text
        assert max(waits) < PATIENCE, waits

        def finished(seat: tuple[str, str]) -> dict:
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline:
                data = client.get(f"/api/{seat[0]}/{seat[1]}/state").json()
                if data["result"] or data["fault"]:
                    return data
                time.sleep(0.5)
            raise AssertionError(f"table {seat[0]} did not finish")

        with ThreadPoolExecutor(4) as pool:
            ends = list(pool.map(finished, watched))
    assert [end["fault"] for end in ends] == [None] * GAMES
    assert all(end["result"] for end in ends)
