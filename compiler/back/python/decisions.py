"""Right-hand sides that may ask a player or run a generator: `choose one`, `choose a number`,
calls of procedures that ask (`yield from p_x(st)`) and `play_event`. Separate from
expressions.py because these emit `yield`, allowed only where a statement takes a whole value
(let, assignment, return, a call on its own); `ask` builds the decision every choice yields."""

from __future__ import annotations

from compiler.back.python.expressions import ExpressionLowering
from dsl import ast


class DecisionLowering(ExpressionLowering):
    """Lowers whole right-hand sides (`value`) and the decisions they ask (`ask`)."""

    def value(self, node: ast.Expr) -> str:
        """A whole right-hand side: may be a choice or a procedure call."""
        if isinstance(node, ast.ChooseOne):
            var = self.pyname(node)
            opts = self.e.temp("options")
            cond = f" if {self.ex(node.cond)}" if node.cond is not None else ""
            self.e.line(f"{opts} = [{var} for {var} in {self.coll(node.source)}{cond}]")
            ask = self.ask(node.chooser, "item", self.prompt_name or var, opts, self.item_kind(node.source),
                           node.secret)
            return f"((yield {ask}) if {opts} else None)"
        if isinstance(node, ast.ChooseNumber):
            low, high = self.hold(self.ex(node.low), "low"), self.hold(self.ex(node.high), "high")
            ask = self.ask(node.chooser, "number", self.prompt_name or "number",
                           f"list(range({low}, {high} + 1))", secret=node.secret)
            return f"((yield {ask}) if {high} >= {low} else {low})"
        if isinstance(node, ast.Call) and node.func in self.p.defs and \
                self.p.defs[node.func].kind == "procedure":
            code = self.call(node)
            return f"(yield from {code})" if node.func in self.yielding else code
        if isinstance(node, ast.Call) and node.func == "play_event":
            return f"(yield from st.play_event({self.ex(node.args[0])}, {self.ex(node.args[1])}))"
        return self.ex(node)

    def ask(self, chooser: ast.Expr, kind: str, what: str, options: str, item_kind: str = "",
            secret: bool = False) -> str:
        prompt = f"{self.owner}.{what}"
        extra = f", {item_kind!r}" if item_kind else ""
        extra += ", secret=True" if secret else ""
        return f"st.ask({self.ex(chooser)}, {kind!r}, {prompt!r}, {options}{extra})"
