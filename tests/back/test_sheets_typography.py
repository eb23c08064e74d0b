"""Typography of the printed sheets (compiler/back/sheets/typography.py, docs/sheets.md
"Typography"): what the templates output is typeset in its language, so that no laid-out line
of a Polish or Czech sheet ends with a one-letter word or parts a number from its unit, a
compound broken at its hyphen repeats the hyphen, quotes are the language's; every card of a
deck is set in one size unless it needs less, and those that do are reported; a house card
is marked.

The lines are read from the PDFs as laid out (PDFium, through pypdfium2): each line with its
baseline, type size and extent, so that two lines of one paragraph are told from two boxes.
"""

from __future__ import annotations

import ctypes
import html as html_lib
import re
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pypdfium2
import pypdfium2.raw as pdfium
import pytest

from compiler.back.sheets import cards, fit, glossary, pdf, reference
from compiler.back.sheets.build import Options, write_sheets
from compiler.back.sheets.faces import HOUSE_SYMBOL, LINE_SIZES, NAME_SIZES, TEXT_SIZES, points
from compiler.back.sheets.html import environment
from compiler.back.sheets.labels import LABELS
from compiler.back.sheets.layout import PAPERS
from compiler.back.sheets.typography import NB_HYPHEN, NBSP, ONE_LETTER, SHY, UNITS, typeset
from compiler.back.sheets.words import Words
from compiler.pipeline import compile_game

from ..conftest import CONTENT, ROOT, copy_game, made_once_per_run
from ..tools.test_house_card import CARD

A4 = PAPERS["a4"]
GAMES = sorted(p.name for p in CONTENT.iterdir() if (p / "game.yaml").is_file())
LANGS = ("pl", "cs")
CSS = ROOT / "compiler" / "back" / "sheets" / "templates" / "cards.css.j2"
PX = 0.75  # PDF points per CSS pixel


# -- the laid-out lines of a PDF


@dataclass
class Line:
    text: str
    page: int
    left: float
    right: float
    baseline: float  # PDF points, upwards
    size: float  # type size, in PDF points


def pdf_lines(path: Path) -> list[Line]:
    """Every line of text of the PDF at `path` as PDFium lays it out, in reading order."""
    lines = []
    document = pypdfium2.PdfDocument(path)
    for number in range(len(document)):
        page = document[number].get_textpage()
        count = page.count_chars()
        text = page.get_text_range(0, count).replace("\ufffe", "-")  # PDFium's mark for a hyphen it saw
        assert len(text) == count  # one character an index: nothing outside the BMP
        start = 0
        for part in text.split("\r\n"):
            indexes = [i for i in range(start, start + len(part)) if not text[i].isspace()]
            start += len(part) + 2
            if not indexes:
                continue
            boxes = [page.get_charbox(i) for i in indexes]
            x, y = ctypes.c_double(), ctypes.c_double()
            pdfium.FPDFText_GetCharOrigin(page.raw, indexes[0], x, y)
            size = pdfium.FPDFText_GetFontSize(page.raw, indexes[0]) * PX  # WeasyPrint draws in CSS px
            lines.append(Line(part.strip(), number, min(b[0] for b in boxes), max(b[2] for b in boxes),
                              y.value, size))
    return lines


def same_paragraph(a: Line, b: Line) -> bool:
    """Is `b` the line that follows `a` in one paragraph: the same page and type size, one line
    lower (the sheets' line heights are 1.05 to 1.45 times the size), and side by side with it?"""
    step = a.baseline - b.baseline
    return (a.page == b.page and abs(a.size - b.size) < 0.05 and 0.95 * a.size < step < 1.75 * a.size
            and b.left < a.right and a.left < b.right)


def unit_pattern(units: tuple[str, ...]) -> re.Pattern:
    """A unit or abbreviation (as typography.py binds to a number) beginning a line."""
    words = sorted({*UNITS, *units}, key=len, reverse=True)
    capitals = "A-ZĄĆĘŁŃÓŚŹŻÁČĎÉĚÍŇŘŠŤÚŮÝŽ"
    return re.compile(rf"^(?:[{capitals}]{{2,5}}|" + "|".join(map(re.escape, words)) + r")(?!\w)")


def laid_out_text(folder: Path) -> str:
    """The text of every HTML file of a sheets folder without its tags and soft hyphens, its
    no-break spaces kept: what was laid out."""
    text = "\n".join(re.sub(r"<[^>]+>", "", p.read_text("utf-8")) for p in sorted(folder.glob("*.html")))
    return html_lib.unescape(text).replace(SHY, "")


def visible_text(folder: Path) -> str:
    """The text of a sheets folder as typed (plain hyphens and spaces): where a laid-out word
    can be looked up."""
    return laid_out_text(folder).replace(NB_HYPHEN, "-").replace(NBSP, " ")


# -- the sheets of every game in Polish and Czech, laid out once per run


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    """{(game, lang): (folder, warnings)} for every game in Polish and Czech on A4."""

    def make(folder: Path) -> dict:
        made = {}
        for game in GAMES:
            compiled = compile_game(CONTENT / game)
            for lang in LANGS:
                _files, warnings = write_sheets(compiled, lang, Options(), folder / game / lang)
                made[f"{game}/{lang}"] = warnings
        return made

    folder, made = made_once_per_run(tmp_path_factory, "sheets-typography-pl-cs", make)
    return {tuple(key.split("/")): (folder / key, warnings) for key, warnings in made.items()}


def line_faults(lines: list[Line], lang: str, units: re.Pattern, source: str) -> list[str]:
    """Each line of a paragraph that ends with a one-letter word of `lang`, or with a number
    whose unit begins the next line, where `source` (the text laid out) has a breakable space
    between the two: two stacked boxes ("Roll ≤ 3" over "VP first: 2") are no paragraph."""
    one_letter = set(ONE_LETTER[lang] + ONE_LETTER[lang].upper())
    bad = []
    for a, b in zip(lines, lines[1:], strict=False):
        if not same_paragraph(a, b):
            continue
        last, first, where = a.text.split(" ")[-1], b.text.split(" ")[0], f"p.{a.page + 1}"
        if not re.search(rf"(?<!\w){re.escape(last)} {re.escape(first)}", source):
            continue
        if last in one_letter:
            bad.append(f"{where}: a line ends with '{last}': {a.text!r} / {b.text!r}")
        if re.fullmatch(r"[−-]?\d+(?:[.,]\d+)?", last) and units.match(b.text):
            bad.append(f"{where}: {last!r} parted from its unit: {a.text!r} / {b.text!r}")
    return bad


def narrow_boxes(folder: Path, lang: str, text: str, widths: range) -> list[Line]:
    """The lines of `text` laid out in a paragraph of each of `widths` (mm), 9 pt DejaVu Sans."""
    boxes = "".join(f'<p style="width: {w}mm">{html_lib.escape(text)}</p>' for w in widths)
    page = f'<html lang="{lang}"><body style="font-family: DejaVu Sans; font-size: 9pt">{boxes}</body></html>'
    path = folder / f"narrow-{lang}.pdf"
    path.write_bytes(pdf.to_bytes(pdf.render(page)))
    return pdf_lines(path)


def test_the_line_reader_finds_what_typography_prevents(tmp_path):
    """Plain text laid out in narrow boxes ends lines with one-letter words and parts numbers from
    their units, and the reader finds it; the same text typeset never does."""
    text = "Usuń wszystkie PW USA z Kuby i z Chin, a ZSRR zdobywa 2 PW w Azji i 3 PZ w Europie."
    units = unit_pattern(("PW", "PZ"))

    def faults(shown: str) -> list[str]:
        return line_faults(narrow_boxes(tmp_path, "pl", shown, range(14, 60, 2)), "pl", units, shown)

    plain = faults(text)
    assert any("a line ends with" in f for f in plain) and any("parted from its unit" in f for f in plain)
    assert faults(typeset(text, "pl", ("PW", "PZ"))) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_line_ends_with_a_one_letter_word_or_parts_a_number_from_its_unit(sheets, game, lang):
    folder, _warnings = sheets[game, lang]
    units = unit_pattern(Words(compile_game(CONTENT / game), lang).units)
    source = laid_out_text(folder)
    pdfs = sorted(folder.glob("*.pdf"))
    assert {p.name for p in pdfs} >= {"cards.pdf", "backs.pdf", "reference.pdf", "calibration.pdf"}
    bad, lines_read = [], 0
    for path in pdfs:
        lines = pdf_lines(path)
        lines_read += len(lines)
        bad += [f"{path.name} {fault}" for fault in line_faults(lines, lang, units, source)]
    assert lines_read > 200
    assert not bad, "\n".join(bad)


def hyphen_faults(lines: list[Line], typed: str) -> tuple[list[str], list[str]]:
    """The compounds broken at their hyphen in `lines`: those whose next line repeats the
    hyphen, and those whose does not (a compound of `typed`, not a word hyphenated anywhere)."""
    repeated, bad = [], []
    for a, b in zip(lines, lines[1:], strict=False):
        if not (same_paragraph(a, b) and re.search(r"\w[-‐]$", a.text)):
            continue
        head, tail = a.text.split(" ")[-1][:-1], b.text.split(" ")[0]
        if tail.startswith(NB_HYPHEN):
            repeated.append(f"{head}- / {tail}")
        elif re.search(rf"(?<!\w){re.escape(head)}-{re.escape(tail)}", typed):
            bad.append(f"{a.text!r} / {b.text!r}")
    return repeated, bad


def test_a_compound_broken_at_its_hyphen_repeats_the_hyphen(tmp_path):
    """Laid out in narrow boxes, Polish and Czech compounds break at their hyphen and the next
    line begins with it; English keeps its plain hyphens."""
    texts = {"pl": "Wojna indyjsko-pakistańska i konflikt izraelsko-arabski w Azji Południowo-Wschodniej",
             "cs": "Indicko-pákistánská válka a arabsko-izraelský konflikt v jihovýchodní Asii",
             "en": "The Indo-Pakistani War and the Arab-Israeli conflict in South-East Asia"}
    for lang, text in texts.items():
        lines = narrow_boxes(tmp_path, lang, typeset(text, lang), range(20, 50, 2))
        repeated, bad = hyphen_faults(lines, text)
        if lang == "en":
            assert not repeated and NB_HYPHEN not in "".join(line.text for line in lines)
        else:
            assert repeated and not bad, (lang, repeated, bad)


@pytest.mark.parametrize("lang", LANGS)
def test_no_compound_of_the_sheets_breaks_at_its_hyphen_without_repeating_it(sheets, lang):
    bad = []
    for game in GAMES:
        folder, _warnings = sheets[game, lang]
        typed = visible_text(folder)
        for path in sorted(folder.glob("*.pdf")):
            bad += [f"{game} {path.name}: {fault}" for fault in hyphen_faults(pdf_lines(path), typed)[1]]
    assert not bad, "\n".join(bad)


# -- one size for the cards of a deck


@pytest.fixture(scope="module")
def fitted_decks(sheets, zw_sheets_en):
    """(game, lang, the card sheet's HTML, its warnings) for every game in PL and CS, and for
    Zimna Wojna in English (back/conftest.py)."""
    out = [(game, lang, (folder / "cards.html").read_text("utf-8"), warnings)
           for (game, lang), (folder, warnings) in sheets.items()]
    folder, _files, warnings = zw_sheets_en
    return [*out, ("zimna_wojna", "en", (folder / "cards.html").read_text("utf-8"), warnings)]


def test_the_sizes_are_those_of_the_card_stylesheet():
    css = CSS.read_text("utf-8")
    for box, sizes in ((".text", TEXT_SIZES), (".title", NAME_SIZES), (".line", LINE_SIZES)):
        for pt, name in sizes:
            if "tall" not in name:
                assert f"{box}.{name} {{ font-size: {pt:g}pt; }}" in css, (box, name)


def test_every_card_of_a_deck_has_one_size_unless_it_is_reported(fitted_decks):
    reductions = 0
    for game, lang, html, warnings in fitted_decks:
        deck = {card.id for card in compile_game(CONTENT / game).game.cards}
        for what, css, sizes in (("text", "text", TEXT_SIZES), ("name", "title", NAME_SIZES),
                                 ("foot line", "line(?: split)?", LINE_SIZES)):
            found = {}
            boxes = rf'class="{css} ((?:[tnf]\d)(?: tall)?)[^"]*"[^>]*data-id="([^"]+)"'
            for name, card_id in re.findall(boxes, html):
                found.setdefault(card_id, name)
            if what != "foot line":  # a card may have none
                assert set(found) >= deck, (game, lang, what)
            smaller = {card_id: points(sizes, name) for card_id, name in found.items()
                       if card_id in deck and name != sizes[0][1]}
            [line] = [w for w in warnings if w.startswith(f"card {what}s set smaller")] or [""]
            reported = {card_id: float(pt) for card_id, pt in re.findall(r"'([^']+)' ([\d.]+) pt", line)}
            assert reported == smaller, (game, lang, what)  # every card set smaller is named, none other
            if smaller:
                assert f"the deck's {sizes[0][0]:g} pt" in line
            reductions += len(smaller)
    assert reductions  # some card needs less somewhere: the report was read, not only its absence


def test_a_reduced_text_is_the_smallest_reduction_that_fits(fitted_decks):
    """Each card text set smaller fits in its size and runs past its box one size larger: it
    was not set smaller than it needed."""
    tried = 0
    for game, lang, html, warnings in fitted_decks:
        [line] = [w for w in warnings if w.startswith("card texts set smaller")] or [""]
        ids = re.findall(r"'([^']+)' [\d.]+ pt", line)
        if not ids:
            continue
        compiled = compile_game(CONTENT / game)
        words, by_id = Words(compiled, lang), compiled.game.by_id(compiled.game.cards)
        for card_id in ids:
            steps = {}  # each box's steps below the deck's size, as the sheet has them
            for kind, css, sizes in (("title", "title", NAME_SIZES), ("text", "text", TEXT_SIZES)):
                box = rf'class="{css} ((?:[tn]\d)(?: tall)?)[^"]*"[^>]*data-id="{card_id}"'
                name = re.search(box, html)[1]
                steps[kind, card_id] = [n for _, n in sizes].index(name)
            for step, fits in ((steps["text", card_id], True), (steps["text", card_id] - 1, False)):
                face = cards.face(words, by_id[card_id], {**steps, ("text", card_id): step})
                document = pdf.render(cards.faces_html(words, [face], A4, 0.0))
                assert (card_id not in pdf.overflowing(document, "text")) == fits, (game, lang, card_id, step)
            tried += 1
    assert tried


# -- house cards


HOUSE_CARD = CARD  # the house card docs/authoring.md adds (tests/tools/test_house_card.py)


@pytest.fixture(scope="module")
def with_house_card(tmp_path_factory):
    game = copy_game(CONTENT / "zimna_wojna", tmp_path_factory.mktemp("house"))
    cards_file = game / "cards_92_110.yaml"
    cards_file.write_text(cards_file.read_text("utf-8") + HOUSE_CARD, "utf-8")
    return compile_game(game)


@pytest.mark.parametrize("lang", ("en", "pl", "cs"))
def test_a_house_card_shows_its_mark_and_the_reference_lists_it(with_house_card, lang):
    game = with_house_card.game
    words = Words(with_house_card, lang)
    by_id = game.by_id(game.cards)
    house, plain = cards.face(words, by_id["berlin_airlift"]), cards.face(words, by_id["fidel"])
    assert house.house and not plain.house
    html = cards.faces_html(words, [house, plain], A4, 0.0)
    document = pdf.render(html)
    label = LABELS[lang]["house_card"]
    assert html.count('class="house-corner"') == 1 and html.count(f"{HOUSE_SYMBOL} {label}") == 1
    shown = pypdfium2.PdfDocument(pdf.to_bytes(document))[0].get_textpage().get_text_range()
    first, second = shown.split(words.name("fidel"))  # the house card, then the other
    assert first.count(HOUSE_SYMBOL) == 2 and first.count(label) == 1  # the corner, the band
    assert HOUSE_SYMBOL not in second and label not in second
    for kind in fit.KINDS:
        assert pdf.overflowing(document, kind) == []
    placed = {}

    def walk(box) -> None:
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None else []
        for name in ("house", "side", "house-corner", "badge"):
            if name in classes and name not in placed:
                placed[name] = (box.border_box_x(), box.border_box_x() + box.border_width(),
                                box.border_box_y(), box.border_box_y() + box.border_height())
        for child in getattr(box, "children", []):
            walk(child)

    walk(document.pages[0]._page_box)
    assert placed["side"][1] < placed["house"][0]  # the band's two pills lie apart
    # the corner's long edge passes outside the round badge
    left, right, top, bottom = placed["house-corner"]
    b_left, b_right, b_top, _ = placed["badge"]
    radius = (b_right - b_left) / 2
    centre = (b_left + radius - left, b_top + radius - top)
    assert (sum(centre) - (right - left)) / 2 ** 0.5 > radius
    # the reference sheet's glossary names the mark and the house cards
    [entry] = [e for e in glossary.glossary(words) if e.keys == [HOUSE_SYMBOL]]
    assert label in entry.meaning and words.name("berlin_airlift") in entry.meaning
    assert html_lib.unescape(reference.reference_html(words, A4)).count(label) == 1


def test_no_house_mark_is_printed_without_a_house_card():
    for game in GAMES:
        words = Words(compile_game(CONTENT / game), "en")
        assert not any(f.house for f in cards.all_faces(words))
        assert not [e for e in glossary.glossary(words) if e.keys == [HOUSE_SYMBOL]]


# -- the text function


def test_quotes_are_the_languages():
    typed = 'He said "don\'t" and \'no\' in the \'90s.'
    assert typeset(typed, "en") == "He said “don’t” and ‘no’ in the ’90s."
    assert typeset('Karta "Chiny" i "NATO"', "pl") == f"Karta „Chiny” i{NBSP}„NATO”"
    assert typeset('Karta "Čína" a "NATO"', "cs") == f"Karta „Čína“ a{NBSP}„NATO“"
    assert typeset("('quoted')", "cs") == "(‚quoted‘)"
    assert typeset('"We Will Bury You"', "en") == "“We Will Bury You”"


def test_a_one_letter_word_is_bound_to_the_next_in_polish_and_czech_only():
    assert typeset("w Europie i w Azji", "pl") == f"w{NBSP}Europie i{NBSP}w{NBSP}Azji"
    assert typeset("Z Kuby o 2 pola", "pl") == f"Z{NBSP}Kuby o{NBSP}2{NBSP}pola"
    assert typeset("ještě 1 náhodnou kartu", "cs") == f"ještě 1{NBSP}náhodnou kartu"  # the review of issue 42
    assert typeset("gain 2 cards", "en") == "gain 2 cards"
    assert typeset("k vítězství s USA v Evropě a v Asii", "cs") == (
        f"k{NBSP}vítězství s{NBSP}USA v{NBSP}Evropě a{NBSP}v{NBSP}Asii")
    assert typeset("a w Europie", "en") == "a w Europie"  # not an English rule
    assert typeset("Michał I Rumuński", "pl") == f"Michał I{NBSP}Rumuński"
    assert typeset("x-a b, 3a b", "pl") == f"x{SHY}{NB_HYPHEN}a b, 3a b"  # part of a word, not a word
    assert typeset("k vítězství", "pl") == "k vítězství"  # k is a word in Czech only


def test_a_number_keeps_its_unit():
    assert typeset("dodaj 2 PW i 1 VP, 3 OB", "pl") == f"dodaj 2{NBSP}PW i{NBSP}1{NBSP}VP, 3{NBSP}OB"
    assert typeset("Kontrakt 10 mld $ (100 %)", "pl") == f"Kontrakt 10{NBSP}mld{NBSP}$ (100{NBSP}%)"
    assert typeset("gain 3 Ops and 2 cards", "en", ("Ops",)) == f"gain 3{NBSP}Ops and 2 cards"
    assert typeset("gain 3 Ops", "en") == "gain 3 Ops"  # not a unit of this game
    assert typeset("1.5 mm, 2,5 mm", "cs") == f"1.5{NBSP}mm, 2,5{NBSP}mm"
    assert typeset("usuwa 2 PW USA", "pl") == f"usuwa 2{NBSP}PW USA"  # a unit, not the words after it


def test_a_spaced_dash_never_begins_a_line():
    assert typeset("Nuclear war - the phasing player loses", "en") == (
        f"Nuclear war{NBSP}– the phasing player loses")
    assert typeset("Mapa – region", "pl") == f"Mapa{NBSP}– region"
    assert typeset("1945-1989, -20 VP", "en") == f"1945-1989, -20{NBSP}VP"


def test_a_compound_hyphen_is_repeated_in_polish_and_czech():
    assert typeset("wojna polsko-radziecka", "pl") == f"wojna polsko{SHY}{NB_HYPHEN}radziecka"
    assert typeset("Jihovýchodní-Asie", "cs") == f"Jihovýchodní{SHY}{NB_HYPHEN}Asie"
    assert typeset("Soviet-Afghan", "en") == "Soviet-Afghan"
    assert typeset("--back-offset 1.5mm,-0.5mm", "pl") == "--back-offset 1.5mm,-0.5mm"  # an option as typed
    assert typeset("1945-1989 i 2-3", "pl") == f"1945-1989 i{NBSP}2-3"


def test_templates_typeset_every_value_and_still_escape_it():
    words = SimpleNamespace(lang="pl", units=("PW",))
    template = environment().from_string(
        '<p title="{{ t }}">{{ t }}</p><style>x { content: {{ t | css_string }}; }</style>')
    out = template.render(words=words, t="<script>alert('x')</script> w \"Chinach\" 2 PW")
    assert "<script>" not in out and "&lt;script&gt;alert(‚x’)&lt;/script&gt;" in out
    assert f"w{NBSP}„Chinach” 2{NBSP}PW" in out
    assert "\\3c script\\3e" in out and "\\a0 " in out  # the CSS string: typeset, then quoted
    # a value that is markup already is left alone; without a sheet's words nothing is typeset
    assert environment().from_string("{{ t }}").render(t="a w b") == "a w b"


def test_card_sheets_escape_a_name_and_typeset_it(with_house_card):
    words = Words(with_house_card, "pl")
    face = cards.face(words, with_house_card.game.cards[0])
    face.name = "<script>alert('x')</script> i w"
    html = cards.faces_html(words, [face], A4, 0.0)
    assert "<script>" not in html and f"&lt;script&gt;alert(‚x’)&lt;/script&gt; i{NBSP}w" in html
