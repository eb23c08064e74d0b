"""`kurtyna sheets`: print-and-play card sheets and reference sheets, HTML and PDF."""

from __future__ import annotations

import sys
from pathlib import Path

from compiler.diagnostics import CompileError
from compiler.tools.common import UsageError, games_of, report, sources_of


def cmd_sheets(args) -> int:
    from compiler.back.i18n import LOCALES
    from compiler.back.sheets.build import Options, write_sheets
    from compiler.back.sheets.layout import PAPERS, LayoutError, parse_length, parse_offset
    from compiler.back.sheets.pdf import PdfError
    from compiler.pipeline import checked_game

    if args.lang is not None and args.lang not in LOCALES:
        raise UsageError(f"unknown language '{args.lang}': choose one of {', '.join(LOCALES)}")
    if args.paper not in PAPERS:
        raise UsageError(f"unknown paper '{args.paper}': choose one of {', '.join(PAPERS)}")
    try:
        options = Options(PAPERS[args.paper], parse_length(args.bleed, "bleed"),
                          parse_offset(args.back_offset))
    except LayoutError as exc:
        raise UsageError(str(exc)) from None
    folders = games_of(args)
    games = []
    for folder in folders:
        try:
            games.append(checked_game(folder))
        except CompileError as exc:
            report(exc.diagnostics, sources_of(exc.diagnostics))
    if len(games) < len(folders):
        print("nothing written: fix the errors above first", file=sys.stderr)
        return 1
    langs = [args.lang] if args.lang else list(LOCALES)
    status = 0
    for compiled in games:
        for lang in langs:
            target = Path(args.out) / compiled.game.id / lang
            try:
                files = write_sheets(compiled, lang, options, target)
            except PdfError as exc:
                print(f"kurtyna: {exc}", file=sys.stderr)
                return 1
            except CompileError as exc:  # a text that does not fit on its card (E710): the next
                report(exc.diagnostics, sources_of(exc.diagnostics))  # locale may still be fine
                print(f"{compiled.game.id} ({lang}): nothing written", file=sys.stderr)
                status = 1
                continue
            print(f"{compiled.game.id} ({lang}): {len(files)} files in {target}/")
    return status
