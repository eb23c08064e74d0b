"""The effect language can express Zimna Wojna's rules and card events.

tests/fixtures/twilight_sample holds a sample of rules (coup, DEFCON, operations value, space
race eligibility) and of card events chosen to cover what the cards need: choices with
conditions and limits, dice with modifiers, card moves between hands, random draws, lasting
modifiers, prohibitions and triggers, events that depend on other cards, and ending the game.
They are compiled on top of a copy of content/zimna_wojna and played here. Card numbers and
rule sections are cited; outcomes follow ../shared/reference/twilight_struggle/cards.yaml.
"""

from __future__ import annotations

import shutil

import pytest
import yaml

from dsl.runtime import GameOver

from .conftest import CONTENT, FIXTURES, drive

SAMPLE = FIXTURES / "twilight_sample"


run = drive  # drive a generated procedure or event with answers


@pytest.fixture(scope="module")
def ts(tmp_path_factory, compiled_packages):
    root = tmp_path_factory.mktemp("sample")
    game = root / "zimna_wojna"
    shutil.copytree(CONTENT / "zimna_wojna", game)
    events = yaml.safe_load((SAMPLE / "events.yaml").read_text("utf-8"))
    files = {path: path.read_text("utf-8") for path in sorted(game.glob("cards*.yaml"))}
    for card, event in events.items():
        if any(c["id"] == card and "event" in c for text in files.values()
               for c in yaml.safe_load(text)["cards"]):
            continue  # the content's own event supersedes the draft
        body = "".join(f"      {line}\n" for line in event.rstrip("\n").splitlines())
        marker = f"  - id: {card}\n"
        path = next(path for path, text in files.items() if marker in text)
        if f"{marker}    event: |" in files[path]:
            continue  # the card's own event is written now: the draft gives way
        files[path] = files[path].replace(marker, f"{marker}    event: |\n{body}", 1)
    for path, text in files.items():
        path.write_text(text, "utf-8")
    return compiled_packages(game)


@pytest.fixture
def st(ts):
    return ts.Game().bare_state(seed=7)


def ids(ts, kind):
    return {name: i for i, name in enumerate(getattr(ts.data, f"{kind}_IDS"))}


def test_every_sample_event_compiled(ts):
    events = yaml.safe_load((SAMPLE / "events.yaml").read_text("utf-8"))
    compiled = {ts.data.CARDS_IDS[c] for c in ts.cards.EVENTS}
    assert set(events) <= compiled


def test_comecon_card_14_four_distinct_countries_not_us_controlled(ts, st):
    d = ts.data
    st.c[d.C_INFLUENCE][d.POLAND][d.US] = 3  # Poland (stability 3) is US-controlled
    asked = run(st.play_event(d.COMECON, d.USSR), [d.HUNGARY, d.ROMANIA, d.BULGARIA, d.AUSTRIA])
    assert "poland" not in asked[0].answers and "east_germany" in asked[0].answers
    assert "hungary" not in asked[1].answers  # distinct
    assert [st.c[d.C_INFLUENCE][s][d.USSR] for s in (d.HUNGARY, d.ROMANIA, d.BULGARIA, d.AUSTRIA)] \
        == [1, 1, 1, 1]


def test_socialist_governments_card_7_at_most_two_per_country(ts, st):
    d = ts.data
    asked = run(st.play_event(d.SOCIALIST_GOVERNMENTS, d.USSR),
                [d.UNITED_KINGDOM, d.UNITED_KINGDOM, d.CANADA])
    assert asked[0].answers == ["canada", "united_kingdom"]  # where the US has influence
    assert asked[2].answers == ["canada"]  # the UK already lost 2
    assert st.c[d.C_INFLUENCE][d.UNITED_KINGDOM][d.US] == 3
    assert st.c[d.C_INFLUENCE][d.CANADA][d.US] == 1


def test_socialist_governments_prevented_by_the_iron_lady(ts, st):
    d = ts.data
    st.move(d.THE_IRON_LADY, d.Z_IN_PLAY)
    assert not st.event_possible(d.SOCIALIST_GOVERNMENTS, d.USSR)


def test_duck_and_cover_card_4(ts, st):
    d = ts.data
    st.t[d.T_DEFCON] = 4
    run(st.play_event(d.DUCK_AND_COVER, d.US))
    assert (st.t[d.T_DEFCON], st.t[d.T_VP]) == (3, 2)
    st.t[d.T_DEFCON] = 2
    st.v[d.V_PHASING] = d.US
    with pytest.raises(GameOver) as over:  # DEFCON 1: the phasing player loses (002 §8.1.3)
        run(st.play_event(d.DUCK_AND_COVER, d.US))
    assert over.value.winner == d.USSR and over.value.reason == "nuclear_war"


def test_arab_israeli_war_card_13_dice_and_modifiers(ts, st):
    d = ts.data
    st.c[d.C_INFLUENCE][d.JORDAN][d.US] = 2  # US controls Jordan (stability 2): modifier 1
    st.force_rolls(5)  # 5 - 1 = 4: USSR victory
    run(st.play_event(d.ARAB_ISRAELI_WAR, d.USSR))
    assert st.t[d.T_MILITARY_OPS + d.USSR] == 2 and st.t[d.T_VP] == -2
    assert (st.c[d.C_INFLUENCE][d.ISRAEL][d.US], st.c[d.C_INFLUENCE][d.ISRAEL][d.USSR]) == (0, 1)
    st.force_rolls(4)  # 4 - 1 = 3: no victory
    run(st.play_event(d.ARAB_ISRAELI_WAR, d.USSR))
    assert st.t[d.T_VP] == -2


def test_containment_and_red_scare_modify_ops_until_the_end_of_turn(ts, st):
    """002 §7.4: modifiers add up; the value stays within 1..4."""
    d, rules = ts.data, ts.rules
    run(st.play_event(d.CONTAINMENT, d.US))
    assert rules.f_ops_value(st, d.COMECON, d.US) == 4  # 3 + 1
    assert rules.f_ops_value(st, d.NATO, d.US) == 4  # 4 + 1, capped
    run(st.play_event(d.RED_SCARE_PURGE, d.USSR))
    assert rules.f_ops_value(st, d.COMECON, d.US) == 3  # 3 + 1 - 1
    assert rules.f_ops_value(st, d.FIDEL, d.USSR) == 2
    run(st.emit("turn_end", ()))
    assert rules.f_ops_value(st, d.COMECON, d.US) == 3 and not st.lasting


def test_nato_card_21_needs_marshall_plan_or_warsaw_pact_and_forbids_coups(ts, st):
    d, rules = ts.data, ts.rules
    assert not st.event_possible(d.NATO, d.US)
    st.move(d.MARSHALL_PLAN, d.Z_IN_PLAY)
    run(st.play_event(d.NATO, d.US))
    assert st.active("nato")  # finish_card, not the event, puts the card in play
    assert not rules.h_coup_allowed(st, d.USSR, d.UNITED_KINGDOM)  # US-controlled, Europe
    assert rules.h_coup_allowed(st, d.USSR, d.ITALY)  # not controlled
    assert rules.h_coup_allowed(st, d.US, d.EAST_GERMANY)


def test_defcon_forbids_coups_by_region_002_8_1_5(ts, st):
    d, rules = ts.data, ts.rules
    st.t[d.T_DEFCON] = 3
    assert rules.h_coup_allowed(st, d.US, d.IRAN)  # Middle East: needs 3
    assert not rules.h_coup_allowed(st, d.US, d.NORTH_KOREA)  # Asia: needs 4
    assert rules.h_coup_allowed(st, d.USSR, d.PANAMA)


def test_cuban_missile_crisis_card_43_a_coup_loses(ts, st):
    d, rules = ts.data, ts.rules
    run(st.play_event(d.CUBAN_MISSILE_CRISIS, d.USSR))
    assert st.t[d.T_DEFCON] == 2
    with pytest.raises(GameOver) as over:
        run(rules.p_coup(st, d.US, d.NORTH_KOREA, 3))
    assert over.value.winner == d.USSR and over.value.reason == "cuban_missile_crisis"


def test_cuban_missile_crisis_ends_with_the_turn(ts, st):
    d, rules = ts.data, ts.rules
    run(st.play_event(d.CUBAN_MISSILE_CRISIS, d.USSR))
    run(st.emit("turn_end", ()))
    st.force_rolls(6)
    run(rules.p_coup(st, d.US, d.SYRIA, 3))  # no longer loses: 3 + 6 - 4 = 5
    assert (st.c[d.C_INFLUENCE][d.SYRIA][d.USSR], st.c[d.C_INFLUENCE][d.SYRIA][d.US]) == (0, 4)
    assert st.t[d.T_DEFCON] == 2  # Syria is no battleground


def test_coup_of_iran_with_4_ops_rolling_6(ts, st):
    """The rules issue's example: 4 ops + 6 - 2 x 2 = 6 against 2 US influence."""
    d, rules = ts.data, ts.rules
    st.c[d.C_INFLUENCE][d.IRAN][d.US] = 2
    st.force_rolls(6)
    run(rules.p_coup(st, d.USSR, d.IRAN, 4))
    assert (st.c[d.C_INFLUENCE][d.IRAN][d.US], st.c[d.C_INFLUENCE][d.IRAN][d.USSR]) == (0, 4)
    assert st.t[d.T_MILITARY_OPS + d.USSR] == 4 and st.t[d.T_DEFCON] == 4


def test_five_year_plan_card_5_random_discard_triggers_us_events(ts, st):
    d = ts.data
    st.move(d.DUCK_AND_COVER, d.Z_HAND + d.USSR)  # the only card: it is drawn
    run(st.play_event(d.FIVE_YEAR_PLAN, d.US))
    assert st.where[d.DUCK_AND_COVER] == d.Z_DISCARD
    assert st.t[d.T_DEFCON] == 4 and st.t[d.T_VP] == 1  # its US event happened
    st.move(d.CHINA_CARD, d.Z_HAND + d.USSR)  # never taken
    run(st.play_event(d.FIVE_YEAR_PLAN, d.US))
    assert st.where[d.CHINA_CARD] == d.Z_HAND + d.USSR


def test_grain_sales_card_68_play_or_return(ts, st):
    d = ts.data
    st.move(d.DUCK_AND_COVER, d.Z_HAND + d.USSR)
    asked = run(st.play_event(d.GRAIN_SALES_TO_SOVIETS, d.US), ["return"])
    assert asked[0].answers == ["play", "return"]
    assert st.where[d.DUCK_AND_COVER] == d.Z_HAND + d.USSR
    run(st.play_event(d.GRAIN_SALES_TO_SOVIETS, d.US), ["play"])
    assert st.where[d.DUCK_AND_COVER] == d.Z_DISCARD and st.t[d.T_DEFCON] == 4


def test_quagmire_card_42_replaces_normal_action_rounds(ts, st):
    d, rules = ts.data, ts.rules
    run(st.play_event(d.QUAGMIRE, d.USSR))
    assert not rules.h_normal_action_round(st, d.US) and rules.h_normal_action_round(st, d.USSR)
    st.cancel("quagmire")
    assert rules.h_normal_action_round(st, d.US)


def test_how_i_learned_card_49_chooses_a_level(ts, st):
    d = ts.data
    asked = run(st.play_event(d.HOW_I_LEARNED_TO_STOP_WORRYING, d.US), [3])
    assert asked[0].kind == "number" and asked[0].answers == [1, 2, 3, 4, 5]
    assert st.t[d.T_DEFCON] == 3 and st.t[d.T_MILITARY_OPS + d.US] == 5


def test_wargames_card_103_both_branches(ts, st):
    d = ts.data
    assert not st.event_possible(d.WARGAMES, d.US)  # only at DEFCON 2
    st.t[d.T_DEFCON] = 2
    run(st.play_event(d.WARGAMES, d.US), ["decline"])
    st.t[d.T_VP] = 7
    with pytest.raises(GameOver) as over:
        run(st.play_event(d.WARGAMES, d.US), ["end the game"])
    assert over.value.winner == d.US and st.t[d.T_VP] == 1


def test_space_race_eligibility_uses_the_table(ts, st):
    d, rules = ts.data, ts.rules
    ops = rules.f_ops_value(st, d.FIDEL, d.USSR)
    assert rules.f_may_try_space_race(st, d.USSR, ops)  # 2 ops, box 1 needs 2
    st.t[d.T_SPACE_RACE + d.USSR] = 4
    assert not rules.f_may_try_space_race(st, d.USSR, ops)  # box 5 needs 3
