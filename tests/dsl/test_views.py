"""Per-player views (`State.view`, dsl/runtime/view.py): what a player may know, as plain data.

The property test plays random games of both games and, at random decisions, looks for hidden
cards anywhere in each player's view, its log included. Which cards a player cannot know is
kept here by watching the state's draws and moves, more simply than the runtime does
(dsl/runtime/knowledge.py): a card drawn from a hidden pile into a zone the player does not
see stays unknown to it while it moves only among zones hidden from it, until the log names it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import generated.zelazna_kurtyna as zelazna_kurtyna
import generated.zimna_wojna as zimna_wojna

from ..conftest import budget

GAMES = {"zimna_wojna": zimna_wojna, "zelazna_kurtyna": zelazna_kurtyna}


# -- hidden cards, watched independently of the runtime's bookkeeping -------------------------
def hidden_from(spec) -> list[set[int]]:
    """Per zone slot, the players who do not see its cards (read from the zone declarations)."""
    players = set(range(len(spec.players)))
    out = [set() for _ in range(spec.zone_slots)]
    for zone in spec.zones:
        if zone.hidden and zone.per_player:
            for p in players:
                out[zone.slot + p] = players - {p}
        elif zone.hidden:
            out[zone.slot] = set(players)
    return out


class Secrets:
    """Cards each player cannot know, kept by wrapping the state's `draw` and `move`."""

    def __init__(self, state):
        self.state = state
        spec = state.game.spec
        self.hidden = hidden_from(spec)
        self.piles = {z.slot for z in spec.zones if z.hidden and not z.per_player}
        self.secret: dict[int, tuple[set[int], int]] = {}  # card -> (secret from, log index since)
        draw, move = state.draw, state.move

        def watched_draw(count, source, dest):
            before = set(state.zones[dest])
            draw(count, source, dest)
            for card in set(state.zones[dest]) - before:
                if source in self.piles and self.hidden[dest]:
                    self.secret[card] = (set(self.hidden[dest]), len(state.log))
                else:
                    self.secret.pop(card, None)

        def watched_move(card, zone, top=True):
            move(card, zone, top)
            if card in self.secret:
                players, since = self.secret[card]
                left = players & self.hidden[zone]
                if left:
                    self.secret[card] = (left, since)
                else:
                    del self.secret[card]

        state.draw, state.move = watched_draw, watched_move

    def named_since(self, card: int, since: int, player: int) -> bool:
        """Whether the log names `card` to `player` from entry `since` on (a reveal made by the
        rules: a public line, or a private one to that player)."""
        for entry in self.state.log[since:]:
            kind = entry[0]
            if (kind == "event" and entry[1] == card or kind == "answer" and entry[3] == ("card", card)
                    or kind == "say" and ("card", card) in entry[2].values()
                    or kind == "say_to" and entry[1] == player and ("card", card) in entry[3].values()):
                return True
        return False

    def unknown_to(self, player: int) -> dict[int, int]:
        """Cards `player` cannot know now, each with the log index from which it is secret."""
        return {card: since for card, (players, since) in self.secret.items()
                if player in players and not self.named_since(card, since, player)}


def mentions(value: Any, path: tuple = ()):
    """Every (path, card-like value) in a view: each string (a key too), and the index of each
    ["card", index] pair (how the state's log holds a card; a view should hold none)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key), key
            yield from mentions(item, (*path, key))
    elif isinstance(value, list):
        if len(value) == 2 and value[0] == "card" and isinstance(value[1], int):
            yield path, value[1]
        for i, item in enumerate(value):
            yield from mentions(item, (*path, i))
    elif isinstance(value, str):
        yield path, value


def check_view(state, secrets: Secrets, player: int) -> dict:
    spec = state.game.spec
    view = state.view(player)
    assert json.loads(json.dumps(view)) == view  # plain JSON, nothing lost in a round trip
    # no card the player cannot know, in any form, except in log entries older than its secret
    for card, since in secrets.unknown_to(player).items():
        for path, value in mentions(view):
            if value in (spec.cards[card], card):
                old_log = path[0] == "log" and view["log_from"] + path[1] < since
                assert old_log, (f"{spec.players[player]} sees {spec.cards[card]} at {path} "
                                 f"(secret since log entry {since})")
    # zones: the own hidden ones in full and in order, others' and piles as a size and a set
    for zone in spec.zones:
        for owner in range(len(spec.players)) if zone.per_player else (None,):
            shown = view["zones"][zone.id]
            shown = shown[spec.players[owner]] if owner is not None else shown
            slot = zone.slot + (owner or 0)
            cards = [spec.cards[c] for c in state.zones[slot]]
            assert shown["size"] == len(cards)
            if player in secrets.hidden[slot]:
                assert "cards" not in shown
                assert shown["known"] == [spec.cards[c] for c in sorted(state.zones[slot])
                                          if spec.cards[c] in shown["known"]]
            else:
                assert shown["cards"] == cards
    decision = state.decision()
    if decision is not None:
        assert view["decision"]["player"] == decision.who
        assert ("answers" in view["decision"]) == (decision.player == player)
    return view


@settings(max_examples=budget(30), deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32), rate=st.floats(0.02, 0.2),
       late_war=st.booleans())
def test_no_view_shows_a_card_its_player_cannot_know(game, seed, rate, late_war):
    engine = GAMES[game]
    options = {"late_war_scenario": late_war} if "late_war_scenario" in engine.Game.spec.options else {}
    state = engine.Game(options).bare_state(seed)
    secrets = Secrets(state)
    state.start()
    rnd = random.Random(seed)
    taken: list[tuple[dict, str]] = []
    players = range(len(state.game.spec.players))
    while True:
        if state.is_over() or rnd.random() < rate:
            for player in players:
                view = check_view(state, secrets, player)
                taken.append((view, json.dumps(view, sort_keys=True)))
        if state.is_over():
            break
        state.apply_index(rnd.randrange(len(state.decision().options)))
    assert state.result() is not None and taken[-1][0]["result"] == state.result()
    for view, text in taken:  # a view is a copy: the game went on, the view did not
        assert json.dumps(view, sort_keys=True) == text


# -- the tiny game: hands and the deck are hidden --------------------------------------------
def test_a_view_shows_the_own_hand_and_only_sizes_of_what_is_hidden(tiny):
    state = tiny.Game({}).new_state(1)
    red, blue = state.view("red"), state.view(1)
    hands = [[tiny.Game.spec.cards[c] for c in state.zones[z.slot + p]]
             for z in tiny.Game.spec.zones if z.id == "hand" for p in (0, 1)]
    assert red["zones"]["hand"] == {"red": {"size": 2, "cards": hands[0]}, "blue": {"size": 2, "known": []}}
    assert blue["zones"]["hand"] == {"red": {"size": 2, "known": []}, "blue": {"size": 2, "cards": hands[1]}}
    assert red["zones"]["deck"] == blue["zones"]["deck"] == {"size": 4, "known": []}
    assert red["tracks"] == {"score": 0, "round": 1, "energy": {"red": 1, "blue": 2}}
    assert red["counters"]["troops"]["alpha"] == {"red": 1, "blue": 0}
    assert "island" not in red["counters"]["flags"]  # an optional space left out of the map
    assert red["decision"] == {"player": "red", "prompt": "take_turn.c", "kind": "item", "item_kind": "card",
                               "secret": False, "answers": state.decision().answers}
    assert blue["decision"] == {"player": "red", "prompt": "take_turn.c", "kind": "item",
                                "item_kind": "card", "secret": False}
    assert red["result"] is None and red["game"] == "tiny" and red["player"] == "red"
    assert state.view(0) == red and state.view("blue") == blue


def test_a_card_played_in_the_open_is_in_everyone_s_view(tiny):
    state = tiny.Game({}).new_state(1)
    card = state.decision().answers[0]
    before = state.view("blue")
    text = json.dumps(before)
    state.apply(card)
    after = state.view("blue")
    assert after["zones"]["discard"]["cards"] == [card]
    assert after["log"][-1] == ["answer", "red", "take_turn.c", card]
    assert json.dumps(before) == text and card not in text  # the old view did not follow the game
    assert state.view("blue", log_from=len(state.log) - 1) == {**after, "log_from": len(state.log) - 1,
                                                               "log": after["log"][-1:]}


def test_who_knows_where_a_card_is_follows_what_the_table_sees(tiny):
    spec = tiny.Game.spec
    state = tiny.Game({}).new_state(1)
    slot = {z.id: z.slot for z in spec.zones}
    discard, deck, blue_hand = slot["discard"], slot["deck"], slot["hand"] + 1
    state.apply(state.decision().answers[0])
    card = state.zones[discard][-1]
    state.move(card, blue_hand)  # taken openly from the discard pile: red saw it go
    assert spec.cards[card] in state.view("red")["zones"]["hand"]["blue"]["known"]
    state.move(card, deck)  # blue puts a card of its hand into the deck: red cannot tell which
    assert state.view("red")["zones"]["deck"]["known"] == []
    assert state.view("red")["zones"]["hand"]["blue"]["known"] == []
    assert spec.cards[card] in state.view("blue")["zones"]["deck"]["known"]


def test_an_unknown_player_is_refused(tiny):
    state = tiny.Game({}).new_state(1)
    for player in ("green", 2, -1, True):
        with pytest.raises(ValueError, match="no player"):
            state.view(player)


# -- the two games ---------------------------------------------------------------------------
def play_until(state, rnd, found) -> bool:
    while not state.is_over():
        if found(state):
            return True
        state.apply_index(rnd.randrange(len(state.decision().options)))
    return found(state)


def test_revealed_cards_show_in_a_hidden_zone_and_the_secret_pick_does_not():
    spec = zimna_wojna.Game.spec
    slot = {z.id: z.slot for z in spec.zones}["headline"]
    ussr = spec.players.index("ussr")
    shown = 0
    for seed in range(6):
        state = zimna_wojna.Game({}).new_state(seed)
        rnd = random.Random(seed)
        assert play_until(state, rnd, lambda s: s.zones[slot + ussr] and
                          s.decision().prompt == "choose_headline.pick")
        card = state.zones[slot + ussr][0]  # chosen in secret, not yet turned over
        us_view = state.view("us")
        assert us_view["zones"]["headline"]["ussr"] == {"size": 1, "known": []}
        assert spec.cards[card] not in json.dumps(us_view)
        assert ["secret_answer", "ussr", "choose_headline.pick"] in us_view["log"]
        state.apply_index(0)  # the second pick: both cards are turned over
        revealed = ["say", "headline_revealed", {"player": "ussr", "card": spec.cards[card]}]
        assert revealed in state.view("us")["log"]
        if state.where[card] == slot + ussr:  # not resolved yet: known where it lies
            assert state.view("us")["zones"]["headline"]["ussr"]["known"] == [spec.cards[card]]
            shown += 1
    assert shown


def test_each_player_knows_its_own_card_in_a_shared_hidden_pile():
    spec = zelazna_kurtyna.Game.spec
    slot = {z.id: z.slot for z in spec.zones}["aftermath"]
    state = zelazna_kurtyna.Game().new_state(3)
    assert play_until(state, random.Random(3), lambda s: len(s.zones[slot]) == 2)
    views = [state.view(p)["zones"]["aftermath"] for p in ("us", "ussr")]
    assert [v["size"] for v in views] == [2, 2]
    assert [len(v["known"]) for v in views] == [1, 1] and views[0]["known"] != views[1]["known"]
