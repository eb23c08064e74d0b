"""`kurtyna sheets`: print-and-play card sheets and reference sheets, HTML and PDF."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

from compiler import fsio
from compiler.diagnostics import CompileError
from compiler.tools.common import UsageError, games_of, report, sources_of
from compiler.tools.sim.workers import at_work, signals_held, worker_signals
from dsl.runtime.forked import Died, can_fork, forked_map


def cmd_sheets(args) -> int:
    from compiler.back.i18n import LOCALES
    from compiler.back.sheets.build import Options, sheet_names
    from compiler.back.sheets.layout import PAPERS, LayoutError, parse_length, parse_offset
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
    if args.jobs < 1:
        raise UsageError("--jobs needs at least 1 process")
    folders = games_of(args)
    fsio.check_output_root(Path(args.out), folders)  # never among a game's files: nothing is lost
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
    chosen, status = _translated(games, langs, explicit=args.lang is not None)
    if args.review is not None:
        return _review(chosen, options, args) or status
    pieces = [(compiled, lang, Path(args.out) / compiled.game.id / lang) for compiled, lang in chosen]
    for _compiled, _lang, target in pieces:  # all refused before any is written
        fsio.check_replaceable(target, known=sheet_names())
    outcomes = _rendered(pieces, options, args.jobs)
    for (compiled, lang, target), (kind, found, warnings) in zip(pieces, outcomes, strict=True):
        if kind == "pdf":
            print(f"kurtyna: {found}", file=sys.stderr)
            return 1
        if kind == "died":
            print(f"kurtyna: {found}", file=sys.stderr)
            status = 1
            continue
        if kind == "faults":  # a text that does not fit on its card (E710): the next locale may still be fine
            report(found, sources_of(found))
            print(f"{compiled.game.id} ({lang}): nothing written", file=sys.stderr)
            status = 1
            continue
        for warning in warnings:
            print(f"warning: {compiled.game.id} ({lang}): {warning}", file=sys.stderr)
        print(f"{compiled.game.id} ({lang}): {len(found)} files in {target}/")
    return status


Piece = tuple[Any, str, Path]  # a compiled game, a language, the folder its sheets go to


def _rendered(pieces: list[Piece], options: Any, jobs: int) -> Iterator[tuple[str, Any, list[str]]]:
    """Each piece's outcome, in the order of `pieces`: ("written", files, warnings), ("faults",
    diagnostics, []), ("pdf", message, []) or ("died", message, []). With more than one job, up
    to `jobs` pieces are laid out at once, each in a forked process of its own (WeasyPrint is
    loaded there, after the fork; dsl/runtime/forked.py); each writes its own folder whole, so
    the files are those one process would write.

    Leaving early (Ctrl-C here, or the caller stopping at a PDF error) terminates the processes
    still at work: each unwinds through its writer's clean-up (workers.py), and is killed if it
    has not ended within STOP_WAIT seconds (dsl/runtime/forked.py)."""
    jobs = min(jobs, len(pieces))
    if jobs <= 1 or not can_fork():
        yield from (_render_piece(piece, options) for piece in pieces)
        return
    outcomes = forked_map(lambda piece: at_work(_render_piece, piece, options), pieces, jobs,
                          child_setup=worker_signals, around_fork=signals_held)
    with closing(outcomes):  # left early: the processes still at work are ended here and now
        for piece, outcome in zip(pieces, outcomes, strict=True):
            if isinstance(outcome, Died):
                compiled, lang, _target = piece
                outcome = ("died", f"{compiled.game.id} ({lang}): the process laying out its sheets "
                           f"ended without an answer (exit code {outcome.exitcode}); nothing written", [])
            yield outcome


def _render_piece(piece: Piece, options: Any) -> tuple[str, Any, list[str]]:
    from compiler.back.sheets.build import write_sheets
    from compiler.back.sheets.pdf import PdfError

    compiled, lang, target = piece
    try:
        files, warnings = write_sheets(compiled, lang, options, target)
    except PdfError as exc:
        return "pdf", str(exc), []
    except CompileError as exc:
        return "faults", exc.diagnostics, []
    return "written", files, warnings


def _translated(games: list, langs: list[str], explicit: bool) -> tuple[list[tuple[Any, str]], int]:
    """The (game, language) pairs to print, and 1 if one was refused: sheets never mix languages.
    A language without a catalog is left out (an error when asked for by --lang); one whose
    catalog leaves entries untranslated or stale is refused, naming them."""
    from compiler.back.i18n.manage import untranslated

    chosen, status = [], 0
    for compiled in games:
        for lang in langs:
            missing = untranslated(compiled, lang)
            name = compiled.game.id
            if missing is None:
                start = f"kurtyna i18n init {compiled.folder.name} {lang}"
                print(f"{'kurtyna' if explicit else 'note'}: {name} has no {lang} catalog: no {lang} "
                      f"sheets (start one with `{start}`)", file=sys.stderr)
                status = max(status, int(explicit))
            elif missing:
                shown = ", ".join(missing[:12]) + (f" and {len(missing) - 12} more"
                                                   if len(missing) > 12 else "")
                print(f"kurtyna: {name} ({lang}): nothing written: the sheets would print {len(missing)} "
                      f"entries in English that {lang}.po does not translate (or whose English changed): "
                      f"{shown} (`kurtyna i18n status {compiled.folder.name} --missing`)", file=sys.stderr)
                status = 1
            else:
                chosen.append((compiled, lang))
    return chosen, status


def _review(chosen: list[tuple[Any, str]], options, args) -> int:
    """`--review N`: one contact sheet per game and language, the same N cards in each."""
    from compiler.back.sheets.pdf import PdfError
    from compiler.back.sheets.review import contact_sheet, sample

    if args.review < 1:
        raise UsageError("--review needs a number of cards of at least 1")
    samples: dict[str, list] = {}
    for compiled, lang in chosen:
        cards = samples.setdefault(compiled.game.id, sample(compiled, args.review, args.seed))
        path = Path(args.out) / compiled.game.id / f"review-{lang}.png"
        try:
            fsio.write_bytes(path, contact_sheet(compiled, lang, options, cards))
        except PdfError as exc:
            print(f"kurtyna: {exc}", file=sys.stderr)
            return 1
        except CompileError as exc:  # a sampled text does not fit on its card (E710)
            report(exc.diagnostics, sources_of(exc.diagnostics))
            return 1
        print(f"{compiled.game.id} ({lang}): {len(cards)} cards (seed {args.seed}) in {path}")
    return 0
