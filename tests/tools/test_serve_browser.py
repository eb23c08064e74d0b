"""`kurtyna serve` in a real browser (issue 44): Debian's Chromium driven by Playwright, against a
server started as a user starts it. Screenshots of each step are kept in the test's folder
(artefacts to look at, not golden images).

Chromium comes from scripts/system-deps (`apt-get install chromium`); Playwright's own browser
download is not used. Where there is no Chromium (a machine where system-deps could not install
it), these tests are skipped and say so.
"""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest

from tests.tools.serving import running_server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("no Chromium here: scripts/system-deps installs it (apt-get install chromium)",
                allow_module_level=True)

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is a dev dependency: "
                                 "pip install -e '.[dev]'")


@pytest.fixture(scope="module")
def server():
    with running_server() as address:
        yield address


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM)
        yield chromium
        chromium.close()


def start_game(page, base: str, game: str, lang: str, **seats: str) -> None:
    page.goto(base + "/")
    form = page.locator(f"form:has(input[name=game][value={game}])")
    form.locator("select[name=lang]").select_option(lang)
    for player, kind in seats.items():
        form.locator(f"select[name=seat_{player}]").select_option(kind)
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/table/"))


def wait_for_turn(page, timeout: float = 60) -> str:
    """'answer' when the page offers answers, 'over' when the game ended (a fault fails)."""
    # selectors, not script: the page's Content-Security-Policy allows no evaluated strings
    page.locator("body[data-phase=answer], body[data-phase=over], body[data-phase=fault]").wait_for(
        timeout=timeout * 1000)
    phase = page.evaluate("document.body.dataset.phase")
    assert phase != "fault", page.locator("#status").inner_text()
    return phase


def click_an_answer(page, turn: int) -> None:
    """Click one of the answers offered - a button, a card, or a space of the printed board (in
    its frame) - then wait until the page has moved on from it."""
    version = page.evaluate("document.body.dataset.version")
    deadline = time.monotonic() + 10  # the board's frame may still be loading
    while True:
        answers = page.locator("button.answer:visible, tr.answer:visible")
        if not answers.count():
            answers = page.frame_locator("iframe.board-frame").locator(".box.asked")
        if answers.count() or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    asked = page.locator("#decision").inner_text()
    assert answers.count(), f"the page asks, but offers nothing to click: {asked}"
    answers.nth(turn % answers.count()).click()
    page.locator(f"body:not([data-version='{version}'])").wait_for(timeout=30000)


def test_a_whole_game_of_zelazna_kurtyna_is_played_by_clicks_in_polish(server, browser, tmp_path):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    start_game(page, server, "zelazna_kurtyna", "pl")
    page.screenshot(path=str(tmp_path / "zk-start.png"), full_page=True)
    assert page.locator("h1").inner_text() == "Żelazna Kurtyna"
    for turn in range(400):
        if wait_for_turn(page) == "over":
            break
        click_an_answer(page, turn)
    else:
        raise AssertionError("the game did not end in 400 clicks")
    page.screenshot(path=str(tmp_path / "zk-end.png"), full_page=True)
    status = page.locator("#status").inner_text()
    assert status.startswith("Koniec gry:"), status
    assert page.locator("#log-lines li").count() > 20


@pytest.mark.parametrize("game, lang, seats", [
    ("cia_kgb", "en", {}),
    ("mocarstwo", "cs", {"players": "2"}),
    ("zimna_wojna", "en", {}),
])
def test_a_whole_game_is_played_to_its_end_by_clicks(server, browser, tmp_path, game, lang, seats):
    """Each game to its end against a random bot, in a language of its own, by clicking the
    answers offered (buttons, cards, spaces of the printed board)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    start_game(page, server, game, lang)
    if seats:  # a player count: the form's field, then start again
        page.goto(server + "/")
        form = page.locator(f"form:has(input[name=game][value={game}])")
        form.locator("select[name=lang]").select_option(lang)
        form.locator("input[name=players]").fill(seats["players"])
        form.locator("button[type=submit]").click()
        page.wait_for_url(re.compile(r"/table/"))
    for turn in range(3000):
        if wait_for_turn(page) == "over":
            break
        click_an_answer(page, turn)
    else:
        raise AssertionError(f"{game} did not end in 3000 clicks")
    page.screenshot(path=str(tmp_path / f"{game}-end.png"), full_page=True)
    assert page.locator("#hand img.card-face, #zones img.card-face").count() or game == "mocarstwo"


def test_a_zimna_wojna_headline_and_action_round_in_polish(server, browser, tmp_path):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    start_game(page, server, "zimna_wojna", "pl")
    for turn in range(120):
        wait_for_turn(page)
        tracks = dict(zip(page.locator("#tracks dt").all_inner_texts(),
                          page.locator("#tracks dd").all_inner_texts(), strict=True))
        if int(tracks["Runda"]) >= 2:
            break
        click_an_answer(page, turn)
    else:
        raise AssertionError("no second action round in 120 clicks")
    page.screenshot(path=str(tmp_path / "zw-action-round.png"), full_page=True)
    faces = page.locator("#hand img.card-face").evaluate_all("els => els.map(e => e.getAttribute('src'))")
    assert len(faces) >= 5 and all(src.startswith("/card/zimna_wojna/pl/") for src in faces)


def test_two_seats_of_cia_vs_kgb_each_see_only_their_own_cards(server, browser, tmp_path):
    host = browser.new_context(viewport={"width": 1280, "height": 900})
    guest = browser.new_context(viewport={"width": 1280, "height": 900})
    cia = host.new_page()
    start_game(cia, server, "cia_kgb", "en", cia="person", kgb="person")
    links = cia.locator("details.links a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert len(links) == 2
    # the host's page acts for both seats at one screen (hot seat): the cards stay behind a
    # curtain until the player asked says they are at the screen
    curtain = cia.locator("#curtain")
    curtain.wait_for()
    assert "Pass the screen to" in curtain.inner_text() and cia.locator("main.table").is_hidden()
    cia.screenshot(path=str(tmp_path / "hot-seat-curtain.png"))
    # each seat's own link is the page its player gets
    kgb = guest.new_page()
    kgb.goto(server + links[1])
    cia.goto(server + links[0])
    for page in (cia, kgb):
        page.wait_for_selector("#hand .card")
    cia_cards = set(cia.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)"))
    kgb_cards = set(kgb.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert cia_cards and kgb_cards and not cia_cards & kgb_cards
    # the other side's hidden cards are backs, as many as it holds (the count in words beside them)
    for page in (cia, kgb):
        counts = []
        for held in page.locator("#hand .held").all():
            count = int(re.search(r"\d+", held.locator("p").inner_text()).group())
            assert held.locator(".card-back").count() == min(count, 12)
            counts.append(count)
        assert any(counts) and page.locator(".card-back[data-card]").count() == 0
    cia.screenshot(path=str(tmp_path / "cia.png"), full_page=True)
    kgb.screenshot(path=str(tmp_path / "kgb.png"), full_page=True)
    for turn in range(30):  # each seat answers its own questions; the other waits
        asked = [page for page in (cia, kgb) if page.evaluate("document.body.dataset.phase") == "answer"]
        if asked:
            click_an_answer(asked[0], turn)
        else:
            time.sleep(0.2)
    for page, mine in ((cia, "cia"), (kgb, "kgb")):
        page.wait_for_timeout(500)
        shown = set(page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)"))
        other = kgb if page is cia else cia
        others = set(other.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)"))
        assert not shown & others, mine
    host.close()
    guest.close()


def test_the_authors_preview_redraws_an_edit_and_shows_a_broken_one_located(browser, tmp_path):
    from tests.conftest import CONTENT, copy_game

    game = copy_game(CONTENT / "zelazna_kurtyna", tmp_path / "games")
    with running_server(str(game), "--watch", str(game)) as address:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{address}/preview/zelazna_kurtyna")
        page.locator("body[data-fault=no] #cards .card").first.wait_for()
        version = page.evaluate("document.body.dataset.version")
        page.screenshot(path=str(tmp_path / "preview.png"))
        cards = game / "cards.yaml"
        text = cards.read_text("utf-8")
        cards.write_text(text.replace("gain(ussr, 1)", "gain(ussr, one)", 1), "utf-8")
        # a save seen half-written may show first as another fault; E301 comes once it is whole
        page.locator("body[data-fault=yes] #fault-text", has_text="E301").wait_for(timeout=30000)
        fault = page.locator("#fault-text").inner_text()
        assert "cards.yaml:" in fault and "error[E301]" in fault and "did you mean" in fault
        assert page.locator("#cards .card").count() > 10  # the last good version beside it
        page.screenshot(path=str(tmp_path / "preview-fault.png"))
        cards.write_text(text, "utf-8")
        page.locator("body[data-fault=no]").wait_for(timeout=30000)
        assert page.evaluate("document.body.dataset.version") != version
        page.locator("#cards .card").first.click()
        page.locator("#detail:not([hidden]) #detail-source").wait_for()
        assert page.locator("#detail-texts dd").count() == 3
