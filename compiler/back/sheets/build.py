"""Write a game's sheets in one locale to build/<game>/<lang>/.

Everything is rendered into a new folder beside the target first, and swapped in only when all
files are done (compiler/fsio.py), so a failure leaves the previous sheets as they were.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler import fsio
from compiler.back.sheets import board_sheet, cards, layout, markers, pdf, reference
from compiler.back.sheets.words import Words

# What `kurtyna sheets` writes, in the order it reports them; the board and the markers only for
# a game whose content describes them (files_for).
FILES = ("cards.html", "cards.pdf", "backs.html", "backs.pdf", "cards-duplex.pdf",
         "calibration.html", "calibration.pdf", "reference.html", "reference.pdf")
BOARD_FILES = ("board.html", "board.pdf")
MARKER_FILES = ("markers.html", "markers.pdf")


def files_for(game: Any) -> tuple[str, ...]:
    """The files `kurtyna sheets` writes for a game (a front-end Game)."""
    spec = game.sheets
    board = spec.board is not None and (spec.board.geometry is not None or bool(spec.board.tracks))
    return FILES + (BOARD_FILES if board else ()) + (MARKER_FILES if spec.markers is not None else ())


@dataclass(frozen=True)
class Options:
    paper: layout.Paper = layout.PAPERS["a4"]
    bleed: float = 0.0
    back_offset: tuple[float, float] = (0.0, 0.0)


def render_sheets(compiled: Any, lang: str, options: Options, folder: Path) -> list[str]:
    """Write every file of FILES for one locale into `folder`; return warnings for the author."""
    words = Words(compiled, lang)
    paper = options.paper
    fronts_html, fronts, cut = fit_fronts(words, options)
    texts = {
        "cards.html": fronts_html,
        "backs.html": cards.backs_html(words, paper, options.bleed, options.back_offset),
        "calibration.html": cards.calibration_html(words, paper, options.back_offset),
        "reference.html": reference.reference_html(words, paper),
    }
    if board_sheet.has_board(words):
        texts["board.html"] = board_sheet.board_html(words, paper)
    if words.game.sheets.markers is not None:
        texts["markers.html"] = markers.markers_html(words, paper, options.back_offset)
    for name, text in texts.items():
        fsio.write_text(folder / name, text)
    documents = {name: fronts if name == "cards.html" else pdf.render(text) for name, text in texts.items()}
    for name, document in documents.items():
        pdf.write(document, folder / name.replace(".html", ".pdf"))
    backs = documents["backs.html"]
    warnings = [f"the {'name' if kind == 'title' else 'text'} of card '{card}' does not fit on the "
                "card even in the smallest size; it is cut" for kind, card in cut]
    warnings += board_sheet.board_warnings(words)
    # Fronts and backs interleaved, for printers that print a duplex job from one file.
    interleaved = [page for pair in zip(fronts.pages, backs.pages, strict=True) for page in pair]
    pdf.write(fronts, folder / "cards-duplex.pdf", pages=interleaved)
    return warnings


# How many times the card fronts are laid out again with smaller type where something did not fit.
FIT_ROUNDS = 3


def fit_fronts(words: Words, options: Options) -> tuple[str, Any, list[tuple[str, str]]]:
    """Lay out the card fronts; where a name or text runs past its box, take the next smaller
    size for that card and lay out again. Return the HTML, the laid-out document, and the
    (box, card) pairs that still do not fit."""
    smaller: dict[tuple[str, str], int] = {}
    html = cards.fronts_html(words, options.paper, options.bleed, smaller)
    for _ in range(FIT_ROUNDS):
        document = pdf.render(html)
        cut = [(kind, card) for kind in ("title", "text") for card in pdf.overflowing(document, kind)]
        if not cut:
            break
        for key in cut:
            smaller[key] = smaller.get(key, 0) + 1
        again = cards.fronts_html(words, options.paper, options.bleed, smaller)
        if again == html:  # already the smallest sizes
            break
        html = again
    else:
        document = pdf.render(html)
        cut = [(kind, card) for kind in ("title", "text") for card in pdf.overflowing(document, kind)]
    return html, document, cut


def write_sheets(compiled: Any, lang: str, options: Options, target: Path) -> tuple[list[Path], list[str]]:
    """Render into a new folder beside `target` and swap it in whole (compiler/fsio.py), so a
    run that fails or is killed leaves the previous sheets or the new ones, never a mix.
    Return the files written and warnings for the author (text that does not fit)."""
    warnings: list[str] = []

    def fill(folder: Path) -> None:
        warnings.extend(render_sheets(compiled, lang, options, folder))

    with fsio.output_lock(target):
        fsio.replace_folder(target, fill)
    return [target / name for name in files_for(compiled.game)], warnings
