"""Private log lines (`log "key" to p with ...`): the reader sees the line, every other player
only that one was written, at the same index; the cards it names become known to the reader alone.

The game is a copy of the tiny fixture whose `take_turn` peeks at the top card of the deck in
private (`log "peek" to p with card=top(deck)`) and writes a private line without arguments.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.pipeline import checked_game
from compiler.tools.terminal.words import Words
from dsl.runtime.helpers import RuleError
from dsl.runtime.log import lines

from ..conftest import FIXTURES, budget, compile_errors, copy_game, edit_file, run_cli
from .test_views import Secrets, check_view

PEEK = """          turns_taken += 1
          if size(deck) > 0:
              log "peek" to p with card=top(deck)
          log "seen" to p
"""
WORDS = """log:
  storm_fizzles: "The storm fizzles ({roll})"
  peek: "You look at the top card of the deck: {card}"
  seen: "You have looked"
"""


def peek_game(root):
    folder = copy_game(FIXTURES / "games" / "tiny", root)
    edit_file(folder / "rules.yaml", "          turns_taken += 1\n", PEEK)
    (folder / "text.yaml").write_text((folder / "text.yaml").read_text("utf-8") + WORDS, "utf-8")
    return folder


@pytest.fixture(scope="module")
def peek_folder(tmp_path_factory):
    return peek_game(tmp_path_factory.mktemp("peek"))


@pytest.fixture(scope="module")
def peek(compiled_packages, peek_folder):
    return compiled_packages(peek_folder)


def first_peek(state) -> tuple[int, int]:
    """(log index, card) of red's first private peek."""
    for i, entry in enumerate(state.log):
        if entry[0] == "say_to" and entry[2] == "peek":
            assert entry[1] == 0  # red takes the first turn
            return i, entry[3]["card"][1]
    raise AssertionError(state.log)


def test_the_reader_sees_the_line_and_the_other_only_its_place(peek):
    state = peek.Game({}).new_state(1)
    i, card = first_peek(state)
    name = peek.Game.spec.cards[card]
    red, blue = state.view("red"), state.view("blue")
    assert len(red["log"]) == len(blue["log"]) == len(state.log)
    assert red["log"][i] == ["say_to", "red", "peek", {"card": name}]
    assert red["log"][i + 1] == ["say_to", "red", "seen", {}]
    assert blue["log"][i] == blue["log"][i + 1] == ["private", "red"]
    assert name not in json.dumps(blue)  # not in the log, not in a zone, nowhere
    # log_from keeps the alignment: log[j] is the state's entry log_from + j
    assert state.view("blue", log_from=i)["log"][0] == ["private", "red"]
    assert state.view("red", log_from=i)["log"][0][2] == "peek"


def test_a_peeked_card_is_known_to_its_reader_only(peek):
    state = peek.Game({}).new_state(1)
    _, card = first_peek(state)
    name = peek.Game.spec.cards[card]
    assert state.knows(0, card) and not state.knows(1, card)
    assert state.view("red")["zones"]["deck"] == {"size": 4, "known": [name]}
    assert state.view("blue")["zones"]["deck"] == {"size": 4, "known": []}


def test_a_save_keeps_the_private_lines_and_what_they_told(peek):
    state = peek.Game({}).new_state(1)
    state.apply(state.decision().answers[0])
    loaded = peek.Game.state_from_json(state.to_json())
    assert loaded.log == state.log and loaded.seen == state.seen
    assert [loaded.view(p) for p in (0, 1)] == [state.view(p) for p in (0, 1)]


def test_log_lines_read_as_the_viewer_may(peek):
    state = peek.Game({}).new_state(1)
    i, card = first_peek(state)
    name = peek.Game.spec.cards[card]
    full = lines(state, ids=True)
    assert full[i:i + 2] == [f"peek: card={name} (to red only)", "seen (to red only)"]
    assert lines(state, ids=True, viewer=0) == full
    assert lines(state, ids=True, viewer=1)[i:i + 2] == ["red looked at something in private"] * 2
    assert not any(name in line for line in lines(state, viewer=1))
    assert lines(state, start=i + 1, viewer=1) == ["red looked at something in private"]


def test_a_private_line_to_nobody_is_a_rule_fault(peek):
    state = peek.Game({}).new_state(1)
    with pytest.raises(RuleError, match="no player to log 'peek' to"):
        state.say_to(None, "peek", {})


def test_the_terminal_words_a_private_line_in_the_player_s_language(peek, peek_folder):
    compiled = checked_game(peek_folder)
    state = peek.Game({}).new_state(1)
    i, card = first_peek(state)
    english, polish, czech = (Words(compiled, lang) for lang in ("en", "pl", "cs"))
    mine, theirs = state.view("red")["log"][i], state.view("blue")["log"][i]
    name = english.name(peek.Game.spec.cards[card])
    assert english.log_line(mine) == f"You look at the top card of the deck: {name}"  # text.yaml's words
    assert english.log_line(theirs) == f"{english.name('red')} looked at something in private."
    assert polish.log_line(theirs) == f"{polish.name('red')}: tajny podgląd."
    assert czech.log_line(theirs) == f"{czech.name('red')}: tajné nahlédnutí."


@settings(max_examples=budget(10), deadline=None)
@given(seed=st.integers(0, 2**32), rate=st.floats(0.05, 0.3))
def test_no_view_of_the_peeking_game_shows_a_card_its_player_cannot_know(peek, seed, rate):
    state = peek.Game({}).bare_state(seed)
    secrets = Secrets(state)
    state.start()
    rnd = random.Random(seed)
    while not state.is_over():
        if rnd.random() < rate:
            for player in (0, 1):
                view = check_view(state, secrets, player)
                reader_lines = [e for e in view["log"] if e[0] == "say_to"]
                assert all(e[1] == view["player"] for e in reader_lines)
        state.apply_index(rnd.randrange(len(state.decision().options)))


def test_a_scenario_sees_the_whole_log(peek_folder, tmp_path):
    path = tmp_path / "peek.yaml"
    path.write_text(f"game: {peek_folder}\nsource: test\nstart: game\nsteps:\n  - do: score += 1\n"
                    "expect:\n  - log: seen\n  - log_lines: ['peek: card=', 'seen (to red only)']\n", "utf-8")
    result = run_cli("test", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed, 0 failed" in result.stdout


def test_the_reader_must_be_a_player(tmp_path):
    folder = peek_game(tmp_path)
    edit_file(folder / "rules.yaml", 'log "seen" to p', 'log "seen" to 3')
    errors = compile_errors(folder)
    assert [d.code for d in errors] == ["E501"]
    error = errors[0]
    assert "the reader of a private log line should be player, but this is int" in error.message
    assert 'log "seen" to p' in (error.hint or "")
    text = (folder / "rules.yaml").read_text("utf-8").splitlines()
    assert text[error.span.line - 1][error.span.col - 1:].startswith("3")


def test_a_private_message_needs_its_words_like_any_other(tmp_path):
    folder = peek_game(tmp_path)
    edit_file(folder / "text.yaml", '  seen: "You have looked"\n', "")
    edit_file(folder / "text.yaml", "deck: {card}", "deck: {cards}")
    found = {(d.code, d.message) for d in compile_errors_checked(folder)}
    assert ("E726", "the logged message 'seen' has no words in text.yaml 'log:'") in found
    assert any(code == "E708" and "'{cards}'" in message for code, message in found)


def compile_errors_checked(folder) -> list:
    from compiler.diagnostics import CompileError

    with pytest.raises(CompileError) as info:
        checked_game(folder)
    return info.value.diagnostics
