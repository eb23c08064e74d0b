"""`kurtyna check`: load, check and resolve games, text checks included; report every fault.

What a game without faults was found to be (its summary, counts and provisional cards) is kept
in the user's cache folder (compiler/cache.py, JSON), named by the hash of everything checking
depends on (compiler/tools/stamps.py `input_key`): checking a game again with nothing changed
answers at once. A game with faults is checked in full every time.

A stale translation (its English changed since it was translated: fuzzy, or made for an earlier
English) is no fault of the game, which prints the English or the generated text instead: it is
a warning, kept with the result, and an error with `--strict` (what `make test` runs).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from compiler.cache import user_cache
from compiler.diagnostics import CompileError, Diagnostic, Span
from compiler.tools import stamps
from compiler.tools.common import counts, games_of, report, sources_of, summary
from dsl.printable import terminal_safe

KEEP = 3  # results kept per game folder
checked = {"cache": 0, "checked": 0}  # where results came from in this process (tests read it)


def provisional_cards(compiled) -> list[dict]:
    """The cards marked `provisional: true` (not in the rulebook; our design) with their notes."""
    return [{"card": c.id, "note": c.note or None} for c in compiled.game.cards if c.provisional]


def check_game(folder: Path) -> dict:
    """What checking a game found when it has no faults: its id, summary line, counts,
    provisional cards and stale translations (as JSON diagnostics, warnings); CompileError with
    every fault otherwise."""
    cache = user_cache()
    name = f"check-{folder.resolve().name}-{stamps.input_key(folder)}.json" if cache else ""
    kept = _read(cache.read(name)) if cache else None
    if kept is not None:
        checked["cache"] += 1
        return kept
    from compiler.back.i18n.lint import stale_translations
    from compiler.pipeline import checked_game

    compiled = checked_game(folder)
    checked["checked"] += 1
    found = {"game": compiled.game.id, "summary": summary(compiled), "counts": counts(compiled),
             "provisional": provisional_cards(compiled),
             "stale": [_as_json(d) for d in stale_translations(compiled)]}
    if cache:
        cache.write(name, json.dumps(found, sort_keys=True), keep=KEEP)
    return found


def _read(text: str | None) -> dict | None:
    """A kept result, if it is one (anything else is checked anew)."""
    try:
        found = json.loads(text) if text is not None else None
    except ValueError:
        return None
    shapes = {"game": str, "summary": str, "counts": dict, "provisional": list, "stale": list}
    if not isinstance(found, dict) or set(found) != set(shapes):
        return None
    if not all(isinstance(found[k], kind) for k, kind in shapes.items()):
        return None
    return found if all(_is_diagnostic(d) for d in found["stale"]) else None


DIAGNOSTIC_FIELDS = {"file": str, "line": int, "column": int, "code": str, "severity": str, "message": str,
                     "hint": (str, type(None))}


def _is_diagnostic(d: object) -> bool:
    """Whether a kept stale translation has the shape `diagnostic_json` gives it."""
    return (isinstance(d, dict) and set(d) == set(DIAGNOSTIC_FIELDS)
            and all(isinstance(d[k], kind) for k, kind in DIAGNOSTIC_FIELDS.items()))


def _as_json(d: Diagnostic) -> dict:
    """A located diagnostic as `diagnostic_json` writes it (compiler/tools/output.py, which imports
    rich: a check that prints no JSON does not load it)."""
    assert d.span is not None  # a stale translation is at its msgstr
    return {"file": d.span.path, "line": d.span.line, "column": d.span.col, "code": d.code,
            "severity": d.severity, "message": d.message, "hint": d.hint}


def _stale(found: dict, strict: bool) -> list[Diagnostic]:
    """The kept stale translations as diagnostics: warnings, or errors when `strict`."""
    return [Diagnostic(d["code"], d["message"], Span(d["file"], d["line"], d["column"]), d["hint"],
                       "error" if strict else "warning", "text") for d in found["stale"]]


def cmd_check(args) -> int:
    status = 0
    games = []
    strict = getattr(args, "strict", False)
    for folder in games_of(args):
        try:
            found = check_game(folder)
        except CompileError as exc:
            from compiler.tools.output import diagnostic_json

            status = 1
            games.append({"game": folder.name, "path": str(folder), "ok": False,
                          "diagnostics": [diagnostic_json(d) for d in exc.diagnostics]})
            if not args.json:
                report(exc.diagnostics, sources_of(exc.diagnostics))
            continue
        provisional = found["provisional"]
        stale = _stale(found, strict)
        failed = strict and bool(stale)
        status = 1 if failed else status
        games.append({"game": found["game"], "path": str(folder), "ok": not failed,
                      "counts": found["counts"], "provisional": provisional,
                      "diagnostics": [_as_json(d) for d in stale]})
        if not args.json and stale:
            _report_stale(stale, strict)
        if not args.json and not failed:  # the summary and the notes come from content (and a kept result)
            for line in found["summary"].split("\n"):  # the summary, then a line per choice option
                print(terminal_safe(line, keep=""))
            if args.provisional:
                for card in provisional:
                    print(terminal_safe(f"  provisional {card['card']}: {card['note'] or '(no note)'}",
                                        keep=""))
    if args.json:
        from compiler.tools.output import print_json

        print_json({"games": games, "exit": status})
    return status


def _report_stale(stale: list[Diagnostic], strict: bool) -> None:
    """Stale translations on stderr like any fault, then how many and what `--strict` makes of them."""
    for diagnostic in stale:
        print(diagnostic.render(sources_of([diagnostic])), file=sys.stderr)
        print(file=sys.stderr)
    many = "s" if len(stale) != 1 else ""
    if strict:
        print(f"{len(stale)} error{many} (stale translation{many}, an error with --strict)", file=sys.stderr)
    else:
        print(f"{len(stale)} warning{many}: stale translation{many}, printed as the English or the generated "
              "text until updated (an error with --strict)", file=sys.stderr)
