"""Saved games: a save is read back only after every part of it has been checked.

A save (format 2) is the JSON object `State.to_json()` writes:

    {"format": 2, "game": "<id>", "options": {...}, "seed": <int>, "history": [...], "state": {...}}

with `"players": <int>` too for a game of a chosen player count (game.yaml `player_count`; a
save without it is of the default count). `state` is the state itself (snapshot.py), read back
without running any rule; `history`, every answer since the start, is the record of the game.
A save without `state` (format 1, or a state whose procedures in progress are not all the
engine's) is loaded by replaying the history from the seed. Nothing in it is trusted: the text
must be JSON, the object must have exactly these parts (`players` and `state` may be left out),
each of its type (true is not 1, 3.0 is not 3), the options must be the game's own and in their
ranges, the state must fit the game (snapshot.py), every answer must be legal at its point when
the history is replayed (always for a history-only save; with `verify=True` for one that holds
its state, which must then be the replayed one), the game must not end before the history does,
and the state must hold the engine's invariants. Anything else is a `SaveError` saying what is
wrong and where (`history[12]`, `options.rounds`, `state.frames[2].pc`); nothing else comes out
of `load`, not even a fault no check foresaw (a SaveError that says so: the property test of
tests/dsl/test_saves.py fails on it).

dsl/schemas/save.schema.json states the same shape as a JSON Schema, the documented contract
that tests hold saves against. The runtime checks by hand instead of with jsonschema because
generated engines need nothing beyond the standard library; the hand checks also know what no
schema can (this game's options, the legal answers, the invariants).

Forced dice and draws (`{"force": [...]}`, `{"force_draws": [...]}` in the history) are how
scenarios and tests fix chance; those made before the rules started (`Game.new_state(seed,
before_setup=...)`) carry `"before_setup": true`, lead the history and are replayed before
setup. `to_json()` writes them, so that such a state can be saved and inspected, but a save
that carries them is refused unless the caller loads it with `allow_forced=True` (the entry
point for scenarios and tests): a save must not choose its dice.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from .decisions import Decision, IllegalAnswer
from .helpers import RuleError
from .invariants import violations
from .options import OptionError, chosen_options, shown
from .snapshot import SnapshotFault, restore, snapshot
from .state import FORMAT, State

UNFORESEEN = "a fault the checks did not foresee"  # the tests look for it: each is a bug to fix
SEED_MAX = 2**63 - 1  # seeds are whole numbers 0..SEED_MAX (they fit a signed 64-bit integer)
MAX_DIGITS = 40  # no number in a save needs more digits; longer ones are refused before int()
FORCED = ("force", "force_draws")  # history entries that fix chance (scenarios and tests only)
BEFORE_SETUP = "before_setup"  # marks forced chance made before the rules started
# the parts of a save, by format; those a save may leave out (players: the game's default count;
# state: loaded by replaying the history)
PARTS = {1: ("format", "game", "options", "seed", "history"),
         FORMAT: ("format", "game", "options", "seed", "history")}
OPTIONAL = {1: ("players",), FORMAT: ("players", "state")}


class SaveError(ValueError):
    """A save that cannot be loaded; `where` is the JSON path of the fault ('' for the whole)."""

    def __init__(self, problem: str, where: str = ""):
        self.where = where
        self.problem = problem
        super().__init__(f"not a valid save: {where + ' ' if where else ''}{problem}")


def load(game_class: Callable[..., Any], text: str | bytes, allow_forced: bool = False,
         verify: bool = True) -> State:
    """The state a save holds, or SaveError: read, check every part, then read the state it
    holds (snapshot.py) or, for a save without one, replay its history; the engine's invariants
    must hold. `verify`: replay the history too and require the very same state."""
    try:
        return _load(game_class, text, allow_forced, verify)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError("is nested too deeply to be a save") from None
    except Exception as exc:  # a fault no check foresaw is still a refusal, never a traceback
        raise SaveError(f"cannot be loaded ({UNFORESEEN}: {type(exc).__name__}: {str(exc)[:200]})") from exc


def _load(game_class: Callable[..., Any], text: str | bytes, allow_forced: bool, verify: bool) -> State:
    data = parse(text)
    check_parts(data)
    game = _game(game_class, data)
    seed = check_seed(data["seed"], "seed")
    history = data["history"]
    check_history(history, len(game.spec.cards), allow_forced)
    if data.get("state") is None:
        state, where = _replay(game, seed, history), "history"
    else:
        state, where = _restore(game, seed, history, data["state"], allow_forced), "state"
    wrong = violations(state)
    if wrong:
        how = "replays into a state that breaks" if where == "history" else "breaks"
        raise SaveError(f"{how} the engine's invariants: " + "; ".join(wrong[:5]), where)
    if verify and where == "state":
        replayed = snapshot(_replay(game, seed, history))
        if not same(replayed, data["state"]):
            differs = next(k for k in replayed if not same(replayed[k], data["state"][k]))
            raise SaveError(f"differs from the state its history replays into (first in '{differs}')",
                            f"state.{differs}")
    return state


def _restore(game, seed: int, history: list[Any], data: Any, allow_forced: bool) -> State:
    """The state a snapshot holds, its history kept as the record of the game."""
    state = State(game, seed, run=False)
    for entry in history:
        state.history.append(entry)
    state.history.pack()
    try:
        restore(state, data)
    except SnapshotFault as fault:
        raise SaveError(fault.problem, fault.where) from None
    except RuleError as exc:  # a grid cell taken twice, a decision for an unseated player
        raise SaveError(str(exc), "state") from None
    if (state.forced or state.forced_draws) and not allow_forced:
        raise SaveError("forces the dice or draws to come; forced chance is for scenarios and tests, "
                        "a save may not carry it", "state.forced")
    return state


# -- the text ---------------------------------------------------------------------------------
def parse(text: str | bytes) -> Any:
    """The JSON value of a save's text; numbers too long, NaN and repeated keys are refused."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(f"is not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise SaveError(f"is a Python {type(text).__name__}; a save is JSON text")
    try:
        return _json(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"is not JSON ({exc.msg}: line {exc.lineno}, column {exc.colno}); "
                        "the file may be cut short or edited") from None
    except RecursionError:
        raise SaveError("is nested too deeply to be a save") from None


def _json(text: str) -> Any:
    """json.loads with the checks of a save. A save holds thousands of whole numbers and a hook
    per number doubled its load, so they are read by int() itself, which refuses numbers of more
    digits than its limit (a ValueError); then the text is read again with a check of each
    number, which says what is wrong. Numbers shorter than that limit are checked against their
    ranges where they are used."""
    hooks: dict[str, Any] = {"parse_float": _fraction, "parse_constant": _constant,
                             "object_pairs_hook": _object}
    if 0 < sys.get_int_max_str_digits() <= 5000:
        try:
            return json.loads(text, **hooks)
        except (json.JSONDecodeError, SaveError):
            raise
        except ValueError:  # a number longer than int() reads
            pass
    return json.loads(text, parse_int=_whole, **hooks)


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise SaveError(f"holds a number of {len(digits.lstrip('-'))} digits; no number in a save "
                        f"has more than {MAX_DIGITS}")
    return int(digits)


def _fraction(digits: str) -> float:
    if len(digits) > MAX_DIGITS + 10:
        raise SaveError(f"holds a number written with {len(digits)} characters; "
                        "no number in a save is that long")
    return float(digits)


def _constant(name: str) -> Any:
    raise SaveError(f"holds {name}, which is not a JSON number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SaveError(f"names '{key}' twice in one object; which one was meant cannot be told")
        out[key] = value
    return out


# -- the parts --------------------------------------------------------------------------------
def check_parts(data: Any) -> None:
    """A JSON object of a format this engine reads, with exactly that format's parts."""
    if not isinstance(data, dict):
        raise SaveError(f"is {_kind(data)}; a save is a JSON object")
    if "format" not in data:
        raise SaveError("has no 'format'; it is not a save of a Kurtyna game")
    fmt = data["format"]
    if not _is_int(fmt):
        raise SaveError(f"is {shown(fmt)}, a whole number was expected", "format")
    if fmt not in PARTS:
        readable = ", ".join(map(str, PARTS))
        raise SaveError(f"is {fmt}; this engine reads saves of format {readable}", "format")
    parts = PARTS[fmt]
    for key in data:
        if key not in parts and key not in OPTIONAL[fmt]:
            raise SaveError(f"is not a part of a save (its parts: {', '.join(parts)})", shown(key))
    for key in parts:
        if key not in data:
            raise SaveError(f"is missing; a save has {', '.join(parts)}", key)


def _game(game_class: Callable[..., Any], data: dict[str, Any]):
    """The game with the save's options, once the save is known to be of this game."""
    spec = game_class.spec
    name = data["game"]
    if not isinstance(name, str):
        raise SaveError(f"is {shown(name)}, a game id (text) was expected", "game")
    if name != spec.id:
        raise SaveError(f"is {shown(name)}: a save of another game, not of '{spec.id}'", "game")
    options = data["options"]
    if not isinstance(options, dict):
        raise SaveError(f"is {_kind(options)}, an object of option values was expected", "options")
    try:
        chosen_options(spec, options)
    except OptionError as exc:
        raise SaveError(exc.problem, f"options.{exc.option}" if exc.option else "options") from None
    players = data.get("players")  # left out or null: a save from before player counts
    if players is not None and not _is_int(players):
        raise SaveError(f"is {shown(players)}, a whole number of players was expected", "players")
    key = (tuple(sorted(options.items())), players)
    games = game_class.__dict__.get("_loaded")
    if games is None:  # per engine class: games loaded from saves, shared by their states
        games = game_class._loaded = {}
    if key not in games:
        try:  # a save from before player counts has none: the game's default
            game = game_class(options, players=players)
        except OptionError as exc:
            raise SaveError(exc.problem, "players") from None
        if len(games) >= 16:  # a few option sets are in use at a time
            games.pop(next(iter(games)))
        games[key] = game
    return games[key]


def check_seed(seed: Any, where: str) -> int:
    if not _is_int(seed):
        raise SaveError(f"is {shown(seed)}, a whole number was expected", where)
    if not 0 <= seed <= SEED_MAX:
        raise SaveError(f"is {shown(seed)}, outside 0..{SEED_MAX}", where)
    return seed


def check_history(history: Any, n_cards: int, allow_forced: bool) -> None:
    """Every entry of the history of a sound shape: an answer, or (if allowed) forced chance."""
    if not isinstance(history, list):
        raise SaveError(f"is {_kind(history)}, a list of answers was expected", "history")
    for i, entry in enumerate(history):
        where = f"history[{i}]"
        if isinstance(entry, dict):
            _check_forced(entry, where, n_cards, allow_forced)
        elif not (entry is None or isinstance(entry, str) or _is_int(entry)):
            raise SaveError(f"is {shown(entry)}, an answer was expected (a whole number, an id or null)",
                            where)


def _check_forced(entry: dict[str, Any], where: str, n_cards: int, allow_forced: bool) -> None:
    keys = [k for k in entry if k in FORCED]
    if not keys:
        raise SaveError(f"is {_kind(entry)}, an answer was expected (a whole number, an id or null)", where)
    if not allow_forced:
        raise SaveError(f"forces the {'dice' if keys[0] == 'force' else 'draws'}; forced chance is for "
                        "scenarios and tests, a save may not carry it", where)
    extra = [k for k in entry if k not in keys and k != BEFORE_SETUP]
    if len(keys) != 1 or extra:
        raise SaveError(f"has {', '.join(map(shown, entry))}; forced chance is one of {', '.join(FORCED)}"
                        f" (and '{BEFORE_SETUP}': true)", where)
    if BEFORE_SETUP in entry and entry[BEFORE_SETUP] is not True:
        raise SaveError(f"is {shown(entry[BEFORE_SETUP])}; it is true or left out", f"{where}.{BEFORE_SETUP}")
    key = keys[0]
    values = entry[key]
    if not isinstance(values, list) or not all(_is_int(v) for v in values):
        raise SaveError(f"is {shown(values)}, a list of whole numbers was expected", f"{where}.{key}")
    low, high = (1, 1000) if key == "force" else (0, n_cards - 1)
    for j, value in enumerate(values):
        if not low <= value <= high:
            raise SaveError(f"is {shown(value)}, outside {low}..{high}", f"{where}.{key}[{j}]")


# -- the replay -------------------------------------------------------------------------------
def replay_entry(state: State, entry: Any) -> None:
    """Apply one history entry (an answer, or forced chance) to `state`; IllegalAnswer if the
    answer is not legal now. Answers must match a legal one in type too: true is not 1."""
    if isinstance(entry, dict):
        if entry.get(BEFORE_SETUP) and state.started:
            raise IllegalAnswer("forces chance before setup, but setup has run "
                                "(such entries lead the history)")
        if "force" in entry:
            state.force_rolls(*entry["force"])
        else:
            state.force_draws(*entry["force_draws"])
        return
    decision = state.decision()
    if decision is None:
        raise IllegalAnswer("goes on after the end of the game")
    for raw in decision.options:
        if type(raw) is type(entry) and raw == entry:
            state._answer(raw)
            return
    raise IllegalAnswer(f"is {shown(entry)}, not a legal answer at this point ({_asked(decision)})")


def setup_entries(history: list[Any]) -> int:
    """How many entries lead the history that force chance before setup (they are replayed
    before the rules start, as `Game.new_state(seed, before_setup=...)` made them)."""
    head = 0
    while head < len(history) and isinstance(history[head], dict) and history[head].get(BEFORE_SETUP):
        head += 1
    return head


def _replay(game, seed: int, history: list[Any]) -> State:
    state = State(game, seed, run=False)
    head = setup_entries(history)
    for i, entry in enumerate(history[:head]):
        _run(lambda entry=entry: replay_entry(state, entry), f"history[{i}]")
    _run(state.start, f"history[{head - 1}]" if head else "seed")
    for i, entry in enumerate(history[head:], head):
        if state.is_over() and not isinstance(entry, dict):
            result = state.result() or {}
            raise SaveError(f"goes on after the end of the game (it ended at history[{i - 1}]: "
                            f"{result.get('reason')})", f"history[{i}]")
        _run(lambda entry=entry: replay_entry(state, entry), f"history[{i}]")
    return state


def _run(step: Callable[[], Any], where: str) -> Any:
    """One replay step; a refusal of the engine becomes a SaveError at `where`."""
    try:
        return step()
    except IllegalAnswer as exc:
        raise SaveError(str(exc), where) from None
    except RuleError as exc:  # a fault of the rules that this history reaches
        raise SaveError(f"leads the rules into a fault: {exc}", where) from exc


def _asked(decision: Decision) -> str:
    """Who is asked what, and the legal raw answers (with the ids they stand for)."""
    legal = ", ".join(_answer(decision, raw) for raw in decision.options[:12])
    more = f" and {len(decision.options) - 12} more" if len(decision.options) > 12 else ""
    return f"{decision.who} is asked '{decision.prompt}'; legal: {legal}{more}"


def _answer(decision: Decision, raw: Any) -> str:
    external = decision.external(raw)
    return shown(raw) if external == raw else f"{shown(raw)} ({external})"


def same(a: Any, b: Any) -> bool:
    """Whether two JSON values are the same, types too: Python's == holds 0 == false and 1 == 1.0,
    so a state whose local was made `false` would pass for the replayed one, and the rules would
    then take false for a player."""
    if type(a) is not type(b):
        return False
    if type(a) is list:
        return len(a) == len(b) and all(map(same, a, b))
    if type(a) is dict:
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    return a == b


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: Any) -> str:
    """What a JSON value is, in words."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return shown(value)
