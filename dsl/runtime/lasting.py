"""Lasting effects at run time: the `State` methods generated code calls for `lasting` statements
and the hooks they change (`st.add_lasting`, `st.modify`, `st.forbidden`, `st.active`,
`st.cancel`; `st.emit` runs triggers, frames.Emit).

A mixin of `State` (dsl/runtime/state.py), separate because lasting effects are a small engine of
their own: effects come and go with their durations, and modifiers, prohibitions and triggers
are looked up by hook or event name.
"""

from __future__ import annotations

from typing import Any

from .frames import Emit


class Effect:
    """One active lasting effect: the spec of its statement and the values it captured."""

    __slots__ = ("spec", "env", "serial")

    def __init__(self, spec, env: tuple, serial: int):
        self.spec = spec
        self.env = env
        self.serial = serial


class LastingEffects:
    """The lasting effects of a game in progress, oldest first (a mixin of `State`, which sets
    `lasting` and `serial` up)."""

    game: Any
    lasting: list[Effect]
    serial: int

    def add_lasting(self, lasting_id: int, env: tuple) -> None:
        self.serial += 1
        self.lasting.append(Effect(self.game.spec.lasting[lasting_id], env, self.serial))

    def _alive(self, effect: Effect) -> bool:
        alive = effect.spec.alive
        if alive is not None and not alive(self, effect.env):
            self.lasting.remove(effect)
            return False
        return True

    def modify(self, hook: str, args: tuple) -> int:
        total = 0
        for effect in list(self.lasting):
            fns = effect.spec.modifiers.get(hook)
            if fns and self._alive(effect):
                for fn in fns:
                    total += fn(self, effect.env, *args)
        return total

    def forbidden(self, hook: str, args: tuple) -> bool:
        for effect in list(self.lasting):
            fns = effect.spec.forbids.get(hook)
            if fns and self._alive(effect):
                for fn in fns:
                    if fn(self, effect.env, *args):
                        return True
        return False

    def active(self, label: str) -> bool:
        return any(e.spec.label == label and self._alive(e) for e in list(self.lasting))

    def cancel(self, label: str) -> None:
        self.lasting = [e for e in self.lasting if e.spec.label != label]

    def emit(self, event: str, args: tuple) -> Emit | None:
        """`emit event(args)`: a frame that runs every trigger waiting for the event (frames.Emit);
        None when no effect in force waits for it or ends with it (nothing to run)."""
        if not any(event in e.spec.triggers or e.spec.until == event for e in self.lasting):
            return None
        return Emit(self, event, args)
