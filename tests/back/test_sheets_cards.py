"""The card sheets as a print shop takes them, and what the faces and the reference sheet say.

Per-card bleed, gutters and cut marks; no type under 6.5 pt; texts that do not fit fail the build
at the text to reword; region colours; the badge's noun in the form its number needs; Żelazna
Kurtyna's start and scoring cards; the glossary box; the adjacency drawings' geometry.
"""

from __future__ import annotations

import re
from dataclasses import replace

import polib
import pytest

from compiler.back.sheets import cards, fit, glossary, graph, layout, reference
from compiler.back.sheets.build import Options, write_sheets
from compiler.back.sheets.faces import MIN_PT
from compiler.back.sheets.geometry import circle_hits_box, segment_distance, segment_hits_box
from compiler.back.sheets.typography import typeset
from compiler.back.sheets.words import Words
from compiler.diagnostics import CompileError
from compiler.pipeline import compile_game

from ..conftest import CONTENT, compile_errors, copy_game, edit_file

A4, LETTER = layout.PAPERS["a4"], layout.PAPERS["letter"]
PT_PER_MM = 72 / 25.4


# -- bleed, gutters, cut marks


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 1.0, 3.0])
def test_each_card_has_its_own_bleed_gutter_and_cut_marks(paper, bleed):
    grid = layout.grid(paper, bleed)
    assert grid.per_page >= 4
    for mirrored in (False, True):
        slots = layout.card_slots(grid, mirrored)
        for s in slots:
            assert s.outset == (bleed, bleed, bleed, bleed)  # the bleed on every side of every card
            assert 0 < s.bleed.x and s.bleed.right < paper.width
            assert 0 < s.bleed.y and s.bleed.bottom < paper.height
        for i, a in enumerate(slots):
            for b in slots[i + 1:]:  # no two bleeds touch: a bad cut spoils one card
                apart_x = max(b.bleed.x - a.bleed.right, a.bleed.x - b.bleed.right)
                apart_y = max(b.bleed.y - a.bleed.bottom, a.bleed.y - b.bleed.bottom)
                assert max(apart_x, apart_y) >= layout.MIN_SPACE - 1e-6
        for s in slots:
            assert len(s.marks) == 8  # two at each corner
            xs, ys = {s.trim.x, s.trim.right}, {s.trim.y, s.trim.bottom}
            for m in s.marks:
                assert (m.x1 == m.x2 and m.x1 in xs) or (m.y1 == m.y2 and m.y1 in ys)  # on a cut line
                assert max(abs(m.x2 - m.x1), abs(m.y2 - m.y1)) > 0.5
                for o in slots:  # outside every card's bleed, its own included
                    for x, y in ((m.x1, m.y1), (m.x2, m.y2)):
                        assert not (o.bleed.x < x < o.bleed.right and o.bleed.y < y < o.bleed.bottom)


def test_nine_cards_a_page_without_bleed_fewer_with_a_print_shops_bleed():
    assert (layout.grid(A4).per_page, layout.grid(LETTER).per_page) == (9, 9)
    assert layout.grid(A4, 1.0).per_page == 9
    assert layout.grid(A4, 3.0).per_page == 6 and layout.grid(LETTER, 3.0).per_page == 4


def test_backs_lie_behind_their_fronts_after_a_long_edge_flip():
    for paper, bleed in ((A4, 0.0), (LETTER, 3.0)):
        grid = layout.grid(paper, bleed)
        for front, back in zip(layout.card_slots(grid), layout.card_slots(grid, mirrored=True), strict=True):
            assert back.trim.x == pytest.approx(paper.width - front.trim.right)
            assert back.trim.y == front.trim.y and back.bleed.w == front.bleed.w


def test_the_html_has_one_set_of_cut_marks_per_card(zk):
    words = Words(zk, "en")
    count = len(zk.game.cards) + len(zk.game.sheets.extra_cards)
    for html in (cards.fronts_html(words, A4, 3.0), cards.backs_html(words, A4, 3.0, (1.0, -1.0))):
        sets = re.findall(r'<g class="cut" data-slot="\d+">(.*?)</g>', html, re.S)
        assert len(sets) == count
        assert all(s.count("<line ") == 8 for s in sets)
        assert html.count('class="card ') == count


# -- type sizes


def sizes_in(html: str) -> list[float]:
    """Every font size an HTML page sets, in pt: CSS sizes in pt, SVG text sizes in mm."""
    out = [float(v) for v in re.findall(r"font-size:\s*([\d.]+)pt", html)]
    out += [float(v) * PT_PER_MM for v in re.findall(r'font-size="([\d.]+)"', html)]
    assert not re.findall(r"font-size:\s*[\d.]+(?:px|em|%|mm)", html)  # every size is one of those two
    return out


def test_no_text_anywhere_is_smaller_than_6_5_pt(zw, zk):
    for compiled in (zw, zk):
        words = Words(compiled, "pl")
        pages = [cards.fronts_html(words, A4, 0.0), cards.backs_html(words, A4, 0.0, (0.0, 0.0)),
                 cards.calibration_html(words, A4, (0.0, 0.0)), reference.reference_html(words, A4)]
        for html in pages:
            assert min(sizes_in(html)) >= MIN_PT - 1e-6


def polish_text(length: int) -> str:
    """Polish prose of `length` characters, long words included."""
    sentence = ("Gracz ZSRR przeprowadza natychmiastowy przewrót w dowolnym państwie strategicznym "
                "Ameryki Południowej, ignorując ograniczenia wynikające z poziomu DEFCON; następnie "
                "usuwa wszystkie punkty wpływów przeciwnika z sąsiadujących państw. ")
    return (sentence * (length // len(sentence) + 1))[:length].rstrip() + "."


def test_600_characters_of_polish_fit_on_the_most_crowded_face(zw, zk):
    from compiler.back.sheets import pdf

    crowded = []
    for compiled, card_id in ((zw, "awacs_sale_to_saudis"), (zw, "us_japan_mutual_defense_pact"),
                              (zk, "south_africa_card")):
        words = Words(compiled, "pl")
        face = cards.face(words, compiled.game.by_id(compiled.game.cards)[card_id])
        crowded.append((words, face))
    for words, face in crowded:
        for step in range(6):  # the sizes fit.py would try
            tried = replace(face, text=[polish_text(600)], text_size=f"t{min(5, 3 + step)}",
                            name_size="n4 tall" if len(face.name) > 30 else face.name_size)
            document = pdf.render(cards.faces_html(words, [tried], A4, 0.0))
            if not pdf.overflowing(document, "text"):
                break
        else:
            pytest.fail(f"600 characters do not fit on {face.id}")


def test_a_text_too_long_fails_the_build_at_its_catalog_entry(zk, tmp_path):
    game = copy_game(CONTENT / "zelazna_kurtyna", tmp_path)
    catalog = polib.pofile(str(game / "locales" / "pl.po"))
    entry = next(e for e in catalog if e.msgctxt == "text.east_germany_card")
    entry.msgstr = polish_text(1400)
    catalog.save()
    compiled = compile_game(game)
    target = tmp_path / "out" / "pl"
    with pytest.raises(CompileError) as info:
        write_sheets(compiled, "pl", Options(), target)
    [diagnostic] = info.value.diagnostics
    assert diagnostic.code == "E710" and "card 'east_germany_card'" in diagnostic.message
    assert diagnostic.span.path.endswith("locales/pl.po")
    lines = (game / "locales" / "pl.po").read_text("utf-8").splitlines()
    assert lines[diagnostic.span.line - 1].startswith("msgstr")
    above = "\n".join(lines[diagnostic.span.line - 4:diagnostic.span.line])
    assert 'msgctxt "text.east_germany_card"' in above
    assert not target.exists()  # nothing written


def test_only_the_sheets_of_shrunk_cards_are_laid_out_again_and_the_pdf_is_the_whole_one(tmp_path):
    """fit.py lays out again only the sheets whose cards were made smaller and puts them back
    among the others: the PDF is byte for byte that of the fitted HTML laid out whole, a card
    that never fits is still reported, and one that fits after shrinking is not."""
    from compiler.back.sheets import fit, pdf

    game = copy_game(CONTENT / "zelazna_kurtyna", tmp_path)
    catalog = polib.pofile(str(game / "locales" / "pl.po"))
    long = next(e for e in catalog if e.msgctxt == "name.south_africa_card")
    long.msgstr = "Republika Południowej Afryki i jej sojusznicy w regionie"  # fits in smaller type
    catalog.save()
    words = Words(compile_game(game), "pl")
    laid_out = []
    render = pdf.render
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pdf, "render", lambda html: laid_out.append(html.count('class="page"')) or render(html))
        html, document = fit.fit_fronts(words, A4, 0.0)
    sheets = len(document.pages)
    assert laid_out[0] == sheets and len(laid_out) > 1 and all(n < sheets for n in laid_out[1:])
    assert typeset(long.msgstr, "pl") in html
    assert pdf.to_bytes(document) == pdf.to_bytes(pdf.render(html))

    never = next(e for e in catalog if e.msgctxt == "text.east_germany_card")
    never.msgstr = polish_text(1400)
    catalog.save()
    with pytest.raises(CompileError) as info:
        fit.fit_fronts(Words(compile_game(game), "pl"), A4, 0.0)
    # the long name still made smaller, the text that never fits reported alone
    assert [d.message.split("'")[1] for d in info.value.diagnostics] == ["east_germany_card"]


def test_the_command_writes_the_locales_that_fit_and_fails(tmp_path):
    from ..conftest import run_cli

    game = copy_game(CONTENT / "zelazna_kurtyna", tmp_path)
    catalog = polib.pofile(str(game / "locales" / "pl.po"))
    entry = next(e for e in catalog if e.msgctxt == "text.israel_card")
    filler = " To wydarzenie jest wyjątkowo rozbudowane i wymaga uważnego przeczytania przez obu graczy."
    # the same numbers and places, and shorter than what `kurtyna check` refuses without laying the
    # card out (1,121 characters): check passes it, the layout does not fit it
    entry.msgstr += filler * 12
    catalog.save()
    result = run_cli("sheets", str(game), "--out", str(tmp_path / "out"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "error[E710]: the text of card 'israel_card'" in result.stderr
    assert "zelazna_kurtyna (pl): nothing written" in result.stderr
    assert sorted(p.name for p in (tmp_path / "out" / "zelazna_kurtyna").iterdir()) == ["cs", "en"]


def test_a_foot_line_too_long_fails_the_build_at_the_card(tmp_path):
    game = copy_game(CONTENT / "zelazna_kurtyna", tmp_path)
    edit_file(game / "game.yaml", "count: Cards", "count: Cards laid in this region so far")
    compiled = compile_game(game)
    with pytest.raises(CompileError) as info:
        write_sheets(compiled, "en", Options(), tmp_path / "out")
    found = {d.message.split("'")[1] for d in info.value.diagnostics}
    assert {"mexico_card", "brazil_card"} <= found
    [mexico] = [d for d in info.value.diagnostics if "'mexico_card'" in d.message]
    assert mexico.code == "E710" and "Cards laid" in mexico.message
    assert mexico.span.path.endswith("cards.yaml")
    lines = (game / "cards.yaml").read_text("utf-8").splitlines()
    assert lines[mexico.span.line - 1].strip() == "- id: mexico_card"


# -- what a face shows


def test_the_band_shows_the_region_where_a_card_belongs_to_one(zw, zk):
    regions = zk.game.by_id(zk.game.regions)
    words = Words(zk, "en")
    for card in zk.game.cards:
        space = zk.game.by_id(zk.game.spaces)[card.attributes["country"]]
        face = cards.face(words, card)
        assert face.colour == regions[space.regions[0]].colour
        assert face.side_colour == zk.game.sheets.colours[card.attributes["faction"]]
    words = Words(zw, "en")
    by_id = zw.game.by_id(zw.game.cards)
    zw_regions = zw.game.by_id(zw.game.regions)
    assert cards.face(words, by_id["asia_scoring"]).colour == zw_regions["asia"].colour
    assert cards.face(words, by_id["fidel"]).colour == zw.game.sheets.colours["ussr"]  # no region: its side


def test_the_badge_noun_agrees_with_its_number(zk, zw):
    expected = {"pl": {1: "kostka", 2: "kostki", 3: "kostki", 5: "kostek", 22: "kostki"},
                "cs": {1: "kostka", 2: "kostky", 4: "kostky", 5: "kostek"},
                "en": {1: "cube", 2: "cubes", 5: "cubes"}}
    for lang, forms in expected.items():
        words = Words(zk, lang)
        assert {n: words.badge_label(n) for n in forms} == forms
    assert cards.face(Words(zk, "pl"), zk.game.by_id(zk.game.cards)["zaire_card"]).badge_label == "kostka"
    assert [Words(zw, lang).badge_label(3) for lang in ("en", "pl", "cs")] == ["Ops", "PO", "OB"]


def test_marks_are_tags_at_the_foot(zw):
    words = Words(zw, "pl")
    by_id = zw.game.by_id(zw.game.cards)
    nato = cards.face(words, by_id["nato"])  # removed after its event and stays in play
    assert [t.symbol for t in nato.tags] == ["*", "∞"] and nato.underline
    html = cards.faces_html(words, [nato], A4, 0.0)
    assert '<span class="tag symbol">*</span><span class="tag symbol">∞</span>' in html


# -- Żelazna Kurtyna's start and scoring cards


def test_the_start_card_stands_for_its_space(zk):
    words = Words(zk, "pl")
    start, scoring = cards.all_faces(words)[:2]
    europe = zk.game.by_id(zk.game.regions)["europe"]
    assert start.name == words.name("start_europe") and start.colour == europe.colour
    assert start.region[0] == words.name("europe")
    assert f"{words.name('cubes')}: ZSRR 1 · USA 1" in start.text  # one cube of each side (000)
    assert len(cards.all_backs(words)) == len(cards.all_faces(words))


def test_the_scoring_card_draws_the_ideology_track_and_the_order_of_scoring(zk):
    words = Words(zk, "en")
    scoring = cards.all_faces(words)[1]
    boxes = scoring.extra.boxes
    assert sorted(int(b.value.replace("−", "-")) for b in boxes) == list(range(-8, 9))
    ends = {b.value: (b.fill, b.player) for b in boxes if b.fill}
    assert ends == {"−8": ("#b3261e", "USSR"), "8": ("#1f4e96", "USA")}
    assert [b.value for b in boxes if b.start] == ["0"]
    for i, a in enumerate(boxes):  # inside the card, none over another
        assert 0 < a.x and a.x + a.w < 63 and scoring.band_h < a.y and a.y + a.h < 88
        for b in boxes[i + 1:]:
            assert a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y
    assert [name for name, _ in scoring.extra.regions] == [words.name(r.id) for r in zk.game.regions]


# -- the reference sheet


def test_the_glossary_explains_the_abbreviations_of_each_language(zw, zk):
    def keys(lang):
        return [key for entry in glossary.glossary(Words(zw, lang)) for key in entry.keys]

    assert {"Ops", "VP", "*", "∞"} <= set(keys("en")) and "Influence" not in keys("en")
    assert {"PW", "PO", "PZ"} <= set(keys("pl"))
    assert {"BV", "OB", "VB"} <= set(keys("cs"))
    html = reference.reference_html(Words(zw, "pl"), A4)
    assert '<div class="glossary">' in html and "<b>PO</b>&nbsp;– punkty operacyjne" in html
    # Żelazna Kurtyna abbreviates nothing, but its cards' region line has short labels
    assert [(e.keys, e.meaning) for e in glossary.glossary(Words(zk, "pl"))] == [
        (["Premia"], "Premia za dominację na większości kart"), (["Karty"], "Liczba kart w regionie")]


def test_the_superpowers_are_listed_without_values_that_do_not_apply(zw):
    words = Words(zw, "en")
    [others] = [s for s in reference.map_sections(words) if s.name == words.ui("other_spaces")]
    assert others.headers == [words.ui("name"), words.ui("neighbours")]
    assert {row.name for row in others.rows} == {words.name("united_states"), words.name("soviet_union")}
    assert all(row.cells == [] for row in others.rows)


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_adjacency_drawings_run_no_line_through_a_label_and_draw_exactly_the_links(zw, lang):
    words = Words(zw, lang)
    spaces = zw.game.by_id(zw.game.spaces)
    for region in (r for r in zw.game.regions if r.within is None):
        drawing, _ = reference.region_drawing(words, region.spaces)
        nodes = {n.id: n for n in drawing.nodes}
        drawn = {frozenset((a.id, b.id)) for a, b, _ in drawing.edges}
        links = {frozenset((s, n)) for s in nodes for n in spaces[s].adjacent if n in nodes}
        assert drawn == links, region.id
        assert len(drawing.edges) == len(drawn)
        for a, b, _ in drawing.edges:
            for n in drawing.nodes:
                box = n.label_box
                assert not segment_hits_box(*graph._visible(a, b), box), (region.id, a.id, b.id, n.id)
                if n is not a and n is not b:  # no line passes over or near a node it does not join
                    distance, _ = segment_distance(n.x, n.y, a.x, a.y, b.x, b.y)
                    assert distance > graph.RADIUS + 1.0, (region.id, a.id, b.id, n.id)
        for n in drawing.nodes:
            assert 0 <= n.label_box.x1 and n.label_box.x2 <= drawing.width
            for m in drawing.nodes:
                assert not circle_hits_box(m.x, m.y, graph.RADIUS, n.label_box), (region.id, n.id, m.id)
                if m is not n:
                    assert not n.label_box.overlaps(m.label_box), (region.id, n.id, m.id)
        assert drawing.clean


def test_finland_and_poland_are_not_drawn_linked(zw):
    words = Words(zw, "pl")
    drawing, _ = reference.region_drawing(words, zw.game.by_id(zw.game.regions)["europe"].spaces)
    nodes = {n.id: n for n in drawing.nodes}
    poland = nodes["poland"]
    for a, b, _ in drawing.edges:
        if "poland" not in (a.id, b.id):
            assert segment_distance(poland.x, poland.y, a.x, a.y, b.x, b.y)[0] > graph.RADIUS + 1.0
    assert frozenset(("finland", "poland")) not in {frozenset((a.id, b.id)) for a, b, _ in drawing.edges}


def test_fit_names_nothing_when_everything_fits(zk):
    html, document = fit.fit_fronts(Words(zk, "cs"), LETTER, 3.0)
    assert "extra:scoring_card" in html


@pytest.mark.parametrize("old, new, message", [
    ("track: {track: ideology,", "track: {track: ideolgy,", "unknown track 'ideolgy'"),
    ("space: start_europe", "space: start_eurpe", "unknown space 'start_eurpe'"),
    ("ends: {min: ussr,", "ends: {min: urss,", "unknown player 'urss'"),
    ("term: cube}", "term: cubes}", "unknown term 'cubes'"),
])
def test_what_the_sheets_section_names_is_checked(tmp_path, old, new, message):
    game = copy_game(CONTENT / "zelazna_kurtyna", tmp_path)
    path = game / "game.yaml"
    edit_file(path, old, new, 1)
    diagnostics = compile_errors(game)
    [diagnostic] = diagnostics
    assert diagnostic.code == "E301" and message in diagnostic.message and diagnostic.hint


def test_a_footer_item_with_new_line_begins_a_second_foot_line(tmp_path):
    """A card with many values prints them on more than one foot line (`new_line: true`)."""
    game = copy_game(CONTENT / "zelazna_kurtyna", tmp_path)
    edit_file(game / "game.yaml", "    side: {attribute: faction}\n",
              "    side: {attribute: faction}\n    footer:\n      - {attribute: cubes, label: Cubes}\n"
              "      - {attribute: faction, label: Faction, new_line: true}\n")
    compiled = compile_game(game)
    face = cards.face(Words(compiled, "en"), compiled.game.by_id(compiled.game.cards)["zaire_card"])
    assert face.footer == ["Cubes: 1"]
    assert face.more_footer == [["Faction: USA"]]
    assert face.foot_lines == 3  # the region line, the first foot line and the second
    html = cards.fronts_html(Words(compiled, "en"), A4, 0.0, {})
    assert html.count('<span class="right">Faction: USA</span>') >= 1
