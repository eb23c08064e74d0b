"""Write a game's sheets in one locale to build/<game>/<lang>/.

Everything is rendered into a new folder beside the target first, and swapped in only when all
files are done (compiler/fsio.py), so a failure leaves the previous sheets as they were.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler import fsio
from compiler.back.sheets import board_sheet, cards, fit, layout, markers, pdf, player_board, reference
from compiler.back.sheets.words import Words

# What `kurtyna sheets` writes, in the order it reports them; the board, the markers and the
# player boards only for a game whose content describes them (files_for).
FILES = ("cards.html", "cards.pdf", "backs.html", "backs.pdf", "cards-duplex.pdf",
         "calibration.html", "calibration.pdf", "reference.html", "reference.pdf")
BOARD_FILES = ("board.html", "board.pdf")
MARKER_FILES = ("markers.html", "markers.pdf")
PLAYER_BOARD_FILES = ("player-boards.html", "player-boards.pdf")


def files_for(game: Any) -> tuple[str, ...]:
    """The files `kurtyna sheets` writes for a game (a front-end Game)."""
    spec = game.sheets
    board = spec.board is not None and (spec.board.geometry is not None or bool(spec.board.tracks))
    return (FILES + (BOARD_FILES if board else ()) + (MARKER_FILES if spec.markers is not None else ())
            + (PLAYER_BOARD_FILES if spec.player_board is not None else ()))


@dataclass(frozen=True)
class Options:
    paper: layout.Paper = layout.PAPERS["a4"]
    bleed: float = 0.0
    back_offset: tuple[float, float] = (0.0, 0.0)


def render_sheets(compiled: Any, lang: str, options: Options, folder: Path) -> list[str]:
    """Write every file of `files_for` for one locale into `folder`; return warnings for the
    author (the cards set smaller than their deck to fit, the board's, the markers'). A text that
    does not fit on its card or marker is a CompileError (E710, see fit.py, markers_fit.py),
    raised before anything is written."""
    words = Words(compiled, lang)
    paper = options.paper
    fitted = fit.fit(words, paper, options.bleed)
    fronts = fitted.document
    texts = {
        "cards.html": fitted.html,
        "backs.html": cards.backs_html(words, paper, options.bleed, options.back_offset),
        "calibration.html": cards.calibration_html(words, paper, options.back_offset),
        "reference.html": reference.reference_html(words, paper),
    }
    if board_sheet.has_board(words):
        texts["board.html"] = board_sheet.board_html(words, paper)
    if words.game.sheets.markers is not None:
        texts["markers.html"] = markers.markers_html(words, paper, options.back_offset)
    if player_board.has_player_boards(words.game):
        texts["player-boards.html"] = player_board.player_boards_html(words, paper)
    for name, text in texts.items():
        fsio.write_text(folder / name, text)
    documents = {name: fronts if name == "cards.html" else pdf.render(text) for name, text in texts.items()}
    for name, document in documents.items():
        pdf.write(document, folder / name.replace(".html", ".pdf"))
    backs = documents["backs.html"]
    warnings = fit.reduced(words, fitted.faces) + board_sheet.board_warnings(words) + markers.warnings(words)
    if "player-boards.html" in documents:
        warnings += player_board.warnings(words, len(documents["player-boards.html"].pages))
    # Fronts and backs interleaved, for printers that print a duplex job from one file.
    interleaved = [page for pair in zip(fronts.pages, backs.pages, strict=True) for page in pair]
    pdf.write(fronts, folder / "cards-duplex.pdf", pages=interleaved)
    return warnings


def sheet_names() -> set[str]:
    """Every file name a language's sheets folder may hold (so an earlier one is recognised)."""
    return set(FILES + BOARD_FILES + MARKER_FILES + PLAYER_BOARD_FILES)


def write_sheets(compiled: Any, lang: str, options: Options, target: Path) -> tuple[list[Path], list[str]]:
    """Render into a new folder beside `target` and swap it in whole (compiler/fsio.py), so a
    run that fails or is killed leaves the previous sheets or the new ones, never a mix.
    Return the files written and warnings for the author."""
    warnings: list[str] = []
    written: list[str] = []

    def fill(folder: Path) -> None:
        warnings.extend(render_sheets(compiled, lang, options, folder))
        written.extend(p.name for p in folder.iterdir() if p.name != fsio.MARK)

    order = FILES + BOARD_FILES + MARKER_FILES + PLAYER_BOARD_FILES
    with fsio.output_lock(target):
        fsio.replace_folder(target, fill, known=sheet_names())
    written.sort(key=lambda name: (order.index(name) if name in order else len(order), name))
    return [target / name for name in written], warnings
