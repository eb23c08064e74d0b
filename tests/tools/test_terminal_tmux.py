"""A person plays Twilight Struggle in Polish in a real terminal: tmux runs `kurtyna play`, the
test types into it (send-keys) and reads the screen (capture-pane), as a player would.

It plays the set-up, the headline and the whole first action round of both sides, choosing
countries by their Polish names (with Tab completion and without diacritics), and takes one
placement back with `cofnij` (undo). tmux is installed by scripts/system-deps.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
import uuid

from ..conftest import ROOT


class Terminal:
    """One tmux session on a private server, 150x60, running a command."""

    def __init__(self, command: list[str], cwd: str, config: str):
        self.server = f"kurtyna-test-{uuid.uuid4().hex[:8]}"
        env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color"}
        self.tmux("-f", config, "new-session", "-d", "-s", "play", "-x", "150", "-y", "60", "-c", cwd,
                  shlex.join(command), env=env)

    def tmux(self, *args: str, env: dict[str, str] | None = None) -> str:
        result = subprocess.run(["tmux", "-L", self.server, *args], capture_output=True, text=True,
                                env=env, timeout=30, check=True)
        return result.stdout

    def type(self, text: str, *keys: str) -> None:
        """Type `text` literally, then press `keys` (Tab, Enter)."""
        if text:
            self.tmux("send-keys", "-t", "play", "-l", text)
        for key in keys:
            self.tmux("send-keys", "-t", "play", key)

    def screen(self) -> str:
        """What the terminal has shown, scrolled-away lines included, without the blank rows below."""
        return self.tmux("capture-pane", "-p", "-J", "-t", "play", "-S", "-").rstrip()

    def wait_for(self, done, timeout: float = 60) -> str:
        """The screen once `done(screen)` holds; fails with the screen's end when it never does."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if done(shown):
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"the terminal never got there; its end:\n{shown[-4000:]}")
            time.sleep(0.01)  # a question comes within milliseconds of its answer

    def answer(self, text: str, *keys: str) -> str:
        """Type an answer and wait for the next question: the screen then."""
        before = questions(self.screen())
        self.type(text, *keys, "Enter")
        return self.wait_for(lambda shown: questions(shown) > before and shown.endswith(">"))

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.server, "kill-server"], capture_output=True, timeout=30)


def questions(screen: str) -> int:
    """How many questions the player was asked so far: each ends in a line 'ZSRR: <question>'."""
    return len(re.findall(r"^ZSRR: ", screen, re.M))


def since(screen: str, marker: str) -> str:
    """The screen from the last `marker` on."""
    return screen[screen.rindex(marker):]


def row(screen: str, country: str) -> list[str]:
    """The cells of the last table row of `country` on the screen: #, name, stability,
    battleground, USSR and US Influence, control."""
    rows = [line for line in screen.splitlines() if re.match(rf"\s*\d+ │ {country}\s+│", line)]
    assert rows, f"no row of {country} on the screen"
    return [cell.strip() for cell in rows[-1].split("│")]


def test_a_person_plays_an_action_round_in_polish_with_undo(tmp_path):
    config = tmp_path / "tmux.conf"
    config.write_text("set -g history-limit 100000\nset -g remain-on-exit on\n")  # the end stays on screen
    command = [sys.executable, "-m", "compiler.cli", "play", "zimna_wojna", "--lang", "pl", "--seed", "1"]
    term = Terminal(command, str(ROOT), str(config))
    try:
        screen = term.wait_for(lambda shown: questions(shown) == 1 and shown.endswith(">"))
        assert "grasz jako ZSRR" in screen and "Europa" in screen and "Stabilność" in screen
        assert row(screen, "Polska")[2:4] == ["3", "tak"]  # stability 3, a battleground
        # Set-up, 6 Influence in Eastern Europe by name: Tab completes, diacritics are optional.
        for typed, keys in [("Pol", ("Tab",)), ("Polska", ()), ("pol", ("Tab",)), ("Czech", ("Tab",)),
                            ("czechoslowacja", ()), ("wegry", ())]:
            screen = term.answer(typed, *keys)
        assert screen.count("ZSRR umieszcza 1 początkowy PW w Polsce") == 3  # the log tells of it
        assert "ZSRR umieszcza 1 początkowy PW na Węgrzech" in screen
        # The US bot places its 7; then the headline, a card from the hand by its name's start.
        screen = term.answer("Plan pie", "Tab")
        assert "Runda: 1" in since(screen, "Tura:")
        # Action round 1: Vietnam Revolts for its operations, to place Influence.
        for typed in ("Rewolty", "operacje", "umieszczanie"):
            screen = term.answer(typed)
        before = row(screen, "Polska")
        screen = term.answer("polska")
        assert int(row(screen, "Polska")[4]) == int(before[4]) + 1  # one more USSR Influence
        # Undo: back to the question just answered, with Poland as it was.
        screen = term.answer("cofnij")
        assert "Cofnięto do twojej poprzedniej decyzji" in since(screen, "cofnij")
        assert row(screen, "Polska")[4] == before[4]
        # Both operations to Yugoslavia instead; then the US bot plays its half of the round.
        yugoslavia = int(row(screen, "Jugosławia")[4] or 0)
        term.answer("jugo", "Tab")
        screen = term.answer("jugo", "Tab")
        assert "Runda: 2" in since(screen, "Tura:")  # the first action round is over
        assert since(screen, "umieszczanie").count("ZSRR umieszcza 1 PW w Jugosławii") == 2
        term.type("plansza", "Enter")  # the whole board: Yugoslavia holds the two placed
        screen = term.wait_for(lambda shown: shown.endswith(">") and "Ameryka Południowa" in
                               since(shown, "plansza"))
        assert int(row(since(screen, "plansza"), "Jugosławia")[4] or 0) == yugoslavia + 2
        term.type("koniec", "Enter")
        term.wait_for(lambda shown: shown.endswith("Koniec gry na żądanie."))
    finally:
        term.close()


def first_answer(screen: str, asked: tuple[str, ...] = ("CIA: ",)) -> str:
    """The key of the first answer listed for the last question: the first [n] of the options line
    just above it, or the # of the first row of the table of answers just above it."""
    lines = screen.splitlines()
    q = max(i for i, line in enumerate(lines) if line.startswith(asked))
    option = re.search(r"\[(\d+)\]", lines[q - 1])
    if option:
        return option.group(1)
    first = None
    for line in reversed(lines[:q]):
        found = re.match(r"\s*(\d+) │", line)
        if found:
            first = found.group(1)
        elif first is not None:
            break
    assert first is not None, "\n".join(lines[q - 10:q + 1])
    return first


def test_a_person_plays_cia_vs_kgb_to_the_end_in_polish_with_the_other_agent_hidden(tmp_path):
    """Issue 18: a whole game of CIA vs KGB in a real terminal, the person as the CIA taking the
    first answer each time; the KGB's Agent X is never shown before it is revealed."""
    config = tmp_path / "tmux.conf"
    config.write_text("set -g history-limit 200000\nset -g remain-on-exit on\n")  # the end stays on screen
    command = [sys.executable, "-m", "compiler.cli", "play", "cia_kgb", "--lang", "pl", "--seed", "4"]
    term = Terminal(command, str(ROOT), str(config))
    asked = re.compile(r"^CIA: ", re.M)
    over = re.compile(r"(Wygrywa (CIA|KGB)|Nikt nie wygrywa) \(")
    try:
        screen = term.wait_for(lambda shown: len(asked.findall(shown)) == 1 and shown.endswith(">"))
        assert "grasz jako CIA" in screen and "Zaludnienie" in screen and "Stabilizacja" in screen
        for answered in range(2000):
            before = len(asked.findall(screen))
            term.type(first_answer(screen), "Enter")  # at first, the first agent as Agent X
            screen = term.wait_for(lambda shown, n=before: over.search(shown) is not None or (
                len(asked.findall(shown)) > n and shown.endswith(">")))
            if answered == 0:
                assert "Agent X - KGB: zakrytych kart: 1" in screen  # the bot's choice, face down
                assert "KGB: wybór w tajemnicy" in screen
            if over.search(screen):
                break
        assert over.search(screen), screen[-3000:]
        assert "Runda: " in screen and "Stos zwycięstwa - KGB" in screen
        assert "odkrywa swojego agenta X" in screen  # the debriefing shows the agents
    finally:
        term.close()


def test_two_people_and_three_bots_play_a_five_player_game_to_the_end(tmp_path):
    """Issue 19: Jak zostać mocarstwem for five - Germany and China at one keyboard (each question
    names who answers), Japan, the United Kingdom and France random bots - ten years to the
    end, in Polish, the table listing the five players and only the countries in play."""
    config = tmp_path / "tmux.conf"
    config.write_text("set -g history-limit 200000\nset -g remain-on-exit on\n")  # the end stays on screen
    command = [sys.executable, "-m", "compiler.cli", "play", "mocarstwo", "--players", "5",
               "--as", "germany,china", "--lang", "pl", "--seed", "5"]
    term = Terminal(command, str(ROOT), str(config))
    people = ("Niemcy: ", "Chiny: ")
    asked = re.compile(r"^(Niemcy|Chiny): ", re.M)
    over = re.compile(r"(Wygrywa|Wspólne zwycięstwo|Nikt nie wygrywa)")
    try:
        screen = term.wait_for(lambda shown: len(asked.findall(shown)) == 1 and shown.endswith(">"))
        assert "Francja" in screen and "Wielka Brytania" in screen
        for _ in range(3000):
            before = len(asked.findall(screen))
            term.type(first_answer(screen, people), "Enter")
            screen = term.wait_for(lambda shown, n=before: over.search(shown) is not None or (
                len(asked.findall(shown)) > n and shown.endswith(">")))
            if over.search(screen):
                break
        assert over.search(screen), screen[-3000:]
        assert "Tura: 10" in screen  # five players: ten turns (the rulebook's „tura”)
        treasury = r"\s+\d+,\s+".join(["Skarbiec:\\s+Niemcy", "Japonia", "Wielka\\s+Brytania", "Chiny",
                                       "Francja"])
        assert re.search(treasury, screen)  # the tracks list the five players (lines may wrap)
    finally:
        term.close()
