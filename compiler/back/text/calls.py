"""Phrasing of calls: the game's procedures and functions by their phrases in text.yaml, with
arguments by parameter name, and the built-ins (min, max, opponent, next_player, roll, adjacent, option,
active...) by the locale's templates.

Separate because calls are where the game's own vocabulary enters the text. A procedure or
function without a phrase is recorded (E720): its name would otherwise reach the reader.
"""

from __future__ import annotations

from typing import Any

from compiler.back.text.sentence import SentenceBuilder, human
from compiler.back.text.template import Arg, fixed
from dsl import ast


class CallPhrasing(SentenceBuilder):
    """`expr_Call`, a call as a statement, and call arguments."""

    def _unphrased(self, func: str, use: str, args: list[Arg]) -> Arg:
        # "Take turn: that player"; with no argument the name alone ("Setup", never "Setup:")
        words = human(func)
        if args:
            words = self.fill("call", name=words, args=", ".join(a.form() for a in args))
        return self.stand_in("E720", func, use, words)

    def option_name(self, name: str) -> Arg:
        """An option or a lasting effect as the text names it: its phrase, else its name."""
        return self.phrase_arg(name, {}) or Arg(lambda form: self.words.name(name, form))

    def expr_Call(self, e: ast.Call) -> Arg:
        sig = self.program.defs.get(e.func)
        if sig is not None:
            args = self.call_args(sig, e.args)
            return self.phrase_arg(e.func, args) or self._unphrased(e.func, "nom", list(args.values()))
        f = e.func
        if f in ("option", "active"):  # an optional rule or a lasting effect, by its phrase or name
            name = e.args[0].id
            what = self.option_name(name)
            if f == "option" and getattr(self.program.type_of(e), "name", "") == "int":  # a number option
                return self.construct_arg("option_number", a=what)
            return fixed(self.fill("option_value" if f == "option" else "active", a=what))
        args = [self.expr(a) for a in e.args]
        if f in ("min", "max") and len(args) == 2:
            literal = [a for a in args if a.count is not None]
            if len(literal) == 1:
                other = args[1] if args[0] is literal[0] else args[0]
                return self.construct_arg("at_most" if f == "min" else "at_least", a=other, b=literal[0])
            return self.construct_arg(f, a=args[0], b=args[1])
        if f in ("opponent", "next_player", "previous_player"):
            return self.construct_arg(f, a=args[0])
        if f == "roll":
            return self.construct_arg("roll", dice=args[0])
        if f == "adjacent":
            return fixed(self.fill("adjacent_to", a=args[0], b=args[1]))
        if f in ("abs", "random", "first", "top", "bottom", "has_event"):
            return self.construct_arg(f, a=args[0])
        if f == "size":
            return self.size(e.args[0], args[0])
        if f in ("event_possible", "play_event"):
            return fixed(self.fill(f, a=args[0], b=args[1]))
        # The grid built-ins and anything else: the game's phrase, if it gives one.
        return self.phrase_arg(f, self.named_args(e)) or self._unphrased(f, "nom", args)

    def size(self, node: ast.Expr, arg: Arg) -> Arg:
        """The number of items: of a comprehension ("the number of countries adjacent to Rome"),
        or of a zone's cards ("the number of cards in your hand")."""
        ref = self.program.refs.get(id(node)) if isinstance(node, ast.Name) else None
        if getattr(ref, "kind", None) == "collection":  # size(players): "the number of players"
            return self.construct_arg("size", a=self.type_term(self.program.type_of(node), plural=True))
        if isinstance(node, ast.Comprehension) or self.program.type_of(node).name != "zone":
            return self.construct_arg("size", a=arg)
        items = self.type_term(self.program.type_of(node), plural=True)
        return self.construct_arg("size_in", items=items, a=arg)

    def call_statement(self, e: ast.Call) -> str:
        sig = self.program.defs.get(e.func)
        if sig is not None:
            args = self.call_args(sig, e.args)
            text = self.phrase(e.func, "do", args) or self.phrase(e.func, "", args)
            if text is not None:
                return text
            return self._unphrased(e.func, "do", list(args.values())).form()
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
