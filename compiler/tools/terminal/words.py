"""The words of a game and of the terminal in one language (en, pl, cs).

The game's words come from its content and catalogs (compiler.back.i18n): names, the prompts
and log messages of text.yaml, option labels, column labels of game.yaml `play`, printed card
texts. The terminal's own words (commands, help, messages) are in locales/<lang>.yaml. A
missing translation falls back to English, and English to the content's id, so a game with
no words at all is still playable.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import yaml

from compiler.back.i18n.sources import literal_key, option_key
from compiler.back.i18n.translations import translations
from compiler.back.sheets.strings import humanize
from compiler.back.sheets.words import LIST_JOINER
from compiler.back.text.template import Arg, Filler, fixed


@cache
def ui_words(lang: str) -> dict[str, Any]:
    text = resources.files("compiler.tools.terminal.locales").joinpath(f"{lang}.yaml").read_text("utf-8")
    return yaml.safe_load(text)


class Words:
    def __init__(self, compiled: Any, lang: str):
        self.compiled, self.lang = compiled, lang
        self.tr = translations(compiled, lang)
        self.words = ui_words(lang)
        self.english = ui_words("en")
        self.cards = {c.id for c in compiled.game.cards}
        self.filler = Filler(self.tr.plural, self.tr.term,
                             lambda arg, term, case: f"{arg.form()} {self.tr.term(term, 'gen_pl')}")

    def ui(self, key: str, **args: Any) -> str:
        """One of the terminal's own strings, filled."""
        found = self.words.get(key, self.english.get(key, key))
        return found.format(**args) if args else found

    def command_words(self) -> dict[str, str]:
        """Every word that names a command (this language's and English) -> the command."""
        out = {word: command for command, word in self.english["commands"].items()}
        out.update({word: command for command, word in self.words["commands"].items()})
        return out

    def name(self, item_id: str, form: str = "nom") -> str:
        return self.tr.name(item_id, form)

    def value(self, value: Any) -> str:
        """An attribute's value or a shown function's: a name, yes/no, a number, a constant."""
        if value is None:
            return "-"
        if isinstance(value, bool):
            return self.ui("word_yes") if value else ""
        if isinstance(value, list | tuple):
            return ", ".join(self.value(v) for v in value)
        if isinstance(value, str):
            english = self.tr.sources.get(f"sheet.value.{value}")
            if english is not None:
                return self.tr.message(f"sheet.value.{value}", english.text)
            return self.name(value)
        return str(value)

    def attribute(self, value: Any) -> str:
        """An attribute's value as `value` shows it; a list attribute's items in their order,
        joined by " > " as the sheets print them."""
        if isinstance(value, list | tuple):
            return LIST_JOINER.join(self.value(v) for v in value) or self.value(None)
        return self.value(value)

    def column(self, column: Any) -> str:
        return self.tr.message(f"play.column.{column.name}", column.label or humanize(column.name))

    def prompt(self, prompt_key: str, kind: str, item_kind: str) -> str:
        """What a decision asks, with the title of the card that asks it when a card does."""
        owner = prompt_key.partition(".")[0]
        words = self.tr.get(f"prompt.{prompt_key}")
        if words is None:
            fallback = self.words["choose_kind"]
            words = fallback.get(item_kind if kind == "item" else kind, self.ui("choose"))
        return f"{self.name(owner)}: {words}" if owner in self.cards else words

    def option(self, prompt_key: str, label: str) -> str:
        owner = prompt_key.partition(".")[0]
        return self.tr.message(option_key(owner, label), label)

    def answer(self, prompt_key: str, kind: str, answer: Any) -> str:
        """An answer as the player reads it: a name, an option's words, a number."""
        if answer == "done":
            return self.ui("done")
        if kind == "option":
            return self.option(prompt_key, str(answer))
        if kind == "item":
            return self.name(str(answer))
        return str(answer)

    def reason(self, reason: str | None) -> str:
        if not reason:
            return "-"
        return self.tr.message(literal_key(reason), humanize(reason))

    def log_line(self, entry: list) -> str | None:
        """A view's log entry (dsl/runtime/view.py) in words; None for an answer the content
        gives no line (text.yaml `answered: {key: false}`: the rules log what it did)."""
        kind = entry[0]
        if kind == "answer":
            _, player, prompt, answer = entry
            if self.unlogged(prompt):
                return None
            kind_of = "option" if prompt.endswith(".option") else \
                "item" if isinstance(answer, str) else "number"
            answered = self.tr.get(f"answered.{prompt}")  # the line in the third person, if worded
            if answered is not None and answer == "done":  # stopped choosing ("up to"): no answer to word
                return self.ui("log_done", player=self.name(player))
            if answered is not None:
                return self.filler.fill(answered, {"player": self._arg(player),
                                                   "answer": self._answer_arg(prompt, kind_of, answer)})
            what = self.tr.get(f"prompt.{prompt}") or prompt
            return self.ui("log_answer", player=self.name(player), prompt=what,
                           answer=self.answer(prompt, kind_of, answer))
        if kind == "secret_answer":
            return self.ui("log_secret", player=self.name(entry[1]))
        if kind == "say":
            return self.message(entry[1], entry[2])
        if kind == "say_to":  # a private line of this player's (the view shows no one else's)
            return self.message(entry[2], entry[3])
        if kind == "private":
            return self.ui("log_private", player=self.name(entry[1]))
        if kind == "roll":
            _, sides, count, total = entry
            return self.ui("log_roll", total=total, dice=f"{count}d{sides}" if count != 1 else f"d{sides}")
        if kind == "event":
            return self.ui("log_event", player=self.name(entry[2]), card=self.name(entry[1]))
        if kind == "game_over":
            return self.ui("log_over")
        return " ".join(map(str, entry))

    def result(self, result: dict[str, Any]) -> str:
        """How a game ended (`state.result()`): who won, a shared win or a draw, and why."""
        reason = self.reason(result["reason"])
        if len(result["winners"]) > 1:
            return self.ui("shared_win", players=", ".join(self.name(p) for p in result["winners"]),
                           reason=reason)
        if result["winner"] is None:
            return self.ui("draw", reason=reason)
        winner = result["winner"]  # a name that takes a plural verb agrees with it (PL "Wygrywają Niemcy")
        return self.ui("wins_plural" if self.tr.takes_plural(winner) else "wins", player=self.name(winner),
                       reason=reason)

    def message(self, key: str, args: dict[str, Any]) -> str:
        template = self.tr.get(f"log.{key}")
        if template is None:
            details = ", ".join(f"{name} {self.value(v)}" for name, v in args.items())
            return f"{humanize(key)}: {details}" if details else humanize(key)
        return self.filler.fill(template, {name: self._arg(v) for name, v in args.items()})

    def unlogged(self, prompt: str) -> bool:
        text = self.compiled.game.text
        return text is not None and text.answered.get(prompt) is False

    def log_lines(self, entries: list[list]) -> list[str]:
        """The lines of log entries, without those that have none."""
        return [line for line in map(self.log_line, entries) if line is not None]

    def _answer_arg(self, prompt: str, kind: str, answer: Any) -> Arg:
        """An answer as a placeholder's value: a name inflects ({answer:acc}), a number counts,
        an option reads in its words."""
        if kind == "option":
            return fixed(self.answer(prompt, kind, answer))
        return self._arg(str(answer) if kind == "item" else answer)

    def _arg(self, value: Any) -> Arg:
        if isinstance(value, bool) or value is None:
            return fixed(self.value(value))
        if isinstance(value, int):
            return fixed(str(value), count=value)
        if isinstance(value, str):
            if f"name.{value}" not in self.tr.sources and f"sheet.value.{value}" in self.tr.sources:
                # an enum constant: in a sentence by its glossary's words (a whole word),
                # not the short form a card prints, where the glossary has them
                glossary = self.tr.sources.get(f"sheet.glossary.value.{value}")
                if glossary is not None:
                    return fixed(self.tr.message(f"sheet.glossary.value.{value}", glossary.text))
                return fixed(self.value(value))
            item = value
            return Arg(lambda form: self.name(item, form), plural=self.tr.takes_plural(item))
        return fixed(str(value))
