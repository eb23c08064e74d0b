"""The questions the rules ask and the messages they log, found in the program.

An engine names each decision by a prompt key, `<owner>.<what>`: the owner is the card or the
definition that asks, `what` the name the answer is given to (`let c = p chooses ...` asks
`<owner>.c`), the chosen variable (`p chooses 2 s in ...`), `number` or `option` (a choice among
labelled options). The Python back end builds the same keys (compiler/back/python/decisions.py);
a test compares the two. text.yaml words them under `prompts:`, how an answer reads in the log
under `answered:`, the messages of `log` under `log:` and the reasons of `end game ... because`
under `reasons:`; the catalogs translate them as `prompt.<key>`, `answered.<key>`, `log.<message>`
and `literal.<reason>`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.diagnostics import Span
from dsl import ast


def units(program) -> list[tuple[str, Any, Any]]:
    """(owner, unit, tree) of every card event and every definition."""
    owners = [(card_id, unit, unit.tree) for card_id, unit in program.card_events.items()]
    return owners + [(name, sig.unit, sig.node) for name, sig in program.defs.items()
                     if sig.unit is not None and sig.node is not None]


@dataclass(frozen=True)
class DecisionPoint:
    key: str  # the prompt key: <owner>.<what>
    kind: str  # item, number or option
    owner: str  # the card or definition that asks
    span: Span
    answer: str = ""  # the type of an answer: an entity or enum name, int, or text for options


@dataclass(frozen=True)
class LogPoint:
    message: str
    args: tuple[str, ...]
    span: Span


def decision_points(program) -> list[DecisionPoint]:
    """Every decision of the rules, once per prompt key, in the order of the program (found once
    per program: a check asks three times)."""
    if program is None:
        return []
    if "decision_points" not in program.derived:
        program.derived["decision_points"] = _decision_points(program)
    return list(program.derived["decision_points"])


def _decision_points(program) -> list[DecisionPoint]:
    found: dict[str, DecisionPoint] = {}
    for owner, unit, tree in units(program):
        named: dict[int, str] = {}
        for node in tree.walk():
            if isinstance(node, ast.LetStmt) and isinstance(node.value, ast.ChooseOne | ast.ChooseNumber):
                named[id(node.value)] = node.name
        for node in tree.walk():
            point = _point(node, named)
            if point is not None:
                kind, what = point
                key = f"{owner}.{what}"
                found.setdefault(key, DecisionPoint(key, kind, owner, unit.locate(node.span),
                                                    _answer_type(program, node, kind)))
    return list(found.values())


def _point(node: ast.Node, named: dict[int, str]) -> tuple[str, str] | None:
    if isinstance(node, ast.ChooseOne):
        return "item", named.get(id(node), node.var)
    if isinstance(node, ast.ChooseNumber):
        return "number", named.get(id(node), "number")
    if isinstance(node, ast.ChooseStmt):
        return "item", node.var
    if isinstance(node, ast.OptionsStmt):
        return "option", "option"
    return None


def _answer_type(program, node: ast.Node, kind: str) -> str:
    """What an answer to the decision is, as the types of the language name it."""
    if kind == "number":
        return "int"
    if kind == "option":
        return "text"
    return str(program.type_of(node))  # the resolver notes each choice's element type


def log_points(program) -> list[LogPoint]:
    """Every message the rules log, once each, with the names of its arguments."""
    found: dict[str, LogPoint] = {}
    if program is None:
        return []
    for _owner, unit, tree in units(program):
        for node in tree.walk():
            if isinstance(node, ast.LogStmt):
                args = tuple(arg.name for arg in node.args)
                if node.message in found:
                    args = tuple(dict.fromkeys(found[node.message].args + args))
                    found[node.message] = LogPoint(node.message, args, found[node.message].span)
                else:
                    found[node.message] = LogPoint(node.message, args, unit.locate(node.span))
    return list(found.values())


def end_reasons(program) -> dict[str, Span]:
    """Every reason the rules end a game with (`end game ... because "reason"`), at its first use."""
    found: dict[str, Span] = {}
    if program is None:
        return found
    for _owner, unit, tree in units(program):
        for node in tree.walk():
            if isinstance(node, ast.EndGameStmt) and node.reason:
                found.setdefault(node.reason, unit.locate(node.span))
    return found
