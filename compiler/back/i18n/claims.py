"""What a card's effect says beyond numbers and places, for the authored-text lint: whether a
player may decline something, how long its lasting effects last, whether it depends on a
condition, which optional rules it depends on.

Only the card's own effect and the definitions it calls directly are read: a text describes
what the card does, not what the rules it calls do deep inside (a placement rule may test an
optional rule, but no card that places counters through it mentions that rule).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dsl import ast


@dataclass
class Claims:
    optional: bool = False  # some player may decline a choice (a `pass` option, `up to`, from 0)
    choice: bool = False  # some player chooses something (so "may choose" can be said)
    until_turn_end: bool = False  # a lasting effect ends with an event text.yaml calls the turn's end
    conditional: bool = False  # an `if` or `require` on the game state
    options: set[str] = field(default_factory=set)  # optional rules it depends on
    moves_itself: bool = False  # it moves its own card (out of play, to the removed cards...)


def _is_pass(body: tuple) -> bool:
    return all(isinstance(s, ast.PassStmt) for s in body)


def _optional(node: Any) -> bool:
    if isinstance(node, ast.OptionsStmt):
        return any(_is_pass(o.body) for o in node.options)
    if isinstance(node, ast.ChooseStmt):
        return node.up_to or (isinstance(node.count, ast.IntLit) and node.count.value == 0)
    if isinstance(node, ast.ChooseNumber):
        return isinstance(node.low, ast.IntLit) and node.low.value == 0
    return False


def _chooses(node: Any) -> bool:
    return isinstance(node, (ast.OptionsStmt, ast.ChooseStmt, ast.ChooseNumber, ast.ChooseOne))


def _states_condition(node: Any) -> bool:
    """An `if`/`require` a card text states: not the test whether a choice found anything
    (`if target == none`), which the text says as "choose a country" or not at all."""
    conds = [c for c, _ in node.branches] if isinstance(node, ast.IfStmt) else [node.cond]
    return any(not _about_none(c) for c in conds)


def _about_none(cond: Any) -> bool:
    """A test whether a choice found anything, or which optional rule is in play: the text says
    the first as "choose a country" and names the second (checked on its own)."""
    if isinstance(cond, ast.Compare) and any(isinstance(n, ast.NoneLit) for n in cond.walk()):
        return True
    return _option_named(cond) is not None


def _option_named(node: Any) -> str | None:
    if isinstance(node, ast.Call) and node.func == "option" and node.args:
        arg = node.args[0]
        if isinstance(arg, ast.Name):
            return arg.id
    return None


def _read(tree: Any, claims: Claims, called: set[str], program: Any, durations: dict[str, str]) -> None:
    for node in tree.walk():
        claims.choice |= _chooses(node)
        if _optional(node):
            claims.optional = True
        elif isinstance(node, ast.LastingStmt):
            if node.duration.kind == "until" and durations.get(node.duration.event) == "turn":
                claims.until_turn_end = True
        elif isinstance(node, (ast.IfStmt, ast.RequireStmt)) and _states_condition(node):
            claims.conditional = True
        elif isinstance(node, ast.Call):
            option = _option_named(node)
            if option is not None:
                claims.options.add(option)
            elif node.func in program.defs:
                called.add(node.func)


def claims_of(compiled: Any, card_id: str) -> Claims:
    """What the card's effect claims, read from its event and the definitions it calls."""
    program = compiled.program
    claims = Claims()
    called: set[str] = set()
    tree = program.card_events[card_id].tree
    durations = compiled.text.durations if compiled.text is not None else {}
    _read(tree, claims, called, program, durations)
    claims.moves_itself = any(isinstance(n, ast.MoveStmt) and isinstance(n.card, ast.Name)
                              and n.card.id == card_id for n in tree.walk())
    for name in sorted(called):
        node = program.defs[name].node
        if node is None:
            continue
        inner = Claims()
        _read(node, inner, set(), program, durations)
        # A called definition's choice counts: `defuse(p)` asking whether to defuse is the card's.
        claims.optional |= inner.optional
        claims.choice |= inner.choice
        claims.options |= inner.options
    return claims
