"""What a player holding only the printed sheets of CIA vs KGB reads (seed 001, the Polish
rulebook): the reference sheet gives the double riot and the victory rule, names the round and
its summary as the rulebook does ("runda", "Przebieg rundy"), prints no track nobody sees, and
the cards say what the rulebook says of economic groups, the Analyst and the Space Race; the
termbase keeps the old variants from coming back."""

from __future__ import annotations

import html
import re
import shutil

import polib
import pytest

from compiler.back.sheets import reference
from compiler.back.sheets.labels import LABELS
from compiler.back.sheets.layout import PAPERS
from compiler.back.sheets.words import Words
from compiler.back.text import card_text
from compiler.pipeline import compile_game

from ..conftest import CONTENT, run_cli

LANGS = ("en", "pl", "cs")
ECONOMIC = ("banks", "oil_companies", "industry", "food_companies", "mafia", "black_market")
E711 = re.compile(r"^(?P<path>\S+):(?P<line>\d+):\d+: error\[E711\]: (?P<msg>.*)$", re.M)


@pytest.fixture(scope="module")
def game():
    return compile_game(CONTENT / "cia_kgb")


def sheet_text(game, lang: str) -> str:
    """The reference sheet's words as a player reads them (tags dropped, spaces plain)."""
    page = reference.reference_html(Words(game, lang), PAPERS["a4"])
    page = re.sub(r"<style.*?</style>", " ", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    return re.sub(r"\s+", " ", text.replace("\xa0", " ").replace("\u2011", "-").replace("\xad", ""))


# -- 1. both players riot (001 "Faza 4": the target goes face down to the bottom, nobody scores)

@pytest.mark.parametrize("lang, words", [
    ("en", ("If both sides riot", "bottom of the target deck", "nobody claims it or scores")),
    ("pl", ("Jeśli zamieszki wywołają obie strony", "na spód talii celów",
            "nikt go nie zdobywa ani nie dostaje za niego punktów")),
    ("cs", ("Vyvolají-li nepokoje obě strany", "pod balíček cílů", "nikdo za něj nedostane body")),
])
def test_the_reference_sheet_gives_the_double_riot(game, lang, words):
    text = sheet_text(game, lang)
    for phrase in words:
        assert phrase in text, (lang, phrase)


@pytest.mark.parametrize("lang, words", [
    ("en", ("100 points or more wins", "more points win", "play another round")),
    ("pl", ("co najmniej 100 punktów", "rozgrywa się kolejną rundę")),
    ("cs", ("100 bodů nebo víc", "hraje další kolo")),
])
def test_the_reference_sheet_gives_the_victory_rule_in_the_detente(game, lang, words):
    """001 "Zwycięstwo": 100 points at a détente win, more points if both, else play on."""
    text = sheet_text(game, lang)
    for phrase in words:
        assert phrase in text, (lang, phrase)


# -- 2. the rulebook's "runda" and "Przebieg rundy"

def test_the_round_sequence_is_headed_as_in_the_rulebook(game):
    expected = {"en": "Round sequence", "pl": "Przebieg rundy", "cs": "Průběh kola"}
    for lang in LANGS:
        words = Words(game, lang)
        assert words.ui("turn_sequence") == expected[lang]
        assert f"<h2>{expected[lang]}</h2>" in reference.reference_html(words, PAPERS["a4"])
        if LABELS[lang]["turn_sequence"] != expected[lang]:  # Czech "kolo" is both
            assert LABELS[lang]["turn_sequence"] not in sheet_text(game, lang)  # the product's "turn"
    pl = sheet_text(game, "pl")
    assert "Przebieg tury" not in pl and not re.search(r"\brok\w*", pl, re.I)
    assert "1. runda" in pl and "Od 2. rundy" in pl
    assert not re.search(r"\byears?\b", sheet_text(game, "en"), re.I)
    assert not re.search(r"\b(rok|roku|roce)\b", sheet_text(game, "cs"), re.I)


def test_the_product_heading_stays_for_a_game_whose_termbase_does_not_name_it():
    """The override is the game's: a game without it prints the product's heading."""
    words = Words(compile_game(CONTENT / "zelazna_kurtyna"), "pl")
    assert words.ui("turn_sequence") == LABELS["pl"]["turn_sequence"]


@pytest.fixture
def game_copy(tmp_path):
    folder = tmp_path / "cia_kgb"
    shutil.copytree(CONTENT / "cia_kgb", folder)
    return folder


def set_translation(folder, lang: str, key: str, text: str) -> None:
    path = folder / "locales" / f"{lang}.po"
    catalog = polib.pofile(str(path), wrapwidth=0)
    catalog.find(key, by="msgctxt").msgstr = text
    catalog.save(str(path))


@pytest.mark.parametrize("lang, key, text, variant", [
    ("pl", "sheet.ui.turn_sequence", "Przebieg tury", "Przebieg tury"),
    ("pl", "name.year", "Rok", "Rok"),
    ("pl", "sheet.turn.briefing.detail", "Od roku 2 wtasuj odrzucone grupy do talii.", "roku"),
    ("cs", "log.target_revealed", "Letošní cíl: {target}", "Letošní"),
])
def test_the_termbase_rejects_the_old_variants(game_copy, lang, key, text, variant):
    set_translation(game_copy, lang, key, text)
    result = run_cli("check", str(game_copy))
    found = [m.groupdict() for m in E711.finditer(result.stdout + result.stderr)]
    assert result.returncode == 1 and found, result.stdout + result.stderr
    assert any(f"'{variant}'" in f["msg"] and f["path"].endswith(f"locales/{lang}.po") for f in found), found


def test_the_termbase_rejects_year_in_the_english(game_copy):
    path = game_copy / "game.yaml"
    source = path.read_text("utf-8")
    path.write_text(source.replace("round 1 - at random", "year 1 - at random"), "utf-8")
    result = run_cli("check", str(game_copy))
    output = result.stdout + result.stderr
    assert result.returncode == 1 and "error[E711]" in output and "says 'year'" in output, output


# -- 3. no track the players do not see

def test_no_track_heading_is_printed_for_the_score_cards_the_sheets_do_not_print(game):
    for lang in LANGS:
        words = Words(game, lang)
        assert reference.track_views(words) == []
        page = reference.reference_html(words, PAPERS["a4"])
        assert f"<h2>{LABELS[lang]['tracks']}</h2>" not in page
        assert "300" not in sheet_text(game, lang)  # the engine's bound of the score, no printed box


# -- 4. economic groups: neither turning uses the turned group's power (001 "Karty ekonomiczne")

def test_economic_groups_say_that_neither_turning_uses_the_power(game):
    for card in ECONOMIC:
        en, pl, cs = (card_text(game, card, lang) for lang in LANGS)
        assert "from mobilized back to ready" in en and "Either way" in en
        assert "Przygotowanie grupy nie uruchamia" not in pl
        assert "Ani zmobilizowanie, ani przygotowanie nie uruchamia" in pl
        assert "Ani v jednom případě" in cs and "z mobilizované zpět na připravenou" in cs


# -- 5. the Analyst and the Space Race put the cards back on top

@pytest.mark.parametrize("card", ["cia_analyst", "kgb_analyst", "space_race"])
def test_cards_looked_at_go_back_on_top(game, card):
    assert "back on top" in card_text(game, card, "en")
    assert "z powrotem na wierzch" in card_text(game, card, "pl")
    assert "zpět navrch" in card_text(game, card, "cs")
