"""The compiled Zimna Wojna map and cards agree with the facts of the published game
(tests/fixtures/facts/zimna_wojna.yaml, which names its sources).

84 countries, 29 battlegrounds, every adjacency of the reference and none more (002 §2.1).
"""

from __future__ import annotations

import yaml

from ..conftest import CONTENT, FIXTURES

FACTS = FIXTURES / "facts" / "zimna_wojna.yaml"
SUPERPOWER_SPACES = {"us": "united_states", "ussr": "soviet_union"}


def reference():
    facts = yaml.safe_load(FACTS.read_text("utf-8"))
    facts["optional_spaces"] = [c for c in facts["countries"] if c.get("optional")]
    facts["countries"] = [c for c in facts["countries"] if not c.get("optional")]
    return facts


def reference_links(ref) -> set[frozenset]:
    links = set()
    for country in ref["countries"] + ref["optional_spaces"]:
        for other in country["adjacent"]:
            links.add(frozenset((country["id"], other)))
        if country["superpower"] != "none":
            links.add(frozenset((country["id"], SUPERPOWER_SPACES[country["superpower"]])))
    return links


def test_the_facts_are_those_of_the_published_game():
    """002 2.1: 84 countries, 29 of them battlegrounds, and the optional Chinese Civil War space;
    every link listed from both ends; 110 cards numbered 1 to 110."""
    ref = reference()
    assert len(ref["countries"]) == 84 and sum(c["battleground"] for c in ref["countries"]) == 29
    assert [c["id"] for c in ref["optional_spaces"]] == ["chinese_civil_war"]
    ends = {c["id"]: set(c["adjacent"]) for c in ref["countries"] + ref["optional_spaces"]}
    assert all(here in ends[there] for here, links in ends.items() for there in links)
    assert sorted(c["number"] for c in ref["cards"]) == list(range(1, 111))


def test_84_countries_29_battlegrounds(compiled_packages):
    engine = compiled_packages(CONTENT / "zimna_wojna")
    data = engine.data
    game = engine.Game()
    countries = [s for s in game.spaces if data.SPACES_IDS[s] not in
                 ("united_states", "soviet_union", "chinese_civil_war")]
    assert len(countries) == 84
    assert sum(1 for s in countries if data.SPACE_BATTLEGROUND[s]) == 29
    assert len(data.SPACES_IDS) == 87  # 84 countries, 2 superpowers, the optional civil war space
    ref = reference()
    assert {data.SPACES_IDS[s] for s in countries} == {c["id"] for c in ref["countries"]}
    for country in ref["countries"]:
        index = data.SPACES_IDS.index(country["id"])
        assert data.SPACE_STABILITY[index] == country["stability"], country["id"]
        assert data.SPACE_BATTLEGROUND[index] == country["battleground"], country["id"]


def test_every_adjacency_of_the_reference_and_none_more(compiled_packages):
    engine = compiled_packages(CONTENT / "zimna_wojna")
    ids = engine.data.SPACES_IDS
    compiled = {frozenset((ids[s], ids[o])) for s, links in enumerate(engine.data.ADJACENT)
                for o in links}
    assert compiled == reference_links(reference())


def test_regions_and_subregions_match(compiled_packages):
    engine = compiled_packages(CONTENT / "zimna_wojna")
    game = engine.Game()
    ids, rids = engine.data.SPACES_IDS, engine.data.REGIONS_IDS
    members = {rids[r]: {ids[s] for s in game.region_spaces[r]} for r in game.regions}
    ref = reference()
    for region in ref["regions"] + ref["subregions"]:
        assert members[region["id"]] == set(region["countries"]), region["id"]


def test_chinese_civil_war_space_only_with_its_option(compiled_packages):
    engine = compiled_packages(CONTENT / "zimna_wojna")
    space = engine.data.SPACES_IDS.index("chinese_civil_war")
    ussr = engine.data.SPACES_IDS.index("soviet_union")
    assert space not in engine.Game().spaces
    assert space not in engine.Game().adjacent[ussr]
    with_variant = engine.Game({"chinese_civil_war": True})
    assert space in with_variant.spaces and space in with_variant.adjacent[ussr]


def test_setup_influence_is_that_of_the_reference(compiled_packages):
    """002 §3.2-3.3: the fixed starting influence (free placements come with the rules)."""
    engine = compiled_packages(CONTENT / "zimna_wojna")
    state = engine.Game().bare_state(seed=1)
    ids, players = engine.data.SPACES_IDS, engine.data.PLAYERS_IDS
    setup = reference()["setup"]
    for player in ("ussr", "us"):
        p = players.index(player)
        placed = {ids[s]: cells[p] for s, cells in enumerate(state.c[0]) if cells[p]}
        assert placed == setup[player]


def test_cards(compiled_packages):
    engine = compiled_packages(CONTENT / "zimna_wojna")
    data = engine.data
    ref = reference()
    # every card of the reference, and no other but house cards (docs/authoring.md)
    published = [c for i, c in enumerate(data.CARDS_IDS) if not data.CARD_HOUSE[i]]
    assert len(published) == len(ref["cards"])
    for card in ref["cards"]:
        i = data.CARDS_IDS.index(card["id"])
        assert data.CARD_NUMBER[i] == card["number"]
        assert data.CARD_OPS[i] == card["ops"]
        side = None if card["side"] == "neutral" else data.PLAYERS_IDS.index(card["side"])
        assert data.CARD_SIDE[i] == side, card["id"]
        assert data.CARD_PERIOD[i] == card["period"]
        for flag in ("removed_after_event", "persistent", "scoring", "war", "marked_optional"):
            assert getattr(data, f"CARD_{flag.upper()}")[i] == (flag in card["flags"]), (card["id"], flag)
