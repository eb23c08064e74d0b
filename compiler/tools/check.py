"""`kurtyna check`: load, check and resolve games, text checks included; report every fault."""

from __future__ import annotations

from compiler.diagnostics import CompileError
from compiler.pipeline import checked_game
from compiler.tools.common import counts, games_of, report, sources_of, summary
from compiler.tools.output import diagnostic_json, print_json


def provisional_cards(compiled) -> list[dict]:
    """The cards marked `provisional: true` (not in the rulebook; our design) with their notes."""
    return [{"card": c.id, "note": c.note or None} for c in compiled.game.cards if c.provisional]


def cmd_check(args) -> int:
    status = 0
    games = []
    for folder in games_of(args):
        try:
            compiled = checked_game(folder)
        except CompileError as exc:
            status = 1
            games.append({"game": folder.name, "path": str(folder), "ok": False,
                          "diagnostics": [diagnostic_json(d) for d in exc.diagnostics]})
            if not args.json:
                report(exc.diagnostics, sources_of(exc.diagnostics))
            continue
        provisional = provisional_cards(compiled)
        games.append({"game": compiled.game.id, "path": str(folder), "ok": True, "counts": counts(compiled),
                      "provisional": provisional, "diagnostics": []})
        if not args.json:
            print(summary(compiled))
            if args.provisional:
                for card in provisional:
                    print(f"  provisional {card['card']}: {card['note'] or '(no note)'}")
    if args.json:
        print_json({"games": games, "exit": status})
    return status
