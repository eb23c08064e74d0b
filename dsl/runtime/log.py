"""The game log in words (English, from ids): what happened, one line per entry."""

from __future__ import annotations

from typing import Any


def _value(spec, value: Any) -> str:
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str):
        kind, raw = value
        names = spec.names_of(kind)
        return names[raw] if names is not None and raw is not None else str(raw)
    return str(value)


def describe(state, entry: tuple) -> str:
    spec = state.game.spec
    kind = entry[0]
    if kind == "answer":
        _, player, prompt, answer = entry
        return f"{spec.players[player]} chose {answer} ({prompt})"
    if kind == "secret_answer":
        _, player, prompt = entry
        return f"{spec.players[player]} chose in secret ({prompt})"
    if kind == "say":
        _, key, args = entry
        details = ", ".join(f"{name}={_value(spec, value)}" for name, value in args.items())
        return f"{key}: {details}" if details else key
    if kind == "roll":
        _, sides, count, total = entry
        dice = f"{count}d{sides}" if count != 1 else f"d{sides}"
        return f"rolled {total} ({dice})"
    if kind == "event":
        _, card, player = entry
        return f"{spec.players[player]} resolves the event of {spec.cards[card]}"
    if kind == "game_over":
        _, winner, reason = entry
        who = spec.players[winner] if winner is not None else "nobody (a draw)"
        return f"game over: {who} wins ({reason})"
    return " ".join(map(str, entry))


def lines(state, start: int = 0) -> list[str]:
    """The log from entry `start` on, in words."""
    return [describe(state, entry) for entry in state.log[start:]]
