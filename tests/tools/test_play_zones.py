"""game.yaml `play.zones`: the terminal shows the table's zones from the player's view, above
every question and by the `board` command. The fixture game tabletop has no map: a shared open
target, open and hidden per-player zones, a hidden pile, and two kinds of card with different
attributes (tests/fixtures/games/tabletop). Its setup is fixed, so what each side may see is
known: north holds spy in its vault, south holds mole and bait (north saw bait go there), and
spare lies in the hidden pool. Each side has two cards ready, so each is asked which to play
(a question with one answer is not asked)."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from rich.console import Console

from ..conftest import CONTENT, FIXTURES, ROOT, copy_game, edit_file

TABLETOP = FIXTURES / "games" / "tabletop"


def play(game, *lines: str, side: str = "north", lang: str = "en") -> list[str]:
    """The lines `kurtyna play` prints for `lines` typed, stripped of table padding and of the
    prompt "> " that the output after an answer follows on its line."""
    result = subprocess.run([sys.executable, "-m", "compiler.cli", "play", str(game), "--as", side,
                             "--lang", lang], input="\n".join(lines) + "\n", capture_output=True,
                            text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return [line.strip().removeprefix("> ") for line in result.stdout.splitlines()]


def section(lines: list[str], heading: str) -> list[str]:
    """The lines from `heading` (the first time it is shown) to the next heading or question."""
    start = lines.index(heading)
    out = []
    for line in lines[start + 1:]:
        if not line.startswith(("#", "━")) and "│" not in line:
            break
        out.append(line)
    return out


def rows(lines: list[str], heading: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.split("│")] for line in section(lines, heading) if "│" in line]


def test_open_zones_list_their_cards_to_both_players():
    north = play(TABLETOP, "quit", side="north")
    south = play(TABLETOP, "quit", side="south")  # asked after the bot, north, played a card
    for lines in (north, south):
        assert rows(lines, "Target") == [["1", "Summit", "3"]]
        assert rows(lines, "Ready - South") == [["4", "Miner", "1"], ["9", "Digger", "2"]]
    assert rows(north, "Ready - North") == [["2", "Scout", "2"], ["3", "Guard", "3"]]
    left, played = rows(south, "Ready - North"), rows(south, "Scored - North")
    assert len(left) == len(played) == 1
    assert sorted(left + played) == [["2", "Scout", "2"], ["3", "Guard", "3"]]


def test_a_hidden_zone_of_another_shows_its_size_and_the_cards_known_only():
    north = play(TABLETOP, "board", "quit", side="north")
    assert rows(north, "Vault - North") == [["5", "Spy", "1"]]  # its own hidden zone
    assert rows(north, "Vault - South: hidden cards: 2, of which you know") == [["7", "Bait", "0"]]
    assert "Pool: hidden cards: 1" in north
    text = "\n".join(north)
    assert "Mole" not in text and "Spare" not in text  # never a card it may not know
    south = play(TABLETOP, "board", "quit", side="south")
    assert "Vault - North: hidden cards: 1" in south and "Spy" not in "\n".join(south)
    assert rows(south, "Vault - South") == [["6", "Mole", "4"], ["7", "Bait", "0"]]


def test_the_viewer_own_zones_come_first_and_an_empty_zone_is_one_line():
    north = play(TABLETOP, "quit", side="north")
    south = play(TABLETOP, "quit", side="south")
    assert north.index("Ready - North") < north.index("Ready - South")
    assert south.index("Ready - South") < south.index("Ready - North")
    for lines in (north, south):
        assert "Gone: none" in lines and section(lines, "Gone: none") == []  # no table follows it
    # North quits before anything is scored: a per-player zone empty for every player is one
    # line; South answers after the bot has scored, so each side's part is shown
    assert "Scored: none" in north and not any(line.startswith("Scored - ") for line in north)
    assert "Scored - South: none" in south and "Scored: none" not in south
    # the order of play.zones: target, ready, vault, scored, gone, pool
    headings = ["Target", "Ready - North", "Vault - North", "Scored: none", "Gone: none",
                "Pool: hidden cards: 1"]
    assert [north.index(h) for h in headings] == sorted(north.index(h) for h in headings)


def test_zones_are_shown_above_every_question_and_by_the_board_command():
    lines = play(TABLETOP, "board", "board", "quit")
    assert lines.count("Target") == 3  # the question, then the board twice
    assert lines.count("Pool: hidden cards: 1") == 3


def test_a_hand_listed_in_zones_is_not_shown_twice_and_names_are_translated(tmp_path):
    """Żelazna Kurtyna with its zones listed: the hand is shown once, as a zone, in Polish."""
    game = copy_game(CONTENT / "zelazna_kurtyna", tmp_path)
    edit_file(game / "game.yaml", "  tracks: [round, ideology]\n",
              "  tracks: [round, ideology]\n  zones: [on_table, hand, aftermath]\n")
    lines = play(game, "koniec", side="ussr", lang="pl")
    assert "Na stole: brak kart" in lines and "Następstwa: brak kart" in lines
    assert len(rows(lines, "Ręka - ZSRR")) == 5
    assert "Ręka - USA: zakrytych kart: 5" in lines
    assert "Ręka (ZSRR)" not in lines  # the hand as holdings would show it
    assert not any(line.startswith("USA - Ręka") for line in lines)  # nor the hand sizes


def test_czech_words_of_zones():
    lines = play(TABLETOP, "konec", side="south", lang="cs")
    assert "Vault - North: skrytých karet: 1" in lines and "Gone: žádné karty" in lines
    assert rows(lines, "Vault - South") == [["6", "Mole", "4"], ["7", "Bait", "0"]]


# -- card tables, in process -------------------------------------------------------------------
@pytest.fixture(scope="module")
def board():
    from compiler.tools.engines import load_engine
    from compiler.tools.terminal.board import Board
    from compiler.tools.terminal.words import Words

    compiled, engine = load_engine(TABLETOP)
    return Board(compiled, engine.SPEC, Words(compiled, "en"))


def shown(table) -> list[str]:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(table)
    return [line.strip() for line in console.file.getvalue().splitlines()]


def headers(table) -> list[str]:
    return [str(column.header) for column in table.columns]


def test_a_column_no_card_has_a_value_of_is_left_out(board):
    assert headers(board.card_table("", [("1", "summit")])) == ["#", "Card", "Reward"]
    assert headers(board.card_table("", [("2", "scout"), ("3", "guard")])) == ["#", "Card", "Strength"]
    mixed = board.card_table("", [("1", "summit"), ("2", "scout")])  # each kind keeps its field
    assert headers(mixed) == ["#", "Card", "Strength", "Reward"]
    assert shown(mixed)[2:] == ["1 │ Summit │ -        │ 3", "2 │ Scout  │ 2        │ -"]


def test_a_list_value_shows_its_items_in_order(board, monkeypatch):
    monkeypatch.setitem(board.cards["summit"].attributes, "reward", ["scout", "guard", "north"])
    monkeypatch.setitem(board.cards["scout"].attributes, "reward", (1, 2))
    lines = shown(board.card_table("", [("1", "summit"), ("2", "scout")]))
    assert "1 │ Summit │ -        │ Scout > Guard > North" in lines
    assert "2 │ Scout  │ 2        │ 1 > 2" in lines
