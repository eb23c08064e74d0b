"""`kurtyna sheets`: print-and-play card sheets and reference sheets, HTML and PDF.

The PDFs are rendered once per module (rendering 110 cards takes seconds) and then read back
with pypdf: pages, page sizes, fonts, the text a person would read on each card.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from compiler import fsio
from compiler.back.i18n import translations
from compiler.back.sheets import cards, graph, layout, reference, sheet_strings
from compiler.back.sheets.build import FILES, Options, files_for, write_sheets
from compiler.back.sheets.fit import fit_fronts
from compiler.back.sheets.labels import LABELS
from compiler.back.sheets.layout import PAPERS, LayoutError, parse_length, parse_offset
from compiler.back.sheets.words import Words
from compiler.back.text import card_text
from compiler.cli import main
from compiler.diagnostics import CompileError
from compiler.pipeline import compile_game

from ..conftest import CONTENT, FIXTURES, copy_game, run_cli

A4 = PAPERS["a4"]
LETTER = PAPERS["letter"]
PT = 72 / 25.4  # PDF points per millimetre


def squeeze(text: str) -> str:
    """Text without any whitespace: line breaks in a PDF fall anywhere."""
    return re.sub(r"\s+", "", text)


def pdf_text(path: Path) -> str:
    return squeeze("".join(page.extract_text() for page in PdfReader(path).pages))


# -- fixtures: each game compiled once, each PDF rendered once


@pytest.fixture(scope="module")
def zw_en(zw_sheets_en):
    """Every file of Zimna Wojna in English on A4 (rendered once per run: back/conftest.py)."""
    return zw_sheets_en


@pytest.fixture(scope="module")
def zw_pl_fronts(zw, tmp_path_factory):
    """Only the Polish card fronts of Zimna Wojna (the rest is the same code as in English)."""
    from compiler.back.sheets import pdf

    html, document = fit_fronts(Words(zw, "pl"), A4, 0.0)
    path = tmp_path_factory.mktemp("zw-pl") / "cards.pdf"
    pdf.write(document, path)
    return html, path


@pytest.fixture(scope="module")
def zk_en(zk, tmp_path_factory):
    target = tmp_path_factory.mktemp("zk") / "zelazna_kurtyna" / "en"
    files, warnings = write_sheets(zk, "en", Options(), target)
    return target, files, warnings


# -- the layout maths (more in test_sheets_cards.py)


def test_the_grid_is_centred_on_a4_and_letter():
    for paper in (A4, LETTER):
        grid = layout.grid(paper)
        assert (grid.columns, grid.rows) == (3, 3)
        slots = layout.card_slots(grid)
        left, top = slots[0].trim.x, slots[0].trim.y
        right, bottom = paper.width - slots[8].trim.right, paper.height - slots[8].trim.bottom
        assert (round(left, 3), round(top, 3)) == (round(right, 3), round(bottom, 3))
        assert slots[8].trim.right - left == pytest.approx(189 + 2 * grid.gutter)
    assert layout.card_slots(layout.grid(A4))[0].trim == layout.Rect(5.5, 11.5, 63, 88)


def test_cards_are_parted_by_gutters_in_reading_order():
    grid = layout.grid(A4)
    slots = layout.card_slots(grid)
    assert [(s.row, s.col) for s in slots] == [(r, c) for r in range(3) for c in range(3)]
    for a, b in zip(slots, slots[1:], strict=False):
        if a.row == b.row:
            assert b.trim.x - a.trim.right == pytest.approx(grid.gutter) and grid.gutter >= layout.MIN_SPACE


def test_backs_are_mirrored_left_to_right_and_moved_by_the_offset():
    grid = layout.grid(A4)
    fronts = layout.card_slots(grid)
    backs = layout.card_slots(grid, mirrored=True)
    for front, back in zip(fronts, backs, strict=True):
        assert (back.row, back.col) == (front.row, 2 - front.col)
        # long-edge duplex: x on the back is the page width minus x on the front
        assert back.trim.x == pytest.approx(A4.width - front.trim.right)
        assert back.trim.y == front.trim.y
    moved = layout.card_slots(grid, mirrored=True, offset=(1.5, -0.5))
    assert (moved[0].trim.x, moved[0].trim.y) == (143.0, 11.0)


def test_lengths_and_offsets_are_read_in_millimetres():
    assert parse_length("3mm") == 3.0 and parse_length("2.5 mm") == 2.5 and parse_length("0") == 0.0
    assert parse_offset("1.5mm,-0.5mm") == (1.5, -0.5)
    for bad in ("3cm", "-1mm", "9mm", "abc", ""):
        with pytest.raises(LayoutError):
            parse_length(bad, "bleed")
    for bad in ("1mm", "1mm,2mm,3mm", "x,y", "20mm,0"):
        with pytest.raises(LayoutError):
            parse_offset(bad)


def test_cards_per_page():
    assert [len(p) for p in layout.pages(110, 9)] == [9] * 12 + [2]
    assert [len(p) for p in layout.pages(20, 9)] == [9, 9, 2]


# -- what the build writes


def test_every_file_is_written_and_nothing_else(zw, zk, zw_en, zk_en):
    for game, (target, files, warnings) in ((zw, zw_en), (zk, zk_en)):
        expected = files_for(game.game)  # FILES, and the board and markers where content has them
        # and the mark that the folder is Kurtyna's to replace (compiler/fsio.py)
        assert sorted(p.name for p in target.iterdir()) == sorted([*expected, fsio.MARK])
        assert [p.name for p in files] == list(expected)
        assert set(FILES) <= set(expected)
        assert warnings == []  # every name and text fits on its card
        assert not [p for p in target.parent.iterdir() if p.name.startswith(".")]  # no staging left


def test_page_counts(zw, zk, zw_en, zk_en):
    zw_pages, zk_pages = (len(layout.pages(len(game.game.cards) + len(game.game.sheets.extra_cards), 9))
                          for game in (zw, zk))
    expected = {"cards.pdf": (zw_pages, zk_pages), "backs.pdf": (zw_pages, zk_pages),
                "cards-duplex.pdf": (2 * zw_pages, 2 * zk_pages), "calibration.pdf": (2, 2)}
    for name, (zw_pages, zk_pages) in expected.items():
        assert len(PdfReader(zw_en[0] / name).pages) == zw_pages, name
        assert len(PdfReader(zk_en[0] / name).pages) == zk_pages, name
    assert len(PdfReader(zw_en[0] / "reference.pdf").pages) >= 3


def test_a4_pages_are_a4(zw_en):
    for name in ("cards.pdf", "backs.pdf", "calibration.pdf", "reference.pdf"):
        for page in PdfReader(zw_en[0] / name).pages:
            assert (float(page.mediabox.width), float(page.mediabox.height)) == \
                pytest.approx((210 * PT, 297 * PT), abs=0.5)


def test_each_card_shows_its_name_and_text_in_english(zw, zw_en):
    text = pdf_text(zw_en[0] / "cards.pdf")
    tr = translations(zw, "en")
    for card in zw.game.cards:
        assert squeeze(tr.name(card.id)) in text, card.id
        event = card_text(zw, card.id, "en")
        if event:
            assert squeeze(event) in text, card.id


def test_each_card_shows_its_name_and_text_in_polish(zw, zw_pl_fronts):
    html, path = zw_pl_fronts
    text = pdf_text(path)
    tr = translations(zw, "pl")
    for card in zw.game.cards:
        assert squeeze(tr.name(card.id)) in text, card.id
        event = card_text(zw, card.id, "pl")
        if event:
            assert squeeze(event) in text, card.id
    assert 'lang="pl"' in html


def test_the_face_shows_what_content_says(zw):
    words = Words(zw, "en")
    by_id = zw.game.by_id(zw.game.cards)
    fidel = cards.face(words, by_id["fidel"])  # 8, 2 ops, USSR, early, asterisk
    assert (fidel.corner, fidel.badge, fidel.symbols) == ("8", "2", "*")
    assert fidel.footer == ["Early War"] and fidel.tags == [cards.Tag("*", "Removed after event")]
    assert fidel.colour == zw.game.sheets.colours["ussr"] and fidel.badge_label == "Ops"
    scoring = cards.face(words, by_id["asia_scoring"])  # 0 ops: no badge
    assert scoring.badge == "" and scoring.side == "Neutral"
    assert cards.Tag("", "Scoring card") in scoring.tags
    assert cards.back(words, by_id["fidel"]).lines == ["Early War"]


def test_a_card_standing_for_a_space_shows_its_region(zk):
    words = Words(zk, "en")
    face = cards.face(words, zk.game.by_id(zk.game.cards)["vietnam_card"])
    assert face.region == ["Asia", "Bonus 2", "Cards 3"]
    assert face.badge == "3" and face.badge_label == "cubes"


def test_the_backs_page_puts_the_first_card_in_the_right_column(zw_en):
    html = (zw_en[0] / "backs.html").read_text("utf-8")
    lefts = re.findall(r'class="card backs" style="left: ([\d.]+)mm; top: ([\d.]+)mm', html)
    assert lefts[:3] == [("141.5", "11.5"), ("73.5", "11.5"), ("5.5", "11.5")]
    fronts = (zw_en[0] / "cards.html").read_text("utf-8")
    assert re.findall(r'class="card fronts" style="left: ([\d.]+)mm', fronts)[:3] == ["5.5", "73.5", "141.5"]


def test_without_bleed_no_background_runs_past_a_card(zw_en):
    html = (zw_en[0] / "cards.html").read_text("utf-8")
    assert 'left: -0mm; top: -0mm; right: -0mm; bottom: -0mm' in html
    assert "-3mm" not in html


def test_fonts_are_embedded(zw_en):
    for name in ("cards.pdf", "backs.pdf", "calibration.pdf", "reference.pdf"):
        fonts = {}
        for page in PdfReader(zw_en[0] / name).pages:
            for font in page["/Resources"]["/Font"].values():
                font = font.get_object()
                descendants = font.get("/DescendantFonts")
                described = descendants[0].get_object() if descendants else font
                fonts[str(font["/BaseFont"])] = described["/FontDescriptor"].get_object()
        assert fonts, name
        for base, descriptor in fonts.items():
            assert "DejaVu" in base, (name, base)
            assert "/FontFile2" in descriptor, (name, base)


def test_the_same_content_gives_the_same_bytes(zk, zk_en, tmp_path):
    import time

    time.sleep(1.1)  # a clock read anywhere (a font's "modified" stamp) would show now
    files, _warnings = write_sheets(zk, "en", Options(), tmp_path / "again")
    for path in files:
        assert path.read_bytes() == (zk_en[0] / path.name).read_bytes(), path.name


def test_zimna_wojna_html_is_deterministic_too(zw, zw_en):
    # the PDFs are the same code path as above; the HTML holds the graph layouts
    words = Words(zw, "en")
    assert reference.reference_html(words, A4) == (zw_en[0] / "reference.html").read_text("utf-8")
    assert cards.backs_html(words, A4, 0.0, (0.0, 0.0)) == (zw_en[0] / "backs.html").read_text("utf-8")


# -- the reference sheet


def test_reference_draws_each_region_of_a_fixed_map(zw, zw_en):
    html = (zw_en[0] / "reference.html").read_text("utf-8")
    top = [r for r in zw.game.regions if r.within is None]
    assert html.count("<svg") == len(top)
    text = pdf_text(zw_en[0] / "reference.pdf")
    for needle in ("Turn sequence", "Improve DEFCON", "Space race boxes", "Ops needed", "Neighbours",
                   "Nuclear war", "Stability", "Battleground"):
        assert squeeze(needle) in text, needle
    for region in top:
        assert squeeze(translations(zw, "en").name(region.id)) in text


def test_reference_of_a_grid_game_lists_cards_by_region(zk_en):
    html = (zk_en[0] / "reference.html").read_text("utf-8")
    assert "<svg" not in html
    assert LABELS["en"]["grid_adjacency"] in html
    assert "Vietnam (USSR, 3 cubes)" in html


def test_region_drawings_are_deterministic(zw):
    words = Words(zw, "en")
    for region in (r for r in zw.game.regions if r.within is None):
        first, _ = reference.region_drawing(words, region.spaces)
        second, _ = reference.region_drawing(words, region.spaces)
        assert [(n.x, n.y, n.lx, n.ly) for n in first.nodes] == [(n.x, n.y, n.lx, n.ly) for n in second.nodes]


def test_graph_layout_of_a_small_graph():
    nodes = [graph.Node(c, c.upper()) for c in "abcd"]
    drawing = graph.draw(nodes, [("a", "b"), ("b", "c"), ("c", "d"), ("d", "a")], 80, 60)
    points = {(n.x, n.y) for n in drawing.nodes}
    assert len(points) == 4 and all(round(v, 1) == v for p in points for v in p)
    assert len(drawing.edges) == 4


# -- words


def test_sheet_strings_list_every_game_label_once(zw, zk):
    for compiled in (zw, zk):
        keys = [key for key, _, _ in sheet_strings(compiled)]
        assert len(keys) == len(set(keys))
        assert all(key.startswith("sheet.") for key in keys)
        assert all(english and comment for _, english, comment in sheet_strings(compiled))
    zw_keys = dict((k, e) for k, e, _ in sheet_strings(zw))
    assert "sheet.card.badge" not in zw_keys  # the badge prints a glossary term's abbreviation
    assert zw_keys["sheet.value.mid"] == "Mid War"
    assert zw_keys["sheet.turn.improve_defcon"] == "Improve DEFCON"
    assert zw_keys["sheet.table.space_race_boxes.roll_max"] == "Roll at most"


def test_product_labels_exist_in_every_locale_with_the_same_placeholders():
    english = LABELS["en"]
    for lang, labels in LABELS.items():
        assert labels.keys() == english.keys(), lang
        for key, text in labels.items():
            assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", english[key])), (lang, key)


def test_names_with_markup_are_escaped(zk, tmp_path):
    game = copy_game(CONTENT / "zelazna_kurtyna", tmp_path)
    cards_file = game / "cards.yaml"
    text = cards_file.read_text("utf-8")
    cards_file.write_text(text.replace("names: {en: Vietnam", "names: {en: '<b>Tom & \"Jerry\"</b>'", 1),
                          "utf-8")
    game_file = game / "game.yaml"
    game_file.write_text(game_file.read_text("utf-8").replace("  en: Iron Curtain",
                                                              "  en: 'Iron </style> \"Curtain\" & co'", 1),
                         "utf-8")
    compiled = compile_game(game)
    words = Words(compiled, "en")
    for html in (cards.fronts_html(words, A4, 0.0), reference.reference_html(words, A4)):
        assert "&lt;b&gt;Tom &amp; &#34;Jerry&#34;&lt;/b&gt;" in html
        assert "<b>Tom" not in html
        assert html.count("</style>") == 1  # the game's name in the page footer cannot close it
    assert "Iron &lt;/style&gt;" in reference.reference_html(words, A4)


# -- content faults and the command line


def test_a_misspelt_attribute_in_the_sheets_section_is_reported(tmp_path):
    game = copy_game(CONTENT / "zimna_wojna", tmp_path)
    path = game / "game.yaml"
    path.write_text(path.read_text("utf-8").replace("corner: number", "corner: numbr"), "utf-8")
    with pytest.raises(CompileError) as info:
        compile_game(game)
    [diagnostic] = info.value.diagnostics
    assert diagnostic.code == "E301" and "unknown card attribute 'numbr'" in diagnostic.message
    assert diagnostic.hint == "did you mean 'number'?"


@pytest.mark.parametrize("args, message", [
    (["nope"], "no game 'nope'"),
    (["zelazna_kurtyna", "--lang", "de"], "unknown language 'de': choose one of en, pl, cs"),
    (["zelazna_kurtyna", "--paper", "a5"], "unknown paper 'a5': choose one of a4, letter"),
    (["zelazna_kurtyna", "--bleed", "3cm"], "bleed '3cm' is not a length in millimetres"),
    (["zelazna_kurtyna", "--bleed", "-1mm"], "bleed '-1mm' is outside 0..5 mm"),
    (["zelazna_kurtyna", "--back-offset", "1mm"], "back offset '1mm' should be two lengths"),
    ([], "name a game"),
])
def test_bad_arguments_are_one_line_and_write_nothing(args, message, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(CONTENT.parent)
    out = tmp_path / "out"
    assert main(["sheets", *args, "--out", str(out)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err, captured.err
    assert not out.exists()


def test_bad_arguments_give_no_traceback_from_the_real_command(tmp_path):
    result = run_cli("sheets", "zelazna_kurtyna", "--bleed", "-1mm", "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert result.stderr == "kurtyna: bleed '-1mm' is outside 0..5 mm\n"
    assert not (tmp_path / "out").exists()


def test_broken_content_writes_nothing(tmp_path):
    game = copy_game(CONTENT / "zelazna_kurtyna", tmp_path)
    path = game / "game.yaml"
    path.write_text(path.read_text("utf-8").replace("attribute: cubes", "attribute: cubez"), "utf-8")
    result = run_cli("sheets", str(game), "--lang", "en", "--out", str(tmp_path / "out"))
    assert result.returncode == 1
    assert "unknown card attribute 'cubez'" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_languages_laid_out_side_by_side_give_the_same_files_and_report_in_order(tmp_path):
    """`--jobs`: each language in a process of its own gives every file byte for byte as one
    process does, and the lines come in the order of the languages; no process is wrong usage."""
    game = str(FIXTURES / "games" / "podium")
    runs = [run_cli("sheets", game, "--jobs", jobs, "--out", str(tmp_path / jobs)) for jobs in ("1", "3")]
    for result in runs:
        assert result.returncode == 0 and result.stderr == "", result.stderr
        assert [line.split(":")[0] for line in result.stdout.splitlines()] == \
            ["podium (en)", "podium (pl)", "podium (cs)"]
    one, three = (sorted(p.relative_to(tmp_path / jobs) for p in (tmp_path / jobs).rglob("*") if p.is_file())
                  for jobs in ("1", "3"))
    assert one == three and len(one) == 27 + 3  # nine files and the output mark per language
    assert all((tmp_path / "1" / name).read_bytes() == (tmp_path / "3" / name).read_bytes() for name in one)
    none = run_cli("sheets", game, "--jobs", "0", "--out", str(tmp_path / "0"))
    assert none.returncode == 2 and "--jobs needs at least 1 process" in none.stderr
    assert not (tmp_path / "0").exists()


def test_letter_with_bleed_and_offset_from_the_command_line(tmp_path):
    out = tmp_path / "out"
    result = run_cli("sheets", "zelazna_kurtyna", "--lang", "en", "--paper", "letter", "--bleed", "3mm",
                     "--back-offset", "1.5mm,-0.5mm", "--out", str(out))
    assert result.stderr == ""
    assert result.returncode == 0, result.stderr
    target = out / "zelazna_kurtyna" / "en"
    assert f"in {target}/" in result.stdout
    for name in ("cards.pdf", "backs.pdf", "reference.pdf", "calibration.pdf"):
        page = PdfReader(target / name).pages[0]
        assert (float(page.mediabox.width), float(page.mediabox.height)) == \
            pytest.approx((215.9 * PT, 279.4 * PT), abs=0.5)
    fronts = (target / "cards.html").read_text("utf-8")
    assert fronts.count("left: -3mm; top: -3mm; right: -3mm; bottom: -3mm") == 20  # every card, all round
    assert fronts.count('<section class="page">') == 5  # 2 x 2 a page
    backs = (target / "backs.html").read_text("utf-8")
    first = re.search(r'class="card backs" style="left: ([\d.]+)mm; top: ([\d.]+)mm', backs)
    grid = layout.grid(LETTER, 3.0)
    x0, y0 = grid.origin
    assert first.groups() == (f"{x0 + 63 + grid.gutter + 1.5:g}", f"{y0 - 0.5:g}")  # column 1, row 0
    calibration = (target / "calibration.html").read_text("utf-8")
    assert 'class="sheet" style="left: 1.5mm; top: -0.5mm"' in calibration
    assert "X = 1.5 mm, Y = −0.5 mm" in calibration
    shutil.rmtree(out)


def test_a_negative_offset_may_follow_its_option():
    from compiler.cli import _attach_signed_values

    assert _attach_signed_values(["sheets", "g", "--back-offset", "-1mm,0", "--bleed", "-1mm"]) == \
        ["sheets", "g", "--back-offset=-1mm,0", "--bleed=-1mm"]
    assert _attach_signed_values(["sheets", "--back-offset=-1mm,0"]) == ["sheets", "--back-offset=-1mm,0"]


def test_reference_of_a_game_without_a_map_has_no_map_heading():
    """A card game with no spaces (CIA vs KGB; the tabletop fixture) prints no empty map section."""
    compiled = compile_game(FIXTURES / "games" / "tabletop")
    html = reference.reference_html(Words(compiled, "en"), A4)
    assert f"<h2>{LABELS['en']['map']}</h2>" not in html
