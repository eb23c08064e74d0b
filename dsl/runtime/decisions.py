"""Decisions: what an engine asks, and what counts as an answer.

A `Decision` names the player who decides, what kind of answer is wanted, a prompt key, and
the finite list of legal answers. Answers are given in their external form: an id string for
players, spaces, regions and cards (`"harbour"`), a number, an option label (`"event"`), or
`"done"` to stop early where that is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DONE = "done"


class IllegalAnswer(ValueError):
    """An answer that is not among the legal ones; the message lists them."""


@dataclass(slots=True)
class Decision:
    player: int  # index of the deciding player
    kind: str  # "item", "number" or "option"
    prompt: str  # a key naming what is asked (translatable)
    options: list[Any]  # raw legal answers; None stands for "done"
    item_kind: str = ""  # for kind "item": player, space, region, card, or an enum name
    names: Any = field(default=None, repr=False)  # raw -> external id table for the item kind
    who: str = ""  # the deciding player's id
    secret: bool = False  # the answer is kept out of the log (a simultaneous, hidden choice)
    # the legal answers in external form, made once when first asked for (`answers`, `raw`)
    _externals: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def external(self, raw: Any) -> Any:
        if raw is None:
            return DONE
        if self.kind == "item" and self.names is not None:
            return self.names[raw]
        return raw

    def _external_answers(self) -> tuple:
        externals = self._externals
        if externals is None:
            names, options = self.names, self.options
            done = None in options  # "done" is offered where stopping early is allowed
            if self.kind == "item" and names is not None:
                externals = tuple(DONE if raw is None else names[raw] for raw in options) if done \
                    else tuple(map(names.__getitem__, options))
            else:
                externals = tuple(DONE if raw is None else raw for raw in options) if done else tuple(options)
            self._externals = externals
        return externals

    @property
    def answers(self) -> list[Any]:
        """The legal answers in external form, in a stable order (a new list each time)."""
        return list(self._external_answers())

    def raw(self, answer: Any) -> Any:
        """The raw value of an external answer, or IllegalAnswer naming the legal ones."""
        try:
            return self.options[self._external_answers().index(answer)]
        except ValueError:
            pass
        shown = ", ".join(map(str, self.answers[:30])) + (" ..." if len(self.options) > 30 else "")
        raise IllegalAnswer(f"'{answer}' is not a legal answer to '{self.prompt}' ({self.who}); "
                            f"legal: {shown}")
