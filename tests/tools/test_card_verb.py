"""`kurtyna card GAME CARD`: one card face as the sheets print it (docs/cli.md).

The face is the sheets' own (same templates, fitting and faults); the PNG has the card's size
at its resolution; what is kept between runs never changes the bytes written (cold, warm, cache
off) and is not used once the game or a witness changes; wrong usage is exit 2 with a
suggestion; an output among a game's files is refused.
"""

from __future__ import annotations

import io
import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import polib
import pytest

from compiler import cli
from compiler.tools import card as card_verb
from compiler.tools import card_keep

from ..conftest import CONTENT, ROOT, copy_game, edit_file

GAME = CONTENT / "zelazna_kurtyna"  # small, catalogs in every language, and extra cards
CARD = "east_germany_card"
NAMES = {"en": "East Germany", "pl": "NRD", "cs": "NDR"}
TEXTS = {"en": "The USSR gains 1 point and infiltrates 2 cubes into any cards on the table.",
         "pl": "ZSRR zdobywa 1 punkt i infiltruje 2 kostki na dowolne karty leżące na stole.",
         "cs": "SSSR získá 1 bod a umístí infiltrací 2 kostky na libovolné karty na stole."}


def kurtyna(*args: str, cwd: Path = ROOT, cache: str | None = None) -> subprocess.CompletedProcess:
    """`kurtyna` in a subprocess; `cache` sets KURTYNA_CACHE (default: the run's own folder)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if cache is not None:
        env["KURTYNA_CACHE"] = cache
    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def png_facts(data: bytes) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """A PNG's size in pixels and its resolution in dots per inch (from pHYs), read by hand."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    size = struct.unpack(">II", data[16:24])
    at = data.find(b"pHYs")
    if at < 0:
        return size, None
    x, y, unit = struct.unpack(">IIB", data[at + 4:at + 13])
    assert unit == 1  # per metre
    return size, (round(x * 0.0254), round(y * 0.0254))


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def test_the_verb_is_registered_with_its_exit_codes_and_follow_links():
    parser = cli.make_parser()
    card = parser._subparsers._group_actions[0].choices["card"]  # type: ignore[union-attr]
    text = card.format_help()
    assert "exit codes: 0 " in text and "; 1 " in text and "; 2 " in text
    assert "--follow-links" in text and "--dpi" in text and "--bleed" in text and "--lang" in text


@pytest.mark.parametrize(("dpi", "bleed", "pixels"), [(150, "0", (372, 520)), (300, "3mm", (815, 1110))])
def test_the_png_has_the_card_s_size_at_its_resolution(tmp_path, dpi, bleed, pixels):
    out = tmp_path / "east.png"
    result = kurtyna("card", str(GAME), CARD, "--out", str(out), "--dpi", str(dpi),
                     "--bleed", bleed)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    # (63 + 2 bleed) x (88 + 2 bleed) mm at dpi, in whole pixels
    assert pixels == (round((63 + 2 * float(bleed.rstrip("m"))) / 25.4 * dpi),
                      round((88 + 2 * float(bleed.rstrip("m"))) / 25.4 * dpi))
    assert png_facts(out.read_bytes()) == (pixels, (dpi, dpi))
    assert f"{pixels[0]} × {pixels[1]} px at {dpi} dpi" in result.stdout and str(out) in result.stdout


def test_the_default_output_is_the_card_and_language_in_the_current_folder(tmp_path):
    result = kurtyna("card", str(GAME), CARD, "--lang", "cs", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    written = tmp_path / f"{CARD}.cs.png"
    assert png_facts(written.read_bytes())[0] == (744, 1039)  # 63 x 88 mm at 300 dpi
    assert result.stdout.startswith(f"zelazna_kurtyna {CARD} (cs): {CARD}.cs.png")


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_html_and_pdf_hold_the_card_s_name_and_text_in_the_language(tmp_path, lang):
    html, pdf = tmp_path / "card.html", tmp_path / "card.pdf"
    for out in (html, pdf):
        result = kurtyna("card", str(GAME), CARD, "--lang", lang, "--out", str(out))
        assert result.returncode == 0, result.stderr
    page = html.read_text("utf-8")
    assert f'<html lang="{lang}">' in page and "@page { size: 63mm 88mm" in page
    assert f'<span class="name">{NAMES[lang]}</span>' in page
    # the text as printed (the sheets may bind short words with no-break spaces)
    assert [" ".join(p.split()) for p in re.findall(r"<p>(.*?)</p>", page)] == [" ".join(TEXTS[lang].split())]
    assert page.count('<div class="card fronts"') == 1
    text = pdf_text(pdf.read_bytes())
    assert NAMES[lang] in text and " ".join(TEXTS[lang].split()) in text
    others = [" ".join(TEXTS[other].split()) for other in TEXTS if other != lang]
    assert not any(other in text for other in others)


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_each_card_is_the_sheets_card_markup_for_markup(lang):
    """Every card of the deck and every extra card, alone, is the card of the card sheets: the
    same HTML (sizes chosen by the fitting included), but where it is placed on its page."""
    from compiler.back.sheets import fit, layout, single
    from compiler.back.sheets.words import Words
    from compiler.pipeline import compile_game

    compiled = compile_game(GAME)
    whole, _ = fit.fit_fronts(Words(compiled, lang), layout.PAPERS["a4"], 0.0)
    placed = re.compile(r'<div class="card fronts" style="left: [^;]*mm; top: [^"]*mm">')

    def cards(html: str) -> dict[str, str]:
        found: dict[str, str] = {}
        for part in placed.split(html)[1:]:
            body = part.split("\n  </div>\n")[0]
            found.setdefault(re.search(r'data-id="([^"]+)"', body).group(1), body)
        return found

    sheets = cards(whole)
    ids = single.card_ids(compiled)
    assert {"start_card", "scoring_card"} <= set(ids)
    for card_id in ids:
        alone, document = single.laid_out(compiled, card_id, lang, 0.0)
        [(face, body)] = cards(alone).items()
        assert face == single.face_key(compiled, card_id)
        assert body == sheets[face], card_id
        assert len(document.pages) == 1


@pytest.mark.parametrize("suffix", [".png", ".pdf", ".html"])
def test_cold_warm_and_cache_off_give_the_same_bytes(tmp_path, monkeypatch, suffix):
    cache = tmp_path / "cache"
    cold, warm, off = (tmp_path / f"{name}{suffix}" for name in ("cold", "warm", "off"))
    args = ("card", str(GAME), "scoring_card", "--lang", "pl", "--bleed", "1mm")
    result = kurtyna(*args, "--out", str(cold), cache=str(cache))
    assert result.returncode == 0, result.stderr
    assert [p.name for p in cache.iterdir() if p.name.startswith("card-")]  # kept

    def never(request):
        raise AssertionError("laid out again although nothing changed")

    monkeypatch.setenv("KURTYNA_CACHE", str(cache))
    monkeypatch.setattr(card_verb, "_render", never)
    assert cli.main([*args, "--out", str(warm)]) == 0  # from what was kept: nothing laid out
    monkeypatch.undo()
    result = kurtyna(*args, "--out", str(off), cache="off")
    assert result.returncode == 0, result.stderr
    assert cold.read_bytes() == warm.read_bytes() == off.read_bytes()
    assert len(cold.read_bytes()) > 1000


def test_an_edit_of_the_game_is_never_answered_from_what_was_kept(tmp_path):
    game = copy_game(GAME, tmp_path / "games")
    cache, out = tmp_path / "cache", tmp_path / "east.html"
    assert kurtyna("card", str(game), CARD, "--out", str(out), cache=str(cache)).returncode == 0
    assert TEXTS["en"] in out.read_text("utf-8")
    edit_file(game / "cards.yaml", TEXTS["en"], TEXTS["en"].replace("any cards", "any two cards"))
    result = kurtyna("card", str(game), CARD, "--out", str(out), cache=str(cache))
    assert result.returncode == 0, result.stderr
    assert "into any two cards on the table" in out.read_text("utf-8")


def test_a_kept_card_whose_witness_changed_or_whose_bytes_are_damaged_is_made_anew(tmp_path, monkeypatch):
    """A system file the renderer read (a font, a library) that changed, or an entry cut short,
    makes the kept bytes unusable: `read` gives None and the card is laid out again."""
    monkeypatch.setenv("KURTYNA_CACHE", str(tmp_path / "cache"))
    font = tmp_path / "font.ttf"
    font.write_bytes(b"glyphs")
    monkeypatch.setattr(card_keep, "witnesses", lambda: [[str(font), card_keep._identity(str(font))]])
    request = card_keep.Request(GAME, CARD, "en", "png", 0.0, 300)
    card_keep.keep(request, "zelazna_kurtyna", b"the bytes")
    assert card_keep.read(request) == ("zelazna_kurtyna", b"the bytes")
    assert card_keep.read(card_keep.Request(GAME, CARD, "pl", "png", 0.0, 300)) is None
    font.write_bytes(b"other glyphs")
    assert card_keep.read(request) is None
    card_keep.keep(request, "zelazna_kurtyna", b"the bytes")
    entry = tmp_path / "cache" / card_keep.entry_name(request)
    entry.write_bytes(entry.read_bytes()[:-1])  # cut short
    assert card_keep.read(request) is None
    monkeypatch.setattr(card_keep, "witnesses", lambda: None)  # no /proc/self/maps: nothing kept
    entry.unlink()
    card_keep.keep(request, "zelazna_kurtyna", b"the bytes")
    assert not entry.exists()


def test_an_unknown_card_or_game_is_wrong_usage_with_a_suggestion(tmp_path):
    result = kurtyna("card", str(GAME), "east_germany_crad", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr == ("kurtyna: no card 'east_germany_crad' in zelazna_kurtyna; "
                             "did you mean 'east_germany_card'?\n")
    result = kurtyna("card", "zelazna_kurtyn", CARD, cwd=tmp_path)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("kurtyna: no game 'zelazna_kurtyn'")
    assert result.stderr.rstrip().endswith("did you mean 'zelazna_kurtyna'?")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("args", "said"), [
    (["--lang", "de"], "invalid choice: 'de'"),
    (["--out", "east.jpg"], "--out east.jpg: name a file ending in .png, .pdf, .html"),
    (["--dpi", "20"], "--dpi 20: the resolution is a whole number"),
    (["--dpi", "300dpi"], "--dpi 300dpi: the resolution is a whole number"),
    (["--bleed", "9mm"], "--bleed '9mm' is outside 0..5 mm"),
    (["--option", "house_cards=true"], "unrecognized arguments: --option"),
])
def test_a_wrong_value_is_wrong_usage_before_any_work(tmp_path, args, said):
    result = kurtyna("card", str(GAME), CARD, *args, cwd=tmp_path)
    assert result.returncode == 2 and said in result.stderr and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def _too_long_in_polish(game: Path) -> None:
    """The Polish text of israel_card long enough not to fit when laid out, yet short enough
    for `kurtyna check` (tests/back/test_sheets_cards.py)."""
    catalog = polib.pofile(str(game / "locales" / "pl.po"))
    entry = next(e for e in catalog if e.msgctxt == "text.israel_card")
    entry.msgstr += " To wydarzenie jest wyjątkowo rozbudowane i wymaga uważnego przeczytania." * 13
    catalog.save()


def test_a_text_that_does_not_fit_is_the_fault_sheets_reports(tmp_path):
    game = copy_game(GAME, tmp_path / "games")
    _too_long_in_polish(game)
    out = tmp_path / "out"
    sheets = kurtyna("sheets", str(game), "--lang", "pl", "--out", str(out / "sheets"))
    card = kurtyna("card", str(game), "israel_card", "--lang", "pl", "--out", str(out / "israel.png"))
    assert sheets.returncode == card.returncode == 1
    assert "error[E710]: the text of card 'israel_card' does not fit on the card in 'pl'" in card.stderr
    assert card.stderr == sheets.stderr and "Traceback" not in card.stderr
    assert card.stderr.rstrip().endswith("zelazna_kurtyna (pl): nothing written")
    assert not (out / "israel.png").exists()
    fine = kurtyna("card", str(game), "israel_card", "--lang", "en", "--out", str(out / "israel.png"))
    assert fine.returncode == 0, fine.stderr  # the English fits


def test_a_game_with_faults_is_reported_as_sheets_reports_it(tmp_path):
    game = copy_game(GAME, tmp_path / "games")
    edit_file(game / "cards.yaml", "country: east_germany,", "country: east_germny,")
    sheets = kurtyna("sheets", str(game), "--lang", "en", "--out", str(tmp_path / "sheets"))
    card = kurtyna("card", str(game), CARD, "--out", str(tmp_path / "east.png"))
    assert sheets.returncode == card.returncode == 1
    assert card.stderr == sheets.stderr and "did you mean 'east_germany'?" in card.stderr
    assert card.stderr.rstrip().endswith("nothing written: fix the errors above first")
    assert not (tmp_path / "east.png").exists()


def test_an_output_among_a_game_s_files_or_over_a_folder_is_refused(tmp_path):
    game = copy_game(GAME, tmp_path / "games")
    (tmp_path / "folder.png").mkdir()
    (tmp_path / "link.png").symlink_to(tmp_path / "elsewhere.png")
    cases = {
        game / "east.png": "lies inside the game folder",
        game / "locales" / "new" / "east.png": "lies inside the game folder",
        tmp_path / "games" / "east.png": "holds game folders: it is a content folder",
        tmp_path / "folder.png": "is a folder; --out names the file",
        tmp_path / "link.png": "is a link; kurtyna does not write through links",
    }
    before = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    for out, said in cases.items():
        result = kurtyna("card", str(game), CARD, "--out", str(out), cwd=tmp_path)
        assert result.returncode == 1, (out, result.stderr)
        assert result.stderr.startswith(f"kurtyna: {out}: ") and said in result.stderr, result.stderr
        assert len(result.stderr.splitlines()) == 1
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == before
    assert not (tmp_path / "elsewhere.png").exists()


def test_the_output_replaces_an_earlier_card_and_makes_its_folder(tmp_path):
    out = tmp_path / "previews" / "east.pdf"
    for _ in range(2):
        result = kurtyna("card", str(GAME), CARD, "--out", str(out))
        assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in out.parent.iterdir()) == ["east.pdf"]  # no temporary file left
