"""`kurtyna card GAME CARD`: one card face exactly as `kurtyna sheets` prints it, as a PNG, a PDF
or an HTML page, for an author's preview (docs/cli.md).

The face is laid out by compiler/back/sheets/single.py: the sheets' templates and fitting, on a
page the size of the card. Before that the game is checked as `kurtyna sheets` checks it (what
`kurtyna check` runs; its kept result and the kept model are used, compiler/tools/check.py and
models.py), so a game with faults, or a text that does not fit on the card (E710), is reported
with the same messages and exit code 1, and nothing is written.

A card written once is kept with everything it depends on (compiler/tools/card_keep.py): the
same request with nothing changed writes the kept bytes without loading the game or WeasyPrint.
The output file is written atomically (compiler/fsio.py), never through a link, never over a
folder, never inside a game folder or into a folder of games.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from compiler import fsio
from compiler.diagnostics import CompileError, did_you_mean
from compiler.tools import card_keep
from compiler.tools.card_keep import Request
from compiler.tools.common import UsageError, find_game, game_names, report, sources_of
from dsl.printable import terminal_safe

FORMATS = {".png": "png", ".pdf": "pdf", ".html": "html"}  # the output's format, by its name
DPI_RANGE = (36, 1200)


def cmd_card(args) -> int:
    request, out = _request(args)
    _check_out(out)
    kept = card_keep.read(request)
    if kept is not None:
        game, data = kept
    else:
        made = _render(request)
        if isinstance(made, int):
            return made
        game, data = made
        card_keep.keep(request, game, data)
    try:
        fsio.write_bytes(out, data)
    except OSError as exc:  # no room, no right to write there: one line, as for every output
        raise fsio.OutputRefused(f"{out}: cannot be written ({exc.strerror or exc})") from None
    print(terminal_safe(f"{game} {request.card} ({request.lang}): {out} ({_size(request)})", keep=""))
    return 0


def _request(args) -> tuple[Request, Path]:
    """What to render and where, from the command line; UsageError for a wrong value, said
    before any work."""
    settings = _settings(args.bleed, args.dpi)
    out = Path(args.out) if args.out else Path(f"{args.card}.{args.lang}.png")
    fmt = FORMATS.get(out.suffix.lower())
    if fmt is None:
        raise UsageError(f"--out {out}: name a file ending in {', '.join(FORMATS)} (the format "
                         "is chosen by the name)")
    try:
        folder = find_game(args.game)
    except UsageError as exc:
        hint = did_you_mean(args.game, game_names())
        raise UsageError(f"{exc}; {hint}" if hint else str(exc)) from None
    return Request(folder, args.card, args.lang, fmt, settings["bleed"], settings["dpi"]), out


def _settings(bleed: str, dpi: str) -> dict:
    """`--bleed 3mm --dpi 600` as values (a card face depends on no option of the game)."""
    from compiler.back.sheets.layout import LayoutError, parse_length

    try:
        length = parse_length(bleed, "bleed")
    except LayoutError as exc:
        raise UsageError(f"--{exc}") from None
    low, high = DPI_RANGE
    if not (dpi.isascii() and dpi.isdigit() and low <= int(dpi) <= high):
        raise UsageError(f"--dpi {dpi}: the resolution is a whole number of dots per inch from {low} "
                         f"to {high}")
    return {"bleed": length, "dpi": int(dpi)}


def _kind(path: Path) -> str:
    """'missing', 'link', 'folder', 'file' or 'other', links not followed."""
    try:
        mode = os.lstat(path).st_mode
    except (OSError, ValueError):
        return "missing"
    if stat.S_ISLNK(mode):
        return "link"
    return "folder" if stat.S_ISDIR(mode) else "file" if stat.S_ISREG(mode) else "other"


def _check_out(out: Path) -> None:
    """Refuse, before any work, an output that could harm what Kurtyna did not make: a folder,
    a link, a special file, a file inside a game folder or in a folder of games (the rules of
    `--out` for build and sheets, compiler/fsio.py `check_output_root`, for one file)."""
    kind = _kind(out)
    if kind == "folder":
        raise fsio.OutputRefused(f"{out}: is a folder; --out names the file the card is written to "
                                 f"(e.g. {out / 'card.png'})")
    if kind == "link":
        raise fsio.OutputRefused(f"{out}: is a link; kurtyna does not write through links here "
                                 "(remove it, and run again)")
    if kind == "other":
        raise fsio.OutputRefused(f"{out}: is a special file where kurtyna writes a file")
    parent = out.resolve().parent
    for folder in (parent, *parent.parents):
        if _kind(folder / "game.yaml") != "missing":
            raise fsio.OutputRefused(f"{out}: lies inside the game folder {folder}; kurtyna does not "
                                     "write its outputs among a game's own files: choose another --out")
    existing = next(folder for folder in (parent, *parent.parents) if _kind(folder) != "missing")
    if _kind(existing) != "folder":
        raise fsio.OutputRefused(f"{out}: {existing} is not a folder to write the card in")
    if existing == parent and any(_kind(child) == "folder" and _kind(child / "game.yaml") == "file"
                                  for child in _children(parent)):
        raise fsio.OutputRefused(f"{out}: {parent} holds game folders: it is a content folder; "
                                 "choose another --out")


def _children(folder: Path) -> list[Path]:
    try:
        return list(folder.iterdir())
    except OSError:
        return []


def _render(request: Request) -> tuple[str, bytes] | int:
    """The game id and the card's bytes; or the exit code after its faults are reported."""
    from compiler.back.sheets import single
    from compiler.back.sheets.pdf import PdfError

    try:
        compiled = _checked(request.folder)
    except CompileError as exc:
        report(exc.diagnostics, sources_of(exc.diagnostics))
        print("nothing written: fix the errors above first", file=sys.stderr)
        return 1
    game = compiled.game.id
    known = single.card_ids(compiled)
    if request.card not in known:
        hint = did_you_mean(request.card, known)
        shown = request.card if len(request.card) <= 200 else f"{request.card[:200]}..."
        raise UsageError(f"no card '{shown}' in {game}" + (f"; {hint}" if hint else
                         f" (its cards: {', '.join(known[:8])}{', ...' if len(known) > 8 else ''})"))
    try:
        html, document = single.laid_out(compiled, request.card, request.lang, request.bleed)
        if request.fmt == "html":
            return game, html.encode("utf-8")
        data = single.pdf_bytes(document)
        if request.fmt == "pdf":
            return game, data
        return game, _png(data, request)
    except PdfError as exc:
        print(f"kurtyna: {exc}", file=sys.stderr)
        return 1
    except CompileError as exc:  # the card's name, text or a foot line does not fit (E710)
        report(exc.diagnostics, sources_of(exc.diagnostics))
        print(f"{game} ({request.lang}): nothing written", file=sys.stderr)
        return 1


def _checked(folder: Path):
    """The game's model, after every check `kurtyna sheets` runs first (what `kurtyna check`
    runs): the kept check result and model when there are (compiler/tools/check.py, models.py)."""
    from compiler.pipeline import checked_game

    if card_keep.cache() is None:  # nothing kept: checked and compiled once
        return checked_game(folder)
    from compiler.tools.check import check_game
    from compiler.tools.models import compiled_game

    check_game(folder)  # CompileError with every fault, as sheets reports them
    return compiled_game(folder)


def _png(pdf: bytes, request: Request) -> bytes:
    from compiler.back.sheets import single
    from compiler.back.sheets.pdf import PdfError

    try:
        return single.png_bytes(pdf, request.bleed, request.dpi)
    except ImportError as exc:
        raise PdfError(f"cannot load pypdfium2 to make the PNG ({exc}); reinstall Kurtyna's "
                       "dependencies (pip install -e .), or write a PDF (--out CARD.pdf)") from None


def _size(request: Request) -> str:
    """The card's size as written: in pixels at its resolution, or in millimetres."""
    from compiler.back.sheets.layout import CARD_H, CARD_W

    width, height = CARD_W + 2 * request.bleed, CARD_H + 2 * request.bleed
    if request.fmt == "png":
        return (f"{round(width / 25.4 * request.dpi)} × {round(height / 25.4 * request.dpi)} px "
                f"at {request.dpi} dpi")
    return f"{width:g} × {height:g} mm"
