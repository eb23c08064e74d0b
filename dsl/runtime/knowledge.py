"""Who knows where each card is: the bookkeeping behind per-player views (dsl/runtime/view.py).

A mixin of `State` (dsl/runtime/state.py). `seen[card]` is a bit set of players (bit p for
player p) who know which zone the card is in. It never holds less than the players who see
that zone (`Game.viewers`: everyone for an open zone, the owner for a hidden per-player zone,
nobody for a hidden pile); beyond them it follows what a player at the table could tell:

- a card that leaves a zone is followed by those who see either end of the move; the others
  lose it, and also lose track of the cards left behind (they cannot tell which one went);
- whatever the public log names is known to all (`log ... card=c`, an event resolved, an
  answer that is not secret), until the card moves again; a private line (`log ... to p with
  card=c`) makes it known to its reader only.

Order inside a hidden zone is never tracked: a view shows what is known of it as a set.

`pool[card]` says which cards a player who lost track of this one could take it for: those that
went through the same draw piles (zones hidden from everyone). A card put into a pile from where
it was seen joins that pile's pool; a card that goes from one pile to another unseen mixes the
two piles' pools into one. determinize.py deals unknown cards anew within their pools, so a group
card never turns up where only targets can be, and a card set aside from the deck may be the
one in the opponent's hand.
"""

from __future__ import annotations

from typing import Any


def zone_viewers(spec, seated: int | None = None) -> list[int]:
    """Per zone slot, the bit set of players who see its cards: a hidden per-player zone is
    seen by its owner, a hidden shared zone (a draw pile) by nobody, any other zone by all the
    `seated` players (default: every declared one); an unseated player sees nothing."""
    everyone = (1 << (len(spec.players) if seated is None else seated)) - 1
    viewers = [everyone] * spec.zone_slots
    for zone in spec.zones:
        for player in range(len(spec.players) if zone.per_player else 1):
            if zone.hidden:
                viewers[zone.slot + player] = (1 << player) & everyone if zone.per_player else 0
    return viewers


class Knowledge:
    """What each player knows of where the cards are (a mixin of `State`, which sets `seen`
    up and calls `_moving` whenever a card changes zone)."""

    game: Any
    zones: list[list[int]]
    seen: list[int]
    pool: list[int]

    def _moving(self, card: int, source: int, dest: int) -> None:
        """Card `card` goes from zone slot `source` (-1: from outside the game) to `dest` (called
        as it moves: whether it is still listed in `source` makes no difference)."""
        if source == dest:  # a move within a zone changes no one's knowledge of where it is
            return
        viewers = self.game.viewers
        keep = viewers[dest] | (viewers[source] if source >= 0 else 0)
        if keep != self.game.everyone:
            seen = self.seen
            for other in self.zones[source] if source >= 0 else ():
                seen[other] &= keep  # who saw neither end cannot tell which card went
        self.seen[card] = (self.seen[card] & keep) | viewers[dest]
        if not viewers[dest]:  # into a pile no one sees: the card is one of that pile's now
            pile = next((self.pool[c] for c in self.zones[dest] if c != card), dest)
            if source >= 0 and not viewers[source]:  # from pile to pile unseen: the two mix
                self._mix_pools(self.pool[card], pile)
            else:
                self.pool[card] = pile

    def _mix_pools(self, keep: int, other: int) -> None:
        """Every card of pool `other` is of pool `keep` from now on."""
        if keep != other:
            pool = self.pool
            for card, label in enumerate(pool):
                if label == other:
                    pool[card] = keep

    def _reveal(self, card: Any, players: int | None = None) -> None:
        """The log names `card` to `players` (a bit set; None: the public log, everyone): from
        now on they know where it is."""
        if isinstance(card, int) and 0 <= card < len(self.seen):
            self.seen[card] |= self.game.everyone if players is None else players

    def _reveal_args(self, args: dict[str, Any], players: int) -> None:
        """Reveal to `players` the cards a `log` statement names (logged as ("card", index))."""
        for value in args.values():
            if isinstance(value, tuple) and len(value) == 2 and value[0] == "card":
                self._reveal(value[1], players)

    def knows(self, player: int, card: int) -> bool:
        """Whether `player` knows which zone `card` is in."""
        return bool(self.seen[card] >> player & 1)
