"""The game log in words (English): what happened, one line per entry.

Lines name things as people read them (`Blue Harbour`); with `ids=True` they use the
content's ids instead (`blue_harbour`), which stay put when a display name changes.

The full log (tools, scenarios) holds every line; a player's log (`viewer`) holds another
player's private line (`log "key" to p`) only as the fact that it was written.
"""

from __future__ import annotations

from typing import Any

from .view import names_one


def _value(spec, value: Any, ids: bool) -> str:
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str):
        kind, raw = value
        names = spec.names_of(kind) if ids else spec.display_of(kind)
        return names[raw] if names is not None and names_one(names, raw) else str(raw)
    return str(value)


def _said(spec, key: str, args: dict[str, Any], ids: bool) -> str:
    details = ", ".join(f"{name}={_value(spec, value, ids)}" for name, value in args.items())
    return f"{key}: {details}" if details else key


def describe(state, entry: tuple, ids: bool = False, viewer: int | None = None) -> str:
    """One entry in words, as the whole log has it (`viewer` None) or as player `viewer` reads it."""
    spec = state.game.spec
    players = spec.players if ids else spec.display_of("player")
    kind = entry[0]
    if kind == "answer":
        _, player, prompt, answer = entry
        return f"{players[player]} chose {_value(spec, answer, ids)} ({prompt})"
    if kind == "secret_answer":
        _, player, prompt = entry
        return f"{players[player]} chose in secret ({prompt})"
    if kind == "say":
        _, key, args = entry
        return _said(spec, key, args, ids)
    if kind == "say_to":
        _, reader, key, args = entry
        if viewer is not None and viewer != reader:
            return f"{players[reader]} looked at something in private"
        return f"{_said(spec, key, args, ids)} (to {players[reader]} only)"
    if kind == "roll":
        _, sides, count, total = entry
        dice = f"{count}d{sides}" if count != 1 else f"d{sides}"
        return f"rolled {total} ({dice})"
    if kind == "event":
        _, card, player = entry
        cards = spec.cards if ids else spec.display_of("card")
        return f"{players[player]} resolves the event of {cards[card]}"
    if kind == "game_over":
        _, winner, reason, winners = entry
        if len(winners) > 1:
            return f"game over: {' and '.join(players[p] for p in winners)} share the win ({reason})"
        who = players[winner] if winner is not None else "nobody (a draw)"
        return f"game over: {who} wins ({reason})"
    return " ".join(map(str, entry))


def lines(state, start: int = 0, ids: bool = False, viewer: int | None = None) -> list[str]:
    """The log from entry `start` on, in words: all of it (`viewer` None), or as player `viewer`
    (an index) may read it, with another player's private lines as the fact that one was written."""
    return [describe(state, entry, ids, viewer) for entry in state.log[start:]]
