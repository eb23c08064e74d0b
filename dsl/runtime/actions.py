"""Stable action ids: every answer a game's rules may ever take, numbered once per game.

Search and learning libraries (OpenSpiel among them) want a fixed set of actions, each a whole
number that means the same in every state. `ActionSpace(spec)` numbers, in a fixed order:

- `done` (stopping early, where a question allows it): id 0;
- for each kind of item some question asks for (players, spaces, regions, cards, an enum's
  values; in that order, enums by name), every id of that kind: ("card", "<card id>");
- every option label of any question, in the order the compiler met them: ("option", "<label>");
- the cells of a grid no further from the first cell than the game has spaces (no tableau of N
  spaces reaches further): ("cell", "2,-1");
- the numbers NUMBERS covers: ("number", 3).

The compiler writes which questions a game asks (GameSpec.decisions: prompt key -> kind, item
kind, option labels), so the space depends only on the content: the same content gives the same
ids in every run and on every machine. Numbers outside NUMBERS have no id (`action_id` says
so).
"""

from __future__ import annotations

from typing import Any

from .decisions import DONE

NUMBERS = range(0, 101)  # the numbers a question may be answered with that have an id
KINDS = ("player", "space", "region", "card")


class ActionSpace:
    """The numbered answers of one game (from its spec); see the module's text."""

    def __init__(self, spec: Any) -> None:
        asked = spec.decisions.values()
        items = {item for kind, item, _ in asked if kind == "item" and item}
        ordered = [k for k in KINDS if k in items] + sorted(items - set(KINDS) - {"cell"})
        if "cell" in items:
            ordered.append("cell")
        labels = dict.fromkeys(label for kind, _, found in asked if kind == "option" for label in found)
        self.actions: list[tuple] = [(DONE,)]
        for kind in ordered:
            if kind == "cell":
                reach = range(-len(spec.spaces), len(spec.spaces) + 1)
                self.actions += [("cell", f"{x},{y}") for x in reach for y in reach]
                continue
            names = spec.names_of(kind) if kind in KINDS else spec.enums.get(kind, ())
            self.actions += [(kind, name) for name in names]
        self.actions += [("option", label) for label in labels]
        if any(kind == "number" for kind, _, _ in asked):
            self.actions += [("number", n) for n in NUMBERS]
        self.ids = {action: i for i, action in enumerate(self.actions)}

    def __len__(self) -> int:
        return len(self.actions)

    def key(self, decision: Any, raw: Any) -> tuple:
        """The action a raw answer of `decision` is."""
        if raw is None:
            return (DONE,)
        if decision.kind == "item":
            return (decision.item_kind, decision.external(raw))
        return (decision.kind, raw)

    def action_id(self, decision: Any, raw: Any) -> int:
        """The stable id of a raw answer; ValueError for an answer the space does not number."""
        key = self.key(decision, raw)
        if key not in self.ids:
            raise ValueError(f"the answer {key!r} to '{decision.prompt}' has no action id "
                             f"(numbers {NUMBERS.start}..{NUMBERS.stop - 1} have)")
        return self.ids[key]

    def legal(self, decision: Any) -> list[int]:
        """The ids of the decision's legal answers, in the order of its options."""
        return [self.action_id(decision, raw) for raw in decision.options]

    def answer(self, action: int) -> Any:
        """The external answer (as `Decision.answers` gives it) an id stands for."""
        found = self.actions[action]
        return found[0] if len(found) == 1 else found[1]
