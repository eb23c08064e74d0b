"""The games a server holds: a table per game in progress, its seats, and who may do what.

A table holds one game (a compiled engine's state), its seats (a person or a bot each) and the
tokens that let a browser act for a seat. Every change goes through `Table.answer` / `undo`
under the table's lock, and bumps `version`, which pages wait on. Bots answer in a worker
thread (`play_bots`), one answer at a time under the lock, so a page asking for its view never
waits on a bot's search.

A token is a secret per seat (a LAN game sends each player the link with theirs) and one for the
host, who may act for every person's seat at one screen (hot seat) and save the game. The
decision number (the length of the history when it was asked) comes with every answer, so an
answer sent twice, or to a question that has moved on, is refused rather than applied again.
"""

from __future__ import annotations

import random
import secrets
import threading
from dataclasses import dataclass, field
from typing import Any

from dsl.runtime.bots import choose
from dsl.runtime.helpers import RuleError

MAX_TABLES = 200  # games one server keeps; the oldest finished ones go first


class TableError(ValueError):
    """A request the table refuses (an answer out of turn, a stale decision, an unknown token):
    said to the page, and the game goes on."""

    def __init__(self, message: str, status: int = 409):
        super().__init__(message)
        self.status = status


@dataclass
class Seat:
    player: str
    index: int
    bot: str | None  # None: a person
    token: str = field(default_factory=lambda: secrets.token_urlsafe(18))


@dataclass
class Access:
    """What a token lets its page do: act for `seats` (indices), see as `viewer` (None: the
    seat asked now among them), save and undo for everyone (the host)."""
    seats: list[int]
    host: bool


class Table:
    def __init__(self, table_id: str, game_id: str, engine: Any, compiled: Any, game: Any, seed: int,
                 seats: list[Seat], lang: str, state: Any = None):
        self.id, self.game_id, self.engine, self.compiled = table_id, game_id, engine, compiled
        self.game, self.seed, self.seats, self.lang = game, seed, seats, lang
        self.host_token = secrets.token_urlsafe(18)
        self.lock = threading.RLock()
        self.state = state if state is not None else game.new_state(seed)
        self.version = 0
        self.busy = False  # a worker thread lets the bots answer (start_bots); pages say "thinking"
        self.fault: str | None = None  # a fault of the rules ended the game (said on every page)
        self.marks: dict[int, list[int]] = {s.index: [] for s in seats}  # history lengths before answers
        self.rng = random.Random(seed)

    # -- who may do what -----------------------------------------------------------------------
    def access(self, token: str) -> Access:
        if secrets.compare_digest(token, self.host_token):
            return Access([s.index for s in self.seats if s.bot is None], host=True)
        for seat in self.seats:
            if seat.bot is None and secrets.compare_digest(token, seat.token):
                return Access([seat.index], host=False)
        raise TableError("this link is not one of this table's seats", status=403)

    def viewer(self, access: Access) -> int:
        """The seat whose view a page shows: the one asked now when the page acts for it, else
        the page's first seat (a host's page with no person asked shows the first person's)."""
        asked = self.asked()
        if asked is not None and asked in access.seats:
            return asked
        return access.seats[0] if access.seats else 0

    def asked(self) -> int | None:
        if self.fault is not None or self.state.is_over():
            return None
        return self.state.decision().player

    def bot_asked(self) -> bool:
        """Whether the next answer is not a person's to give: a bot's seat is asked, or the
        question has one legal answer (nobody is asked what they cannot choose)."""
        asked = self.asked()
        return asked is not None and (self.seats[asked].bot is not None
                                      or len(self.state.decision().options) == 1)

    # -- changes ---------------------------------------------------------------------------------
    def answer(self, access: Access, decision: int, index: int) -> None:
        """Give answer number `index` (in the order of the view's answers) to the decision
        numbered `decision` (the history's length when it was asked), for a seat of `access`."""
        with self.lock:
            asked = self.asked()
            if asked is None:
                raise TableError("the game is over")
            if decision != len(self.state.history):
                raise TableError("that question has been answered already; the page shows the new one")
            if asked not in access.seats:
                raise TableError("it is not your decision", status=403)
            if not 0 <= index < len(self.state.decision().options):
                raise TableError("that is not an answer to this question", status=400)
            self.marks[asked].append(len(self.state.history))
            self._apply(lambda: self.state.apply_index(index))

    def undo(self, access: Access) -> None:
        """Take back the last answer of a seat of this access, and every answer since, while no
        other person has answered since (bots' answers are taken back with it)."""
        with self.lock:
            mine = [(self.marks[s][-1], s) for s in access.seats if self.marks[s]]
            if not mine:
                raise TableError("there is nothing of yours to undo")
            mark, seat = max(mine)
            later = [s for s, marks in self.marks.items()
                     if s not in access.seats and marks and marks[-1] > mark]
            if later:
                raise TableError("another player has answered since; undo is no longer possible")
            self.marks[seat].pop()
            self.state = self.game.replay(self.seed, self.state.history[:mark])
            self.fault = None
            self.version += 1

    def start_bots(self) -> None:
        """Let the bots answer in a worker thread, unless one already does; pages see a change."""
        with self.lock:
            self.version += 1
            if self.busy or not self.bot_asked():
                return
            self.busy = True
        threading.Thread(target=self._play_bots, name=f"kurtyna-bots-{self.id}", daemon=True).start()

    def _play_bots(self) -> None:
        """Bots answer until a person is asked or the game ends, one answer at a time under the
        lock, so pages are answered between two of them."""
        try:
            while True:
                with self.lock:
                    if not self.bot_asked():
                        return
                    bot = self.seats[self.asked()].bot
                    if bot is None:  # a person's question with one answer
                        self._apply(lambda: self.state.apply_index(0))
                    else:
                        self._apply(lambda bot=bot: self.state.apply_index(choose(self.state, bot, self.rng)))
        finally:
            with self.lock:
                self.busy = False
                self.version += 1

    def _apply(self, change) -> None:
        try:
            change()
        except RuleError as fault:  # the rules failed: the game stops and every page says where
            from compiler.diagnostics import fault_diagnostic

            self.fault = fault_diagnostic(fault).message
        self.version += 1
