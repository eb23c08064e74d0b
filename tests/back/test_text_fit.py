"""A card text that cannot fit its card is found by `kurtyna check` (E710), not only later by
`kurtyna sheets` (issue 40, point 4). `check` lays nothing out: it takes a bound that needs the
text box and the smallest type only (compiler/back/i18n/card_fit.py `least_height`). The tests keep
the bound tied to the sheets' own measure: its numbers are those of the card stylesheet, no real
text is refused, and a text the bound refuses overflows when WeasyPrint lays it out."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from compiler.back.i18n import card_fit
from compiler.back.i18n.translations import LOCALES, translations
from compiler.back.sheets import cards, layout, pdf
from compiler.back.sheets.faces import MIN_PT, TEXT_SIZES, paragraphs
from compiler.back.sheets.words import Words
from compiler.diagnostics import CompileError
from compiler.pipeline import checked_game, compile_game

from ..conftest import CONTENT, ROOT, edit_file

CSS = ROOT / "compiler" / "back" / "sheets" / "templates" / "cards.css.j2"
GAMES = sorted(p.name for p in CONTENT.iterdir() if (p / "game.yaml").is_file())


def rule(selector: str) -> str:
    found = re.search(r"(?m)^" + re.escape(selector) + r" \{([^}]*)\}", CSS.read_text("utf-8"))
    assert found, selector
    return found.group(1)


def test_the_bound_measures_the_box_the_stylesheet_draws():
    text = rule(".text")
    assert f"left: {card_fit.TEXT_SIDE}mm" in text and f"right: {card_fit.TEXT_SIDE}mm" in text
    assert f"bottom: {card_fit.TEXT_BOTTOM:g}mm" in text and f"line-height: {card_fit.LINE_HEIGHT}" in text
    assert f"margin: 0 0 {card_fit.PARAGRAPH_GAP}em 0" in rule(".text p")
    smallest = TEXT_SIZES[-1][1]
    assert f"font-size: {MIN_PT}pt" in rule(f".text.{smallest}")
    for foot in ("foot1", "foot2", "foot3"):  # a foot line only makes the box shorter
        bottom = float(re.search(r"bottom: ([\d.]+)mm", rule(f".text.{foot}")).group(1))
        assert bottom > card_fit.TEXT_BOTTOM


@pytest.mark.parametrize("game", GAMES)
def test_no_printed_text_is_refused(game):
    compiled = compile_game(CONTENT / game)
    for card in compiled.game.cards:
        for lang in LOCALES:
            text = translations(compiled, lang).authored_text(card.id)
            if text:
                assert card_fit.least_height(text) <= card_fit.text_box_height(), (card.id, lang)


@pytest.fixture(scope="module")
def zk_words():
    compiled = compile_game(CONTENT / "zelazna_kurtyna")
    return compiled, {lang: Words(compiled, lang) for lang in LOCALES}


def overflows(words: Words, card, text: str) -> bool:
    """Whether WeasyPrint, laying out the card with this text in the smallest type and no foot line
    (the box the bound assumes), finds the text running past its box."""
    face = replace(cards.face(words, card), text=paragraphs(text), text_size=TEXT_SIZES[-1][1],
                   tags=[], footer=[], more_footer=[], region=[])
    document = pdf.render(cards.faces_html(words, [face], layout.PAPERS["a4"], 0.0))
    return card.id in pdf.overflowing(document, "text")


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("paragraph_words", [0, 40])
def test_a_text_the_bound_refuses_does_not_fit_when_laid_out(zk_words, lang, paragraph_words):
    """The shortest run of real words (the game's own texts, over and over) that the bound refuses,
    in one paragraph or in several: the layout runs it past the box too."""
    compiled, words = zk_words
    pool = " ".join(translations(compiled, lang).authored_text(c.id) for c in compiled.game.cards).split() * 4

    def text(n: int) -> str:
        chunks = [pool[i:i + paragraph_words] for i in range(0, n, paragraph_words)] if paragraph_words else [
            pool[:n]]
        return "\n\n".join(" ".join(chunk) for chunk in chunks)

    room = card_fit.text_box_height() + card_fit.SLACK
    low, high = 1, len(pool)
    while low < high:  # the fewest words the bound refuses
        middle = (low + high) // 2
        low, high = (low, middle) if card_fit.least_height(text(middle)) > room else (middle + 1, high)
    assert card_fit.least_height(text(low)) > room >= card_fit.least_height(text(low - 1))
    assert overflows(words[lang], compiled.game.cards[0], text(low))


def about_1500(sentence: str) -> str:
    """The sentence again and again, cut at a word to 1,500 characters at most."""
    text = " ".join([sentence] * (1500 // len(sentence) + 1))[:1500].rsplit(" ", 1)[0]
    assert 1450 < len(text) <= 1500
    return text


def test_a_1500_character_text_is_refused_by_check_at_its_line(tmp_path):
    """What `kurtyna sheets` refused only after laying out every card (E710) `check` refuses now,
    in English at the card's text in its YAML and in Polish at the msgstr."""
    folder = tmp_path / "zelazna_kurtyna"
    shutil.copytree(CONTENT / "zelazna_kurtyna", folder)
    long_en = about_1500("The USA infiltrates 2 cubes into Israel, one after the other, and then looks at "
                         "every card on the table once more.")
    edit_file(folder / "cards.yaml", '"The USA infiltrates 2 cubes into Israel."', f'"{long_en}"', 1)
    long_pl = about_1500("ZSRR infiltruje 2 kostki na dowolne karty Afryki, a potem jeszcze raz przegląda "
                         "wszystkie karty leżące na stole.")
    africa = "ZSRR infiltruje 2 kostki na dowolne karty Afryki leżące na stole."
    edit_file(folder / "locales" / "pl.po", f'msgstr "{africa}"', f'msgstr "{long_pl}"', 1)
    with pytest.raises(CompileError) as caught:
        checked_game(folder)
    found = {(Path(d.span.path).name, d.span.line): d for d in caught.value.diagnostics if d.code == "E710"}
    yaml_line = next(n for n, line in enumerate((folder / "cards.yaml").read_text("utf-8").split("\n"), 1)
                     if "one after the other, and then looks" in line)
    po_lines = (folder / "locales" / "pl.po").read_text("utf-8").split("\n")
    po_line = next(n for n, line in enumerate(po_lines, 1) if "przegląda wszystkie karty" in line)
    assert set(found) == {("cards.yaml", yaml_line), ("pl.po", po_line)}, [d.render() for d in found.values()]
    assert "cannot fit on the card even at 6.5 pt" in found[("cards.yaml", yaml_line)].message
