"""A house card added as docs/authoring.md ("Adding a card, end to end") says, through the whole
chain: check (strict), catalogs, build, text, sheets and its scenario (issue 40, point 7). The
tests count the published deck from the game, never by a literal, so the card breaks nothing."""

from __future__ import annotations

import shutil

import polib

from ..conftest import CONTENT, run_cli

CARD = """
  - id: berlin_airlift
    text:
      en: "The US adds 2 Influence to West Germany."
    names: {en: Berlin Airlift}
    attributes: {number: 111, ops: 2, side: us, period: early, removed_after_event: true, house: true}
    event: |
      influence[west_germany][us] += 2
    note: A house card, not in the published game.
"""

# The translator's work (docs/authoring.md, step 3), in each language's own words.
TRANSLATIONS = {
    "pl": {"name.berlin_airlift": "Most powietrzny",
           "text.berlin_airlift": "USA dodają 2 PW w RFN."},
    "cs": {"name.berlin_airlift": "Berlínský letecký most",
           "text.berlin_airlift": "USA přidají 2 body vlivu do Západního Německa."},
}

SCENARIO = """game: zimna_wojna
source: "house card 111 (Berlin Airlift)"
title: "Berlin Airlift: the US adds 2 Influence to West Germany"
options: {house_cards: true}
steps:
  - do: play_event(berlin_airlift, us)
expect:
  - influence[west_germany][us] == 2
"""


def _ok(*args: str, cwd) -> str:
    result = run_cli(*args, cwd=cwd)
    assert result.returncode == 0, (args, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    return result.stdout


def test_a_house_card_goes_through_check_catalogs_build_text_sheets_and_its_scenario(tmp_path):
    work = tmp_path / "work"
    game = work / "content" / "zimna_wojna"
    shutil.copytree(CONTENT / "zimna_wojna", game)
    cards = game / "cards_92_110.yaml"
    cards.write_text(cards.read_text("utf-8") + CARD, "utf-8")

    _ok("i18n", "update", str(game), cwd=work)  # step 3: the new entries, then translated
    for lang, entries in TRANSLATIONS.items():
        catalog = polib.pofile(str(game / "locales" / f"{lang}.po"))
        for entry in catalog:
            if entry.msgctxt in entries:
                entry.msgstr = entries[entry.msgctxt]
                entry.flags = [f for f in entry.flags if f != "fuzzy"]
        catalog.save()
        assert sum(entry.msgctxt in entries for entry in catalog) == 2
    _ok("i18n", "update", str(game), cwd=work)  # written in canonical form
    summary = _ok("check", str(game), "--strict", cwd=work)
    assert "111 cards" in summary  # counted from the content: 110 published and the house card

    _ok("build", str(game), "--out", str(work / "generated"), cwd=work)
    assert (work / "generated" / "zimna_wojna" / "cards.py").is_file()
    shown = _ok("text", str(game), "berlin_airlift", "--lang", "all", cwd=work)
    texts = [entries["text.berlin_airlift"] for entries in TRANSLATIONS.values()]
    for text in ("The US adds 2 Influence to West Germany.", *texts):
        assert text in shown, shown

    _ok("sheets", str(game), "--lang", "pl", "--out", str(work / "build"), cwd=work)
    assert (work / "build" / "zimna_wojna" / "pl" / "cards.pdf").stat().st_size > 0

    scenario = work / "tests" / "examples" / "zimna_wojna" / "cards" / "111_berlin_airlift.yaml"
    scenario.parent.mkdir(parents=True)
    scenario.write_text(SCENARIO, "utf-8")
    passed = _ok("test", str(scenario), "--content", str(work / "content"), cwd=work)
    assert passed.startswith("PASS"), passed
