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
    `lasting` and `serial` up).

    Hooks are asked thousands of times a game (`forbidden` for every space an operation might
    target), so the effects that serve each hook are indexed (`_hooked`), rebuilt only after the
    effects in force changed: every change goes through the methods here (`_forget_index`)."""

    game: Any
    lasting: list[Effect]
    serial: int
    # (prohibitions by hook, modifiers by hook), oldest effect first; None: to be rebuilt
    _hooked: tuple[dict[str, tuple[Effect, ...]], dict[str, tuple[Effect, ...]]] | None = None

    def add_lasting(self, lasting_id: int, env: tuple) -> None:
        self.serial += 1
        self.lasting.append(Effect(self.game.spec.lasting[lasting_id], env, self.serial))
        self._hooked = None

    def end_effect(self, effect: Effect) -> None:
        """The effect is no longer in force (a `once` trigger fired, or it died)."""
        if effect in self.lasting:
            self.lasting.remove(effect)
            self._hooked = None

    def end_effects_until(self, event: str) -> None:
        """The event the effects that last `until` it were waiting for has happened."""
        kept = [e for e in self.lasting if e.spec.until != event]
        if len(kept) != len(self.lasting):
            self.lasting = kept
            self._hooked = None

    def _alive(self, effect: Effect) -> bool:
        alive = effect.spec.alive
        if alive is not None and not alive(self, effect.env):
            self.end_effect(effect)
            return False
        return True

    def _index(self) -> tuple[dict[str, tuple[Effect, ...]], dict[str, tuple[Effect, ...]]]:
        forbids: dict[str, list[Effect]] = {}
        modifiers: dict[str, list[Effect]] = {}
        for effect in self.lasting:
            for hook in effect.spec.forbids:
                forbids.setdefault(hook, []).append(effect)
            for hook in effect.spec.modifiers:
                modifiers.setdefault(hook, []).append(effect)
        self._hooked = ({hook: tuple(v) for hook, v in forbids.items()},
                        {hook: tuple(v) for hook, v in modifiers.items()})
        return self._hooked

    def modify(self, hook: str, args: tuple) -> int:
        effects = (self._hooked or self._index())[1].get(hook)
        if not effects:
            return 0
        total = 0
        for effect in effects:
            if self._alive(effect):
                for fn in effect.spec.modifiers[hook]:
                    total += fn(self, effect.env, *args)
        return total

    def forbidden(self, hook: str, args: tuple) -> bool:
        effects = (self._hooked or self._index())[0].get(hook)
        if not effects:
            return False
        for effect in effects:
            if self._alive(effect):
                for fn in effect.spec.forbids[hook]:
                    if fn(self, effect.env, *args):
                        return True
        return False

    def active(self, label: str) -> bool:
        return any(e.spec.label == label and self._alive(e) for e in list(self.lasting))

    def cancel(self, label: str) -> None:
        kept = [e for e in self.lasting if e.spec.label != label]
        if len(kept) != len(self.lasting):
            self.lasting = kept
            self._hooked = None

    def emit(self, event: str, args: tuple) -> Emit | None:
        """`emit event(args)`: a frame that runs every trigger waiting for the event (frames.Emit);
        None when no effect in force waits for it or ends with it (nothing to run)."""
        if not any(event in e.spec.triggers or e.spec.until == event for e in self.lasting):
            return None
        return Emit(self, event, args)
