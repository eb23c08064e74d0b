"""What a player holding only the printed sheets of CIA vs KGB reads (seed 001, the Polish
rulebook): the reference sheet gives the double riot and the victory rule, names the round and
its summary as the rulebook does ("runda", "Przebieg rundy"), prints no track on the reference
sheet, and the cards say what the rulebook says of economic groups, the Analyst and the Space
Race; the termbase keeps the old variants from coming back. Since the Polish review of the set
(/tmp/review_pl.md, faults C1-C8): the tokens and the score track are printed, the reference
sheet's words match them, it says what an empty target deck and an activation do, explains the
abbreviations and letters the readings, and the backs tell the kinds of card apart."""

from __future__ import annotations

import html
import re
import shutil

import polib
import pytest

from compiler.back.sheets import build, cards, markers, reference, tracks
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

def test_the_reference_sheet_lists_no_track_the_score_is_on_the_track_page(game):
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


# -- 6. the components of 001 "Elementy": tokens, balance token, score track (review C1)

def test_the_tokens_and_the_score_track_are_printed(game):
    files = build.files_for(game.game)
    assert {"board.pdf", "markers.pdf"} <= set(files)


@pytest.mark.parametrize("lang, domination, balance, score", [
    ("en", "Domination token", "Balance token", "Score marker"),
    ("pl", "Żeton dominacji", "Żeton równowagi", "Znacznik punktacji"),
    ("cs", "Žeton nadvlády", "Žeton rovnováhy", "Ukazatel bodů"),
])
def test_the_markers_are_each_sides_domination_token_the_balance_token_and_two_score_markers(
        game, lang, domination, balance, score):
    words = Words(game, lang)
    faces = [(m.kind, m.front.player, m.front.big, m.front.ink, m.back.fill)
             for group in markers.marker_groups(words) for m in group]
    cia, kgb = words.colour("cia"), words.colour("kgb")
    assert faces == [
        ("dominator", "cia", domination, cia, cia),  # the back filled blue: 001 "niebieski dla CIA"
        ("dominator", "kgb", domination, kgb, kgb),  # and red for the KGB
        ("balance_holder", None, balance, "#222222", "#ffffff"),
        ("vp", "cia", score, cia, "#ffffff"),
        ("vp", "kgb", score, kgb, "#ffffff"),
    ]


@pytest.mark.parametrize("lang, range_, note", [
    ("en", "from 0 to 100", "At the détente 100 or more wins"),
    ("pl", "od 0 do 100", "Co najmniej 100 w fazie odprężenia"),
    ("cs", "od 0 do 100", "100 a víc při Uvolnění vítězí"),
])
def test_the_score_track_runs_from_0_to_100_in_fives(game, lang, range_, note):
    words = Words(game, lang)
    (view,) = tracks.track_views(words, 277.0)
    assert view.id == "vp" and view.per_player and view.range == range_
    boxes = [box for row in view.rows for box in row]
    assert [box.value for box in boxes] == [str(v) for v in range(0, 101, 5)]
    assert note in boxes[-1].note or note in dict(view.listed).get("100", "")
    assert view.box_height >= game.game.sheets.markers.size  # a marker fits a box


@pytest.mark.parametrize("lang, words", [
    ("en", ("Check the score markers on the victory point track", "moves its score marker up")),
    ("pl", ("Sprawdź znaczniki punktacji na torze punktów zwycięstwa", "przesuwa swój znacznik punktacji")),
    ("cs", ("Zkontrolujte ukazatele na počítadle vítězných bodů", "posune svůj ukazatel bodů")),
])
def test_the_reference_sheet_names_the_printed_score_track_not_score_cards(game, lang, words):
    text = sheet_text(game, lang)
    for phrase in words:
        assert phrase in text, (lang, phrase)
    assert "Zaktualizuj karty punktacji" not in text and "Update the score cards" not in text
    assert "kartách bodů" not in text


# -- 7. the empty target deck (R1), the empty group deck (R2), activation mobilizes (C2, C3)

@pytest.mark.parametrize("lang, words", [
    ("en", ("If the target deck is empty, the game ends - more points win, equal points are a draw",
            "lay the top group card face up and upright in front of you (ready)",
            "turn one of your ready groups sideways (mobilized)",
            "a mobilized group cannot be activated until it is readied",
            "Ready and mobilized groups both count for influence",
            "An empty group deck stays empty until the next briefing")),
    ("pl", ("Gdy talia celów jest pusta, gra się kończy - wygrywa strona z większą liczbą punktów, "
            "a przy równej liczbie punktów jest remis",
            "połóż ją przed sobą odkrytą, pionowo (przygotowana)",
            "obróć swoją przygotowaną grupę na bok (zmobilizuj ją)",
            "zmobilizowanej grupy nie można aktywować, dopóki nie zostanie z powrotem przygotowana",
            "Grupy przygotowane i zmobilizowane liczą się do wpływów",
            "Gdy talia grup się wyczerpie, pozostaje pusta do następnej odprawy")),
    ("cs", ("Je-li balíček cílů prázdný, hra končí: vítězí strana s více body, při rovnosti bodů je remíza",
            "lícem nahoru, nastojato (připravená)",
            "otoč svou připravenou skupinu na bok (mobilizovaná)",
            "mobilizovanou skupinu nelze aktivovat, dokud není znovu připravená",
            "Připravené i mobilizované skupiny se počítají do vlivu",
            "Prázdný balíček skupin zůstává prázdný až do příští Porady")),
])
def test_the_reference_sheet_gives_the_empty_decks_and_what_activation_does(game, lang, words):
    text = sheet_text(game, lang).replace("–", "-")
    for phrase in words:
        assert phrase.replace("–", "-") in text, (lang, phrase)


# -- 8. the smaller points: the cease-fire's loser, the Double Agent's look, the riot (C6, C7)

def test_the_polish_reference_sheet_reads_naturally(game):
    text = sheet_text(game, "pl")
    assert "przegrany ostatniego zawieszenia broni" not in text
    assert "strona, która przegrała ostatnie zawieszenie broni" in text
    assert "odniósł sukces" not in text
    assert ("Jeśli w poprzedniej rundzie Podwójny agent zapewnił swojej stronie podgląd, przeciwnik "
            "pierwszy kładzie agenta X, a ta strona ogląda go przed swoim wyborem") in text
    assert "a przeciwnik kładzie swój żeton i zdobywa cel" in text
    assert "1.\xa0runda" in reference.reference_html(Words(game, "pl"), PAPERS["a4"])


# -- 9. the glossary explains the factions and ">" (C5)

@pytest.mark.parametrize("lang, entries, left_out", [
    ("en", ("Mil. - military faction", "Econ. - economic faction", "Pol. - political faction",
            "A > B - A first, then B"), "Media - "),
    ("pl", ("Milit. - stronnictwo militarne", "Ekon. - stronnictwo ekonomiczne",
            "Med. - stronnictwo medialne", "Polit. - stronnictwo polityczne",
            "A > B - najpierw A, potem B", "PZ - punkty zwycięstwa"), None),
    ("cs", ("Voj. - vojenská frakce", "Ekon. - ekonomická frakce", "Média - mediální frakce",
            "Pol. - politická frakce", "A > B - nejprve A, potom B"), None),
])
def test_the_glossary_explains_the_faction_abbreviations_and_the_order(game, lang, entries, left_out):
    from compiler.back.sheets.glossary import glossary

    box = [", ".join(e.keys) + " - " + e.meaning for e in glossary(Words(game, lang))]
    for entry in entries:
        assert entry in box, (lang, entry, box)
    if left_out:  # the printed value is the start of its meaning: no abbreviation
        assert not any(e.startswith(left_out) for e in box)


def test_the_order_is_explained_only_where_a_card_prints_a_list():
    from compiler.back.sheets.glossary import glossary

    words = Words(compile_game(CONTENT / "zimna_wojna"), "en")
    assert not any(e.keys == ["A > B"] for e in glossary(words))


# -- 10. the two readings of an option told apart: lettered, one sentence, a full stop (C8)

@pytest.mark.parametrize("lang, riot, agent", [
    ("pl", "a) Żeton zostaje u strony, która go ma, bez względu na punkty (domyślnie); b) żeton i tak "
           "otrzymuje strona z mniejszą liczbą punktów, a u strony, która go ma, zostaje tylko przy remisie "
           "w punktach.",
     "a) Gdy na celu leży żeton jego strony, wysyła na zwolnienie agenta ze sztabu przeciwnika, a w "
     "przeciwnym razie jego strona pozna agenta X przeciwnika w następnej rundzie (domyślnie); b) jego "
     "gracz wybiera jedną z dwóch zdolności, bez względu na to, czyj żeton leży na celu."),
    ("en", "a) The token stays with its holder whatever the points (default); b) fewer points still take "
           "the token, which stays with its holder only on a tie in points.",
     "a) With its side's token on the target it sends an agent of the other headquarters on leave, "
     "otherwise its side sees the other Agent X next round (default); b) its player picks either "
     "effect, whichever token is on the target."),
    ("cs", "a) Žeton zůstává u strany, která ho má, bez ohledu na body (výchozí); b) žeton si i tak vezme "
           "strana s méně body a u strany, která ho má, zůstává jen při shodě bodů.",
     "a) Když na cíli leží žeton jeho strany, pošle na dovolenou agenta z velitelství soupeře, jinak "
     "jeho strana v příštím kole uvidí agenta X soupeře (výchozí); b) jeho hráč si vybere kteroukoli z "
     "obou schopností bez ohledu na to, čí žeton leží na cíli."),
])
def test_the_readings_are_lettered_and_end_with_a_full_stop(game, lang, riot, agent):
    text = sheet_text(game, lang).replace("’", "'").replace(") ;", ");")
    assert riot in text and agent in text, text[text.index("a) "):]
    assert not re.search(r"; [A-ZŻČ]", text[text.index("a) "):])  # no capital after a semicolon


# -- 11. the backs tell targets, groups and each side's agents apart (C4)

@pytest.mark.parametrize("lang, kinds", [
    ("en", {"cia_master_spy": ["Agent", "CIA"], "kgb_master_spy": ["Agent", "KGB"], "cuba": ["Target"],
            "space_race": ["Target"], "army": ["Group"]}),
    ("pl", {"cia_master_spy": ["Agent", "CIA"], "kgb_master_spy": ["Agent", "KGB"], "cuba": ["Cel"],
            "space_race": ["Cel"], "army": ["Grupa"]}),
    ("cs", {"cia_master_spy": ["Agent", "CIA"], "kgb_master_spy": ["Agent", "KGB"], "cuba": ["Cíl"],
            "space_race": ["Cíl"], "army": ["Skupina"]}),
])
def test_the_backs_differ_by_kind_of_card(game, lang, kinds):
    words = Words(game, lang)
    by_id = {c.id: c for c in game.game.cards}
    backs = {card: cards.back(words, by_id[card]) for card in kinds}
    for card, lines in kinds.items():
        assert backs[card].lines == lines, card
    assert backs["cia_master_spy"].colour == words.colour("cia")
    assert backs["kgb_master_spy"].colour == words.colour("kgb")
    assert backs["cuba"].colour == backs["army"].colour == words.colour(None)
    # a nation and an event have the same back: the face-down target deck tells nothing
    nation, event = backs["cuba"], backs["space_race"]
    assert (nation.lines, nation.colour) == (event.lines, event.colour)
    # every card's back is one of four: target, group, CIA agent, KGB agent
    every = {(tuple(b.lines), b.colour) for b in cards.all_backs(words)}
    assert len(every) == 4


# -- 12. the general capabilities are checked

@pytest.mark.parametrize("old, new, message", [
    ("        to: 100\n", "        to: 400\n", "400 is not a value of track 'vp' (0..300)"),
    ("notes: {100: At the", "notes: {101: At the", "101 is not a value of track 'vp' (printed: 0..100)"),
    ("{of: balance_holder,", "{of: balance_holdr,",
     "unknown counter or track 'balance_holdr', nor a variable"),
    ("    side: side\n  # No track", "    side: category\n  # No track",
     "card attribute 'category' is of type"),
])
def test_the_new_sheet_fields_are_checked(game_copy, old, new, message):
    path = game_copy / "game.yaml"
    source = path.read_text("utf-8")
    assert source.count(old) == 1, old
    path.write_text(source.replace(old, new), "utf-8")
    result = run_cli("check", str(game_copy))
    output = result.stdout + result.stderr
    assert result.returncode == 1 and message in output, output
