"""Lasting effects: each clause of a `lasting` statement (modify a hook, forbid it, run when an
event is emitted, stay alive while a condition holds) becomes a function of its own, which the
runtime calls with the captured values; the effect itself becomes a LastingSpec entry of the
package's __init__.py. The statement that starts an effect is lowered in statements.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from compiler.back.python.callgraph import asks
from compiler.back.python.functions import FunctionWriter
from compiler.front.resolve import Lasting, Program, Unit, python_local
from dsl import ast


def lasting_nodes(stmts: Any) -> Iterator[ast.LastingStmt]:
    """The lasting statements of a body, outermost first, not looking inside clauses twice."""
    for stmt in stmts:
        for node in stmt.walk():
            if isinstance(node, ast.LastingStmt):
                yield node


class LastingEffectWriter(FunctionWriter):
    """Writes the clause functions of lasting effects and collects their LastingSpec entries."""

    def __init__(self, program: Program, yielding: set[str]):
        super().__init__(program, yielding)
        self.lasting_entries: list[tuple[int, str]] = []
        self.exported: list[str] = []  # lasting-effect functions the spec refers to

    def lasting_functions(self, unit: Unit, owner: str, place: str, body: tuple) -> None:
        for node in lasting_nodes(body):
            info: Lasting = self.program.lasting_of.get(id(node))
            if info is None:
                continue
            self.lasting(unit, owner, f"a lasting effect of {place}", info)

    def lasting(self, unit: Unit, owner: str, place: str, info: Lasting) -> None:
        """The clauses of one lasting effect, each a function the runtime calls when a hook is
        asked, an event emitted or the effect's life checked. Each counts a step on entry: a
        clause may ask the very hook or emit the very event that runs it."""
        node = info.node
        stem = f"lasting{info.id}"
        env_unpack = [f"{python_local(c)} = env[{i}]" for i, c in enumerate(info.captures)]
        modifiers: dict[str, list[str]] = {}
        forbids: dict[str, list[str]] = {}
        triggers: dict[str, list[str]] = {}
        # by its text and the line inside it, never a line of the file (dsl/runtime/faults.py)
        where = f"{unit.doc.path}: {place}, line {node.span.line} of its text"
        for k, clause in enumerate(node.body):
            params = [python_local(n) for n in getattr(clause, "names", ())]
            unpack = [line for line, c in zip(env_unpack, info.captures, strict=True)
                      if python_local(c) not in params]
            sig_params = "".join(", " + p for p in params)
            self.enter(unit, owner, place, clause)
            if isinstance(clause, ast.ModifyClause):
                name = f"{stem}_modify_{clause.hook}_{k}"
                modifiers.setdefault(clause.hook, []).append(name)
                cond = self.low.ex(clause.cond) if clause.cond is not None else None
                body = [*unpack, f"return {self.low.ex(clause.amount)}" if cond is None
                        else f"return {self.low.ex(clause.amount)} if {cond} else 0"]
                self.plain(name, f"st, env{sig_params}", f"{where} {owner}: modify {clause.hook}", body,
                           tick=True)
            elif isinstance(clause, ast.ForbidClause):
                name = f"{stem}_forbid_{clause.hook}_{k}"
                forbids.setdefault(clause.hook, []).append(name)
                cond = self.low.ex(clause.cond) if clause.cond is not None else "True"
                self.plain(name, f"st, env{sig_params}", f"{where} {owner}: forbid {clause.hook}",
                           [*unpack, f"return {cond}"], tick=True)
            elif isinstance(clause, ast.WhenClause):
                name = f"{stem}_when_{clause.event}_{k}"
                triggers.setdefault(clause.event, []).append(name)
                prologue = list(unpack)
                comment = f"{where} {owner}: when {clause.event}"
                if asks(clause.body, self.program, self.yielding):  # it may ask: a resumable frame
                    if clause.cond is not None:
                        prologue += [f"if not {self.low.ex(clause.cond)}:", "    return fr._done(False)"]
                    bound = tuple(line.partition(" = ")[0] for line in unpack)
                    self.resumable(name, ["env", *params], f", env{sig_params}", comment, unit, owner,
                                   clause.body, prologue, place=place, node=clause, tick=True, finish="True",
                                   bound=bound)
                    continue
                if clause.cond is not None:
                    prologue += [f"if not {self.low.ex(clause.cond)}:", "    return False"]
                self.function(f"def {name}(st, env{sig_params}):", comment, unit, owner, clause.body,
                              prologue, place=place, node=clause, tick=True)
                self.e.at = self.low.here(clause)
                self.e.line("    return True")
        alive = None
        if node.duration.kind == "while":
            alive = f"{stem}_alive"
            self.enter(unit, owner, place, node.duration)
            self.plain(alive, "st, env", f"{where} {owner}: lasting while ...",
                       [*env_unpack, f"return {self.low.ex(node.duration.cond)}"], tick=True)

        for entries in (modifiers, forbids, triggers):
            for names in entries.values():
                self.exported.extend(names)
        if alive:
            self.exported.append(alive)

        def table(entries: dict[str, list[str]]) -> str:
            return "{" + ", ".join(f"{k!r}: ({', '.join(v)},)" for k, v in entries.items()) + "}"

        until = f", until={node.duration.event!r}" if node.duration.event else ""
        alive_arg = f", alive={alive}" if alive else ""
        self.lasting_entries.append((info.id,
            f"LastingSpec({info.id}, {node.label!r}, {node.duration.kind!r}{until}{alive_arg}, "
            f"modifiers={table(modifiers)}, forbids={table(forbids)}, triggers={table(triggers)}, "
            f"source={where!r})"))
