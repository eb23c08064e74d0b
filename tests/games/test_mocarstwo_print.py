"""What a player holding only the printed components of Jak zostać mocarstwem reads (seed 004,
the Polish rulebook): no placeholder of the engine on any sheet, the Superpower's threshold and
tie rule on the reference sheet, market-situation cards that can be told apart face down and
found by their kind, Boom's market opened as soon as it is revealed, the rulebook's "tura", a
points badge that fits, a board whose legend and alignment crosses cover no text and which has
the fields the rules name, and markers whose words fit; and what the Polish review of the
printed components found missing or wrong (docs/translating.md, faults M1-M20): the setup, the
price of an investment counted by investments, the bond field, fields a card fits, the
Consistent Policy token, the reference sheet's phases as the engine plays them."""

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

from ..conftest import CONTENT, ROOT, compile_errors, edit_file, run_cli

LANGS = ("en", "pl", "cs")
A4 = PAPERS["a4"]
SITUATIONS = ("boom", "stable_market", "emerging_markets", "developed_markets", "slump")
E711 = re.compile(r"^(?P<path>\S+):(?P<line>\d+):\d+: error\[E711\]: (?P<msg>.*)$", re.M)
PT = 0.3528  # mm per point
ROOT_EXAMPLES = ROOT / "tests" / "examples" / "mocarstwo"


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
             "current_situation": "Sytuacja aktualna", "bonds": "Sprzedaż obligacji",
             "prices": "Ceny kart inwestycji"}


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
    """The markers' zones, the Superpower field, the forecast deck and the revealed card, the
    bond field, with the rulebook's words (p.7 "Na polu Państw współpracujących...", p.19 "na
    polu Supermocarstwo", p.7 "Z pola Prognoza ... na pole Sytuacja aktualna", p.13 "na polu
    oznaczonym Sprzedaż obligacji"), and the prices of the investment cards."""
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
    assert len(board.fields) == len(FIELDS_PL) == 8
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
    assert len(faces) == 2 * (5 * 10 + 3)  # ten pieces per player; the policy token, turn, open markets
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


def test_polish_markers_read_whole_words(game):
    """Review M20: "Znacz-/nik" on 40 markers and "Otwar-/te/rynki" (the lone "te" read as a
    pronoun) were words broken over lines; the labels are now short words that fit whole."""
    words = Words(game, "pl")
    lines = {m.kind: m.front.lines for group in markers.fitted_groups(words) for m in group}
    assert lines["claim"].big == ["Wpływ"] and lines["year"].big == ["Tura"]
    assert lines["held"].big == ["Znacz."] and lines["open_markets"].big == ["Rynki"]
    assert lines["policy_holder"].big == ["Kons.", "polit."]
    assert all(line.big_pt >= MIN_PT and not line.hyphenated for line in lines.values())


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_no_polish_or_czech_marker_label_is_broken(game, lang):
    assert markers.warnings(Words(game, lang)) == []


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


# -- 16. the setup (review M4): printed, and as the engine sets up (004 p.4-p.5)

@pytest.mark.parametrize("lang, heading, words", [
    ("en", "Setup and turn sequence",
     ("Setup: the main board", "Return one random slump card to the box",
      "two slump cards and one stable-market card", "Split the potential contractors into two equal stacks",
      "takes a potential contractor from the larger stack, lays a cooperating state on it below the board",
      "puts one marker on the Cooperating states field of the main board",
      "A random player takes the Consistent Policy token", "Setup by the number of players")),
    ("pl", "Przygotowanie gry i przebieg tury",
     ("Przygotowanie: plansza główna", "odłóż w ciemno do pudełka jedną losową kartę Bessy",
      "przy pięciu graczach dwie karty Bessy i jedną kartę Stabilnego rynku",
      "Potencjalnych kontrahentów podziel na dwa równe stosy",
      "kładzie pod swoją planszą Potencjalnego kontrahenta z większego stosu, "
      "a na nim Państwo współpracujące",
      "stawia jeden znacznik na planszy głównej, na polu Państw współpracujących",
      "Żeton Konsekwentnej polityki dostaje losowy gracz", "Przygotowanie gry według liczby graczy")),
    ("cs", "Příprava hry a průběh kola",
     ("Příprava: hlavní plán", "Jednu náhodnou kartu Recese vraťte neviděnou do krabice",
      "při pěti hráčích dvě karty Recese a jednu kartu Stabilního trhu",
      "Potenciální kontrahenty rozdělte na dva stejné balíčky",
      "potenciálního kontrahenta z většího balíčku a na něj spolupracující stát",
      "jednu značku postaví na hlavní plán, na pole Spolupracující státy",
      "Žeton Důsledné politiky dostane náhodný hráč", "Příprava hry podle počtu hráčů")),
])
def test_the_reference_sheet_prints_the_setup(game, lang, heading, words):
    """Without the starting country nobody has a marker, and the first situation card brings no
    contracts: the setup comes first, under a heading that says so."""
    words_ = Words(game, lang)
    page = reference.reference_html(words_, A4)
    text = plain(page)
    assert re.search(r"<h2>([^<]*)</h2>", page).group(1).replace("\xa0", " ") == heading
    for phrase in words:
        assert phrase in text, (lang, phrase)
    setup = text.index(words_.sheet("sheet.turn.setup_players"))
    contracts = text.index(words_.sheet("sheet.turn.contracts"))
    assert setup < contracts < text.index(words_.sheet("sheet.turn.balance"))


@pytest.fixture(scope="module")
def engine(compiled_packages):
    return compiled_packages(CONTENT / "mocarstwo")


def test_the_setup_table_agrees_with_the_map_and_the_engine(game, engine):
    """Each row of the printed table against what the engine does with that many players: the
    markets open at the start (their `min_players`), the situation cards returned to the box
    unseen, and the last turn."""
    import importlib

    rules = importlib.import_module(engine.__name__ + ".rules")
    table = game.game.by_id(game.game.tables)["setup_by_players"]
    markets = [s for s in game.game.spaces if s.kind == "market"]
    outlook = {c.id: c.attributes.get("outlook") for c in game.game.cards}
    assert [row["players"] for row in table.rows] == [2, 3, 4, 5]
    for row in table.rows:
        n = row["players"]
        opened = sum(1 for m in markets if 0 < m.attributes["min_players"] <= n)
        assert row["markets"] == f"1–{opened}", row
        for seed in (1, 2, 3):
            state = engine.Game(players=n).new_state(seed)
            boxed = [outlook[c.rsplit(".", 1)[0]] for c in state.view("germany")["zones"]["box"]["cards"]]
            assert (boxed.count("slump_outlook"), boxed.count("stable_outlook")) == \
                (row["slumps_out"], row["stables_out"]), (n, seed, boxed)
            assert rules.f_last_year(state) == row["last_turn"]


def test_the_polish_setup_table_reads_as_the_rulebook(game):
    page = reference.reference_html(Words(game, "pl"), A4)
    table = page[page.index("Przygotowanie gry według liczby graczy"):]
    table = plain(table[:table.index("</table>")])
    assert "Gracze Rynki otwarte na początku Karty Bessy do pudełka Karty Stabilnego rynku do pudełka" \
        " Ostatnia tura" in table
    assert "5 1–6 2 1 10" in table and "2 1–4 1 0 12" in table


# -- 17. the phases as the engine plays them (review M3, M6, M7, M13-M15)

PRICE_RULE = {  # the price of an investment counted by investments, not by the tokens on the card
    "en": ("if someone, you too, has already invested in that card this turn, three times after two such "
           "investments", "when another token lies there"),
    "pl": ("jeśli ktoś – także ty – już w tej turze zainwestował w tę kartę, trzy razy tyle po dwóch takich "
           "inwestycjach", "gdy leży na niej już jeden żeton"),
    "cs": ("pokud už do ní v tomto kole někdo – i ty – investoval, trojnásobek po dvou takových investicích",
           "když na ní už leží jeden žeton"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_player_board_counts_investments_not_tokens(game, lang):
    """004 p.12: "Trzeci gracz inwestujący w daną kartę musi zapłacić trzykrotność"; a two-token
    investment on a free card leaves two tokens there, and the next investor pays double, not
    triple (the engine's `single_price`, reading R8's scenario)."""
    rules = (CONTENT / "mocarstwo" / "rules.yaml").read_text("utf-8")
    assert "return (orders[o] + 1) * o.base_price" in rules and "orders[o] += 1" in rules
    assert (ROOT_EXAMPLES / "reading_r8_two_tokens_after_free.yaml").exists()
    text = plain(player_board.player_boards_html(Words(game, lang), A4))
    said, wrong = PRICE_RULE[lang]
    assert text.count(said) == 5 and wrong not in text, lang


@pytest.mark.parametrize("lang, said, gone", [
    ("en", ("0 – none, 2 – two per marker",
            "on a card already invested in this turn ×2, after two investments ×3",
            "a potential contractor below your board as a new country",
            "Update your markers on the main board",
            "a Friendly state 1–2 bn $", "On a tie the player with more cash wins; if still tied"),
     ("X none", "double picture", "x2", "(else lost)", "A tie goes to more cash")),
    ("pl", ("0 – brak kontraktów, 2 – dwa kontrakty na znacznik",
            "w którą już w tej turze zainwestowano – ×2, po dwóch inwestycjach – ×3",
            "Potencjalnego kontrahenta jako nowe państwo pod swoją planszą",
            "Zaktualizuj swoje znaczniki na planszy głównej", "zaprzyjaźnione – 1–2 mld $",
            "Przy remisie wygrywa gracz, który ma więcej gotówki; jeśli nadal jest remis"),
     ("X – brak", "obrazek", "x2", "(inaczej przepada)", "wygrywa więcej gotówki", "strategiczni 2-3")),
    ("cs", ("0 – žádný, 2 – dva na značku", "investoval, ×2, po dvou investicích ×3",
            "potenciálního kontrahenta pod svou desku jako novou zemi", "Upravte své značky na hlavním plánu",
            "spřátelený stát 1–2 mld $", "Při shodě vyhrává hráč s více penězi"),
     ("X žádný", "obrázek", "x2", "(jinak propadá)", "rozhoduje více peněz")),
])
def test_the_reference_sheet_states_the_phases_as_the_engine_plays_them(game, lang, said, gone):
    """The printed situation cards give numbers in their foot lines, not an X or a double
    picture; a bought potential contractor starts a new country, it is not lost; the markers are
    updated at the balance (004 p.17); a tie goes to the player with more cash (p.21)."""
    text = plain(reference.reference_html(Words(game, lang), A4))
    for phrase in said:
        assert phrase in text, (lang, phrase)
    for phrase in gone:
        assert phrase not in text, (lang, phrase)


# -- 18. the main board (review M1, M2, M10, M11, M18)

def test_a_card_fits_every_market_and_investment_place(game):
    """Contracts are dealt onto the markets (004 p.10), Market unavailable covers one (p.4 §4),
    the investment stacks lie on their places (p.4 §3): a 63 x 88 mm card fits each box, below a
    market's name band, so its name and number stay in sight."""
    board = board_mod.build_board(Words(game, "pl"))
    assert {b.id for b in board.boxes} == {s.id for s in game.game.spaces if s.kind in ("market", "offer")}
    for box in board.boxes:
        assert box.w - 2 * board_mod.BORDER >= CARD_W and box.h - 2 * board_mod.BORDER >= CARD_H, box.id
        if box.cells:  # a market: the cards lie on the players' boxes, under the name band
            assert len(box.cells) == 5, box.id
            assert all(c.h >= CARD_H and c.y >= board_mod.BAND for c in box.cells), box.id
        else:  # an investment place
            assert box.home, box.id
    assert board_mod.problems(board) == []


@pytest.mark.parametrize("lang, bonds, prices", [
    ("en", ("Bond sale", "take 1 bn $ from the bank", "never occupied"),
     ("Cooperating states and Potential contractors (stack 1): 1 bn $",
      "Strategic partners and Soft power: 3 bn $",
      "Twice the price if someone (you too) has already invested in the card this turn")),
    ("pl", ("Sprzedaż obligacji", "weź z banku 1 mld $", "Pole nigdy nie jest zajęte"),
     ("Państwa współpracujące i Potencjalni kontrahenci (stos 1): 1 mld $",
      "Partnerzy strategiczni i Soft power: 3 mld $",
      "Podwójna cena, jeśli ktoś (także ty) już w tej turze zainwestował w tę kartę")),
    ("cs", ("Prodej dluhopisů", "vezmi si z banky 1 mld $", "Pole není nikdy obsazené"),
     ("Spolupracující státy a potenciální kontrahenti (balíček 1): 1 mld $",
      "Strategičtí partneři a Soft power: 3 mld $",
      "Dvojnásobek, pokud už do karty v tomto kole někdo (i ty)")),
])
def test_the_board_has_the_bond_field_and_the_prices(game, lang, bonds, prices):
    """004 p.4 §4 "Pole Sprzedaż obligacji pozostawiamy odsłonięte", p.13: the token is laid on
    the bond field; the cards lying on the investment places hide their names, so a field gives
    every price and how it rises (p.12, p.13)."""
    words = Words(game, lang)
    fields = {f.id: " ".join(f.heading + f.note) for f in board_mod.build_board(words).fields}
    for key, phrases in (("bonds", bonds), ("prices", prices)):
        typeset = fields[key].replace("\xa0", " ").replace("\u2011", "-").replace("\xad", "")
        for phrase in phrases:
            assert phrase in typeset, (lang, key, phrase)
    # the player board sends the token there too (review M17)
    middle = words.sheet("sheet.player_board.field.middle_field.note")
    assert words.sheet("sheet.board.field.bonds") in middle, lang


def test_the_polish_board_reads_as_the_review_asked(game):
    """M10: the legend says a market holds one influence token; M11: "twoje", not the
    letter's courtesy "Twoje"; M18: the open markets' note and the fifth player's last turn."""
    words = Words(game, "pl")
    text = plain(board_sheet.board_html(words, A4))
    assert "Żeton wpływu (jeden na rynek): osobne pole dla każdego gracza" in text
    assert "Twoje" not in text and "Twojego" not in text and "każde twoje Państwo współpracujące" in text
    assert "Na początku otwarte są rynki 1–4 przy dwóch graczach, 1–5 przy trzech, 1–6 przy czterech" in text
    assert "Ostatnia tura przy pięciu graczach." in text and "od pola 1 - 4" not in text


# -- 19. the Consistent Policy token and the Soft power card's used side (review M5, M9)

@pytest.mark.parametrize("lang, label", [("en", ["Policy"]), ("pl", ["Kons.", "polit."]),
                                         ("cs", ["Důsl.", "polit."])])
def test_the_markers_sheet_has_the_consistent_policy_token(game, lang, label):
    """004 p.3 "14 – 1 żeton Konsekwentna polityka": one neutral token, its words whole."""
    words = Words(game, lang)
    tokens = [m for group in markers.fitted_groups(words) for m in group if m.kind == "policy_holder"]
    assert len(tokens) == 1
    [token] = tokens
    assert token.front.player is None and token.front.lines.big == label and not token.front.lines.hyphenated
    assert token.front.lines.top == []


@pytest.mark.parametrize("lang, back", [("en", "Soft power – preparation"),
                                        ("pl", "Soft power – przygotowanie"),
                                        ("cs", "Soft power – příprava")])
def test_the_soft_power_back_is_its_used_side(game, lang, back):
    """004 p.14: a used card is turned "na stronę Soft power – przygotowanie"."""
    words = Words(game, lang)
    card = game.game.by_id(game.game.cards)["soft_power"]
    assert cards.back(words, card).lines == [words.value("card_type", "soft_power")]
    assert plain(cards.backs_html(words, A4, 0.0, (0.0, 0.0))).count(back) == 6  # every copy, as printed


# -- 20. the cards' words (review M8 and a doubt)

def test_the_polish_advantage_cards_name_the_marker_of_each_contract(game):
    """M8: "Za każdy znacznik weź jeden kontrakt za Państwa współpracujące (1 mld $) i za
    zaprzyjaźnione (2 mld $)" could be read as two contracts for every marker."""
    emerging = card_text(game, "emerging_markets", "pl").replace("\xa0", " ")
    developed = card_text(game, "developed_markets", "pl").replace("\xa0", " ")
    assert emerging.startswith("Za każdy znacznik Państwa współpracującego weź jeden kontrakt 1 mld $, "
                               "a za każdy znacznik Państwa zaprzyjaźnionego – jeden kontrakt 2 mld $.")
    assert "Za każdy znacznik Partnera strategicznego" not in emerging
    assert developed.endswith("a za każdy znacznik Partnera strategicznego – jeden kontrakt 3 mld $.")
    for card_id in ("boom", "stable_market"):  # the printed card has no columns: the board's fields
        assert "w każdym z trzech pól znaczników" in card_text(game, card_id, "pl").replace("\xa0", " ")
        assert "kolumn" not in card_text(game, card_id, "pl")


def test_the_polish_reference_sheet_calls_the_board_a_board(game):
    page = reference.reference_html(Words(game, "pl"), A4)
    assert "<h2>Plansza</h2>" in page and "<h2>Mapa</h2>" not in page
    assert "Otwarty na początku od tylu graczy (0 – tylko przez Boom)" in plain(page)
