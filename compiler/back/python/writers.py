"""What goes into rules.py and cards.py: a definition (procedure `p_`, function `f_`, hook `h_`
with its base and the lasting effects' modifiers and prohibitions), a card's event `event_<id>`
with its guard `can_<id>`, and the lasting effects each starts. A procedure or event that may
ask a player is a resumable frame class (resumable.py), the rest plain functions. ModuleWriter
writes one module; lower.py puts the modules together."""

from __future__ import annotations

from compiler.back.python.callgraph import asks, recurring_definitions
from compiler.back.python.lasting import LastingEffectWriter
from compiler.front import types as T
from compiler.front.resolve import Program, Unit, python_local
from dsl import ast


class ModuleWriter(LastingEffectWriter):
    """Writes the definitions or card events of one generated module."""

    def __init__(self, program: Program, yielding: set[str]):
        super().__init__(program, yielding)
        self.recurring = recurring_definitions(program)

    def definition(self, unit: Unit, node: ast.Definition) -> None:
        sig = self.program.defs[node.name]
        params = "".join(", " + python_local(p) for p, _, _ in sig.params)
        signature = "".join(", " + self.parameter(p, default) for p, _, default in sig.params)
        where = f"{self.where(unit, node)} {sig.kind} {node.name}"
        requires = [s for s in node.body if isinstance(s, ast.RequireStmt)]
        place = f"{sig.kind} '{node.name}'"
        self.enter(unit, node.name, place, node)
        prologue = [f"if not ({' and '.join(self.low.ex(r.cond) for r in requires)}):",
                    "    return" + ("" if sig.returns == T.VOID else " None")] if requires else []
        lowering = {"place": place, "node": node, "tick": node.name in self.recurring}
        if sig.kind == "hook":
            self.function(f"def _{node.name}_base(st{params}):", where, unit, node.name, node.body,
                          prologue, **lowering)
            self.e.at = self.low.here(node)
            args = ", ".join(python_local(p) for p, _, _ in sig.params)
            tup = f"({args},)" if len(sig.params) == 1 else f"({args})"
            self.e.line("")
            self.e.line("")
            self.e.line(f"def h_{node.name}(st{params}):")
            self.e.line(f"    value = _{node.name}_base(st{params})")
            if sig.returns == T.INT:
                self.e.line(f"    return value + st.modify({node.name!r}, {tup}) "
                            f"if {node.name!r} in st.modifying else value")
            else:
                self.e.line(f"    return value and not ({node.name!r} in st.forbidding "
                            f"and st.forbidden({node.name!r}, {tup}))")
        elif sig.kind == "procedure" and node.name in self.yielding:  # it may ask: a resumable frame
            if requires:
                prologue[1] = "    return fr._done()"
            self.resumable(f"p_{node.name}", [python_local(p) for p, _, _ in sig.params], signature, where,
                           unit, node.name, node.body, prologue, **lowering)
        else:
            prefix = {"procedure": "p_", "function": "f_"}[sig.kind]
            self.function(f"def {prefix}{node.name}(st{signature}):", where, unit, node.name,
                          node.body, prologue, **lowering)
        self.lasting_functions(unit, node.name, place, node.body)

    def parameter(self, name: str, default: ast.Expr | None) -> str:
        """A parameter, with its default when that is a constant (callers in Python may omit it)."""
        literal = isinstance(default, ast.IntLit | ast.BoolLit | ast.NoneLit | ast.TextLit) or (
            isinstance(default, ast.Name) and self.program.refs.get(id(default)) is not None
            and self.program.refs[id(default)].kind == "constant")
        return f"{python_local(name)}={self.low.ex(default)}" if literal else python_local(name)

    def card_event(self, unit: Unit) -> tuple[str, str | None]:
        body = unit.tree.statements
        name = f"event_{unit.name}"
        where = f"{self.where(unit, unit.tree)} card {unit.name}"
        place = f"the event of card '{unit.name}'"
        # play_event may play an event from inside another (or itself): events count a step
        if asks(body, self.program, self.yielding):
            self.resumable(name, ["player", "card"], ", player, card", where, unit, unit.name, body,
                           place=place, node=unit.tree, tick=True)
        else:
            self.function(f"def {name}(st, player, card):", where, unit, unit.name, body,
                          place=place, node=unit.tree, tick=True)
        guard = f"can_{unit.name}" if self.guard(unit, unit.name, f"can_{unit.name}",
                                                  "st, player, card", body) else None
        self.lasting_functions(unit, unit.name, place, body)
        return name, guard
