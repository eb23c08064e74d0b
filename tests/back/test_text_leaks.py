"""Generated card text leaks nothing of the machinery: no id, no variable name of the effect and,
in Polish and Czech, no English word (issue 15, point 3).

The scan reads every card's generated text in every language. A leak is
- an id: a word with an underscore (`west_germany`), or a content id or variable name of the
  effects (`taken`, `norad`) that is not an ordinary word of that language's templates, phrases,
  terms and names;
- a variable name printed in quotes (`„result”`);
- in PL and CS, an English word: a word of the English templates, phrases, terms, names and option
  labels that no Polish (Czech) template, phrase, term or name uses.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from compiler.back.i18n import translations
from compiler.back.text import generated_text
from compiler.back.text.sentence import constructs
from compiler.pipeline import compile_game
from dsl import ast

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("zimna_wojna", "zelazna_kurtyna")
LANGS = ("en", "pl", "cs")
WORD = re.compile(r"[^\W\d_]+")
ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
# The catalog entries whose translations the generated text is made of.
GENERATOR_KEYS = ("construct.", "phrase.", "name.", "term.", "option.")


@cache
def compiled(game: str):
    return compile_game(ROOT / "content" / game)


def strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings(v)]
    return []


def words(texts) -> set[str]:
    """The words of templates, placeholders left out (`{space:loc}` is no word of the text)."""
    return {w for t in texts for w in WORD.findall(re.sub(r"\{[^{}]*\}", " ", t))}


def variable_names(game) -> set[str]:
    out: set[str] = set()
    for unit in game.program.units:
        for node in unit.tree.walk():
            for attr in ("var", "name"):
                value = getattr(node, attr, None)
                if isinstance(value, str) and isinstance(node, ast.Stmt | ast.Expr | ast.Param):
                    out.add(value)
            out.update(getattr(node, "names", ()) if isinstance(node, ast.Stmt) else ())
    return out


def content_ids(game) -> set[str]:
    g, p = game.game, game.program
    items = (*g.players, *g.spaces, *g.regions, *g.cards, *g.tracks, *g.counters, *g.variables,
             *g.zones, *g.tables, *g.options)
    return ({x.id for x in items} | set(p.defs) | set(p.events) | set(p.labels) | set(g.space_kinds)
            | {v for values in g.enums.values() for v in values} | set(g.space_attributes)
            | set(g.card_attributes) | set(g.region_attributes))


def option_labels(game) -> set[str]:
    return {o.label for unit in game.program.units for node in unit.tree.walk()
            if isinstance(node, ast.OptionsStmt) for o in node.options}


@cache
def corpus(game: str, lang: str) -> frozenset[str]:
    """The words the generator may print in `lang`: its templates and the game's strings."""
    c = compiled(game)
    tr = translations(c, lang)
    texts = strings(constructs(lang))
    for key in tr.sources:
        if key.startswith(GENERATOR_KEYS):
            texts.append(tr.get(key) or "")
    return frozenset(words(texts))


@cache
def english_only(game: str, lang: str) -> frozenset[str]:
    english = {w.lower() for w in corpus(game, "en") | words(option_labels(compiled(game)))}
    local = {w.lower() for w in corpus(game, lang)}
    return frozenset(w for w in english - local if len(w) > 1)


def scan(game: str, lang: str, text: str) -> list[str]:
    """The leaks in one text of `game` in `lang`."""
    c = compiled(game)
    names = {n for n in variable_names(c) | content_ids(c) if len(n) > 1}
    allowed = corpus(game, lang)
    english = english_only(game, lang) if lang != "en" else frozenset()
    found = [f"id {m.group(0)!r}" for m in ID.finditer(text)]
    for quoted in re.findall(r"[„“\"]([^„“”\"]+)[”“\"]", text):
        if quoted in names or quoted.replace(" ", "_") in names:
            found.append(f"variable {quoted!r} in quotes")
    for word in WORD.findall(text):
        if word in names and word not in allowed:
            found.append(f"name {word!r}")
        elif word.lower() in english:
            found.append(f"English word {word!r}")
    return found


def leaks(game: str, lang: str) -> list[tuple[str, str]]:
    """(card, leak) for every leak in the generated text of every card of `game` in `lang`."""
    c = compiled(game)
    return [(card, leak) for card in c.program.card_events
            for leak in scan(game, lang, generated_text(c, card, lang) or "")]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_generated_text_leaks_no_id_variable_or_english_word(game, lang):
    found = leaks(game, lang)
    assert not found, f"{len(found)} leaks in {game} [{lang}]:\n" + "\n".join(
        f"  {card}: {what}" for card, what in found)


def test_the_scan_finds_what_the_text_once_leaked():
    # Lines of the generated text before issue 15: a variable in quotes, an attribute id, an
    # English option label, a lasting-effect label by its id.
    assert scan("zimna_wojna", "pl", "Połóż „taken” na stos kart odrzuconych.") == [
        "variable 'taken' in quotes", "name 'taken'"]
    assert scan("zimna_wojna", "pl", "Jeśli side: „taken” wynosi USA.") == [
        "variable 'taken' in quotes", "name 'side'", "name 'taken'"]
    assert scan("zimna_wojna", "pl", "USA wybiera jedno: lose West Germany: Ustaw PW.") == [
        "English word 'lose'", "English word 'West'", "English word 'Germany'"]
    assert scan("zimna_wojna", "en", "End the lasting effect norad.") == ["name 'norad'"]
    assert scan("zimna_wojna", "cs", "Polož kartu do west_germany.")[0] == "id 'west_germany'"
