"""The board, its tracks and the markers (board.pdf, markers.pdf; docs/sheets.md): every space
and link of the map on the board and nothing else, no link through a box, boxes showing only
what applies, tiles that cover the board, tracks built from content, markers with their counts,
cut lines and mirrored backs, no type below 6.5 pt, and the content checks of the front end."""

from __future__ import annotations

import re

import pytest
import yaml
from pypdf import PdfReader

from compiler.back.sheets import board as board_mod
from compiler.back.sheets import board_labels, board_sheet, markers, pdf, sheet_strings, tiles
from compiler.back.sheets.geometry import Box, segment_hits_box
from compiler.back.sheets.layout import PAPERS
from compiler.back.sheets.tracks import track_views
from compiler.back.sheets.words import Words
from compiler.pipeline import compile_game

from ..conftest import CONTENT, compile_errors, copy_game, edit_file

PT = 72 / 25.4  # PDF points per mm
MIN_PT = 6.5


@pytest.fixture(scope="module")
def board_en(zw_sheets_en):
    """The English board on A4: its HTML and its PDF, as `kurtyna sheets` wrote them (rendered
    once per run with the other sheets: back/conftest.py)."""
    target, _files, _warnings = zw_sheets_en
    return (target / "board.html").read_text("utf-8"), target / "board.pdf"


def map_links() -> tuple[set[str], set[frozenset[str]]]:
    """The spaces and links of content/zimna_wojna/map.yaml, read from the file itself."""
    data = yaml.safe_load((CONTENT / "zimna_wojna" / "map.yaml").read_text("utf-8"))
    spaces = {s["id"] for s in data["spaces"]}
    links = {frozenset((s["id"], n)) for s in data["spaces"] for n in s.get("adjacent", [])}
    return spaces, links


# -- the map


def test_every_space_and_every_link_of_the_map_is_on_the_board_and_no_other(board_en):
    html, _ = board_en
    spaces, links = map_links()
    assert set(re.findall(r'data-space="([a-z_]+)"', html)) == spaces
    drawn = {frozenset(pair.split()) for pair in re.findall(r'data-link="([a-z_]+ [a-z_]+)"', html)}
    assert drawn == links
    assert len(links) == 122 and len(spaces) == 87


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_no_link_runs_through_a_box_or_a_name_and_nothing_overlaps(zw, lang):
    board = board_mod.build_board(Words(zw, lang))
    assert board_mod.problems(board) == []
    assert board_sheet.board_warnings(Words(zw, lang)) == []


def test_a_link_through_a_box_is_found():
    box = Box(8, 0, 12, 10)  # the board checks its links with the drawings' geometry
    assert segment_hits_box(0, 5, 20, 5, box)  # straight through
    assert not segment_hits_box(0, 12, 20, 12, box)  # passes below
    assert not segment_hits_box(0, 0, 6, 6, box)  # stops short


def test_a_box_moved_onto_a_link_is_reported(zw):
    board = board_mod.build_board(Words(zw, "en"))
    finland = next(b for b in board.boxes if b.id == "finland")
    ussr = next(b for b in board.boxes if b.id == "soviet_union")
    norway = next(b for b in board.boxes if b.id == "norway")
    # Norway put half-way along the Finland - Soviet Union link
    norway.x = (finland.centre[0] + ussr.centre[0]) / 2 - norway.w / 2
    norway.y = (finland.centre[1] + ussr.centre[1]) / 2 - norway.h / 2
    assert "the link finland–soviet_union runs through box 'norway'" in board_mod.problems(board)


def test_boxes_print_only_what_applies(zw):
    board = board_mod.build_board(Words(zw, "en"))
    boxes = {b.id: b for b in board.boxes}
    spaces = zw.game.by_id(zw.game.spaces)
    for sid, box in boxes.items():
        space = spaces[sid]
        if space.kind == "superpower":  # holds no influence: no stability, no boxes, its owner's colour
            assert box.home and not box.value and not box.cells and not box.strips
            assert box.band == {"united_states": "#1f4e96", "soviet_union": "#b3261e"}[sid]
            continue
        assert box.value == str(space.attributes["stability"])
        assert [c.name for c in box.cells] == ["US", "USSR"]
        assert (box.band == "#6b3fa0") == space.attributes["battleground"]
        assert box.optional == (space.optional is not None)
    assert boxes["united_kingdom"].cells[0].start == "5" and boxes["united_kingdom"].cells[1].start == ""
    assert boxes["east_germany"].cells[1].start == "3"
    assert len(boxes["austria"].strips) == 2 and len(boxes["burma"].strips) == 1
    assert boxes["france"].strips == ["#5f9bd6"] and not boxes["egypt"].strips


def test_links_are_styled_by_what_they_join(zw):
    board = board_mod.build_board(Words(zw, "en"))
    kinds = {frozenset((link.a, link.b)): link.kind for link in board.links}
    assert kinds[frozenset(("france", "italy"))] == "inside"
    assert kinds[frozenset(("france", "algeria"))] == "between"
    assert kinds[frozenset(("poland", "soviet_union"))] == "home"
    wrapped = [link for link in board.links if link.wrap_label]
    assert sorted(link.wrap_label for link in wrapped) == ["Japan", "United States"]
    assert {link.points[-1][0] for link in wrapped} == {0.0, board.width}  # off both side edges


def test_region_names_carry_their_attributes(zw):
    board = board_mod.build_board(Words(zw, "pl"))
    labels = {lb.region: lb for lb in board.labels}
    assert labels["europe"].name == "Europa"
    assert labels["europe"].lines == ["Obecność 3", "Dominacja 7", "Kontrola daje zwycięstwo"]
    assert labels["asia"].lines[-1] == "Kontrola 9"
    assert labels["southeast_asia"].lines == []  # a subregion: its name only


def test_the_legend_explains_the_board_in_each_language(zw):
    for lang, words in (("en", ["Battleground", "Stability", "subregion: Eastern Europe",
                                "only with the option: Chinese Civil War"]),
                        ("pl", ["Państwo strategiczne", "Poziom stabilizacji", "sąsiedzi: USA, ZSRR"]),
                        ("cs", ["Klíčová země", "Stabilita", "sousedé: USA, SSSR"])):
        texts = [item.text for item in board_mod.build_board(Words(zw, lang)).legend]
        for text in words:
            assert text in texts, (lang, text)


# -- tiles


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_cover_the_board_and_overlap(paper):
    p = PAPERS[paper]
    page, laid = tiles.tiles(760, 378, p.width, p.height)
    assert page == (max(p.width, p.height), min(p.width, p.height))  # landscape
    assert len(laid) == 6 and [t.name for t in laid] == ["A1", "A2", "A3", "B1", "B2", "B3"]
    assert min(t.x0 for t in laid) <= 0 and max(t.x1 for t in laid) >= 760
    assert min(t.y0 for t in laid) <= 0 and max(t.y1 for t in laid) >= 378
    for a in laid:
        for b in laid:
            if b.row == a.row and b.col == a.col + 1:
                assert a.x1 - b.x0 >= tiles.OVERLAP
                assert b.cut_left and a.marks and all(x == b.x0 for x, _ in a.marks[:3])
            if b.col == a.col and b.row == a.row + 1:
                assert a.y1 - b.y0 >= tiles.OVERLAP and b.cut_top


def test_a_small_board_is_one_centred_tile():
    page, [tile] = tiles.tiles(100, 80, 210, 297)
    assert (tile.x0, tile.y0) == ((100 - (297 - 2 * tiles.MARGIN)) / 2, (80 - (210 - 2 * tiles.MARGIN)) / 2)
    assert not tile.cut_left and not tile.marks


def test_board_pdf_is_the_tiles_then_the_tracks(board_en):
    html, path = board_en
    reader = PdfReader(path)
    assert html.count('class="tile"') == 6
    assert len(reader.pages) == 6 + 2
    for page in reader.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx((297 * PT, 210 * PT), abs=0.5)
    tile_text = reader.pages[0].extract_text()
    assert "sheet A1 (1 of 6)" in tile_text and "United States" in tile_text
    assert "Space Station" in "".join(p.extract_text() for p in reader.pages[6:])


# -- tracks


def test_tracks_are_built_from_content(zw):
    views = {v.id: v for v in track_views(Words(zw, "en"), 277.0)}
    assert list(views) == ["defcon", "vp", "military_ops", "space_race", "turn", "action_round"]
    defcon = [b for row in views["defcon"].rows for b in row]
    assert [b.value for b in defcon] == ["5", "4", "3", "2", "1"]
    assert [b.note for b in defcon] == [  # the regions closed by coup_min_defcon, in map order
        "No restrictions.", "No coups or realignments in: Europe",
        "No coups or realignments in: Europe, Asia", "No coups or realignments in: Europe, Middle East, Asia",
        "Nuclear war: the phasing player loses."]
    vp = [b for row in views["vp"].rows for b in row]
    assert len(vp) == 41 and len(views["vp"].rows) > 1  # wrapped: too long for one row of markers
    assert "Positive values: US ahead" in views["vp"].sides
    assert vp[0].tint != vp[40].tint and vp[20].tint == "#ffffff"
    assert ("20", "The US wins at once.") in views["vp"].listed
    race = {b.value: b for row in views["space_race"].rows for b in row}
    assert race["1"].label == "Earth Satellite"
    assert race["1"].lines == ["Ops ≥ 2", "Roll ≤ 3", "VP first: 2", "VP second: 1"]  # the table's row
    assert race["8"].lines[0] == "Ops ≥ 4" and race["8"].note.startswith("Ability")
    assert [v for v, b in race.items() if b.note] == ["2", "4", "6", "8"]
    assert views["space_race"].per_player and views["military_ops"].per_player
    turn = {b.value: b for row in views["turn"].rows for b in row}
    assert turn["4"].lines[0] == "Mid War" and "Mid War" in turn["4"].note
    assert turn["3"].lines[0] == "Early War"
    assert "Late War" in turn["8"].note


def test_tracks_in_polish(zw):
    views = {v.id: v for v in track_views(Words(zw, "pl"), 277.0)}
    defcon = [b for row in views["defcon"].rows for b in row]
    assert defcon[2].note == "Bez przewrotów i zmian sojuszu w regionach: Europa, Azja"
    race = {b.value: b for row in views["space_race"].rows for b in row}
    assert race["2"].label == "Zwierzę w Kosmosie" and race["2"].lines[0] == "PO ≥ 2"


# -- markers


def test_markers_come_in_the_numbers_content_gives(zw, zk):
    groups = markers.marker_groups(Words(zw, "en"))
    counts = {}
    for group in groups:
        for m in group:
            key = (m.kind, m.front.top, m.front.big)
            counts[key] = counts.get(key, 0) + 1
    for player in ("US", "USSR"):
        assert [counts[("influence", player, str(v))] for v in range(1, 6)] == [24, 12, 10, 6, 6]
        assert counts[("military_ops", player, "Military ops")] == 1
        assert counts[("space_race", player, "Space race")] == 1
    assert counts[("defcon", "", "DEFCON")] == 1 and counts[("vp", "", "VP")] == 1
    action = next(m for g in groups for m in g if m.kind == "action_round")
    assert (action.front.top, action.back.top) == ("USSR", "US")  # whose round, on either side
    influence = groups[0][0]
    assert influence.back.bottom == "Control" and influence.back.fill == "#b3261e"  # the controlled side
    zk_groups = markers.marker_groups(Words(zk, "en"))
    assert sum(len(g) for g in zk_groups if g[0].kind == "cubes") == 48


def test_marker_sheets_have_cut_lines_and_mirrored_backs(zw):
    words = Words(zw, "en")
    size = zw.game.sheets.markers.size
    [(front, back)] = markers.pages(words, PAPERS["a4"], (1.0, -0.5))
    assert len(front) == len(back) == 2 * 58 + 10
    xs = sorted({p.x for p in front})
    for f, b in zip(front, back, strict=True):
        col = xs.index(f.x)
        assert b.x == pytest.approx(xs[len(xs) - 1 - col] + 1.0)  # mirrored column, moved by the offset
        assert b.y == pytest.approx(f.y - 0.5)
    lines = markers.cut_lines(front, size, full=True)
    for p in front:  # one outline per marker
        assert all(any((ln.x1, ln.y1, ln.x2, ln.y2) == edge for ln in lines) for edge in (
            (p.x, p.y, p.x + size, p.y), (p.x, p.y + size, p.x + size, p.y + size)))
    html = markers.markers_html(words, PAPERS["a4"])
    assert html.count('data-side="front"') == html.count('data-side="back"') == 1


# -- type sizes, words


def test_no_text_below_six_and_a_half_points(zw, board_en):
    html, _ = board_en
    for text in (html, markers.markers_html(Words(zw, "en"), PAPERS["a4"])):
        sizes = [float(s) for s in re.findall(r"font-size:\s*([0-9.]+)pt", text)]
        assert sizes and min(sizes) >= MIN_PT
        svg = [float(s) for s in re.findall(r'font-size="([0-9.]+)"', text)]  # SVG units are mm
        assert all(s * PT >= MIN_PT - 0.05 for s in svg), svg


def test_board_labels_exist_in_every_locale_with_the_same_placeholders():
    keys = {lang: set(table) for lang, table in board_labels.LABELS.items()}
    assert keys["pl"] == keys["en"] == keys["cs"]
    for key, text in board_labels.LABELS["en"].items():
        for lang in ("pl", "cs"):
            theirs = board_labels.LABELS[lang][key]
            assert set(re.findall(r"{\w+}", theirs)) == set(re.findall(r"{\w+}", text))


def test_board_and_marker_words_go_to_the_catalogs(zw):
    keys = [key for key, _, _ in sheet_strings(zw)]
    assert len(keys) == len(set(keys))
    for key in ("sheet.board.mark", "sheet.board.track.defcon.limit", "sheet.board.track.space_race.label.8",
                "sheet.board.track.space_race.column.vp_first", "sheet.marker.influence.back"):
        assert key in keys
    words = Words(zw, "cs")
    assert words.sheet("sheet.board.track.space_race.label.7") == "Raketoplán"
    assert words.sheet("sheet.marker.influence.back") == "Kontrola"


def test_a_game_without_a_board_gets_markers_only(zk):
    from compiler.back.sheets.build import files_for

    assert not board_sheet.has_board(Words(zk, "en"))
    assert files_for(zk.game)[-2:] == ("markers.html", "markers.pdf")
    assert "board.pdf" not in files_for(zk.game)


# -- content checks


@pytest.mark.parametrize("old, new, code, message", [
    ("    cuba: [", "    cubba: [", "E301 E201", "unknown space 'cubba'"),  # and Cuba has no place
    ("    norway: [272, 20]\n", "", "E201", "the board gives no place to 1 space(s): norway"),
    ("between: [united_states, japan]", "between: [united_states, chile]", "E605",
     "'united_states' and 'chile' are not adjacent"),
    ("    finland: [416, 20]", "    finland: [416, 420]", "E205", "lies outside the board"),
])
def test_faults_in_the_map_board_are_reported(tmp_path, old, new, code, message):
    game = copy_game(CONTENT / "zimna_wojna", tmp_path)
    path = game / "map.yaml"
    edit_file(path, old, new, 1)
    diagnostics = compile_errors(game)
    assert sorted(d.code for d in diagnostics) == sorted(code.split()), [d.message for d in diagnostics]
    assert any(d.code == code.split()[0] and message in d.message for d in diagnostics)


@pytest.mark.parametrize("old, new, code, message", [
    ("mark: {attribute: battleground", "mark: {attribute: stability", "E304",
     "space attribute 'stability' is of type int"),
    ("notes: {1: \"Nuclear war", "notes: {0: \"Nuclear war", "E205", "0 is not a value of track 'defcon'"),
    ("region_limit: {attribute: coup_min_defcon", "region_limit: {attribute: coup_defcon", "E301",
     "unknown region attribute 'coup_defcon'"),
    ("- {of: defcon}", "- {of: defconn}", "E301", "unknown counter or track 'defconn'"),
    ("table: space_race_boxes\n          columns:\n            - {column: ops_required",
     "table: space_race_boxes\n          columns:\n            - {column: ops", "E301",
     "unknown column of table 'space_race_boxes' 'ops'"),
])
def test_faults_in_the_sheets_board_and_markers_are_reported(tmp_path, old, new, code, message):
    game = copy_game(CONTENT / "zimna_wojna", tmp_path)
    path = game / "game.yaml"
    edit_file(path, old, new, 1)
    diagnostics = compile_errors(game)
    assert [(d.code, message in d.message) for d in diagnostics] == [(code, True)], \
        [d.message for d in diagnostics]


def test_a_route_bends_a_link_through_its_points(tmp_path):
    game = copy_game(CONTENT / "zimna_wojna", tmp_path)
    path = game / "map.yaml"
    route = "    - {between: [lebanon, jordan], via: [[520, 190], [530, 200]]}\n"
    path.write_text(path.read_text("utf-8") + route, "utf-8")
    board = board_mod.build_board(Words(compile_game(game), "en"))
    [link] = [lk for lk in board.links if {lk.a, lk.b} == {"lebanon", "jordan"}]
    assert (link.a, link.b) == ("jordan", "lebanon")  # drawn from the first in id order...
    assert link.points[1:-1] == [(530.0, 200.0), (520.0, 190.0)]  # ...so the points run backwards
    assert link.points[0] != (540.0, 208.0)  # cut at Jordan's border, not at its centre


def test_markers_too_big_for_the_boxes_are_reported(zw, monkeypatch):
    words = Words(zw, "en")
    assert board_sheet.board_warnings(words) == []
    monkeypatch.setattr(zw.game.sheets.markers, "size", 16.0)
    assert board_sheet.board_warnings(words) == [
        "the players' boxes on the board are smaller than the markers (16 mm); make the map file's "
        "board `box` larger"]


def test_the_board_is_the_same_run_after_run(zw, board_en, tmp_path):
    html, path = board_en
    assert board_sheet.board_html(Words(zw, "en"), PAPERS["a4"]) == html
    again = tmp_path / "board.pdf"
    pdf.write(pdf.render(html), again)
    assert again.read_bytes() == path.read_bytes()
