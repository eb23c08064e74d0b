"""The text backend: card events and rule procedures from the typed IR, in words.

Every construct of the effect language has a template per locale (compiler/back/text/locales);
every game item (procedure, function, counter, track, variable) reads as its phrase from the
game's text.yaml, translated in the game's catalogs. Names come in the case form a template
asks for; numbers take their glossary term in the count form of the locale's plural rules.
An item without a phrase still renders, by its name (English words in other languages).

The `Renderer` is assembled from one module per construct family, each adding its
`stmt_<Node>` / `expr_<Node>` handlers to the dispatch of the sentence builder:

    sentence.py     the sentence builder: templates, phrases, case and count forms, bound
                    names, joining clauses into sentences; the `stmt` and `expr` dispatch
    statements.py   let, assignments (`gold[s][p] += 1` reads as the counter's `add` phrase),
                    require, return, move, draw, shuffle, game end, if, for, repeat, while
    choices.py      choose one, choose a number, choose several, options
    lasting.py      lasting effects and their modify, forbid and when clauses
    expressions.py  literals, names, lists, attributes, indexing (`place_of`), arithmetic,
                    comparisons, membership
    calls.py        calls of the game's procedures and functions, and the built-ins
    conditions.py   conditions as clauses or postmodifiers, collections and their scope,
                    comprehensions and aggregates
"""

from __future__ import annotations

from compiler.back.text.calls import CallPhrasing
from compiler.back.text.choices import ChoicePhrasing
from compiler.back.text.conditions import ConditionPhrasing
from compiler.back.text.expressions import ExpressionPhrasing
from compiler.back.text.lasting import LastingPhrasing
from compiler.back.text.sentence import SentenceBuilder, constructs, human
from compiler.back.text.statements import StatementPhrasing
from compiler.back.text.template import fixed

__all__ = ["Renderer", "SentenceBuilder", "constructs"]


class Renderer(
    StatementPhrasing, ChoicePhrasing, LastingPhrasing, ExpressionPhrasing, CallPhrasing, ConditionPhrasing
):
    """A game's card events and rule definitions in one locale: `Renderer(compiled, "pl").card(id)`."""

    # ---- entry points ------------------------------------------------------------------

    def card(self, card_id: str) -> str | None:
        unit = self.program.card_events.get(card_id)
        if unit is None or unit.tree is None:
            return None
        self.bound = [{"player": self.construct_arg("event_player"), "card": fixed(self.c["this_card"])}]
        return self.sentences(unit.tree.statements)

    def definition(self, name: str) -> str | None:
        sig = self.program.defs.get(name)
        if sig is None or sig.node is None:
            return None
        node = sig.node
        self.bound = [{p.name: fixed(human(p.name)) for p in node.params}]
        return self.sentences(node.body)
