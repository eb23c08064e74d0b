"""A game in progress: the data, the dice, the lasting effects, the log, and the decision loop.

Generated procedures that may ask a player are resumable frames (frames.py): where a player
must decide, a frame stops and returns a `Decision`, and is resumed with the answer. The state
drives the stack of frames in progress (`frames`). Everything a state holds is plain data, so
`clone()` copies it, in the middle of an event too, without running anything. A state also
remembers its seed and every answer since the start (`history`): `to_json()` saves those, and
`Game.state_from_json()` replays them (the same seed and answers always give the same game).

`State` is made of four parts, and generated code calls all of them as `st.<name>`:
this module (the engine API, the decision loop, zones, the grid, card events), chance.py (dice,
shuffles, draws, forced rolls and draws), lasting.py (lasting effects: modifiers,
prohibitions, triggers) and knowledge.py (who knows where each card is, for `view`).
"""

from __future__ import annotations

import json
import random
from typing import Any

from .chance import Chance
from .copying import copy_state
from .decisions import Decision, IllegalAnswer
from .determinize import determinize
from .entries import Log
from .faults import located
from .frames import Frame, Main, call, run
from .grid import Grid, GridPlaces
from .helpers import RuleError, StepLimit
from .knowledge import Knowledge
from .lasting import Effect, LastingEffects
from .snapshot import snapshot
from .view import view

FORMAT = 2  # version of the JSON form of a state (1: the history only, replayed on loading)


def _winners(winner: int | None, winners: tuple[int, ...] | None) -> tuple[int, ...]:
    """Who won: the winners when given (a shared win), else the one winner, else nobody."""
    if winners is not None:
        return tuple(winners)
    return () if winner is None else (winner,)


class GameOver(Exception):
    """Raised by `end game`; carries the winner (a player index, or None for a draw or a shared
    win) and the winners (player indices in seating order: none for a draw, the one winner, or
    the players who share the win)."""

    def __init__(self, winner: int | None, reason: str | None = None,
                 winners: tuple[int, ...] | None = None):
        super().__init__(reason or "game over")
        self.winner = winner
        self.reason = reason
        self.winners = _winners(winner, winners)

    @classmethod
    def among(cls, players: Any, reason: str | None = None) -> GameOver:
        """`end game winners <list>`: no player is a draw, one is that player's win (as `end game
        winner`), more share the win. A `none` in the list stands for nobody, as `winner none` is
        a draw."""
        winners = tuple(sorted({p for p in players if p is not None}))
        return cls(winners[0] if len(winners) == 1 else None, reason, winners)


class State(Chance, Knowledge, LastingEffects, GridPlaces):
    """The state of one game. Engine API: decision(), apply(), is_over(), result(), clone(),
    to_json(), view(player), log."""

    def __init__(self, game, seed: int, run: bool = True):
        spec = game.spec
        self.game = game
        self.g = game  # short name used by generated code
        self.seed = seed
        self.rng = random.Random(seed)
        self.t: list[int] = [0] * spec.track_slots
        for track in spec.tracks:
            for i, value in enumerate(track.start):
                self.t[track.slot + i] = value
        n_players, n_spaces = len(spec.players), len(spec.spaces)
        self.c: list[list[Any]] = []
        for counter in spec.counters:
            if counter.per_player:
                cells: list[Any] = [[counter.min] * n_players for _ in range(n_spaces)]
            else:
                cells = [counter.min] * n_spaces
            for space, player, value in counter.start:
                if game.space_present[space]:
                    if player >= 0:
                        cells[space][player] = value
                    else:
                        cells[space] = value
            self.c.append(cells)
        self.v: list[Any] = list(spec.variables)
        self.zones: list[list[int]] = [[] for _ in range(spec.zone_slots)]
        self.grid = Grid(len(spec.spaces))  # where spaces lie, in games laid on a grid
        self.where: list[int] = [-1] * len(spec.cards)
        self.seen: list[int] = [0] * len(spec.cards)  # who knows where each card is (knowledge.py)
        initial = next((z.slot for z in spec.zones if z.initial), None)
        self.pool: list[int] = [-1 if initial is None else initial] * len(spec.cards)  # knowledge.py
        if initial is not None:
            for card in game.cards:
                self.zones[initial].append(card)
                self.where[card] = initial
                self.seen[card] = game.viewers[initial]
        self.lasting: list[Effect] = []
        self.serial = 0
        self.log = Log()  # the entries, shared with copies as they fill up (entries.py)
        self.history = Log()  # every answer and forcing, in order: a save is these (save.py)
        self.forced: list[int] = []
        self.forced_draws: list[int] = []  # card indices the next draws must take
        self.winner: int | None = None
        self.winners: tuple[int, ...] = ()  # in seating order; more than one: a shared win
        self.over = False
        self.reason: str | None = None
        self._decision: Decision | None = None
        self.frames: list[Frame] = []  # the procedures in progress, outermost first (frames.py)
        # Steps left before the next decision: generated loops and calls that may recur count
        # down, and a runaway effect stops at 0 (see `runaway`). Reset whenever the rules run.
        self.step_limit: int = spec.step_limit
        self.steps = self.step_limit
        # The fault that stopped the rules, if one did: a broken state refuses to go on.
        self.broken: Exception | None = None
        self.started = False  # whether the rules have started (setup, then play)
        if run:  # a bare state (run=False) holds the start values and runs nothing
            self.frames = [Main()]
            self._advance(None)

    def start(self) -> None:
        """Run the game's setup and play from this state (for a bare state)."""
        if not self.frames and not self.over and self.broken is None:
            self.started = True
            self.frames = [Main()]
            self._advance(None)

    # -- the engine API ------------------------------------------------------------------
    def decision(self) -> Decision | None:
        """What is asked now, or None when the game is over. Raises the fault of a broken state."""
        if self.broken is not None:
            raise self.broken
        return self._decision

    def apply(self, answer: Any) -> None:
        """Answer the pending decision with an external answer (an id, number or label).

        A fault of the rules comes out as a RuleError naming the content file and line; the
        state is then broken, and every later apply raises the same error."""
        if self.broken is not None:
            raise self.broken
        if self._decision is None:
            raise IllegalAnswer("the game is over; nothing is asked")
        raw = self._decision.raw(answer)
        self._answer(raw)

    def apply_index(self, index: int) -> None:
        """Answer with the legal answer at `index` (fast path for bots)."""
        if self.broken is not None:
            raise self.broken
        decision = self._decision
        if decision is None or not 0 <= index < len(decision.options):
            raise IllegalAnswer(f"no legal answer number {index}")
        self._answer(decision.options[index])

    def is_over(self) -> bool:
        return self.over

    def result(self) -> dict[str, Any] | None:
        """None while the game goes on; then the winner (an id, or None for a draw or a shared
        win), the winners (ids in seating order: none for a draw, the winner, or the players who
        share the win) and why."""
        if not self.over:
            return None
        players = self.game.spec.players
        winner = players[self.winner] if self.winner is not None else None
        return {"winner": winner, "winners": [players[p] for p in self.winners], "reason": self.reason}

    def view(self, player: int | str, log_from: int = 0) -> dict[str, Any]:
        """What `player` (an index or an id) may know now, as plain JSON-ready data that does
        not follow the state afterwards, with the log from entry `log_from` on: the shape is in
        dsl/runtime/view.py."""
        return view(self, player, log_from)

    def clone(self) -> State:
        """An independent copy that continues exactly as this state would (copying.py)."""
        return copy_state(self)

    def determinize(self, player: int | str, rng: random.Random) -> State:
        """A copy consistent with what `player` (an index or an id) knows, every card whose
        place they do not know dealt anew at random and the dice to come unknown
        (determinize.py): what a search over the player's information set starts from."""
        return determinize(self, player, rng)

    def to_json(self) -> str:
        """The save of this state (dsl/runtime/save.py reads it back): the state itself as data
        (snapshot.py), loaded without replaying, and the history of answers, kept as the record
        of the game. Forced dice and draws are written too; a save holding them loads only with
        `state_from_json(text, allow_forced=True)`."""
        saved: dict[str, Any] = {"format": FORMAT, "game": self.game.spec.id, "options": self.game.options,
                                 "seed": self.seed, "history": list(self.history)}
        if self.game.spec.player_count is not None:  # a game of a chosen player count records it
            saved["players"] = self.game.player_count
        data = snapshot(self) if self.broken is None else None
        if data is not None:  # else (a scenario's own steps in progress) the history is replayed
            saved["state"] = data
        return json.dumps(saved, sort_keys=True)

    # -- driving the frames ---------------------------------------------------------------
    def _answer(self, raw: Any) -> None:
        decision = self._decision
        self.history.append(raw)
        if decision.secret:  # the rules reveal what matters later, when hidden picks are turned over
            self.log.append(("secret_answer", decision.player, decision.prompt))
        else:
            # an item is logged as (kind, raw), like `log` arguments, so the log can name it
            item = decision.kind == "item" and raw is not None and decision.names is not None
            answer = (decision.item_kind, raw) if item else decision.external(raw)
            self.log.append(("answer", decision.player, decision.prompt, answer))
            if item and decision.item_kind == "card":  # picked in the open: all saw the card
                self._reveal(raw)
        self._advance(raw)

    def _advance(self, value: Any) -> None:
        """Run the frames in progress from the top one, resumed with `value`, until a player
        must decide or the game ends."""
        self.steps = self.step_limit
        try:
            self._decision = run(self, self.frames, value)
            if self._decision is None:
                self._finish(None, "end of play")
        except GameOver as over:
            self.game_over(over)
        except Exception as exc:  # a fault of the rules: say where, and stop for good
            self._fail(exc)

    def _fail(self, exc: Exception) -> None:
        """Raise `exc` as a located fault of the rules, the state broken for good."""
        fault = located(exc)
        self._break(fault)
        if fault is exc:
            raise fault
        raise fault from exc

    def _break(self, fault: Exception) -> None:
        """The rules stopped in the middle of a step: nothing may go on from here."""
        self.broken = fault
        self._decision = None
        self.frames = []

    def runaway(self, at_entry: bool = False) -> None:
        """Called by generated code when the steps run out: the effect runs away."""
        raise StepLimit(self.step_limit, at_entry)

    def end(self, winner: int | None, reason: str | None, winners: tuple[int, ...] | None = None) -> None:
        """End the game now (as `end game` does); `winners` as GameOver has them."""
        self.game_over(GameOver(winner, reason, winners))

    def game_over(self, over: GameOver) -> None:
        """End the game as `end game` raised it. A win for a player who is not at the table is a
        fault of the rules (R104), located at that `end game`: only seated players may win."""
        seated, players = self.game.player_count, self.game.spec.players
        # (type(p) is int: a winner the rules took from a value a tampered save gave them)
        absent = [p for p in over.winners if type(p) is not int or not 0 <= p < seated]
        if absent:
            p = absent[0]
            name = players[p] if type(p) is int and 0 <= p < len(players) else repr(p)
            self._fail(RuleError(f"the game ends with a win for '{name}', who is not at the table "
                                 f"(this game seats {seated} players)").with_traceback(over.__traceback__))
        self._finish(over.winner, over.reason, over.winners)

    def _finish(self, winner: int | None, reason: str | None,
                winners: tuple[int, ...] | None = None) -> None:
        self.over = True
        self.winner = winner
        self.winners = _winners(winner, winners)
        self.reason = reason
        self._decision = None
        self.frames = []
        self.log.append(("game_over", winner, reason, self.winners))

    # -- primitives used by generated code ----------------------------------------------
    def ask(self, player: int, kind: str, prompt: str, options: list, item_kind: str = "",
            secret: bool = False) -> Decision:
        spec = self.game.spec
        if isinstance(player, int) and player >= self.game.player_count:
            raise RuleError(f"the rules ask '{spec.players[player]}', who is not at the table "
                            f"(this game seats {self.game.player_count} players)")
        return Decision(player, kind, prompt, options, item_kind, spec.names_of(item_kind),
                        spec.players[player], secret)

    def next_player(self, player: int | None) -> int:
        """The next seated player clockwise (seating order, wrapping): `next_player(p)`."""
        return self._seat_after(player, 1, "next_player")

    def previous_player(self, player: int | None) -> int:
        """The seated player before `player`: `previous_player(p)`."""
        return self._seat_after(player, -1, "previous_player")

    def _seat_after(self, player: int | None, step: int, name: str) -> int:
        seated = self.game.player_count
        if player is None:
            raise RuleError(f"{name}() of none: no player given")
        if not 0 <= player < seated:
            raise RuleError(f"{name}() of '{self.game.spec.players[player]}', who is not at the "
                            f"table (this game seats {seated} players)")
        return (player + step) % seated

    def move(self, card: int | None, zone: int, top: bool = True) -> None:
        if card is None:
            return
        old = self.where[card]
        self._moving(card, old, zone)
        if old >= 0:
            self.zones[old].remove(card)
        if top:
            self.zones[zone].append(card)
        else:
            self.zones[zone].insert(0, card)
        self.where[card] = zone

    def top(self, zone: int) -> int | None:
        pile = self.zones[zone]
        return pile[-1] if pile else None

    def bottom(self, zone: int) -> int | None:
        """The card under all others (a zone's list holds its top card last)."""
        pile = self.zones[zone]
        return pile[0] if pile else None

    def say(self, key: str, args: dict[str, Any] | None = None) -> None:
        self.log.append(("say", key, args or {}))
        if args:
            self._reveal_args(args, self.game.everyone)

    def say_to(self, player: int | None, key: str, args: dict[str, Any] | None = None) -> None:
        """A line of the log for `player` only (`log "key" to p`): the others' views show that
        one was written, never what; the cards it names become known to `player` alone."""
        if player is None:
            raise RuleError(f"no player to log '{key}' to")
        if player >= self.game.player_count:  # no one reads it: an unseated player has no view
            raise RuleError(f"the rules log '{key}' to '{self.game.spec.players[player]}', who is not "
                            f"at the table (this game seats {self.game.player_count} players)")
        self.log.append(("say_to", player, key, args or {}))
        if args:
            self._reveal_args(args, 1 << player)

    # -- card events ----------------------------------------------------------------------
    def event_possible(self, card: int, player: int) -> bool:
        spec = self.game.spec
        if card not in spec.events:
            return False
        check = spec.event_checks.get(card)
        return check is None or check(self, player, card)

    def play_event(self, card: int, player: int) -> Frame | None:
        """`play_event(c, p)`: the card's event, when its requirements hold. An event that never
        asks runs at once (None: nothing left to run); one that may ask is a frame to run."""
        if not self.event_possible(card, player):
            return None
        self.log.append(("event", card, player))
        self._reveal(card)
        return call(self.game.spec.events[card](self, player, card))

