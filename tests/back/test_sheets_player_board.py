"""The player boards (player-boards.pdf; docs/sheets.md "The player boards"), tried on Jak zostać
mocarstwem, whose content declares them: a page per player in seating order, with the player's
colour and printed name, a place for each of their pieces, the treasury's card outline, the
player aid in each language; names that fit their band; a board too long for its page
reported; the content checks of the front end."""

from __future__ import annotations

import re

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from compiler.back.sheets import pdf, player_board, sheet_strings
from compiler.back.sheets.build import files_for
from compiler.back.sheets.layout import PAPERS
from compiler.back.sheets.typography import typeset
from compiler.back.sheets.words import Words
from compiler.pipeline import compile_game

from ..conftest import CONTENT, compile_errors, copy_game, edit_file

PT = 72 / 25.4  # PDF points per mm
BOLD_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


@pytest.fixture(scope="module")
def mo():
    return compile_game(CONTENT / "mocarstwo")


@pytest.fixture(scope="module")
def boards_en(mo, tmp_path_factory):
    html = player_board.player_boards_html(Words(mo, "en"), PAPERS["a4"])
    path = tmp_path_factory.mktemp("boards") / "player-boards.pdf"
    pdf.write(pdf.render(html), path)
    return html, path


def sections(html: str) -> list[tuple[str, str]]:
    """(player, the section's HTML) for each board page."""
    return re.findall(r'<section class="sheet" data-player="(\w+)">(.*?)</section>', html, re.S)


def test_a_landscape_page_for_each_player_in_seating_order(mo, boards_en):
    html, path = boards_en
    seats = [p.id for p in mo.game.players]
    assert [player for player, _ in sections(html)] == seats
    pages = PdfReader(path).pages
    assert len(pages) == len(seats)
    width, height = float(pages[0].mediabox.width) / PT, float(pages[0].mediabox.height) / PT
    assert (round(width), round(height)) == (297, 210)
    assert player_board.warnings(Words(mo, "en"), len(pages)) == []


def test_each_board_holds_the_players_pieces_and_the_treasury(mo, boards_en):
    html, path = boards_en
    colours = mo.game.sheets.colours
    for player, body in sections(html):
        # 004 p.5 §5: two influence tokens and eight markers in the player's colour.
        assert body.count('data-slot="claim"') == 2
        assert body.count('data-slot="held"') == 8
        assert f"border-color: {colours[player]}; color: {colours[player]};" in body
        pieces, treasury = re.findall(r'data-field="(\w+)"', body)
        assert (pieces, treasury) == ("middle_field", "treasury")
        treasury_html = body.split('data-field="treasury"')[1]
        assert 'data-card="1"' in treasury_html and "data-slot" not in treasury_html
    text = " ".join(PdfReader(path).pages[0].extract_text().split())
    for words in ("Bundesrepublik Deutschland", "Germany", "Influence tokens and markers", "Treasury",
                  "Partner countries", "Actions.", "Scoring."):
        assert words in text


@pytest.mark.parametrize("lang, words", [
    ("pl", ["Skarbiec", "Żetony wpływu i znaczniki", "Państwa partnerskie", "Niemcy", "Punktacja"]),
    ("cs", ["Pokladna", "Žetony vlivu a značky", "Partnerské země", "Německo", "Bodování"]),
])
def test_the_boards_speak_each_language(mo, lang, words):
    html = player_board.player_boards_html(Words(mo, lang), PAPERS["a4"])
    germany = sections(html)[0][1]
    for word in words:
        assert typeset(word, lang) in germany  # as typeset (typography.py)
    # The official name reads the same in every language (004 p.22).
    assert "Bundesrepublik Deutschland" in germany
    assert "Treasury" not in html and "Influence tokens" not in html


def test_the_boards_words_go_to_the_catalogs(mo):
    keys = {key for key, _, _ in sheet_strings(mo)}
    for key in ("sheet.player_board.title.china", "sheet.player_board.field.middle_field.note",
                "sheet.player_board.field.treasury", "sheet.player_board.below.note",
                "sheet.player_board.aid.final_scoring.text"):
        assert key in keys
    assert Words(mo, "pl").sheet("sheet.player_board.field.treasury") == "Skarbiec"


def test_every_name_fits_its_band_word_by_word(mo):
    """Measured in the bold face the band prints in: no word of a name is wider than the band."""
    font = TTFont(BOLD_FONT, lazy=True)
    scale, metrics, cmap = font["head"].unitsPerEm, font["hmtx"].metrics, font.getBestCmap()
    room = (player_board.BAND - 2 * player_board.BAND_PADDING) * PT
    for lang in ("en", "pl", "cs"):
        for board in player_board.board_views(Words(mo, lang)):
            widest = max(sum(metrics[cmap[ord(c)]][0] for c in word) / scale for word in board.title.split())
            assert widest * board.title_pt <= room, (board.title, board.title_pt)
    assert player_board.title_size("Nippon-koku") == player_board.TITLE_PT[0]
    assert player_board.title_size("Bundesrepublik") < player_board.TITLE_PT[0]


def test_no_text_below_six_and_a_half_points(boards_en):
    html, _ = boards_en
    sizes = [float(s) for s in re.findall(r"font-size:\s*([0-9.]+)pt", html)]
    assert sizes and min(sizes) >= 6.5


def test_a_board_too_long_for_its_page_is_reported(tmp_path):
    game = copy_game(CONTENT / "mocarstwo", tmp_path)
    long_text = "A very long rule that never ends. " * 120
    edit_file(game / "game.yaml", "        text: 1 point per 1 bn $ in the treasury;",
              f"        text: {long_text}1 point per 1 bn $ in the treasury;", 1)
    words = Words(compile_game(game), "en")
    document = pdf.render(player_board.player_boards_html(words, PAPERS["a4"]))
    assert len(document.pages) > 5
    (warning,) = player_board.warnings(words, len(document.pages))
    assert "does not fit on one page" in warning and "sheets.player_board" in warning


def test_only_a_game_that_declares_them_gets_player_boards(mo, zw):
    assert files_for(mo.game)[-2:] == ("player-boards.html", "player-boards.pdf")
    assert "player-boards.pdf" not in files_for(zw.game)


@pytest.mark.parametrize("old, new, code, message", [
    ("      japan: Nippon-koku", "      japn: Nippon-koku", "E301", "unknown player 'japn'"),
    ("pieces: [claim, held]", "pieces: [claim, helt]", "E301", "unknown marker kind 'helt'"),
    ("pieces: [claim, held]", "pieces: [claim, year]", "E304",
     "the markers of 'year' are not a set per player"),
    ("      - id: treasury\n", "      - id: middle_field\n", "E302",
     "player board field 'middle_field' is listed twice"),
    ("      - id: contract_rules\n", "      - id: turn_actions\n", "E302",
     "player aid paragraph 'turn_actions' is listed twice"),
])
def test_faults_in_the_player_board_are_reported(tmp_path, old, new, code, message):
    game = copy_game(CONTENT / "mocarstwo", tmp_path)
    edit_file(game / "game.yaml", old, new, 1)
    diagnostics = compile_errors(game)
    assert [(d.code, message in d.message) for d in diagnostics] == [(code, True)], \
        [d.message for d in diagnostics]
    assert diagnostics[0].span.line > 200  # at the entry in sheets.player_board, not the file's top
