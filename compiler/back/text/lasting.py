"""Phrasing of lasting effects: their durations (until an event, while a condition holds,
forever, once) and their clauses: modifiers of a hook's value, prohibitions, and triggers on
events.

Separate because a clause binds the hook's or event's parameters to the names it declares, so
its words come from the hook's or event's phrase in text.yaml (a hook or event without one is
recorded, E720).
"""

from __future__ import annotations

from compiler.back.text.sentence import SentenceBuilder, human
from compiler.back.text.template import Arg, fixed
from dsl import ast


class LastingPhrasing(SentenceBuilder):
    """Handlers for `lasting` and its `modify`, `forbid` and `when` clauses."""

    def stmt_LastingStmt(self, s: ast.LastingStmt) -> str:
        body = self.sentences(s.body)
        d = s.duration
        if d.kind == "until":
            return self.fill("lasting_until", event=self.label(d.event), body=body)
        if d.kind == "while":
            return self.fill("lasting_while", cond=self.cond(d.cond), body=body)
        return self.fill("lasting_forever" if d.kind == "forever" else "lasting_once", body=body)

    def _hook(self, hook: str, names: tuple[str, ...]) -> Arg:
        sig = self.program.defs.get(hook)
        args = {p: self.var_arg(ptype, whole=True) for p, ptype, _d in (sig.params if sig else [])}
        for pname, local in zip(args, names, strict=False):
            self.bind(local, args[pname])
        found = self.phrase_arg(hook, args)
        if found is None:
            self.words.gap("E720", hook, "nom")
            return fixed(human(hook))
        return found

    def stmt_ModifyClause(self, s: ast.ModifyClause) -> str:
        hook = self._hook(s.hook, s.names)
        amount = self.expr(s.amount)
        signed = Arg(
            lambda form: f"+{amount.count}" if amount.count and amount.count > 0 else amount.form(form),
            amount.count,
        )
        if s.cond is not None:
            return self.fill("modify_if", hook=hook, amount=signed, cond=self.cond(s.cond))
        return self.fill("modify", hook=hook, amount=signed)

    def stmt_ForbidClause(self, s: ast.ForbidClause) -> str:
        hook = self._hook(s.hook, s.names)
        if s.cond is not None:
            return self.fill("forbid_if", hook=hook, cond=self.cond(s.cond))
        return self.fill("forbid", hook=hook)

    def stmt_WhenClause(self, s: ast.WhenClause) -> str:
        sig = self.program.events.get(s.event)
        for (_pname, ptype, _d), local in zip(sig.params if sig else [], s.names, strict=False):
            self.bind(local, self.var_arg(ptype, whole=True))
        event = self.phrase_arg(
            s.event,
            {
                p: self.lookup(n) or fixed(n)
                for (p, _t, _d), n in zip(sig.params if sig else [], s.names, strict=False)
            },
        )
        if event is None:
            self.words.gap("E720", s.event, "nom")
        event_text = event.form() if event else human(s.event)
        body = self.sentences(s.body)
        if s.cond is not None:
            return self.fill("when_if", event=event_text, cond=self.cond(s.cond), body=body)
        return self.fill("when", event=event_text, body=body)
