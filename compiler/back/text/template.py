"""Filling text templates: arguments in case forms, numbers with glossary terms in count forms.

Placeholders:
    {x}            argument x (nominative)
    {x:loc}        argument x in a form (nom, gen, acc, loc, to, from, or a term form: gen_pl ...)
    {x|term}       the number x followed by `term` in the form its count needs (1 punkt,
                   2 punkty, 5 punktów); {x|term:gen} when the phrase governs the genitive
    {x|term.abbr}  the number followed by the term's abbreviation (2 PW), never inflected
    {@term}        a glossary term (nom_sg); {@term:gen_pl} in a form
    {x?one|many}   the words that agree with argument x: `one` when x is grammatically singular,
                   `many` when plural ("{player?zdobywa|zdobywają}": ZSRR zdobywa, USA zdobywają)
Plural categories are CLDR's, from Babel.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

PLACEHOLDER = re.compile(r"\{(@?)([a-z_][a-z0-9_]*)(?:\|([a-z_][a-z0-9_]*)(\.abbr)?)?(?::([a-z_]+))?\}")
AGREEMENT = re.compile(r"\{([a-z_][a-z0-9_]*)\?([^{}|?]*)\|([^{}|?]*)\}")


@dataclass
class Arg:
    """A rendered argument: its text in any form, and its value when it is a known number."""

    text: Callable[[str], str]
    count: int | None = None
    prefix: str = ""  # put before a counted number ("up to ")
    plural: bool = False  # grammatically plural: verbs agree ("USA zdobywają", "Węgry są")

    def form(self, form: str = "nom") -> str:
        return self.text(form)


def fixed(text: str, count: int | None = None, plural: bool = False) -> Arg:
    return Arg(lambda form: text, count, plural=plural)


def count_form(category: str, case: str) -> str:
    """The term form a number of this CLDR plural category takes in `case` (nom, acc, gen, loc...).

    In the nominative and accusative, 'few' numbers (2-4, 22-24 in Polish) take the plural of
    the same case and 'many'/'other' numbers the genitive plural; in other cases every plural
    number takes the plural of that case."""
    if category == "one":
        return f"{case}_sg"
    if case in ("nom", "acc"):
        return f"{case}_pl" if category == "few" else "gen_pl"
    return f"{case}_pl"


class Filler:
    """Fills templates for one locale."""

    def __init__(
        self,
        plural: Callable[[int], str],
        term: Callable[[str, str], str],
        unknown_count: Callable[[Arg, str, str], str],
    ):
        self.plural = plural
        self.term = term
        self.unknown_count = unknown_count

    def fill(self, template: str, args: dict[str, Arg]) -> str:
        def one(m: re.Match) -> str:
            is_term, name, term, abbr, form = m.groups()
            if is_term:
                return self.term(name, form or "nom_sg")
            arg = args.get(name)
            if arg is None:
                return m.group(0)
            if term is None:
                return arg.form(form or "nom")
            if abbr and arg.count is None:
                return self.unknown_count(arg, term, "abbr")
            if abbr:
                number = arg.count if arg.count is not None else arg.form()
                return f"{arg.prefix}{number} {self.term(term, 'abbr')}"
            case = form or "nom"
            if arg.count is None:
                return self.unknown_count(arg, term, case)
            return f"{arg.prefix}{arg.count} {self.term(term, count_form(self.plural(abs(arg.count)), case))}"

        def agree(m: re.Match) -> str:
            name, one_form, many_form = m.groups()
            arg = args.get(name)
            if arg is None:
                return m.group(0)
            return many_form if arg.plural else one_form

        return PLACEHOLDER.sub(one, AGREEMENT.sub(agree, template))
