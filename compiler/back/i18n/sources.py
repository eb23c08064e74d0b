"""The translatable strings of a game, in English (the source language), each with a key.

Keys are what translators see as the gettext context (msgctxt):

    name.<id>               the name of a player, space, region, card, track, ... (nominative)
    name.<id>.<form>        a case form of a place or player name: gen, loc, to, from
    name.<id>.number        its grammatical number for verbs: singular or plural (PL "USA zdobywają")
    term.<id>.<form>        a glossary term: nom_sg ... loc_pl, and abbr
    phrase.<id>[.<use>]     how a procedure, function, counter or variable reads
    prompt.<owner>.<what>   what a decision asks a player (text.yaml `prompts:`)
    answered.<owner>.<what> how an answer to it reads in the game log (text.yaml `answered:`)
    log.<message>           how a logged message reads (text.yaml `log:`)
    option.<owner>.<label>  the label of an option of a choice (`"discard": ...`) in a card or rule
    literal.<value>         a text value of the rules (`use == "event"`), or why a game ends
                            (in English as text.yaml `reasons:` words it)
    construct.<name>[.<f>]  how a construct of the effect language reads ("If {cond}: {body}"):
                            in Kurtyna's own catalogs (compiler/back/i18n/own.py), in a game's
                            only where its translator overrides Kurtyna's words for that game
    text.<card id>          a card's authored (printed) text
    rule.<rule id>          a rule's text
    sheet.<...>             labels printed on sheets
    play.column.<name>      a column heading of the terminal (game.yaml `play`)

The English source of a case form is the English phrase it stands for ("in Rome" for loc),
so a translator sees what the form is for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from compiler.back.sheets.strings import humanize
from compiler.diagnostics import Span
from compiler.front.prompts import units
from compiler.front.text import TextFile, load_text_file
from dsl import ast

__all__ = ["Source", "TextFile", "load_text_file", "extract", "english_name"]

# Forms of place and player names, with the English phrase each stands for.
PLACE_FORMS: dict[str, tuple[str, str]] = {
    "gen": ("of {}", "genitive, e.g. PL 'mury Rzymu', CS 'hradby Říma'"),
    "loc": ("in {}", "location with its preposition: PL 'w Rzymie', 'na Krecie'; CS 'v Římě'"),
    "to": ("to {}", "direction with its preposition: PL 'do Rzymu', 'na Kretę'; CS 'do Říma'"),
    "from": ("from {}", "source with its preposition, e.g. PL 'z Rzymu', CS 'z Říma'"),
}

# Case forms of glossary terms: the English singular stands for the *_sg forms, the plural for *_pl.
TERM_FORMS: dict[str, str] = {
    "nom_sg": "nominative singular (1 punkt)",
    "gen_sg": "genitive singular",
    "dat_sg": "dative singular",
    "acc_sg": "accusative singular",
    "loc_sg": "locative singular (without preposition)",
    "ins_sg": "instrumental singular",
    "nom_pl": "nominative plural (2, 3, 4 punkty)",
    "gen_pl": "genitive plural (5 punktów; after 'more than', 'without')",
    "dat_pl": "dative plural",
    "acc_pl": "accusative plural",
    "loc_pl": "locative plural (without preposition)",
    "ins_pl": "instrumental plural",
}


# A phrase's `words` use: other words by which a card text names the item (the printed-text lint
# accepts any of them, compiler/back/i18n/stated.py), never printed itself.
WORDS_USE = "words"
WORDS_NOTE = ("other words a card text may use for this, separated by commas (verbs too: how a text "
              "says that a card goes there); the text check accepts any of them in any inflection, "
              "so one form per word is enough")

NUMBER_NOTE = ("grammatical number of the name, for the verbs that agree with it: write 'singular' or "
               "'plural' (PL 'USA zdobywają', 'Węgry są'; CS 'USA získají')")
NUMBERS = ("singular", "plural")


@dataclass(frozen=True)
class Source:
    key: str
    text: str
    comment: str = ""
    span: Span | None = None


def english_name(text: TextFile, item_id: str, names: dict[str, str]) -> str:
    base = names.get("en") or item_id
    return f"the {base}" if item_id in text.the else base


def place_ids(game: Any) -> set[str]:
    """Items whose names take case forms in sentences: players, regions and spaces."""
    return {x.id for x in (*game.players, *game.regions, *game.spaces)}


def _named_items(game: Any) -> list[tuple[str, Any]]:
    groups = (("player", game.players), ("option", game.options), ("region", game.regions),
              ("space", game.spaces), ("track", game.tracks), ("counter", game.counters),
              ("variable", game.variables), ("zone", game.zones), ("table", game.tables),
              ("card", game.cards))
    return [(kind, item) for kind, items in groups for item in items]


def extract(compiled: Any, text: TextFile, sheet_strings: list[tuple[str, str, str]] = ()) -> list[Source]:
    """Every translatable string of a game, in a stable order."""
    game = compiled.game
    out: list[Source] = [Source(f"name.{game.id}", game.names.get("en", game.id), "the game's title",
                                game.span)]
    places = place_ids(game)
    for kind, item in _named_items(game):
        # The bare name is what labels print ("Netherlands"); sentences add the article ("the Netherlands").
        # an item the content names in no language reads by its id as words ("after last"), never
        # by the id itself
        english = item.names.get("en") or item.id.replace("_", " ")
        out.append(Source(f"name.{item.id}", english, f"{kind} name", item.field_span("names")))
        if item.id in places:
            name = english_name(text, item.id, item.names)
            for form, (pattern, note) in PLACE_FORMS.items():
                out.append(Source(f"name.{item.id}.{form}", pattern.format(name), note,
                                  item.field_span("names")))
            out.append(Source(f"name.{item.id}.number", "singular", NUMBER_NOTE, item.field_span("names")))
    for tid, term in text.terms.items():
        note = term.get("note", "")
        for form, what in TERM_FORMS.items():
            english = term["one"] if form.endswith("_sg") else term.get("other", term["one"])
            out.append(Source(f"term.{tid}.{form}", english, "; ".join(filter(None, [what, note])),
                              text.span("terms", tid)))
        if "abbr" in term:
            out.append(Source(f"term.{tid}.abbr", term["abbr"], "abbreviation after numbers, never inflected",
                              text.span("terms", tid, "abbr")))
    for pid, uses in text.phrases.items():
        for use, template in uses.items():
            key = f"phrase.{pid}" + (f".{use}" if use else "")
            note = WORDS_NOTE if use == WORDS_USE else "keep the {placeholders}; see docs/translating.md"
            out.append(Source(key, template, note, text.span("phrases", pid, *((use,) if use else ()))))
    for key, words in text.prompts.items():
        out.append(Source(f"prompt.{key}", words, "what a player is asked in the terminal (kurtyna play); "
                          "a short request or question", text.span("prompts", key)))
    for key, template in text.answered.items():
        if template is False:  # no line in the log: nothing to translate
            continue
        out.append(Source(f"answered.{key}", template, "how an answer reads in the game log (kurtyna play), "
                          "in the third person; keep {player} and {answer}", text.span("answered", key)))
    for message, template in text.log.items():
        out.append(Source(f"log.{message}", template, "a line of the game log (kurtyna play); keep the "
                          "{placeholders}; see docs/translating.md", text.span("log", message)))
    out += option_sources(compiled)
    out += literal_sources(compiled)
    for card in game.cards:
        if card.text.get("en"):
            out.append(Source(f"text.{card.id}", card.text["en"], "the card's printed text",
                              card.field_span("text", "en")))
    for rule in game.rules:
        words = rule.document.data["rules"][rule.path[1]].get("text", {}).get("en")
        if words:
            out.append(Source(f"rule.{rule.id}", " ".join(words.split()), "a rule in words",
                              rule.document.span(("rules", rule.path[1], "text", "en"))))
    for key, english, comment in sheet_strings:
        out.append(Source(key, english, comment))
    # no construct.*: those are Kurtyna's own catalogs' (own.py), a game's only where it overrides
    for column in (*game.play.space_columns, *game.play.card_columns):
        out.append(Source(f"play.column.{column.name}", column.label or humanize(column.name),
                          "a column heading of the board or a hand in the terminal (kurtyna play)",
                          column.span))
    for figure in game.play.figures:
        out.append(Source(f"play.column.{figure.name}", figure.label or humanize(figure.name),
                          "a figure shown with the tracks (kurtyna play): a total, a token's holder",
                          figure.span))
    seen: set[str] = set()
    unique = []
    for s in out:
        if s.key not in seen:
            seen.add(s.key)
            unique.append(s)
    return unique


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_") or "_"


def option_key(owner: str, label: str) -> str:
    """The catalog key of an option label: `option.<card or definition>.<label as an id>`."""
    return f"option.{owner}.{_slug(label)}"


def literal_key(value: str) -> str:
    """The catalog key of a text value of the rules: `literal.<value as an id>`."""
    return f"literal.{_slug(value)}"


def literal_sources(compiled: Any) -> list[Source]:
    """The text values that the rules compare (`use == "event"`), once each; the messages of
    `log` and the arguments of `emit` are never printed on cards, nor the bots' functions."""
    program = compiled.program
    if program is None:
        return []
    out: dict[str, Source] = {}
    game = program.game  # the bots' evaluation and hints (game.yaml `bot`) are never printed
    reasons = game.text.reasons if game.text is not None else {}
    for_bots = {name for _, name, _, _ in game.bot_prefer}
    if game.bot_evaluate:
        for_bots.add(game.bot_evaluate[0])
    for owner, unit, tree in units(program):
        if owner in for_bots:
            continue
        skipped = {id(n) for node in tree.walk() if isinstance(node, ast.LogStmt | ast.EmitStmt)
                   for n in node.walk()}
        for node in tree.walk():
            if isinstance(node, ast.TextLit) and id(node) not in skipped:
                out.setdefault(literal_key(node.value), Source(
                    literal_key(node.value), node.value, "a value of the rules as card text prints it "
                    "(how a card is used: event, operations...)", unit.locate(node.span)))
            elif isinstance(node, ast.EndGameStmt) and node.reason:
                # the result line of `kurtyna play` says why the game ended, in the player's language
                words = reasons.get(node.reason) or humanize(node.reason)  # text.yaml `reasons:`
                out.setdefault(literal_key(node.reason), Source(
                    literal_key(node.reason), words, "why the game ended "
                    "(`end game ... because`), shown with the result", unit.locate(node.span)))
    return list(out.values())


def option_sources(compiled: Any) -> list[Source]:
    """The labels of the options of every choice (`us chooses: "discard": ...`), per card or rule."""
    program = compiled.program
    if program is None:
        return []
    out = []
    for owner, unit, tree in units(program):
        for node in tree.walk():
            if isinstance(node, ast.OptionsStmt):
                for option in node.options:
                    out.append(Source(option_key(owner, option.label), option.label,
                                      "an option a player chooses, as the card text names it",
                                      unit.locate(option.span)))
    return out


def construct_sources() -> list[Source]:
    """The templates of the effect language's constructs (compiler/back/text/locales/en.yaml)."""
    from compiler.back.text.locales import construct_keys

    out = []
    for key, english in construct_keys():
        name, _, form = key.removeprefix("construct.").partition(".")
        what = f"the construct '{name}'" + (f" in the form '{form}'" if form else "")
        out.append(Source(key, english, f"{what} of the effect language, the same in every game; keep "
                          "the {placeholders}, choose their forms ({a:gen}) and verb agreement "
                          "({a?jest|są}); see docs/translating.md"))
    return out
