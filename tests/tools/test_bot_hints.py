"""Hints per question (game.yaml `bot: {prefer: ...}`, compiler/front/bot.py, dsl/runtime/worth.py):
a hint names a question the rules ask and a function valuing one answer of that question's type,
else a located error; the engine carries the hints; the search makes nodes for the answers a hint
values most first, its rollouts play only among them and greedy breaks ties by them; Zimna
Wojna's hints keep a player from losing the game at DEFCON 2 on their own turn."""

from __future__ import annotations

import random

import pytest

from dsl.runtime import worth
from dsl.runtime.bots import choose
from dsl.runtime.ismcts import Plan, _rollout
from generated import zelazna_kurtyna
from generated.zimna_wojna import Game as ZwGame
from generated.zimna_wojna import data as zw_data

from ..conftest import FIXTURES, compile_errors, copy_game, edit_file
from ..dsl.test_saves import played

HINTS = """
  - id: bot_hints
    code: |
      function hint_card(p: player, c: card) -> int:
          return 0

      function hint_space(p: player, s: space) -> int:
          return 0

      function hint_option(p: player, o: text) -> int:
          if o == "troops":
              return 1
          return 0

      function hint_number(p: player, n: int) -> int:
          return n

      function hint_bool(p: player, o: text) -> bool:
          return true
"""


def _tiny_with(tmp_path, prefer: dict[str, str]):
    game = copy_game(FIXTURES / "games" / "tiny", tmp_path)
    rules = game / "rules.yaml"
    rules.write_text(rules.read_text("utf-8").rstrip("\n") + HINTS, "utf-8")
    lines = "".join(f"    {prompt}: {name}\n" for prompt, name in prefer.items())
    edit_file(game / "game.yaml", "\nentry:", f"\nbot:\n  prefer:\n{lines}entry:")
    return game


def _line(game, text: str) -> int:
    lines = (game / "game.yaml").read_text("utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.strip() == text)


def test_hints_of_every_answer_type_compile_into_the_engine(tmp_path, compiled_packages):
    prefer = {"take_turn.c": "hint_card", "take_turn.option": "hint_option", "recall.n": "hint_number",
              "place_troops.s": "hint_space", "rally.s": "hint_space"}
    engine = compiled_packages(_tiny_with(tmp_path, prefer))
    assert {prompt: fn.__name__ for prompt, fn in engine.SPEC.prefer.items()} == \
        {prompt: f"f_{name}" for prompt, name in prefer.items()}


@pytest.mark.parametrize("prompt, name, code, words, at", [
    ("take_turn.card", "hint_card", "E301", "the rules ask no question 'take_turn.card'", "key"),
    ("take_turn.c", "no_such", "E301", "unknown function 'no_such'", "value"),
    ("take_turn.c", "take_turn", "E304", "is a procedure; a hint is a function", "value"),
    ("place_troops.s", "hint_card", "E502", "does not take (player, space)", "value"),
    ("recall.n", "hint_option", "E502", "does not take (player, int)", "value"),
    ("take_turn.option", "hint_bool", "E501", "gives bool; a hint gives a whole number", "value"),
])
def test_a_hint_for_no_question_or_of_the_wrong_shape_is_a_located_error(tmp_path, prompt, name, code, words,
                                                                          at):
    game = _tiny_with(tmp_path, {prompt: name})
    errors = [e for e in compile_errors(game) if words in e.message]
    assert [(e.code, e.span.line) for e in errors] == [(code, _line(game, f"{prompt}: {name}"))]
    if code == "E301" and at == "key":
        assert "take_turn.c" in errors[0].hint  # the question it most likely means
    if code == "E502":
        assert "function name(p: player, answer:" in errors[0].hint


def _zk_state_with_choices():
    """A Żelazna Kurtyna state whose pending question has a few answers."""
    for seed in range(40):
        state = played(zelazna_kurtyna.Game(), seed, 8)
        if not state.is_over() and len(state.decision().options) >= 3:
            return state
    raise AssertionError("no state with three answers in 40 seeds")


def _prefer_last(state, monkeypatch) -> int:
    """Give the pending question a hint that values only its last answer; that answer's index."""
    decision = state.decision()
    favourite = decision.options[-1]
    monkeypatch.setitem(state.game.spec.prefer, decision.prompt,
                        lambda st, p, raw: 1 if raw == favourite else 0)
    return len(decision.options) - 1


def test_the_search_makes_the_hinted_answer_first_and_greedy_breaks_ties_by_it(monkeypatch):
    state = _zk_state_with_choices()
    favourite = _prefer_last(state, monkeypatch)
    assert worth.preferred(state) == [favourite]
    for seed in range(5):  # one iteration makes one node: the answer the hint values most
        assert choose(state, "ismcts:1", random.Random(seed)) == favourite
    values = set()
    for index in range(len(state.decision().options)):
        trial = state.clone()
        trial.apply_index(index)
        values.add(worth.value_of(trial, state.decision().player))
    assert len(values) == 1  # every answer worth the same one ply ahead: the hint decides
    assert all(choose(state, "greedy", random.Random(seed)) == favourite for seed in range(5))


def test_rollouts_play_only_the_answers_a_hint_values_most(monkeypatch):
    state = _zk_state_with_choices()
    asked = state.decision().prompt
    chosen: list = []
    original = worth.preferred

    def watched(st):
        found = original(st)
        chosen.append((st.decision().prompt, found, len(st.decision().options)))
        return found

    favourite = _prefer_last(state, monkeypatch)
    monkeypatch.setattr("dsl.runtime.ismcts.preferred", watched)
    _rollout(state.clone(), random.Random(1), Plan(depth=1))
    assert chosen == [(asked, [favourite], favourite + 1)]


def _veto(state, monkeypatch, vetoed: set[int]) -> None:
    """Give the pending question a hint that vetoes (-1) these answers' indices and values the rest 0."""
    raws = {state.decision().options[i] for i in vetoed}
    monkeypatch.setitem(state.game.spec.prefer, state.decision().prompt,
                        lambda st, p, raw: -1 if raw in raws else 0)


def test_a_negative_hint_is_a_veto_while_some_answer_is_not_vetoed(monkeypatch):
    """docs/bots.md: an answer a hint values below 0 is never chosen by greedy nor searched by
    ISMCTS while some other answer's hint is 0 or more; with every answer vetoed, all count."""
    state = _zk_state_with_choices()
    count = len(state.decision().options)
    liked = choose(state, "greedy", random.Random(1))  # what greedy plays without a hint
    _veto(state, monkeypatch, {liked})
    assert worth.considered(state)[0] == [i for i in range(count) if i != liked]
    for seed in range(5):
        assert choose(state, "greedy", random.Random(seed)) != liked
        assert choose(state, "ismcts:30", random.Random(seed)) != liked
    keep = (liked + 1) % count
    _veto(state, monkeypatch, set(range(count)) - {keep})  # one answer left: no search needed
    for bot in ("greedy", "ismcts:30"):
        assert all(choose(state, bot, random.Random(seed)) == keep for seed in range(3))
    _veto(state, monkeypatch, set(range(count)))
    assert worth.considered(state)[0] == list(range(count))
    assert len({choose(state, "greedy", random.Random(seed)) for seed in range(20)}) > 1


def _zw_at_defcon_2(prompt: str):
    """A Zimna Wojna state asking `prompt`, with DEFCON set to 2."""
    for seed in range(200):
        state, rnd = ZwGame().new_state(seed), random.Random(seed)
        while not state.is_over() and state.decision().prompt != prompt:
            state.apply_index(rnd.randrange(len(state.decision().options)))
        if not state.is_over():
            state.t[zw_data.T_DEFCON] = 2
            return state
    raise AssertionError(f"no game asked {prompt}")


def test_zimna_wojna_hints_keep_defcon_1_off_ones_own_turn():
    """content/zimna_wojna/rules.yaml `bot_hints`: at DEFCON 2 a battleground coup loses for the
    phasing player and wins for the other; the opponent's cards whose events lower DEFCON are kept
    back at DEFCON 2 and played above it, and holding them costs at low DEFCON."""
    spec = ZwGame.spec
    state = _zw_at_defcon_2("take_action_round.c")
    p = state.decision().player
    assert state.v[zw_data.V_PHASING] == p
    ussr, us = zw_data.PLAYERS_IDS.index("ussr"), zw_data.PLAYERS_IDS.index("us")
    cuba, costa_rica = zw_data.SPACES_IDS.index("cuba"), zw_data.SPACES_IDS.index("costa_rica")
    coup = spec.prefer["ortega_elected_in_nicaragua.s"]
    assert coup(state, 1 - p, cuba) == 10 and coup(state, p, cuba) == -10  # Cuba: a battleground
    assert coup(state, p, costa_rica) == 0
    card = spec.prefer["take_action_round.c"]
    duck_and_cover = zw_data.CARDS_IDS.index("duck_and_cover")  # a US event: DEFCON down one
    assert card(state, ussr, duck_and_cover) == -10  # played by the USSR, the event is the US's
    assert card(state, us, duck_and_cover) == 0  # the US may play its own card for operations
    level = spec.prefer["how_i_learned_to_stop_worrying.level"]
    assert level(state, p, 1) == -10 and level(state, p, 2) == 0
    state.t[zw_data.T_DEFCON] = 3
    assert card(state, ussr, duck_and_cover) == 1 and card(state, us, duck_and_cover) == 0
    assert coup(state, p, cuba) == 1


def test_zimna_wojna_hints_keep_headlines_and_card_uses_off_defcon_1(monkeypatch):
    """At DEFCON 3 or below no headline that may lower DEFCON (two such headlines end the game);
    at DEFCON 2 a card that may lower DEFCON goes to the Space Race, never to its event or (a
    risky card) to operations; at 3 a risky card's event comes first; no coup in the Cuban
    Missile Crisis. Negative values are vetoes (docs/bots.md)."""
    spec = ZwGame.spec
    state = _zw_at_defcon_2("take_action_round.c")
    ussr, us = zw_data.PLAYERS_IDS.index("ussr"), zw_data.PLAYERS_IDS.index("us")
    card = zw_data.CARDS_IDS.index
    headline, option = spec.prefer["choose_headline.pick"], spec.prefer["play_card.option"]
    played = state.zones[zw_data.Z_PLAYED]
    for defcon in (2, 3):
        state.t[zw_data.T_DEFCON] = defcon
        assert headline(state, us, card("duck_and_cover")) == -10  # its own card: DEFCON down one
        assert headline(state, us, card("lone_gunman")) == -10  # risky: the USSR's operations
        assert headline(state, ussr, card("olympic_games")) == -10  # the US may boycott
        assert headline(state, ussr, card("lone_gunman")) == 0
    state.t[zw_data.T_DEFCON] = 4
    assert headline(state, us, card("duck_and_cover")) == 0 and headline(state, us, card("lone_gunman")) == 1
    state.t[zw_data.T_DEFCON] = 2
    played.append(card("cia_created"))  # risky for the USSR: the US's operations, a coup
    assert [option(state, ussr, o) for o in ("operations", "space race", "event first")] == [-10, 5, -10]
    played.append(card("olympic_games"))
    assert [option(state, us, o) for o in ("event", "operations", "space race")] == [-10, 0, 5]
    state.t[zw_data.T_DEFCON] = 3
    played.append(card("lone_gunman"))
    assert [option(state, us, o) for o in ("operations first", "event first")] == [-10, 0]
    assert option(state, ussr, "operations first") == 0  # the USSR's own card sets nothing off
    operation = spec.prefer["conduct_operations.option"]
    assert operation(state, us, "coup") == 0
    monkeypatch.setattr(type(state), "active", lambda st, label: label == "cuban_missile_crisis")
    assert operation(state, us, "coup") == -10 and operation(state, us, "influence") == 0


RISKY = {  # the other side's cards whose events may end the game at DEFCON 2 for who plays them
    "ussr": {"duck_and_cover", "five_year_plan", "cia_created", "grain_sales_to_soviets", "star_wars",
             "soviets_shoot_down_kal_007", "tear_down_this_wall"},
    "us": {"we_will_bury_you", "lone_gunman", "ortega_elected_in_nicaragua"},
}


def test_zimna_wojna_values_the_risk_of_the_cards_in_hand():
    """bot_value counts each risky card in hand 4 at DEFCON 3 and 12 at DEFCON 2, 0 above, for
    the player judged and against the opponent."""
    state = _zw_at_defcon_2("take_action_round.c")
    players = zw_data.PLAYERS_IDS
    hand = {p: {zw_data.CARDS_IDS[c] for c in state.zones[zw_data.Z_HAND + i]} for i, p in enumerate(players)}
    for name in ("we_will_bury_you", "duck_and_cover"):  # one risky card in each hand at least
        if all(name not in cards for cards in hand.values()):
            state.zones[zw_data.Z_HAND].append(zw_data.CARDS_IDS.index(name))  # the value reads hands only
    hand = {p: {zw_data.CARDS_IDS[c] for c in state.zones[zw_data.Z_HAND + i]} for i, p in enumerate(players)}
    held = {p: len(hand[p] & RISKY[p]) for p in players}
    assert sum(held.values()) > 0
    worth_at = {}
    for defcon in (2, 3, 4):
        state.t[zw_data.T_DEFCON] = defcon
        worth_at[defcon] = {p: worth.value_of(state, i) for i, p in enumerate(players)}
    for defcon, weight in ((2, 12), (3, 4)):  # the board and the VP do not move with DEFCON
        for me, other in (players, players[::-1]):
            assert worth_at[defcon][me] - worth_at[4][me] == weight * (held[other] - held[me])
