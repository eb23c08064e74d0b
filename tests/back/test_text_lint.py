"""The authored-text lint reads meaning, not only numbers: may/must, durations, optional rules,
conditions and removal marks, in every language. The three faults a reviewer found on printed
Zimna Wojna cards (issue 15) each have a test: Korean War's −1 read as unconditional, the Cuban
Missile Crisis' end, and Wargames hiding that the player may decline."""

from __future__ import annotations

import pytest

from compiler.back.i18n.lint import lint_card
from compiler.pipeline import compile_game

from ..conftest import ROOT

KOREAN_WAR_OK = {
    "en": "The USSR adds 2 to its military operations. Roll a die and subtract 1 for each US-controlled "
          "country adjacent to South Korea. On 4 or more the USSR wins. Chinese Civil War option: "
          "subtract 1 more while the civil war is not resolved.",
    "pl": "ZSRR dodaje 2 do swoich działań militarnych. Rzuć kością i odejmij 1 za każde państwo "
          "sąsiadujące z Koreą Południową, które kontrolują USA. Przy wyniku 4 lub więcej ZSRR wygrywa. "
          "Wariant Chińska wojna domowa: odejmij jeszcze 1, dopóki wojna domowa nie jest rozstrzygnięta.",
    "cs": "SSSR si přičte 2 vojenské operace. Hoď kostkou a odečti 1 za každou zemi sousedící "
          "s Jižní Koreou, kterou ovládají USA. Při výsledku 4 nebo více SSSR vyhrává. Varianta Čínská "
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
