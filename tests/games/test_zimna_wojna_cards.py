"""Every Zimna Wojna card event is exercised by a scenario, and every FAQ scenario cites its card
and question (issue: all 110 events). The scenarios themselves run in test_examples.py."""

from __future__ import annotations

import re

import yaml

from ..conftest import CONTENT, ROOT

EXAMPLES = ROOT / "tests" / "examples" / "zimna_wojna"


def cards_with_events() -> dict[int, str]:
    cards = {}
    for path in sorted((CONTENT / "zimna_wojna").glob("cards*.yaml")):
        for card in yaml.safe_load(path.read_text("utf-8"))["cards"]:
            if "event" in card:
                cards[card["attributes"]["number"]] = card["id"]
    return cards


def all_card_numbers() -> set[int]:
    return {card["attributes"]["number"]
            for path in sorted((CONTENT / "zimna_wojna").glob("cards*.yaml"))
            for card in yaml.safe_load(path.read_text("utf-8"))["cards"]}


def test_every_card_but_the_china_card_has_an_event():
    # read from the content, so that adding a card (with its event) breaks nothing here
    assert all_card_numbers() - set(cards_with_events()) == {6}  # The China Card has no event


def test_every_event_has_a_scenario_named_and_citing_its_card():
    cited: dict[int, list[str]] = {}
    for path in sorted((EXAMPLES / "cards").glob("*.yaml")):
        number = int(path.name[:3])
        source = yaml.safe_load(path.read_text("utf-8"))["source"]
        assert re.search(rf"\bcards? (\d+[ ,/and]*)*\b{number}\b", source), (path.name, source)
        cited.setdefault(number, []).append(path.name)
    missing = {n: c for n, c in cards_with_events().items() if n not in cited}
    assert not missing, f"cards without a scenario: {missing}"


def test_faq_scenarios_cite_the_seed_faq_a_card_and_a_question():
    files = sorted((EXAMPLES / "faq").glob("*.yaml"))
    assert len(files) >= 60
    for path in files:
        source = yaml.safe_load(path.read_text("utf-8"))["source"]
        assert source.startswith("002 FAQ"), (path.name, source)
        # a question, or one of the notes (Uwaga) the FAQ puts under a card heading
        cites = re.search(r"cards? \d+|FAQ \d\.\d", source)
        assert cites and ("?" in source or "note" in source), (path.name, source)
