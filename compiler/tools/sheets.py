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
    if args.review is not None:
        return _review(games, langs, options, args)
    for compiled in games:
        for lang in langs:
            target = Path(args.out) / compiled.game.id / lang
            try:
                files, warnings = write_sheets(compiled, lang, options, target)
            except PdfError as exc:
                print(f"kurtyna: {exc}", file=sys.stderr)
                return 1
            except CompileError as exc:  # a text that does not fit on its card (E710): the next
                report(exc.diagnostics, sources_of(exc.diagnostics))  # locale may still be fine
                print(f"{compiled.game.id} ({lang}): nothing written", file=sys.stderr)
                status = 1
                continue
            for warning in warnings:
                print(f"warning: {compiled.game.id} ({lang}): {warning}", file=sys.stderr)
            print(f"{compiled.game.id} ({lang}): {len(files)} files in {target}/")
    return status


def _review(games: list, langs: list[str], options, args) -> int:
    """`--review N`: one contact sheet per game and language, the same N cards in each."""
    from compiler import fsio
    from compiler.back.sheets.pdf import PdfError
    from compiler.back.sheets.review import contact_sheet, sample

    if args.review < 1:
        raise UsageError("--review needs a number of cards of at least 1")
    for compiled in games:
        chosen = sample(compiled, args.review, args.seed)
        for lang in langs:
            path = Path(args.out) / compiled.game.id / f"review-{lang}.png"
            try:
                fsio.write_bytes(path, contact_sheet(compiled, lang, options, chosen))
            except PdfError as exc:
                print(f"kurtyna: {exc}", file=sys.stderr)
                return 1
            except CompileError as exc:  # a sampled text does not fit on its card (E710)
                report(exc.diagnostics, sources_of(exc.diagnostics))
                return 1
            print(f"{compiled.game.id} ({lang}): {len(chosen)} cards (seed {args.seed}) in {path}")
    return 0
