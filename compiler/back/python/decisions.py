"""Whole right-hand sides (let, assignment, return, a call on its own), and `ask`, which builds
the decision a choice stops for. A right-hand side that stops the frame - `choose one`, `choose
a number`, a procedure that asks, `play_event` - is lowered by resumable.py; here are the rest,
calls of procedures that never ask included. Separate from expressions.py because a call of a
procedure is a statement's whole value, never part of an expression."""

from __future__ import annotations

from compiler.back.python.expressions import ExpressionLowering
from dsl import ast


class DecisionLowering(ExpressionLowering):
    """Lowers whole right-hand sides (`value`) and the decisions they ask (`ask`)."""

    def value(self, node: ast.Expr) -> str:
        """A whole right-hand side that does not stop: a call of a procedure that never asks, or
        an expression. Those that stop (a choice, a procedure that asks, `play_event`) are
        lowered by resumable.py, which stops the frame first."""
        if isinstance(node, ast.ChooseOne | ast.ChooseNumber) or (
                isinstance(node, ast.Call) and (node.func == "play_event" or node.func in self.yielding)):
            raise AssertionError("a right-hand side that stops is lowered by resumable.py")
        if isinstance(node, ast.Call) and node.func in self.p.defs and \
                self.p.defs[node.func].kind == "procedure":
            return self.call(node)
        return self.ex(node)

    def ask(self, chooser: ast.Expr, kind: str, what: str, options: str, item_kind: str = "",
            secret: bool = False, labels: tuple[str, ...] = ()) -> str:
        """The `st.ask(...)` of a decision; it is recorded in `asked` (prompt -> kind, item kind,
        option labels), the table of the questions a game asks (GameSpec.decisions)."""
        prompt = f"{self.owner}.{what}"
        known = self.asked.get(prompt, (kind, item_kind, ()))[2]
        self.asked[prompt] = (kind, item_kind, tuple(dict.fromkeys(known + labels)))
        extra = f", {item_kind!r}" if item_kind else ""
        extra += ", secret=True" if secret else ""
        return f"st.ask({self.ex(chooser)}, {kind!r}, {prompt!r}, {options}{extra})"
