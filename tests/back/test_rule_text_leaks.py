"""Generated rule text names things as a player does (issue 40, point 5): never a variable of the
effects, a type keyword of the language (`zone`, `int`), an id, a zone without the preposition a
move needs, or a value where the text means the variable that held it ("Note no ... Set no to
yes").

tests/back/test_text_leaks.py scans the cards of the two largest games for every word that is not
the game's; this scan reads further and narrower: the text of every definition (procedure,
function, hook) and every card of every game and of the tests' small games, in every language the
game has a catalog for, for the leaks of structure. A rule or item with no phrase in text.yaml
still prints by its own name (an E720 gap: `kurtyna check` requires phrases for card texts only);
that is a name, not structure.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from compiler.back.i18n.translations import LOCALES, SOURCE_LOCALE, catalog_path
from compiler.back.text.render import Renderer
from compiler.pipeline import compile_game
from dsl import ast

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = sorted([*(ROOT / "content").iterdir(), *(ROOT / "tests" / "fixtures" / "games").iterdir()])
WORD = re.compile(r"[^\W\d_]+")
ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
# The language's own type names, which a player never reads: items in a zone are cards, a number
# is a number (each locale says it in its words).
KEYWORDS = {"zone", "zones", "int", "bool", "text", "zone_family", "track_family"}


@cache
def compiled(folder: Path):
    return compile_game(folder)


def languages(folder: Path) -> list[str]:
    return [lang for lang in LOCALES
            if lang == SOURCE_LOCALE or catalog_path(folder, lang).is_file()]


def variables(program) -> set[str]:
    """Every name an effect binds: parameters, `let`, loop and choice variables."""
    found: set[str] = set()
    for unit in program.units:
        for node in unit.tree.walk():
            if isinstance(node, ast.Param | ast.LetStmt):
                found.add(node.name)
            for attr in ("var", "names"):
                value = getattr(node, attr, None)
                if isinstance(value, str):
                    found.add(value)
                elif isinstance(value, tuple):
                    found.update(v for v in value if isinstance(v, str))
    return found


@cache
def texts(folder: Path) -> list[tuple[str, str, str]]:
    """(language, what, text) for every definition and card of the game."""
    c = compiled(folder)
    out = []
    for lang in languages(folder):
        renderer = Renderer(c, lang)
        for name in sorted(c.program.defs):
            out.append((lang, f"definition {name}", renderer.definition(name) or ""))
        for card in c.program.card_events:
            out.append((lang, f"card {card}", renderer.card(card) or ""))
        _STAND_INS[(folder, lang)] = {w.lower() for gap in renderer.gaps for w in WORD.findall(gap.key)}
    return out


# The words of what the text printed for a missing phrase or term (a gap: `tie_winner` as "tie
# winner"), by game and language: a name, reported by `kurtyna check` for card texts, not structure.
_STAND_INS: dict[tuple[Path, str], set[str]] = {}


def template_words(folder: Path, lang: str) -> set[str]:
    """Every word the game's and the locale's words may print: a variable named like one of them
    (`card`, `side`) is not told from the word."""
    from compiler.back.i18n import translations
    from compiler.back.text.sentence import constructs

    from .test_text_leaks import strings, words

    c = compiled(folder)
    tr = translations(c, lang)
    found = words(strings(constructs(lang)))
    found |= words([tr.get(k) or tr.sources[k].text for k in tr.sources])
    return {w.lower() for w in found}


def scan(folder: Path, lang: str, text: str) -> list[str]:
    c = compiled(folder)
    ordinary = template_words(folder, lang) | _STAND_INS.get((folder, lang), set())
    names = {n.lower() for n in variables(c.program)} - ordinary
    found = [f"id {m.group(0)!r}" for m in ID.finditer(text)]
    for word in WORD.findall(text):
        if word.lower() in names:
            found.append(f"variable {word!r}")
        elif word.lower() in KEYWORDS and word.lower() not in ordinary:
            found.append(f"keyword {word!r}")
    return found


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_rule_and_card_text_names_no_variable_keyword_or_id(folder):
    found = [(lang, what, leak) for lang, what, text in texts(folder) for leak in scan(folder, lang, text)]
    assert not found, f"{len(found)} leaks in {folder.name}:\n" + "\n".join(
        f"  [{lang}] {what}: {leak}" for lang, what, leak in found[:40])


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_every_zone_a_card_is_put_into_is_placed_by_a_preposition(folder):
    """Wherever an effect names a zone, its `to`, `in` and `from` forms say so ("into Pile", "na
    pole „Stos”"), from the game's phrases or the locale's: "Put that card Pile" never prints."""
    c = compiled(folder)
    zones = {z.id for z in c.game.zones}
    checked = 0
    for lang in languages(folder):
        renderer = Renderer(c, lang)
        for unit in c.program.units:
            for node in unit.tree.walk():
                base = node.obj if isinstance(node, ast.Index) else node
                if isinstance(base, ast.Name) and base.id in zones and (
                        isinstance(node, ast.Index) or c.program.refs[id(node)].kind == "zone"):
                    arg = renderer.expr(node)
                    for form in ("to", "loc", "from"):
                        assert arg.form(form) != arg.form("nom"), (lang, base.id, form, arg.form(form))
                    checked += 1
    assert checked > 0 or folder.name in ("bazaar", "faults", "podium", "ranked", "stalls", "tabletop")


def trio_text(name: str) -> str:
    return Renderer(compiled(ROOT / "tests" / "fixtures" / "games" / "trio"), "en").definition(name)


def test_a_game_without_text_yaml_reads_its_zones_parameters_and_changing_values_as_a_player_would():
    # take_turn(p: player): `let c = p chooses one c in hand[p]`, `move c to pile`
    assert trio_text("take_turn").startswith(
        "That player chooses a card in Hand of that player. If there is such a card: Put that card "
        "into Pile. Add 2 to score of that player.")
    # play(): `let p = starter`, then `p = next_player(p)`: p is the noted value, and `starter`
    # is set only where the rules set it
    play = trio_text("play")
    assert "Note starter as the noted value." in play
    assert "Set the noted value to the player to the left of the noted value." in play
    assert play.count("Set starter to the player to the left of starter.") == 1
    assert "every player" not in play  # size(players): "the number of players" where `player` has a term
    assert play.startswith("As long as round is at most the value of the option rounds:")
    # setup(): `draw 2 from deck to hand[p]`; variables with no name read by their id as words
    setup = trio_text("setup")
    assert "from deck into Hand of that player" in setup and "Set after last to" in setup


def test_two_parameters_of_one_type_are_numbered_and_a_number_is_a_number():
    program = compiled(ROOT / "content" / "mocarstwo").program
    beats = [n for n, sig in program.defs.items()
             if [str(t) for _, t, _ in sig.params] == ["player", "player"]]
    assert beats, "a definition of mocarstwo with two player parameters"
    text = Renderer(compiled(ROOT / "content" / "mocarstwo"), "en").definition(beats[0])
    assert "player 1" in text and "player 2" in text, text
    pl = Renderer(compiled(ROOT / "content" / "mocarstwo"), "pl").definition(beats[0])
    assert "gracz nr 1" in pl or "gracza nr 1" in pl, pl
