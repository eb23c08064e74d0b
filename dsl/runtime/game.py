"""A game with its options chosen: which spaces and cards are present, and new states."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import save
from .knowledge import zone_viewers
from .options import chosen_options, chosen_players, shown
from .spec import GameSpec
from .state import State


class Game:
    """`Game(options, players=N).new_state(seed)` starts a game; `Game.state_from_json(text)` loads one."""

    spec: GameSpec  # set by the generated subclass

    def __init__(self, options: dict[str, Any] | None = None, players: int | None = None):
        spec = self.spec
        chosen = chosen_options(spec, options)  # OptionError (a ValueError) names a bad one
        self.options = chosen
        # The first N declared players sit at the table (game.yaml `player_count`; None: its
        # default). Per-player slots stay sized for every declared player, but only these
        # act, are asked, are shown and may win.
        self.player_count = chosen_players(spec, players)
        self.space_present = [bool(chosen.get(spec.space_optional.get(i), True))
                              for i in range(len(spec.spaces))]
        self.spaces = [i for i, ok in enumerate(self.space_present) if ok]
        self.cards = [i for i in range(len(spec.cards))
                      if i not in spec.card_optional or chosen.get(spec.card_optional[i])]
        self.players = list(range(self.player_count))
        self.regions = list(range(len(spec.regions)))
        present = self.space_present
        self.adjacent = [tuple(o for o in links if present[o]) if present[s] else ()
                         for s, links in enumerate(spec.adjacent)]
        self.adjacent_set = [frozenset(links) for links in self.adjacent]
        members: list[list[int]] = [[] for _ in spec.regions]
        for s in self.spaces:
            for r in spec.space_regions[s]:
                members[r].append(s)
        self.region_spaces = [tuple(m) for m in members]
        self.region_set = [frozenset(m) for m in members]
        self.space_regions = spec.space_regions
        self.viewers = zone_viewers(spec, self.player_count)  # per zone slot, who sees its cards
        self.everyone = (1 << self.player_count) - 1  # the seated players, as a bit set

    def new_state(self, seed: int = 0, before_setup: Callable[[State], Any] | None = None) -> State:
        """A game started from `seed`: setup runs, and play up to the first decision.

        `before_setup(state)`, if given, is called on the state before the rules start, with
        the declared start values only: scenarios and tests force the chance of setup there
        (`state.force_draws(...)`, `state.force_rolls(...)`). Faults of the rules and forced
        chance that cannot be used (IllegalAnswer) come out of this call."""
        state = State(self, _seed(seed), run=False)
        if before_setup is not None:
            before_setup(state)
        state.start()
        return state

    def bare_state(self, seed: int = 0) -> State:
        """The declared start values, with nothing run yet: for scenarios and tests."""
        return State(self, _seed(seed), run=False)

    def replay(self, seed: int, history: list[Any]) -> State:
        """The state after `history` from `seed` (how `clone()` copies a state in memory)."""
        state = State(self, seed, run=False)
        head = save.setup_entries(history)  # forced chance that came before setup
        for entry in history[:head]:
            save.replay_entry(state, entry)
        state.start()
        for entry in history[head:]:
            save.replay_entry(state, entry)
        return state

    @classmethod
    def state_from_json(cls, text: str | bytes, allow_forced: bool = False, verify: bool = True) -> State:
        """The state a save holds; SaveError (a ValueError) says what is wrong with a bad one.

        Forced dice and draws in its history are refused unless `allow_forced` (scenarios, tests).
        `verify` (the default): replay the save's history as well and require the state it holds,
        so a save from someone else is a state the game reaches, which plays on (issue 41).
        `verify=False` reads the state alone, about three times faster, for a save this program
        made itself (benchmarks); a tampered one may then load into a position the rules stop on
        with a located fault (docs/saves.md)."""
        return save.load(cls, text, allow_forced, verify)


def _seed(seed: Any) -> int:
    """A seed as saves hold them: a whole number 0..SEED_MAX (a negative one would alias another)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= save.SEED_MAX:
        raise ValueError(f"a seed is a whole number from 0 to {save.SEED_MAX}, not {shown(seed)}")
    return seed
