"""Chance at run time: dice, random picks, shuffles and draws, and the forcing of the next rolls
and draws that scenarios and tests use (`st.roll`, `st.random_item`, `st.shuffle`, `st.draw`,
`state.force_rolls`, `state.force_draws`).

A mixin of `State` (dsl/runtime/state.py), separate because every source of chance is here: all
of it comes from the state's own seeded generator (`rng`), so a clone or a save continues with the
same dice, and a forced value stands in for the generator where a scenario needs it.
"""

from __future__ import annotations

import random
from typing import Any

from .decisions import IllegalAnswer


class Chance:
    """Dice, shuffles and draws of a game in progress (a mixin of `State`, which sets the
    generator, the zones and the forced values up)."""

    game: Any
    rng: random.Random
    zones: list[list[int]]
    where: list[int]
    log: list[tuple]
    history: list[Any]
    forced: list[int]
    forced_draws: list[int]
    started: bool
    _moving: Any  # knowledge.py: who follows a card that changes zone

    def force_rolls(self, *values: int) -> None:
        """Make the next die rolls give these values (scenarios and tests)."""
        self.history.append(self._forcing("force", values))
        self.forced.extend(values)

    def force_draws(self, *cards: int) -> None:
        """Make the next draws take these cards, from wherever they are drawn (scenarios and tests)."""
        self.history.append(self._forcing("force_draws", cards))
        self.forced_draws.extend(cards)

    def _forcing(self, key: str, values: tuple[int, ...]) -> dict[str, Any]:
        """The history entry of forced chance; one made before the rules started is marked, so a
        replay forces it before setup too (`Game.new_state(seed, before_setup=...)`)."""
        entry: dict[str, Any] = {key: list(values)}
        if not self.started:
            entry["before_setup"] = True
        return entry

    def roll(self, sides: int, count: int = 1) -> int:
        total = 0
        for _ in range(count):
            if self.forced:
                value = self.forced.pop(0)
                if not 1 <= value <= sides:
                    raise IllegalAnswer(f"forced roll {value} is not a face of a d{sides}")
            else:
                value = self.rng.randint(1, sides)
            total += value
        self.log.append(("roll", sides, count, total))
        return total

    def random_item(self, items: list) -> Any:
        items = list(items)
        return self.rng.choice(items) if items else None

    def draw(self, count: int, source: int, dest: int) -> None:
        pile = self.zones[source]
        for _ in range(count):
            if not pile:
                return
            if self.forced_draws:
                card = self.forced_draws.pop(0)
                if card not in pile:
                    names = self.game.spec.cards
                    raise IllegalAnswer(f"forced draw '{names[card]}' is not in the pile drawn from "
                                        f"(its top: {names[pile[-1]]})")
                pile.remove(card)
            else:
                card = pile.pop()
            self._moving(card, source, dest)
            self.zones[dest].append(card)
            self.where[card] = dest

    def shuffle(self, zone: int) -> None:
        self.rng.shuffle(self.zones[zone])
