"""The games a server offers and the tables it holds, and starting a table from a form or a save.

Each game is compiled once when the server starts (from the cache when nothing changed), as
`kurtyna play` compiles it; a table is a game in progress. A form names everything in words a
person typed, so every field is checked here and refused with a sentence (StartError), never
passed on raw: the game among those served, the language, the seed, the player count, the
options (`name=value` lines, as `--option`), and each seat: a person or a bot.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.tools.common import parse_options
from compiler.tools.serve.faces import Faces
from compiler.tools.serve.payload import Shown
from compiler.tools.serve.tables import MAX_TABLES, Seat, Table
from dsl.runtime.bots import check_bot

LANGS = ("en", "pl", "cs")
BOTS = ("random", "greedy", "ismcts")


class StartError(ValueError):
    """A form or a save that cannot start a table, in words for the page."""


@dataclass
class ServedGame:
    folder: Path
    compiled: Any
    engine: Any
    _shown: dict[str, Shown] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.compiled.game.id

    def name(self, lang: str) -> str:
        return self.shown(lang).words.name(self.id)

    def shown(self, lang: str) -> Shown:
        if lang not in self._shown:
            self._shown[lang] = Shown(self.compiled, self.engine.SPEC, lang)
        return self._shown[lang]

    def seats(self) -> tuple[int, int, int]:
        """(fewest, most, default) players at the table."""
        return self.compiled.game.seats()

    def players(self) -> list[str]:
        return [p.id for p in self.compiled.game.players]


class Served:
    """Everything one server holds: its games by id and its tables by id."""

    def __init__(self, games: list[ServedGame]):
        self.games = {g.id: g for g in games}
        self.tables: dict[str, Table] = {}
        self.lock = threading.Lock()
        self.faces = Faces()
        self.previews: dict[str, Any] = {}  # game id -> Preview (`--watch`)
        self.stopping = False  # Ctrl-C: pages waiting for news are answered at once

    def start(self, fields: dict[str, str]) -> Table:
        game = self._game(fields)
        lang = _lang(fields)
        seed = _number(fields.get("seed") or "1", "seed", 0, 2**63 - 1)
        low, high, default = game.seats()
        players = _number(fields.get("players") or str(default), "players", low, high)
        try:
            lines = [line for line in (fields.get("options") or "").splitlines() if line.strip()]
            options = parse_options(lines)
            engine_game = game.engine.Game(options, players=players)
        except ValueError as exc:
            raise StartError(str(exc)) from None
        seats = _seats(fields, game.players()[:players])
        return self._keep(Table(_new_id(), game.id, game.engine, game.compiled, engine_game, seed, seats,
                                lang))

    def load(self, data: bytes, fields: dict[str, str]) -> Table:
        """A table from a save file's bytes (checked: its state must be the one its answers give)."""
        from compiler.tools.terminal.session import MAX_SAVE

        if not data:
            raise StartError("choose a save file to load")
        if len(data) > MAX_SAVE:
            raise StartError(f"the file has more than {MAX_SAVE:,} bytes; a save has fewer")
        try:
            game_id = _json_game(data)
        except ValueError as exc:
            raise StartError(f"this is not a save of Kurtyna ({exc})") from None
        if game_id not in self.games:
            raise StartError(f"the save is of a game this server does not serve ('{game_id}')")
        game = self.games[game_id]
        try:
            state = game.engine.Game().state_from_json(data, verify=True)
        except ValueError as exc:
            raise StartError(f"the save was refused: {exc}") from None
        seats = _seats(fields, game.players()[:state.game.player_count])
        return self._keep(Table(_new_id(), game.id, game.engine, game.compiled, state.game, state.seed, seats,
                                _lang(fields), state=state))

    def _game(self, fields: dict[str, str]) -> ServedGame:
        game = self.games.get(fields.get("game", ""))
        if game is None:
            raise StartError("choose one of the games served here")
        return game

    def _keep(self, table: Table) -> Table:
        with self.lock:
            if len(self.tables) >= MAX_TABLES:
                finished = [t for t in self.tables.values() if t.asked() is None]
                if not finished:
                    raise StartError(f"this server holds {MAX_TABLES} games in progress; finish one first")
                del self.tables[finished[0].id]
            self.tables[table.id] = table
        return table


def _new_id() -> str:
    return secrets.token_urlsafe(9)


def _lang(fields: dict[str, str]) -> str:
    lang = fields.get("lang") or "en"
    if lang not in LANGS:
        raise StartError(f"choose a language: {', '.join(LANGS)}")
    return lang


def _number(text: str, what: str, low: int, high: int) -> int:
    text = text.strip()
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 20:
        raise StartError(f"the {what} is a whole number, not '{text[:40]}'")
    value = int(text)
    if not low <= value <= high:
        raise StartError(f"the {what} is {value}; it must be from {low} to {high}")
    return value


def _seats(fields: dict[str, str], players: list[str]) -> list[Seat]:
    """Each seated player a person or a bot (`seat_<player>`: person, random, greedy, ismcts[:N]);
    the first a person and the others random bots when the form does not say. Bots at every seat
    make a game to watch: the host's page shows the first player's view."""
    seats = []
    for index, player in enumerate(players):
        chosen = fields.get(f"seat_{player}") or ("person" if index == 0 else "random")
        if chosen == "person":
            seats.append(Seat(player, index, None))
            continue
        try:
            seats.append(Seat(player, index, check_bot(chosen)))
        except ValueError as exc:
            raise StartError(str(exc)) from None
    return seats  # every seat a bot: a game to watch from the host's page


def _json_game(data: bytes) -> str:
    import json

    try:
        saved = json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValueError("it is not JSON") from exc
    if not isinstance(saved, dict) or not isinstance(saved.get("game"), str):
        raise ValueError("it names no game")
    return saved["game"]
