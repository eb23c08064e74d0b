"""What a player holding only the printed components of Jak zostać mocarstwem reads (seed 004,
the Polish rulebook): no placeholder of the engine on any sheet, the Superpower's threshold and
tie rule on the reference sheet, market-situation cards that can be told apart face down and
found by their kind, Boom's market opened as soon as it is revealed, the rulebook's "tura", a
points badge that fits, a board whose legend and alignment crosses cover no text and which has
the fields the rules name, and markers whose words fit."""

from __future__ import annotations

import html
import re
import shutil

import polib
import pytest

from compiler.back.sheets import board as board_mod
from compiler.back.sheets import board_sheet, cards, markers, pdf, player_board, reference, tiles
from compiler.back.sheets.faces import MIN_PT
from compiler.back.sheets.layout import CARD_H, CARD_W, PAPERS
from compiler.back.sheets.textwidth import text_width
from compiler.back.sheets.words import Words
from compiler.back.text import card_text
from compiler.diagnostics import CompileError
from compiler.pipeline import compile_game

from ..conftest import CONTENT, compile_errors, edit_file, run_cli

LANGS = ("en", "pl", "cs")
A4 = PAPERS["a4"]
SITUATIONS = ("boom", "stable_market", "emerging_markets", "developed_markets", "slump")
E711 = re.compile(r"^(?P<path>\S+):(?P<line>\d+):\d+: error\[E711\]: (?P<msg>.*)$", re.M)
PT = 0.3528  # mm per point


@pytest.fixture(scope="module")
def game():
    return compile_game(CONTENT / "mocarstwo")


def plain(page: str) -> str:
    """An HTML sheet's words as a player reads them (tags dropped, spaces plain)."""
    page = re.sub(r"<style.*?</style>", " ", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    return re.sub(r"\s+", " ", text.replace("\xa0", " ").replace("\u2011", "-").replace("\xad", ""))


def every_sheet(game, lang: str) -> dict[str, str]:
    words = Words(game, lang)
    return {
        "reference": reference.reference_html(words, A4),
        "cards": cards.fronts_html(words, A4, 0.0),
        "backs": cards.backs_html(words, A4, 0.0, (0.0, 0.0)),
        "board": board_sheet.board_html(words, A4),
        "markers": markers.markers_html(words, A4),
        "player boards": player_board.player_boards_html(words, A4),
    }


# -- 6. nothing of the engine's: no numbered partner places, no regions, no "outside the region"

@pytest.mark.parametrize("lang", LANGS)
def test_no_sheet_prints_the_engines_placeholders(game, lang):
    words = Words(game, lang)
    placeholders = [words.name(s.id) for s in game.game.spaces if s.kind == "partner"]
    assert len(placeholders) == 30
    for sheet, page in every_sheet(game, lang).items():
        text = plain(page)
        for name in placeholders:
            assert not re.search(rf"\b{re.escape(name)}\b", text), (lang, sheet, name)
    page = every_sheet(game, lang)["reference"]
    assert f"<h2>{words.ui('regions')}</h2>" not in page
    assert words.ui("outside") not in plain(page)


def test_polish_reference_sheet_has_no_regions_or_outside_legend(game):
    text = plain(reference.reference_html(Words(game, "pl"), A4))
    assert "Państwo 1" not in text and "Regiony" not in text and "spoza regionu" not in text


@pytest.mark.parametrize("lang, words", [
    ("en", ("Country cards", "Potential contractor", "Contracts it carries", "2, 3")),
    ("pl", ("Karty państw", "Partner strategiczny", "Realizuje kontrakty", "Punkty na koniec gry")),
    ("cs", ("Karty zemí", "Strategický partner", "Přijímá kontrakty", "Body na konci hry")),
])
def test_the_reference_sheet_prints_the_country_cards_instead(game, lang, words):
    """004 p.15, p.17, p.21: the four steps, what each carries and scores."""
    text = plain(reference.reference_html(Words(game, lang), A4))
    for phrase in words:
        assert phrase in text, (lang, phrase)


# -- 7. the Superpower's threshold and tie rule (004 p.19, reading R13)

@pytest.mark.parametrize("lang, words", [
    ("en", ("at least three countries at cooperating state or better",
            "A tie for best leaves the position where it is", "scores 10 points")),
    ("pl", ("co najmniej trzy państwa o statusie Państwa współpracującego lub wyższym",
            "Remis najlepszych nie zmienia pozycji", "warta 10 punktów")),
    ("cs", ("aspoň tři země na stupni spolupracujícího státu nebo vyšším",
            "Shoda nejlepších pozici nemění", "získá 10 bodů")),
])
def test_the_reference_sheet_gives_the_superpower_threshold_and_tie_rule(game, lang, words):
    text = plain(reference.reference_html(Words(game, lang), A4))
    for phrase in words:
        assert phrase in text, (lang, phrase)


# -- 8. market-situation cards: a back and a kind, as the rulebook's components (004 p.3, p.8)

@pytest.mark.parametrize("lang", LANGS)
def test_market_situation_cards_name_their_kind_front_and_back(game, lang):
    words = Words(game, lang)
    by_id = game.game.by_id(game.game.cards)
    category = words.value("card_type", "situation")
    for card_id in SITUATIONS:
        card = by_id[card_id]
        outlook = words.value("outlook", card.attributes["outlook"])
        assert cards.back(words, card).lines == [category, outlook], (lang, card_id)
        face = cards.face(words, card)
        assert any(outlook in line for line in face.footer), (lang, card_id, face.footer)
    # the two "... ahead" cards are stable-market cards, found as such for the 5-player setup
    stable = words.value("outlook", "stable_outlook")
    for card_id in ("emerging_markets", "developed_markets"):
        assert cards.back(words, by_id[card_id]).lines[-1] == stable
    # every other card names its kind on its back too
    for card in game.game.cards:
        assert cards.back(words, card).lines[0] == words.value("card_type", card.attributes["card_type"])


def test_the_polish_backs_read_as_the_rulebook_names_the_kinds(game):
    backs = plain(cards.backs_html(Words(game, "pl"), A4, 0.0, (0.0, 0.0)))
    assert backs.count("Sytuacja na rynkach światowych") == 13
    assert (backs.count("Hossa"), backs.count("Stabilny rynek"), backs.count("Bessa")) == (4, 6, 3)


# -- 9. Boom opens its market as soon as it is revealed (004 p.8 "zaraz po odkryciu")

def test_boom_says_it_opens_the_market_when_revealed(game):
    assert card_text(game, "boom", "en").startswith("As soon as this card is revealed, open")
    pl = card_text(game, "boom", "pl")
    assert pl.startswith("Zaraz po odkryciu tej karty otwórz") and "Potem otwórz" not in pl
    assert card_text(game, "boom", "cs").startswith("Jakmile je tato karta odhalena, otevřete")
    # the effect does it then: the market opens before the contracts are taken and dealt, as
    # tests/examples/mocarstwo/example_p10_boom_deal.yaml checks (the sixth field gets cards)
    rules = (CONTENT / "mocarstwo" / "rules.yaml").read_text("utf-8")
    phase = rules[rules.index("procedure contracts_phase"):rules.index("procedure deal_to")]
    assert phase.index("open_market()") < phase.index("take_contracts(") < phase.index("deal_to(")


# -- 10. the rulebook's "tura"

@pytest.mark.parametrize("lang, turn, end", [("en", "Turn", "End of the turn"), ("pl", "Tura", "Koniec tury"),
                                             ("cs", "Kolo", "Konec kola")])
def test_the_turn_is_named_as_in_the_rulebook(game, lang, turn, end):
    words = Words(game, lang)
    assert words.name("year") == turn
    sheets = every_sheet(game, lang)
    assert f">{turn} <span>" in sheets["board"] and end in plain(sheets["reference"])


def test_no_polish_sheet_says_rok_for_the_turn(game):
    for sheet, page in every_sheet(game, "pl").items():
        text = re.sub(r"\b[Bb]ilans\w* roku\b", "", plain(page))  # the phase's name (004 p.17)
        found = re.findall(r".{0,30}\b(?:rok|roku|rokiem)\b.{0,20}", text, re.I)
        assert not found, (sheet, found)


@pytest.fixture
def game_copy(tmp_path):
    folder = tmp_path / "mocarstwo"
    shutil.copytree(CONTENT / "mocarstwo", folder)
    return folder


@pytest.mark.parametrize("lang, key, text, variant", [
    ("pl", "name.year", "Rok", "Rok"),
    ("pl", "sheet.turn.end_of_year", "Koniec roku", "Koniec roku"),
    ("pl", "sheet.board.track.year.note.12", "Ostatni rok.", "rok"),
    ("pl", "text.soft_power", "Żeton i 1 mld $ przygotowują ją na następny rok.", "rok"),
    ("cs", "sheet.turn.end_of_year", "Konec roku", "Konec roku"),
])
def test_the_termbase_rejects_rok_for_the_turn(game_copy, lang, key, text, variant):
    path = game_copy / "locales" / f"{lang}.po"
    catalog = polib.pofile(str(path), wrapwidth=0)
    catalog.find(key, by="msgctxt").msgstr = text
    catalog.save(str(path))
    result = run_cli("check", str(game_copy))
    found = [m.groupdict() for m in E711.finditer(result.stdout + result.stderr)]
    assert result.returncode == 1 and any(f"'{variant}'" in f["msg"] for f in found), result.stdout


def test_the_phase_keeps_its_name(game):
    """"Bilans roku" is the rulebook's name of the third phase (004 p.17): the termbase allows it."""
    assert Words(game, "pl").sheet("sheet.turn.balance") == "Bilans roku"
    result = run_cli("check", "mocarstwo", "--strict")
    assert result.returncode == 0 and "E711" not in result.stdout + result.stderr


# -- 11. the agreement of "widoczna" (a card: "ta karta jest widoczna")

def test_country_cards_say_which_card_is_visible(game):
    for card_id in ("cooperating", "friendly", "strategic"):
        assert "ta karta jest widoczna" in card_text(game, card_id, "pl")
        assert "If this card is visible" in card_text(game, card_id, "en")
        assert "Je-li tato karta" in card_text(game, card_id, "cs")


# -- 12. the points badge fits its 12 mm circle

@pytest.mark.parametrize("lang", LANGS)
def test_the_points_badge_label_fits_the_badge(game, lang):
    words = Words(game, lang)
    for card_id in ("cooperating", "friendly", "strategic"):
        face = cards.face(words, game.game.by_id(game.game.cards)[card_id])
        assert face.badge_label == words.tr.term("point", "abbr")
        # bold 6.5 pt, at most as wide as the circle is at the label's height (about 9.5 mm)
        assert text_width(face.badge_label, MIN_PT * PT) * 1.1 <= 9.5, (lang, face.badge_label)
    labels = set(re.findall(r'class="badge-label">([^<]*)<', cards.fronts_html(words, A4, 0.0)))
    assert labels == {words.tr.term("point", "abbr")}, labels  # "punktów" overran 34 badges


# -- 13. the board: the legend's samples beside their texts, crosses clear of every text

def _boxes(box, found: list) -> None:
    element = getattr(box, "element", None)
    classes = (element.get("class") or "").split() if element is not None else []
    if "item" in classes:
        found.append(box)
        return
    for child in getattr(box, "children", []):
        _boxes(child, found)


def _extent(box, wanted: str) -> list[tuple[float, float]]:
    """(left, right) of every descendant of `box` of class `wanted`."""
    out = []
    element = getattr(box, "element", None)
    if element is not None and wanted in (element.get("class") or "").split():
        out.append((box.border_box_x(), box.border_box_x() + box.border_width()))
    for child in getattr(box, "children", []):
        out += _extent(child, wanted)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_legend_samples_do_not_reach_into_their_texts(game, lang):
    words = Words(game, lang)
    board = board_mod.build_board(words)
    cell = next(item for item in board.legend if item.kind == "cell")
    assert cell.width == pytest.approx(5 * 4.6 - 0.4) and board.legend_sample >= cell.width
    document = pdf.render(board_sheet.board_html(words, A4))
    items = []
    for page in document.pages:
        _boxes(page._page_box, items)
    assert items
    for item in items:
        samples = [right for _, right in _extent(item, "sample") + _extent(item, "cellsample")]
        text_left = min(left for left, _ in _extent(item, "text"))  # the text's block and its lines
        assert samples and max(samples) <= text_left + 0.01, (lang, max(samples), text_left)


@pytest.mark.parametrize("name", ["mocarstwo", "zimna_wojna"])
def test_alignment_crosses_cover_no_box_name_or_legend(name):
    words = Words(compile_game(CONTENT / name), "pl")
    board = board_mod.build_board(words)
    rects = tuple((x, y, w, h) for _what, x, y, w, h in board.rects())
    for paper in ("a4", "letter"):
        _page, laid = board_sheet.laid_tiles(board, PAPERS[paper])
        assert any(t.marks for t in laid)
        for tile in laid:
            for x, y in tile.marks:
                assert not tiles._covers(x, y, rects), (name, paper, tile.name, x, y)
    # without the board's rectangles the crosses stand where they always did
    _page, plain_tiles = tiles.tiles(board.width, board.height, A4.width, A4.height)
    assert all(len(t.marks) % 3 == 0 for t in plain_tiles)


def test_the_polish_board_cross_no_longer_covers_the_cooperating_states():
    words = Words(compile_game(CONTENT / "mocarstwo"), "pl")
    board = board_mod.build_board(words)
    box = next(b for b in board.boxes if b.id == "offer_cooperating")
    _page, laid = board_sheet.laid_tiles(board, A4)
    for tile in laid:
        for x, y in tile.marks:
            assert not (box.x - tiles.CROSS <= x <= box.x + box.w + tiles.CROSS
                        and box.y - tiles.CROSS <= y <= box.y + box.h + tiles.CROSS)


# -- 14. the fields the rules name on the main board (004 p.4 §9, p.7-p.9, p.19)

FIELDS_PL = {"cooperating": "Państwa współpracujące", "friendly": "Państwa zaprzyjaźnione",
             "strategic": "Partnerzy strategiczni", "superpower": "Supermocarstwo", "forecast": "Prognoza",
             "current_situation": "Sytuacja aktualna"}


def _classed(box, wanted: str, found: list) -> list:
    """Every box of `box`'s tree whose element has the class `wanted`, outermost first."""
    element = getattr(box, "element", None)
    if element is not None and wanted in (element.get("class") or "").split() and box not in found:
        found.append(box)
    for child in getattr(box, "children", []):
        _classed(child, wanted, found)
    return found


def _texts(box) -> list:
    """The text boxes (words as laid out) under `box`."""
    if type(box).__name__ == "TextBox":
        return [box]
    return [t for child in getattr(box, "children", []) for t in _texts(child)]


def _rect(box) -> tuple[float, float, float, float]:
    return (box.border_box_x(), box.border_box_y(), box.border_width(), box.border_height())


def _apart(a, b, slack: float = 0.01) -> bool:
    return (a[0] + a[2] <= b[0] + slack or b[0] + b[2] <= a[0] + slack
            or a[1] + a[3] <= b[1] + slack or b[1] + b[3] <= a[1] + slack)


def test_the_polish_board_holds_the_fields_of_the_rulebook(game):
    """The markers' zones, the Superpower field, the forecast deck and the revealed card, with
    the rulebook's words (p.7 "Na polu Państw współpracujących...", p.19 "na polu Supermocarstwo",
    p.7 "Z pola Prognoza ... na pole Sytuacja aktualna")."""
    words = Words(game, "pl")
    board = board_mod.build_board(words)
    headings = {f.id: " ".join(f.heading) for f in board.fields}
    assert headings == FIELDS_PL
    page = board_sheet.board_html(words, A4)
    for field_id, heading in FIELDS_PL.items():
        assert f'data-field="{field_id}"' in page and heading in plain(page), field_id
    notes = {f.id: " ".join(f.note) for f in board.fields}
    assert "1\xa0mld\xa0$" in notes["cooperating"] and "3\xa0mld\xa0$" in notes["strategic"]
    # a card's field holds a card: the outline is a card's size and lies inside the field
    for f in board.fields:
        if f.id in ("forecast", "current_situation"):
            x, y = f.card
            assert x >= 0 and y >= f.words_height and x + CARD_W <= f.w and y + CARD_H <= f.h, f
        else:
            assert f.card is None


@pytest.mark.parametrize("lang", LANGS)
def test_the_fields_overlap_nothing_on_the_board(game, lang):
    words = Words(game, lang)
    board = board_mod.build_board(words)
    assert len(board.fields) == 6
    assert board_mod.problems(board) == [] and board_sheet.board_warnings(words) == []
    rects = board.rects()
    for f in board.fields:  # the model: no box, name, legend or other field meets a field
        mine = (f.x, f.y, f.w, f.h)
        for what, *other in rects:
            if what != f"field '{f.id}'":
                assert _apart(mine, other), (lang, f.id, what)
        assert 0 <= f.x and f.x + f.w <= board.width and 0 <= f.y and f.y + f.h <= board.height
    # the alignment crosses stay off the fields too
    for paper in ("a4", "letter"):
        _page, laid = board_sheet.laid_tiles(board, PAPERS[paper])
        for tile in laid:
            for x, y in tile.marks:
                assert all(not (f.x - tiles.CROSS <= x <= f.x + f.w + tiles.CROSS
                                and f.y - tiles.CROSS <= y <= f.y + f.h + tiles.CROSS) for f in board.fields)


@pytest.mark.parametrize("lang", LANGS)
def test_the_printed_fields_hold_their_words_and_meet_nothing(game, lang):
    """Measured in the laid-out PDF: every line of a field lies inside it, and no field meets a
    box, a region's name or the legend on any tile; the players' names in the markets' boxes
    stay inside them too ("Spojené království" ran past its box)."""
    document = pdf.render(board_sheet.board_html(Words(game, lang), A4))
    seen = set()
    for page in document.pages:
        root = page._page_box
        for cell in _classed(root, "cell", []):
            left, right = cell.content_box_x(), cell.content_box_x() + cell.width
            for text in _texts(cell):
                shown = (lang, text.text)
                assert left <= text.position_x <= text.position_x + text.width <= right + 0.01, shown
        fields = _classed(root, "field", [])
        others = [_rect(b) for kind in ("box", "region", "legend") for b in _classed(root, kind, [])]
        for field in fields:
            name = field.element.get("data-field")
            seen.add(name)
            x, y, w, h = _rect(field)
            lines = _texts(field)
            assert lines
            for text in lines:
                assert x < text.position_x and text.position_x + text.width < x + w, (lang, text.text)
                assert y < text.position_y and text.position_y + text.height < y + h, (lang, text.text)
            assert all(_apart((x, y, w, h), other) for other in others), (lang, name)
    assert seen == set(FIELDS_PL)


def test_a_field_without_a_place_or_a_place_without_a_field_is_reported(game_copy):
    game_yaml, map_yaml = game_copy / "game.yaml", game_copy / "map.yaml"
    edit_file(map_yaml, "    superpower: [231, 8, 66, 44]\n", "    superpowers: [231, 8, 66, 44]\n")
    edit_file(map_yaml, "    forecast: [304, 8]\n", "    forecast: [304, 8, 66]\n")
    edit_file(game_yaml, "      - id: friendly\n", "      - id: cooperating\n")
    found = {(d.code, d.message) for d in compile_errors(game_copy)}
    assert ("E201", "the board gives no place to field 'superpower'") in found
    assert ("E301", "unknown board field 'superpowers'") in found
    assert ("E302", "board field 'cooperating' is listed twice") in found
    assert any(code == "E205" and "three numbers" in message for code, message in found)


def test_a_field_too_small_for_its_words_is_reported(game):
    words = Words(game, "pl")
    board = board_mod.build_board(words)
    field = next(f for f in board.fields if f.id == "current_situation")
    field.h = 60.0
    assert any("field 'current_situation'" in p and "60 mm high" in p for p in board_mod.problems(board))


# -- 15. the markers: every word on its face, never clipped

def _faces(game, lang: str) -> list:
    document = pdf.render(markers.markers_html(Words(game, lang), A4))
    return [face for page in document.pages for face in _classed(page._page_box, "face", [])]


@pytest.mark.parametrize("lang", LANGS)
def test_no_marker_word_is_clipped(game, lang):
    """Measured in the laid-out PDF: every line of a marker lies inside its face's border ("Wielka
    Brytania" and "Znacznik" ran past their 10 mm markers)."""
    faces = _faces(game, lang)
    assert len(faces) == 2 * (5 * 10 + 2)
    for face in faces:
        left, top = face.content_box_x(), face.content_box_y()
        right, bottom = left + face.width, top + face.height
        lines = _texts(face)
        assert lines
        for text in lines:
            shown = (lang, text.text)
            assert left <= text.position_x and text.position_x + text.width <= right + 0.01, shown
            assert top <= text.position_y and text.position_y + text.height <= bottom + 0.01, shown


@pytest.mark.parametrize("lang", LANGS)
def test_markers_print_the_players_short_names_alike(game, lang):
    """A state's full name does not fit a marker in any language: every marker prints the IOC
    code content gives, never a full name."""
    words = Words(game, lang)
    codes = {"germany": "GER", "japan": "JPN", "united_kingdom": "GBR", "china": "CHN", "france": "FRA"}
    for group in markers.fitted_groups(words):
        for marker in group:
            if marker.front.player:
                assert marker.front.lines.top == [codes[marker.front.player]], (lang, marker.front.top)
    text = plain(markers.markers_html(words, A4))
    assert words.name("united_kingdom") not in text and words.name("germany") not in text


def test_polish_markers_read_whole_words_where_they_fit(game):
    words = Words(game, "pl")
    lines = {m.kind: m.front.lines for group in markers.fitted_groups(words) for m in group}
    assert lines["claim"].big == ["Wpływ"] and lines["year"].big == ["Tura"]
    assert lines["held"].big == ["Znacz-", "nik"]  # broken at its syllable, reported as a warning
    assert lines["held"].big_pt >= MIN_PT and lines["year"].big_pt > lines["held"].big_pt
    assert "'Znacz-nik'" in markers.warnings(words)[0]


def test_marker_words_that_cannot_fit_are_refused(game_copy):
    """Like a card's text: E710 at the catalog entry to shorten, and nothing is laid out."""
    path = game_copy / "locales" / "pl.po"
    catalog = polib.pofile(str(path), wrapwidth=0)
    catalog.find("sheet.marker.held", by="msgctxt").msgstr = "Nieprzekraczalnyznacznik"
    catalog.save(str(path))
    words = Words(compile_game(game_copy), "pl")
    with pytest.raises(CompileError) as info:
        markers.markers_html(words, A4)
    [found] = info.value.diagnostics
    assert found.code == "E710" and "'held'" in found.message and "Nieprzekraczalnyznacznik" in found.message
    assert found.span.path.endswith("pl.po") and found.hint == "shorten the marker's label"
