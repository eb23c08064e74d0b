"""The text backend: card events and rule procedures from the typed IR, in words.

Every construct of the effect language has a template per locale (compiler/back/text/locales);
every game item (procedure, function, counter, track, variable) reads as its phrase from the
game's text.yaml, translated in the game's catalogs. Names come in the case form a template
asks for; numbers take their glossary term in the count form of the locale's plural rules.
Nothing the text needs is silently replaced: an item without a phrase or term, a string without
a translation, still renders (by its English or its id), but is recorded as a gap
(`Renderer.gaps`), which `kurtyna check` reports (E720-E724, compiler/back/text/gaps.py).

The `Renderer` is assembled from one module per construct family, each adding its
`stmt_<Node>` / `expr_<Node>` handlers to the dispatch of the sentence builder:

    sentence.py     the sentence builder: templates, phrases, case and count forms, bound
                    names, joining clauses into sentences; the `stmt` and `expr` dispatch
    statements.py   assignments (`gold[s][p] += 1` reads as the counter's `add` phrase),
                    require, return, move, draw, shuffle, game end, if, for, repeat, while
    lets.py         let: a value named by what it is ("the roll", "that card"), never its name
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
from compiler.back.text.lets import LetPhrasing
from compiler.back.text.sentence import SentenceBuilder, constructs
from compiler.back.text.statements import StatementPhrasing

__all__ = ["Renderer", "SentenceBuilder", "constructs"]


class Renderer(
    StatementPhrasing,
    LetPhrasing,
    ChoicePhrasing,
    LastingPhrasing,
    ExpressionPhrasing,
    CallPhrasing,
    ConditionPhrasing,
):
    """A game's card events and rule definitions in one locale: `Renderer(compiled, "pl").card(id)`."""

    # ---- entry points ------------------------------------------------------------------

    def card(self, card_id: str) -> str | None:
        unit = self.program.card_events.get(card_id)
        if unit is None or unit.tree is None:
            return None
        self.words.owner = card_id
        self.bound = [{"player": self.construct_arg("event_player"), "card": self.construct_arg("this_card")}]
        self.plan_lets(unit.tree.statements)
        return self.sentences(unit.tree.statements)

    def definition(self, name: str) -> str | None:
        sig = self.program.defs.get(name)
        if sig is None or sig.node is None:
            return None
        node = sig.node
        self.words.owner = name
        # A parameter reads as "that <item>", or by its number among the parameters of its type
        # ("player 1", "player 2"): never by its name, which is the author's, not the player's.
        types = [str(ptype) for _p, ptype, _d in sig.params]
        self.bound = [{}]
        for index, (pname, ptype, _d) in enumerate(sig.params):
            if types.count(str(ptype)) == 1:
                self.bind(pname, self.var_arg(ptype, whole=True))
            else:
                self.bind(pname, self.nth_arg(ptype, types[:index + 1].count(str(ptype)), whole=True))
        self.plan_lets(node.body)
        return self.sentences(node.body)
