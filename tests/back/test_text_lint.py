"""The authored-text lint reads meaning, not only numbers: may/must, durations, optional rules,
conditions and removal marks, in every language. The three faults a reviewer found on printed
Zimna Wojna cards (issue 15) each have a test: Korean War's −1 read as unconditional, the Cuban
Missile Crisis' end, and Wargames hiding that the player may decline."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.back.i18n.lint import lint_card
from compiler.pipeline import compile_game

from ..conftest import ROOT

KOREAN_WAR_OK = {
    "en": "The USSR adds 2 to its military operations. Roll a die and subtract 1 for each US-controlled "
          "country adjacent to South Korea. On 4 or more the USSR gains 2 VP and replaces all US "
          "Influence in South Korea with its own. Chinese Civil War option: "
          "subtract 1 more while the civil war is not resolved.",
    "pl": "ZSRR dodaje 2 do swoich działań militarnych. Rzuć kością i odejmij 1 za każde państwo "
          "sąsiadujące z Koreą Południową, które kontrolują USA. Przy wyniku 4 lub więcej ZSRR zdobywa 2 PZ "
          "i zastępuje wszystkie PW USA w Korei Południowej swoimi. "
          "Wariant Chińska wojna domowa: odejmij jeszcze 1, dopóki wojna domowa nie jest rozstrzygnięta.",
    "cs": "SSSR si přičte 2 vojenské operace. Hoď kostkou a odečti 1 za každou zemi sousedící "
          "s Jižní Koreou, kterou ovládají USA. Při výsledku 4 nebo více SSSR získá 2 VB a nahradí všechny "
          "BV USA v Jižní Koreji svými. Varianta Čínská "
          "občanská válka: odečti ještě 1, dokud občanská válka není rozhodnuta.",
}


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_a_faithful_korean_war_text_passes(zw, lang):
    assert lint_card(zw, "korean_war", lang, KOREAN_WAR_OK[lang]) == []


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_korean_war_without_the_civil_war_condition_fails(zw, lang):
    """The printed −1 read as unconditional: the condition (an optional rule) was not named."""
    text = KOREAN_WAR_OK[lang].rsplit(".", 2)[0] + "."
    faults = lint_card(zw, "korean_war", lang, text)
    assert any("depends on the optional rule" in f for f in faults), faults


CUBAN_OK = {
    "en": "Set DEFCON to 2. Until the end of the turn, if the opponent makes a coup, the player of this "
          "card wins, unless the opponent first removes 2 Influence: the USSR from Cuba, the US from "
          "West Germany or Turkey. That cancels the crisis.",
    "pl": "Ustaw DEFCON na 2. Do końca tury, jeśli przeciwnik przeprowadzi przewrót, gracz tej karty "
          "wygrywa, chyba że przeciwnik najpierw usunie 2 PW: ZSRR z Kuby, USA z RFN lub z Turcji. "
          "To kończy kryzys.",
    "cs": "Nastav DEFCON na 2. Do konce kola, pokud soupeř provede převrat, hráč této karty vyhrává, "
          "ledaže soupeř nejprve odebere 2 BV: SSSR z Kuby, USA ze Západního Německa nebo z Turecka. "
          "Tím krize končí.",
}


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_a_faithful_cuban_missile_crisis_text_passes(zw, lang):
    assert lint_card(zw, "cuban_missile_crisis", lang, CUBAN_OK[lang]) == []


@pytest.mark.parametrize(("lang", "wrong", "right"), [
    ("en", "Until the end of the turn", "For the rest of the game"),
    ("pl", "Do końca tury", "Do końca gry"),
    ("cs", "Do konce kola", "Do konce hry"),
])
def test_cuban_missile_crisis_with_the_wrong_end_fails(zw, lang, wrong, right):
    faults = lint_card(zw, "cuban_missile_crisis", lang, CUBAN_OK[lang].replace(wrong, right))
    assert faults == ["a lasting effect ends with the turn, but the text does not say so"]


WARGAMES = {
    "en": ("Only at DEFCON 2: you may end the game. Your opponent first gains 6 VP; then the side ahead "
           "in VP wins, a tie is a draw. Late War scenario: the US wins only with 20 VP, else the USSR.",
           "you may end the game", "the game ends"),
    "pl": ("Tylko przy DEFCON 2: możesz zakończyć grę. Przeciwnik najpierw zdobywa 6 PZ; potem wygrywa "
           "strona, która prowadzi w PZ, remis kończy grę bez zwycięzcy. W scenariuszu Decydujące "
           "starcia USA wygrywają tylko z 20 PZ, w przeciwnym razie ZSRR.", "możesz zakończyć grę",
           "gra się kończy"),
    "cs": ("Jen při DEFCON 2: můžeš ukončit hru. Soupeř nejprve získá 6 VB; pak vyhrává strana, která "
           "vede ve VB, při rovnosti je remíza. Ve scénáři „Závěr války“ vyhrávají USA jen s 20 VB, "
           "jinak SSSR.",
           "můžeš ukončit hru", "hra končí"),
}


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_wargames_must_say_that_the_player_may_decline(zw, lang):
    text, optional, forced = WARGAMES[lang]
    assert lint_card(zw, "wargames", lang, text) == []
    faults = lint_card(zw, "wargames", lang, text.replace(optional, forced))
    assert faults == ["a player may decline a choice of the effect, but the text does not say 'may'"]


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "The US may remove all its Influence from Romania."),
    ("pl", "USA mogą usunąć wszystkie swoje PW z Rumunii."),
    ("cs", "USA může odebrat veškerý svůj vliv z Rumunska."),
])
def test_may_on_a_card_without_any_choice_fails(zw, lang, text):
    assert "the text says 'may', but the effect gives no player a choice" in lint_card(
        zw, "romanian_abdication", lang, text)


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "The US may not keep Influence in Romania: remove it all."),
    ("pl", "USA nie mogą mieć PW w Rumunii: usuń je wszystkie."),
])
def test_may_not_is_a_prohibition_not_a_choice(zw, lang, text):
    assert not any("'may'" in f for f in lint_card(zw, "romanian_abdication", lang, text))


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "Remove all US Influence from Romania. Remove this card."),
    ("pl", "Usuń wszystkie PW USA z Rumunii. Usuń tę kartę z gry."),
    ("cs", "Odeber veškerý vliv USA z Rumunska. Odstraň tuto kartu ze hry."),
])
def test_removal_is_printed_by_the_sheet_not_the_text(zw, lang, text):
    faults = lint_card(zw, "romanian_abdication", lang, text)
    assert any("removal mark" in f for f in faults), faults


def test_a_side_named_like_a_superpower_space_is_not_a_place(zw):
    """"USA" is the US side and the USA space in Polish; Romanian Abdication names only the side."""
    assert lint_card(zw, "romanian_abdication", "pl",
                     "Usuń wszystkie PW USA z Rumunii. ZSRR umieszcza tam PW, aż ją kontroluje.") == []


def test_a_condition_must_be_stated(zw):
    faults = lint_card(zw, "arab_israeli_war", "en", "Roll a die.")
    assert "the effect has a condition ('if' or 'require'), but the text states none" in faults


@pytest.mark.parametrize(("lang", "text", "missing"), [
    ("en", "Remove 2 US Influence from France and add 1 Influence there.", "USSR"),
    ("pl", "Usuń 2 PW USA z Francji i umieść tam 1 PW.", "ZSRR"),
    ("cs", "Odeber 2 BV USA z Francie a umísti tam 1 BV.", "SSSR"),
])
def test_a_side_the_effect_names_must_be_printed(zw, lang, text, missing):
    """De Gaulle: whose Influence goes to France is the whole point of the card."""
    assert lint_card(zw, "de_gaulle_leads_france", lang, text) == [
        f"the effect names the side {missing}, the text does not"]


def test_a_side_the_effect_does_not_name_fails(zw):
    faults = lint_card(zw, "allende", "en", "The US places 2 Influence in Chile.")
    assert "the text names the side US, the effect does not" in faults
    assert "the effect names the side USSR, the text does not" in faults


def test_a_duration_for_something_that_is_no_event_is_an_error(tmp_path):
    """text.yaml says which events end a turn (`durations:`); a misspelt one would silently turn
    the check off, so it is E301 at its line."""
    import shutil

    from compiler.diagnostics import CompileError

    folder = tmp_path / "zimna_wojna"
    shutil.copytree(ROOT / "content" / "zimna_wojna", folder)
    text = folder / "text.yaml"
    text.write_text(text.read_text("utf-8").replace("durations: {turn_end: turn}",
                                                    "durations: {turn_ends: turn}"), "utf-8")
    with pytest.raises(CompileError) as caught:
        compile_game(folder)
    faults = [d for d in caught.value.diagnostics if d.code == "E301"]
    assert len(faults) == 1 and "'turn_ends'" in faults[0].message and "turn_end" in (faults[0].hint or "")
    assert faults[0].span.path.endswith("text.yaml")


def test_without_a_duration_the_turn_is_not_checked(zw):
    """The lint knows no event of any game: `until_turn_end` comes from text.yaml's durations."""
    from compiler.back.i18n.claims import claims_of

    assert claims_of(zw, "cuban_missile_crisis").until_turn_end
    saved = dict(zw.text.durations)
    zw.text.durations.clear()
    try:
        assert not claims_of(zw, "cuban_missile_crisis").until_turn_end
    finally:
        zw.text.durations.update(saved)


# ---- every change of the game is a claim the text makes (issue 40, point 4) ------------------

NOT_NAMED = "the effect changes {}, the text does not name it"
NOT_SAID = "the effect {}, the text does not say so (in a sentence that names it)"
LASTING = "the effect makes a lasting effect, but the text does not say how long it lasts"
ROLL = "the effect rolls a die, the text does not say so"


def each(fault: str) -> dict[str, list[str]]:
    return {lang: [fault] for lang in ("en", "pl", "cs")}


# A clause dropped from a real printed text, per card and language, and what the lint says then.
# The old lint accepted every one of these texts (numbers, places and sides were all still there).
DROPS = {
    ("zimna_wojna", "duck_and_cover"): (  # a track moved down by a rule the card calls
        {"en": "Lower DEFCON by 1. ", "pl": "Obniż poziom DEFCON o 1. ", "cs": "Sniž úroveň DEFCON o 1. "},
        each(NOT_SAID.format("lowers DEFCON"))),
    ("zimna_wojna", "abm_treaty"): (  # the "Raise DEFCON by 1"
        {"en": "Raise DEFCON by 1. ", "pl": "Podnieś poziom DEFCON o 1. ", "cs": "Zvyš úroveň DEFCON o 1. "},
        each(NOT_NAMED.format("the track DEFCON"))),
    ("zimna_wojna", "iranian_hostage_crisis"): (  # influence added
        {"en": " and add 2 USSR Influence to Iran", "pl": " i umieść 2 PW ZSRR w Iranie",
         "cs": " a umísti 2 BV SSSR do Íránu"},
        {"en": [NOT_SAID.format("raises Influence")], "pl": [NOT_SAID.format("raises Punkty wpływów")],
         "cs": [NOT_SAID.format("raises Body vlivu")]}),
    ("zimna_wojna", "aldrich_ames_remix"): (  # a card moved to the discard pile
        {"en": "The USSR chooses a card from it, which the US discards. ",
         "pl": "ZSRR wybiera jedną z nich, a USA ją odrzucają. ",
         "cs": "SSSR jednu z nich vybere a USA ji odhodí. "},
        {"en": [NOT_NAMED.format("a card moved to the zone Discard pile")],
         "pl": [NOT_NAMED.format("a card moved to the zone Stos kart odrzuconych")],
         "cs": [NOT_NAMED.format("a card moved to the zone Odkládací balíček")]}),
    ("zimna_wojna", "missile_envy"): (  # a lasting effect
        {"en": " The opponent must use this card for Operations in its next action round.",
         "pl": " Przeciwnik musi zagrać tę kartę jako operacje w swojej następnej rundzie.",
         "cs": " Soupeř musí tuto kartu zahrát na operace ve svém příštím akčním tahu."},
        # "zahrát" was also the only Czech word for playing the taken card
        {**each(LASTING), "cs": [LASTING, NOT_NAMED.format("a card moved to the zone Hraná karta")]}),
    ("zimna_wojna", "arab_israeli_war"): (  # a die roll
        {"en": "Roll a die and subtract the number of countries adjacent to Israel that the US controls, "
               "and 1 more if the US controls Israel. ",
         "pl": "Rzuć kostką i odejmij liczbę państw sąsiadujących z Izraelem i kontrolowanych przez USA "
               "oraz jeszcze 1, jeśli USA kontrolują Izrael. ",
         "cs": "Hoď kostkou a odečti počet zemí sousedících s Izraelem a ovládaných USA a ještě 1, pokud "
               "USA ovládají Izrael. "},
        each(ROLL)),
    ("zelazna_kurtyna", "poland_card"): (  # another game's track, named by the term of its rule ("point")
        {"en": ", the USSR gains 1 point", "pl": ", ZSRR zdobywa 1 punkt", "cs": ", získá SSSR 1 bod"},
        {"en": [NOT_NAMED.format("the track Ideology")], "pl": [NOT_NAMED.format("the track Tor ideologii")],
         "cs": [NOT_NAMED.format("the track Ideologie")]}),
    ("cia_kgb", "nuclear_escalation"): (  # a zone named by the game's own verb (text.yaml `words`)
        {"en": "; every mobilized group in play is destroyed",
         "pl": "; wszystkie zmobilizowane grupy w grze zostają zniszczone",
         "cs": "; všechny mobilizované skupiny ve hře jsou zničeny"},
        {"en": [NOT_NAMED.format("a card moved to the zone Group discard")],
         "pl": [NOT_NAMED.format("a card moved to the zone Stos odrzuconych kart grup")],
         "cs": [NOT_NAMED.format("a card moved to the zone Odhazovací balíček skupin")]}),
}


@pytest.fixture(scope="module")
def games():
    return {name: compile_game(ROOT / "content" / name)
            for name in ("zimna_wojna", "zelazna_kurtyna", "cia_kgb")}


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
@pytest.mark.parametrize(("game", "card"), list(DROPS))
def test_a_text_that_drops_a_change_of_the_game_disagrees(games, game, card, lang):
    from compiler.back.i18n.translations import translations

    compiled = games[game]
    dropped, said = DROPS[(game, card)]
    text = translations(compiled, lang).authored_text(card)
    assert lint_card(compiled, card, lang, text) == []  # the printed text says it all
    assert dropped[lang] in text
    assert lint_card(compiled, card, lang, text.replace(dropped[lang], "", 1)) == said[lang]


def test_what_a_called_rule_surely_does_is_the_cards_and_what_it_may_do_is_not(zw):
    """Duck and Cover calls the rule that lowers DEFCON (then tests it): the card claims that.
    Five-Year Plan calls the rule that puts a played card where it goes (removed, in play or
    discarded, by the card): no one of those zones is sure, so none is claimed."""
    from compiler.back.i18n.claims import changes_of

    defcon = changes_of(zw, "duck_and_cover")[("track", "defcon")]
    assert defcon.directions == {"down"} and "degrade_defcon" in defcon.via
    # a signed track: "up" is one side's gain, so no way is claimed
    assert changes_of(zw, "duck_and_cover")[("track", "vp")].directions == frozenset()
    assert set(changes_of(zw, "five_year_plan")) == {("zone", "discard")}
    # a roll inside a called rule is that rule's (a coup's); a variable is never a claim
    assert ("roll", "") not in changes_of(zw, "che")
    assert not any(kind == "variable" for kind, _ in changes_of(zw, "cultural_revolution"))


def test_what_a_card_claims_does_not_depend_on_the_cards_read_before(zw):
    """What definitions surely change is kept per game: a card read first or last finds the same
    (a kept answer that depended on the order would differ between `check` and a test)."""
    from compiler.back.i18n.claims import changes_of

    cards = list(zw.program.card_events)
    fresh = compile_game(ROOT / "content" / "zimna_wojna")
    forward = {c: changes_of(zw, c) for c in cards}
    backward = {c: changes_of(fresh, c) for c in reversed(cards)}
    assert forward == backward


def test_set_says_both_ways_and_a_way_needs_the_item_in_its_sentence(zw):
    """How I Learned to Stop Worrying lowers DEFCON on one branch and sets it on the other: "Set
    DEFCON to ..." says both. A word for the way elsewhere in the text does not count."""
    assert lint_card(zw, "how_i_learned_to_stop_worrying", "en",
                     "Set DEFCON to any level from 1 to 5 (if you set it to 1, nuclear war: the phasing "
                     "player loses). Move your Military Operations marker 5 spaces up.") == []
    assert lint_card(zw, "duck_and_cover", "en",
                     "The US gains VP equal to 5 minus the new DEFCON level. Lower your voice by 1.") == [
        NOT_SAID.format("lowers DEFCON")]


FIVE_YEAR_PLAN = {
    "en": "The USSR discards a random card from its hand (not The China Card). If that card has a US "
          "event, the US resolves the event at once; otherwise no event occurs.",
    "cs": "SSSR odhodí náhodnou kartu z ruky (kromě Čínské karty). Má-li tato karta událost USA, USA ji "
          "ihned provedou; jinak se žádná událost neprovede.",
}


def test_a_zone_is_named_by_its_words_in_each_language(zw):
    """`words` of a zone's phrase (text.yaml, translated in the catalogs) are how a text says a
    card goes there; without them "discards" would not name the discard pile."""
    for lang, text in FIVE_YEAR_PLAN.items():
        assert lint_card(zw, "five_year_plan", lang, text) == []
    saved = dict(zw.text.phrases["discard"])
    del zw.text.phrases["discard"]["words"]
    zw.__dict__.pop("_item_words", None)
    try:
        assert NOT_NAMED.format("a card moved to the zone Discard pile") in lint_card(
            zw, "five_year_plan", "en", FIVE_YEAR_PLAN["en"])
    finally:
        zw.text.phrases["discard"] = saved
        zw.__dict__.pop("_item_words", None)


def test_check_reports_each_dropped_change_at_the_line_of_its_text(tmp_path):
    """`kurtyna check` (checked_game) finds the dropped clauses of real texts in English (the card's
    YAML), Polish and Czech (the msgstr of the catalog entry) and names each at its own line."""
    import polib

    from compiler.diagnostics import CompileError
    from compiler.pipeline import checked_game

    from ..conftest import edit_file

    folder = tmp_path / "zimna_wojna"
    shutil.copytree(ROOT / "content" / "zimna_wojna", folder)
    where = {"en": ("duck_and_cover", "abm_treaty"), "pl": ("iranian_hostage_crisis", "aldrich_ames_remix"),
             "cs": ("missile_envy", "arab_israeli_war")}
    expected = set()
    for card in where["en"]:
        path = next(p for p in folder.glob("cards*.yaml") if f"- id: {card}\n" in p.read_text("utf-8"))
        edit_file(path, DROPS[("zimna_wojna", card)][0]["en"], "", 1)
        lines = path.read_text("utf-8").split("\n")
        start = lines.index(f"  - id: {card}")
        line = next(n for n in range(start, len(lines)) if lines[n].lstrip().startswith("en: ")) + 1
        expected.add((path.resolve(), line))
    for lang in ("pl", "cs"):
        path = folder / "locales" / f"{lang}.po"
        catalog = polib.pofile(str(path), wrapwidth=78)
        for entry in catalog:
            card = entry.msgctxt.removeprefix("text.")
            if card in where[lang]:
                assert DROPS[("zimna_wojna", card)][0][lang] in entry.msgstr
                entry.msgstr = entry.msgstr.replace(DROPS[("zimna_wojna", card)][0][lang], "", 1)
        catalog.save(str(path))
        lines = path.read_text("utf-8").split("\n")
        for card in where[lang]:
            start = lines.index(f'msgctxt "text.{card}"')
            line = next(n for n in range(start, len(lines)) if lines[n].startswith("msgstr")) + 1
            expected.add((path.resolve(), line))
    with pytest.raises(CompileError) as caught:
        checked_game(folder)
    found = {(Path(d.span.path).resolve(), d.span.line) for d in caught.value.diagnostics if d.code == "E701"}
    assert found == expected, [d.render() for d in caught.value.diagnostics]
