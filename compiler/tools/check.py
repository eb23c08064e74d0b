"""`kurtyna check`: load, check and resolve games, text checks included; report every fault.

What a game without faults was found to be (its summary, counts and provisional cards) is kept
in the user's cache folder (compiler/cache.py, JSON), named by the hash of everything checking
depends on (compiler/tools/stamps.py `input_key`): checking a game again with nothing changed
answers at once. A game with faults is checked in full every time.
"""

from __future__ import annotations

import json
from pathlib import Path

from compiler.cache import user_cache
from compiler.diagnostics import CompileError
from compiler.tools import stamps
from compiler.tools.common import counts, games_of, report, sources_of, summary
from dsl.printable import terminal_safe

KEEP = 3  # results kept per game folder
checked = {"cache": 0, "checked": 0}  # where results came from in this process (tests read it)


def provisional_cards(compiled) -> list[dict]:
    """The cards marked `provisional: true` (not in the rulebook; our design) with their notes."""
    return [{"card": c.id, "note": c.note or None} for c in compiled.game.cards if c.provisional]


def check_game(folder: Path) -> dict:
    """What checking a game found when it has no faults: its id, summary line, counts and
    provisional cards; CompileError with every fault otherwise."""
    cache = user_cache()
    name = f"check-{folder.resolve().name}-{stamps.input_key(folder)}.json" if cache else ""
    kept = _read(cache.read(name)) if cache else None
    if kept is not None:
        checked["cache"] += 1
        return kept
    from compiler.pipeline import checked_game

    compiled = checked_game(folder)
    checked["checked"] += 1
    found = {"game": compiled.game.id, "summary": summary(compiled), "counts": counts(compiled),
             "provisional": provisional_cards(compiled)}
    if cache:
        cache.write(name, json.dumps(found, sort_keys=True), keep=KEEP)
    return found


def _read(text: str | None) -> dict | None:
    """A kept result, if it is one (anything else is checked anew)."""
    try:
        found = json.loads(text) if text is not None else None
    except ValueError:
        return None
    shapes = {"game": str, "summary": str, "counts": dict, "provisional": list}
    if not isinstance(found, dict) or set(found) != set(shapes):
        return None
    return found if all(isinstance(found[k], kind) for k, kind in shapes.items()) else None


def cmd_check(args) -> int:
    status = 0
    games = []
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
        games.append({"game": found["game"], "path": str(folder), "ok": True, "counts": found["counts"],
                      "provisional": provisional, "diagnostics": []})
        if not args.json:  # the summary and the notes come from content (and a kept result)
            print(terminal_safe(found["summary"], keep=""))
            if args.provisional:
                for card in provisional:
                    print(terminal_safe(f"  provisional {card['card']}: {card['note'] or '(no note)'}",
                                        keep=""))
    if args.json:
        from compiler.tools.output import print_json

        print_json({"games": games, "exit": status})
    return status
