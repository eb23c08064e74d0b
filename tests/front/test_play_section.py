"""game.yaml `play` and text.yaml `prompts:`/`log:` are checked like the rest of the content:
a misspelt name is located with a suggestion, a decision without words is found at the choice."""

from __future__ import annotations

import re

import pytest

from compiler.front.prompts import decision_points
from compiler.pipeline import checked_game, compile_game

from ..conftest import CONTENT, ROOT, compile_errors, copy_game, edit_file


@pytest.fixture
def zk(tmp_path):
    return copy_game(CONTENT / "zelazna_kurtyna", tmp_path)


def codes(diagnostics) -> list[tuple[str, str, int]]:
    return [(d.code, d.span.path.rsplit("/", 1)[-1], d.span.line) for d in diagnostics]


def checked_errors(folder):
    from compiler.diagnostics import CompileError

    with pytest.raises(CompileError) as info:
        checked_game(folder)
    return info.value.diagnostics


@pytest.mark.parametrize("game", ["zimna_wojna", "zelazna_kurtyna"])
def test_the_prompt_keys_are_those_the_engine_asks(game):
    """decision_points names each decision as the Python back end does (every st.ask of the engine)."""
    asked = set()
    for module in (ROOT / "generated" / game).glob("*.py"):
        asked |= set(re.findall(r"st\.ask\([^,]*, '[a-z]*', '([^']*)'", module.read_text("utf-8")))
    assert {p.key for p in decision_points(compile_game(CONTENT / game).program)} == asked


def test_a_misspelt_name_in_play_is_located(zk):
    edit_file(zk / "game.yaml", "tracks: [round, ideology]", "tracks: [round, ideolgy]")
    edit_file(zk / "game.yaml", "{function: controls, label: Control}",
              "{function: control, label: Control}")
    errors = compile_errors(zk)
    assert ("E301", "game.yaml", 120) in codes(errors)
    assert any(d.code == "E301" and "'ideology'" in (d.hint or "") for d in errors)
    assert any(d.code == "E301" and "unknown function 'control'" in d.message
               and "'controls'" in (d.hint or "") for d in errors)


def test_a_function_column_needs_a_space_and_maybe_a_player(zk):
    edit_file(zk / "game.yaml", "{function: controls, label: Control}", "{function: supply, label: Supply}")
    errors = compile_errors(zk)
    assert [d.code for d in errors] == ["E304"]
    assert "function 'supply' takes (player) -> int" in errors[0].message
    # (space) -> region: a view would show the region's index, so it is refused too
    edit_file(zk / "game.yaml", "{function: supply, label: Supply}",
              "{function: region_of, label: Region}")
    errors = compile_errors(zk)
    assert [d.code for d in errors] == ["E304"] and "takes (space) -> region" in errors[0].message


def test_a_decision_without_words_is_found_at_the_choice(zk):
    edit_file(zk / "text.yaml",
              "  add_cube.taken: Your cubes are all out - choose a card to take one back from\n", "")
    errors = checked_errors(zk)
    assert [d.code for d in errors] == ["E726"]
    assert "the decision 'add_cube.taken' has no words" in errors[0].message
    assert errors[0].span.path.endswith("rules.yaml")  # where the rules ask it


def test_words_for_a_decision_or_message_the_rules_lack(zk):
    edit_file(zk / "text.yaml", "  play.second:", "  play.secnd:")
    edit_file(zk / "text.yaml", "  card_played:", "  card_plaied:")
    errors = checked_errors(zk)
    found = {(d.code, d.message.split(",")[0]) for d in errors}
    assert ("E301", "text.yaml words the decision 'play.secnd'") in found
    assert ("E301", "text.yaml words the logged message 'card_plaied'") in found
    assert any("'play.second'" in (d.hint or "") for d in errors)


def test_a_log_template_names_only_what_is_logged(zk):
    edit_file(zk / "text.yaml", '"{player} plays {card}"', '"{player} plays {cards}"')
    errors = checked_errors(zk)
    assert [d.code for d in errors] == ["E708"] and "'{cards}'" in errors[0].message
    assert "'card'" in (errors[0].hint or "")


def test_an_unknown_zone_in_play_is_located_with_a_suggestion(zk):
    edit_file(zk / "game.yaml", "  tracks: [round, ideology]\n",
              "  tracks: [round, ideology]\n  zones: [hand, on_tabel]\n")
    errors = compile_errors(zk)
    assert codes(errors) == [("E301", "game.yaml", 121)]
    assert errors[0].message == "unknown zone 'on_tabel'" and "'on_table'" in (errors[0].hint or "")
    assert errors[0].span.col == 17  # at the name in the list


def test_an_answer_line_and_a_reason_are_checked_against_the_rules(zk):
    """text.yaml `answered:` words how an answer reads in the log; `reasons:` why a game ended.
    Each key must be one the rules have (E301, with a suggestion) and an answer's line may name
    {player} and {answer} only (E708)."""
    edit_file(zk / "text.yaml", '  play.second: "{player} decides who begins round 2: {answer}"\n',
              '  play.second: "{player} lets {card} begin"\n  play.frist: "{player} begins"\n')
    edit_file(zk / "text.yaml", "\nreasons:\n", "\nreasons:\n  no_such_reason: Nothing\n")
    errors = checked_errors(zk)
    found = sorted((d.code, d.message) for d in errors)
    assert [code for code, _ in found] == ["E301", "E301", "E708"], found
    assert any("answer to 'play.frist'" in m for _, m in found)
    assert any("the reason 'no_such_reason'" in m for _, m in found)
    assert any("'{card}'" in m and "'play.second'" in m for _, m in found)
    assert any("'play.first'" in (d.hint or "") for d in errors)


def test_a_figure_is_a_function_of_nothing_or_a_player(zk):
    """`play.figures` shows a function of () or (player) with the tracks; another function, or
    an unknown name, is refused where it is named."""
    edit_file(zk / "game.yaml", "  tracks: [round, ideology]\n",
              "  tracks: [round, ideology]\n  figures:\n    - {function: supply, label: Supply}\n"
              "    - {function: controls}\n    - {function: suply}\n")
    errors = compile_errors(zk)
    found = sorted((d.code, d.message) for d in errors)
    assert [code for code, _ in found] == ["E301", "E304"], found
    assert "unknown function 'suply'" in found[0][1]
    assert "function 'controls' takes (space, player) -> bool" in found[1][1]


def test_the_figures_are_in_every_view_by_name():
    """CIA vs KGB shows each side's influence, the balance token's holder and the decks' sizes:
    a per-player figure has a value per seated player, a player is given by its id."""
    from compiler.tools.engines import load_engine

    _, engine = load_engine(CONTENT / "cia_kgb")
    state = engine.Game().new_state(3)
    while state.view(0)["figures"]["balance_token"] is None:
        state.apply_index(0)
    figures = state.view(1)["figures"]
    assert set(figures) == {"influence_of", "balance_token", "targets_left", "groups_left"}
    assert set(figures["influence_of"]) == {"cia", "kgb"} and figures["balance_token"] in ("cia", "kgb")
    assert figures["targets_left"] == 20 and figures == state.view(0)["figures"]
