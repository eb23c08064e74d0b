"""The options a game is started with: each one declared by the game, of its type, in its range.

`Game(options)` and a loaded save both go through `chosen_options`, so a value the game would
refuse at the start cannot come in through a save either.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .spec import GameSpec


class OptionError(ValueError):
    """An option the game does not declare, or a value it does not take; `option` names it and
    `problem` is the message without the option's name (a save puts its JSON path there)."""

    def __init__(self, message: str, option: str | None = None, problem: str | None = None):
        super().__init__(message)
        self.option = option
        self.problem = problem or message


def _bad(key: str, problem: str) -> OptionError:
    return OptionError(f"option '{key}' {problem}", key, problem)


def chosen_options(spec: GameSpec, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every declared option with its value: the given one where there is one, else the default."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise OptionError(f"options are a mapping of option ids to values, not {shown(given)}")
    chosen = dict(spec.options)
    for key, value in given.items():
        if not isinstance(key, str) or key not in chosen:
            known = ", ".join(sorted(chosen)) or "none"
            raise OptionError(f"unknown option {shown(key)} (options: {known})", str(key),
                              f"is not an option of this game (options: {known})")
        chosen[key] = checked_value(spec, key, value)
    return chosen


def chosen_players(spec: GameSpec, given: Any) -> int:
    """How many players sit at the table: `given`, or the game's default when None; an
    OptionError (option 'players') when the game does not seat that many."""
    low, high, default = spec.seats()
    if given is None:
        return default
    allowed = str(low) if low == high else f"{low} to {high}"
    if isinstance(given, bool) or not isinstance(given, int):
        problem = f"is a whole number ({allowed}), not {shown(given)}"
    elif not low <= given <= high:
        problem = f"is {given}; '{spec.id}' seats {allowed} players"
    else:
        return given
    raise OptionError(f"the number of players {problem}", "players", problem)


def checked_value(spec: GameSpec, key: str, value: Any) -> bool | int | str:
    """`value` if option `key` takes it; bool and int are told apart (True is not 1)."""
    choices = spec.option_choices.get(key)
    if choices is not None:
        if not isinstance(value, str) or value not in choices:
            raise _bad(key, f"takes one of {', '.join(choices)}, not {shown(value)}")
        return value
    if isinstance(spec.options[key], bool):
        if not isinstance(value, bool):
            raise _bad(key, f"takes true or false, not {shown(value)}")
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(key, f"takes a whole number, not {shown(value)}")
    low, high = spec.option_ranges.get(key, (None, None))
    if (low is not None and value < low) or (high is not None and value > high):
        raise _bad(key, f"is {shown(value)}; it takes {range_text(low, high)}")
    return value


def range_text(low: int | None, high: int | None) -> str:
    if high is None:
        return f"{low} or more"
    if low is None:
        return f"{high} or less"
    return f"{low}..{high}"


def shown(value: Any, limit: int = 60) -> str:
    """A value as a message shows it: JSON-like words, long values cut short."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int) and value.bit_length() > 200:  # str() of a huge number may be refused
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
