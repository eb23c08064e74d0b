"""A state as one player might imagine it: what they know kept, the rest of the cards dealt anew.

`state.determinize(player, rng)` is a copy of the state in which every card whose place the
player does not know (knowledge.py: `seen`) is dealt at random into the places such cards
occupy: the opponent's hand, the draw pile, a card laid face down; each among the cards of its
pool (knowledge.py: those that went through the same draw pile), so a card only ever turns up
where it could be. Each zone keeps its size and
every card the player knows stays where it is, in the same position. Who knows where each card is
follows the place, not the card: the card dealt into the opponent's hand is known to the
opponent, as the one it replaced was. The dice to come are unknown too, so the copy's random
generator is seeded from `rng`.

Cards the rules are working with are never moved, known or not: those in the locals of the
procedures in progress, in the game's variables, in the values of lasting effects and among the
answers of the pending decision (a procedure half-way through an event still refers to them by
index). What is left is what a player at the table could not tell apart, and searching over
such copies (information set MCTS) never peeks at hidden cards.
"""

from __future__ import annotations

import random
from typing import Any

from .lasting import Effect
from .view import seated_player


def determinize(state: Any, player: int | str, rng: random.Random) -> Any:
    """A copy of `state` consistent with what `player` (an index or an id) knows, the unknown
    cards dealt at random; ValueError for a player who is not at the table."""
    player = seated_player(state.game, player)
    new = state.clone()
    pinned = _cards_in_use(state)
    bit = 1 << player
    seen = state.seen
    pools: dict[int, tuple[list[tuple[int, int]], list[int]]] = {}  # pool -> (places, cards)
    for slot, zone in enumerate(state.zones):
        for position, card in enumerate(zone):
            if not seen[card] & bit and card not in pinned:
                places, cards = pools.setdefault(state.pool[card], ([], []))
                places.append((slot, position))
                cards.append(card)
    for places, cards in pools.values():  # dealt anew within each pool (knowledge.py)
        dealt = cards[:]
        rng.shuffle(dealt)
        for (slot, position), old, card in zip(places, cards, dealt, strict=True):
            new.zones[slot][position] = card
            new.where[card] = slot
            new.seen[card] = seen[old]  # who knew that place knows it still
    new.rng = random.Random(rng.getrandbits(64))
    return new


def _cards_in_use(state: Any) -> set[int]:
    """Card indices the rules in progress hold: in frames' locals, lasting effects' values and the
    pending decision's answers (ints anywhere in them; a number that is not a card pins nothing
    that matters, as an unknown card it happens to equal is merely kept where it is)."""
    found: set[int] = set()
    todo: list[Any] = [frame.__dict__ for frame in state.frames]
    todo += [effect.env for effect in state.lasting]
    todo.append(state.v)  # the game's variables (a card being resolved, a target in play)
    decision = state._decision
    if decision is not None and decision.item_kind == "card":
        todo.append(decision.options)
    while todo:
        value = todo.pop()
        if type(value) is int:
            found.add(value)
        elif isinstance(value, dict):
            todo.extend(value.values())
        elif isinstance(value, list | tuple | set | frozenset):
            todo.extend(value)
        elif isinstance(value, Effect):  # an effect an Emit frame is running
            todo.append(value.env)
    return found
