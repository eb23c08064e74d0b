"""A game with its options chosen: which spaces and cards are present, and new states."""

from __future__ import annotations

from typing import Any

from .decisions import IllegalAnswer
from .spec import GameSpec
from .state import State, load_json


class Game:
    """`Game(options).new_state(seed)` starts a game; `Game.state_from_json(text)` loads one."""

    spec: GameSpec  # set by the generated subclass

    def __init__(self, options: dict[str, Any] | None = None):
        spec = self.spec
        chosen = dict(spec.options)
        for key, value in (options or {}).items():
            if key not in chosen:
                known = ", ".join(sorted(chosen)) or "none"
                raise ValueError(f"unknown option '{key}' (options: {known})")
            want = bool if isinstance(chosen[key], bool) else int
            if not isinstance(value, want) or (want is int and isinstance(value, bool)):
                raise ValueError(f"option '{key}' takes {'true or false' if want is bool else 'a number'}")
            chosen[key] = value
        self.options = chosen
        self.space_present = [bool(chosen.get(spec.space_optional.get(i), True))
                              for i in range(len(spec.spaces))]
        self.spaces = [i for i, ok in enumerate(self.space_present) if ok]
        self.cards = [i for i in range(len(spec.cards))
                      if i not in spec.card_optional or chosen.get(spec.card_optional[i])]
        self.players = list(range(len(spec.players)))
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

    def new_state(self, seed: int = 0) -> State:
        return State(self, seed)

    def bare_state(self, seed: int = 0) -> State:
        """The declared start values, with nothing run yet: for scenarios and tests."""
        return State(self, seed, run=False)

    def replay(self, seed: int, history: list[Any]) -> State:
        state = State(self, seed)
        for entry in history:
            if isinstance(entry, dict) and "force" in entry:
                state.force_rolls(*entry["force"])
                continue
            if isinstance(entry, dict) and "force_draws" in entry:
                state.force_draws(*entry["force_draws"])
                continue
            decision = state.decision()
            if decision is None:
                raise IllegalAnswer("the saved history goes on after the end of the game")
            if entry not in decision.options:
                raise IllegalAnswer(f"the saved answer {entry!r} is not legal at this point")
            state._answer(entry)
        return state

    @classmethod
    def state_from_json(cls, text: str) -> State:
        return load_json(cls, text)
