"""Phrasing of choices: choosing one item, a number, or several items (with a limit per place,
secretly, with a body run for each), and a menu of options.

Choices are separate from other statements because they bind names: the chosen item reads as
"that <item>" in the sentences that follow. An option's label is a translatable string of its card
or rule (`option.<owner>.<label>` in the catalogs).
"""

from __future__ import annotations

from compiler.back.text.sentence import SentenceBuilder
from compiler.back.text.template import Arg, fixed
from dsl import ast


class ChoicePhrasing(SentenceBuilder):
    """Handlers for `choose`, `choose one`, `choose number` and `options`."""

    def choose_one(self, c: ast.ChooseOne) -> str:
        self.bound.append({c.var: self.var_arg(self.program.type_of(c.source))})
        try:
            term, cond = self.noun_of(c.var, c.cond)
            item = self.type_term(self.program.type_of(c.source), term=term)
            if c.cond is None and self._is_collection_phrase(c.source):
                text = self.fill(
                    "choose_one_of", chooser=self.expr(c.chooser), item=item, source=self.expr(c.source)
                )
            else:
                text = self.fill(
                    "choose_one",
                    chooser=self.expr(c.chooser),
                    item=item,
                    source=self.where(c.var, c.source, cond, one=True),
                )
        finally:
            self.bound.pop()
        return text + (self.c["secretly"] if c.secret else "")

    def _is_collection_phrase(self, source: ast.Expr) -> bool:
        """A comprehension, or a local bound to one: its words already name the items."""
        return isinstance(self.inlined(source), ast.Comprehension)

    def stmt_ChooseStmt(self, s: ast.ChooseStmt) -> str:
        typ = self.program.type_of(s.source)
        self.bound.append({s.var: self.var_arg(typ)})
        try:
            term, cond = self.noun_of(s.var, s.cond)
            items = self.counted(self.expr(s.count), typ, term=term)
            text = self.fill(
                "choose_up_to" if s.up_to else "choose",
                chooser=self.expr(s.chooser),
                items=items,
                source=self.where(s.var, s.source, cond),
            )
            one = self.type_term(typ, term=term)
            if s.each_limit is not None:
                text += self.fill("choose_each_limit", limit=self.expr(s.each_limit), item=one)
            if s.secret:
                text += self.c["secretly"]
            if s.body:
                text += self.fill("choose_then", item=one, body=self.sentences(s.body))
            return text
        finally:
            self.bound.pop()

    def stmt_OptionsStmt(self, s: ast.OptionsStmt) -> str:
        options = []
        for o in s.options:
            label = self.words.option(self.words.owner, o.label)
            body = self.sentences(o.body)
            if o.cond is not None:
                options.append(self.fill("option_if", label=label, cond=self.cond(o.cond), body=body))
            else:
                options.append(self.fill("option", label=label, body=body))
        text = self.fill("options", chooser=self.expr(s.chooser), options=" ".join(options))
        return text + (self.c["secretly"] if s.secret else "")

    def expr_ChooseOne(self, e: ast.ChooseOne) -> Arg:
        return fixed(self.choose_one(e))

    def expr_ChooseNumber(self, e: ast.ChooseNumber) -> Arg:
        return fixed(
            self.fill(
                "choose_number", chooser=self.expr(e.chooser), low=self.expr(e.low), high=self.expr(e.high)
            )
        )
