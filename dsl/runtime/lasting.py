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
    target), so the effects that serve each hook are indexed: `forbidding` and `modifying` map a
    hook to its effects in force, oldest first, and generated code asks a hook's effects only
    when the hook is in them. Every change of the effects in force goes through the methods here,
    which index them anew (`_reindex`); the two maps are never changed in place, so copies of a
    state share them."""

    game: Any
    lasting: list[Effect]
    serial: int
    forbidding: dict[str, tuple[Effect, ...]] = {}
    modifying: dict[str, tuple[Effect, ...]] = {}

    def add_lasting(self, lasting_id: int, env: tuple) -> None:
        self.serial += 1
        self.lasting.append(Effect(self.game.spec.lasting[lasting_id], env, self.serial))
        self._reindex()

    def end_effect(self, effect: Effect) -> None:
        """The effect is no longer in force (a `once` trigger fired, or it died)."""
        if effect in self.lasting:
            self.lasting.remove(effect)
            self._reindex()

    def end_effects_until(self, event: str) -> None:
        """The event the effects that last `until` it were waiting for has happened."""
        kept = [e for e in self.lasting if e.spec.until != event]
        if len(kept) != len(self.lasting):
            self.lasting = kept
            self._reindex()

    def _alive(self, effect: Effect) -> bool:
        alive = effect.spec.alive
        if alive is not None and not alive(self, effect.env):
            self.end_effect(effect)
            return False
        return True

    def _reindex(self) -> None:
        forbids: dict[str, list[Effect]] = {}
        modifiers: dict[str, list[Effect]] = {}
        for effect in self.lasting:
            for hook in effect.spec.forbids:
                forbids.setdefault(hook, []).append(effect)
            for hook in effect.spec.modifiers:
                modifiers.setdefault(hook, []).append(effect)
        self.forbidding = {hook: tuple(effects) for hook, effects in forbids.items()}
        self.modifying = {hook: tuple(effects) for hook, effects in modifiers.items()}

    def modify(self, hook: str, args: tuple) -> int:
        total = 0
        for effect in self.modifying.get(hook, ()):
            if self._alive(effect):
                for fn in effect.spec.modifiers[hook]:
                    total += fn(self, effect.env, *args)
        return total

    def forbidden(self, hook: str, args: tuple) -> bool:
        for effect in self.forbidding.get(hook, ()):
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
            self._reindex()

    def emit(self, event: str, args: tuple) -> Emit | None:
        """`emit event(args)`: a frame that runs every trigger waiting for the event (frames.Emit);
        None when no effect in force waits for it or ends with it (nothing to run)."""
        if not any(event in e.spec.triggers or e.spec.until == event for e in self.lasting):
            return None
        return Emit(self, event, args)
