"""Phrasing of calls: the game's procedures and functions by their phrases in text.yaml, with
arguments by parameter name, and the built-ins (min, max, opponent, roll, adjacent, option,
active...) by the locale's templates.

Separate because calls are where the game's own vocabulary enters the text.
"""

from __future__ import annotations

from typing import Any

from compiler.back.text.sentence import SentenceBuilder, human
from compiler.back.text.template import Arg, fixed
from dsl import ast


class CallPhrasing(SentenceBuilder):
    """`expr_Call`, a call as a statement, and call arguments."""

    def expr_Call(self, e: ast.Call) -> Arg:
        sig = self.program.defs.get(e.func)
        if sig is not None:
            args = self.call_args(sig, e.args)
            return self.phrase_arg(e.func, args) or fixed(
                self.fill("call", name=human(e.func), args=", ".join(a.form() for a in args.values()))
            )
        args = [self.expr(a) for a in e.args]
        f = e.func
        if f in ("min", "max") and len(args) == 2:
            literal = [a for a in args if a.count is not None]
            if len(literal) == 1:
                other = args[1] if args[0] is literal[0] else args[0]
                return fixed(self.fill("at_most" if f == "min" else "at_least", a=other, b=literal[0]))
            return fixed(self.fill(f, a=args[0], b=args[1]))
        if f == "opponent":
            return self.construct_arg("opponent", a=args[0])
        if f == "roll":
            return fixed(self.fill("roll", dice=args[0]))
        if f == "adjacent":
            return fixed(self.fill("adjacent_to", a=args[0], b=args[1]))
        if f == "option":
            return fixed(self.fill("option_value", a=fixed(self.label(e.args[0].id))))
        if f == "active":
            return fixed(self.fill("active", a=fixed(self.label(e.args[0].id))))
        if f in ("abs", "size", "random", "first", "top", "has_event"):
            return fixed(self.fill(f, a=args[0]))
        if f in ("event_possible", "play_event"):
            return fixed(self.fill(f, a=args[0], b=args[1]))
        # The grid built-ins and anything else: the game's phrase, if it gives one.
        return self.phrase_arg(f, self.named_args(e)) or fixed(
            self.fill("call", name=human(f), args=", ".join(a.form() for a in args))
        )

    def call_statement(self, e: ast.Call) -> str:
        sig = self.program.defs.get(e.func)
        if sig is not None:
            args = self.call_args(sig, e.args)
            text = self.phrase(e.func, "do", args) or self.phrase(e.func, "", args)
            if text is not None:
                return text
            return self.fill("call", name=human(e.func), args=", ".join(a.form() for a in args.values()))
        return self.expr(e).form()

    def named_args(self, call: ast.Call) -> dict[str, Arg]:
        """A call's arguments by parameter name; built-ins without signatures name them a, b, c."""
        sig = self.program.defs.get(call.func)
        if sig is not None:
            return self.call_args(sig, call.args)
        return dict(zip(("a", "b", "c"), [self.expr(a) for a in call.args], strict=False))

    def call_args(self, sig: Any, args: tuple) -> dict[str, Arg]:
        out: dict[str, Arg] = {}
        for (pname, _ptype, default), arg in zip(
            sig.params, list(args) + [None] * len(sig.params), strict=False
        ):
            if arg is not None:
                out[pname] = self.expr(arg)
            elif default is not None:
                out[pname] = self.expr(default)
        return out
