"""Resumable frames: a procedure in progress as plain data, so that a state can be copied.

A procedure, card event or trigger that may ask a player is generated as a `Frame` subclass
instead of a Python generator (a generator cannot be copied). Its `_step(st, resumed)` runs from
where the frame stands (`_pc`) until it must stop, keeping its locals as attributes of the frame
whenever it stops, and returns one of:

- a `Decision`: a player must answer; `_step` is called again with the answer;
- another `Frame`: a call; when that frame is done, `_step` is called again with its result;
- `DONE`: the frame is finished, with its result in `_result`.

The frame's own names begin with `_`, which no content name does: a content local may be called
`step` or `result` without hiding them.

The state keeps the frames in progress as a stack (`State.frames`) and drives the top one
(`State._run`). Copying a state copies the stack frame by frame (`Frame._copy`): a frame holds
numbers, ids, tuples and the odd list, never anything shared with another frame.

Two frames are the runtime's own: `Main` (setup, then play) and `Emit` (the triggers waiting for
an event).
"""

from __future__ import annotations

from typing import Any

from .decisions import Decision

DONE = object()  # returned by `step` when the frame is finished

# Every frame class by module and name, so that a save can name the frames in progress and
# loading it finds them (dsl/runtime/snapshot.py), never anything but a Frame class.
FRAME_CLASSES: dict[tuple[str, str], type[Frame]] = {}


class Frame:
    """A procedure in progress: `_pc` says where it stands, the other attributes are its locals.

    `_fields` names the locals a frame keeps when it stops and `_pcs` is its number of blocks
    (`_pc` is one of range(_pcs)): what a save holds of a frame, and all it may set."""

    _pc: int = 0
    _result: Any = None
    _fields: tuple[str, ...] = ()
    _pcs: int = 1

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        FRAME_CLASSES[cls.__module__, cls.__qualname__] = cls

    def _step(self, st: Any, resumed: Any) -> Any:  # pragma: no cover - every frame defines it
        raise NotImplementedError

    def _done(self, result: Any = None) -> object:
        self._result = result
        return DONE

    def _copy(self) -> Frame:
        """The same frame, sharing nothing that may change: lists, sets and dicts are copied."""
        new = object.__new__(type(self))
        new.__dict__ = {k: v.copy() if type(v) in (list, set, dict) else v for k, v in self.__dict__.items()}
        return new


def run(st: Any, stack: list[Frame], value: Any) -> Any:
    """Drive a stack of frames from its top one, resumed with `value`, until a player must
    decide (the Decision is returned) or the stack is empty (None)."""
    while stack:
        top = stack[-1]
        out = top._step(st, value)
        if out is DONE:  # the caller goes on with the result
            stack.pop()
            value = top._result
        elif out.__class__ is Decision:
            return out
        else:  # a call: run the frame it returned
            stack.append(out)
            value = None
    return None


def call(result: Any) -> Any:
    """What to return from `step` to run `result` (of an event or trigger function): a frame
    to run, or, when the function was a plain one that already ran, None (nothing to run)."""
    return result if isinstance(result, Frame) else None


class Main(Frame):
    """The whole game: the setup procedure, then play."""

    _pcs = 3  # setup next, play next, both done

    def _step(self, st: Any, resumed: Any) -> Any:
        phases = (st.game.spec.setup, st.game.spec.play)
        while self._pc < len(phases):
            phase = phases[self._pc]
            self._pc += 1
            frame = call(phase(st)) if phase is not None else None
            if frame is not None:
                return frame
        return self._done()


class Emit(Frame):
    """`emit event(args)`: every trigger waiting for the event, oldest effect first; then the
    effects that last `until` the event end. A trigger that fires ends a `once` effect."""

    _fields, _pcs = ("event", "args", "effects", "i", "j", "fired"), 2

    def __init__(self, st: Any, event: str, args: tuple):
        self.event, self.args = event, args
        self.effects = tuple(st.lasting)  # those active when the event is emitted
        self.i = -1  # the effect whose triggers run
        self.j = 0  # its next trigger
        self.fired = False

    def _step(self, st: Any, resumed: Any) -> Any:
        if self._pc == 1:  # a trigger that asked is done: `resumed` says whether it fired
            self._pc = 0
            self.fired = bool(resumed) or self.fired
        while True:
            if self.i >= 0:
                effect = self.effects[self.i]
                fns = effect.spec.triggers[self.event]
                while self.j < len(fns):
                    fn = fns[self.j]
                    self.j += 1
                    result = fn(st, effect.env, *self.args)
                    if isinstance(result, Frame):
                        self._pc = 1
                        return result
                    self.fired = bool(result) or self.fired
                if self.fired and effect.spec.duration == "once":
                    st.end_effect(effect)
            self.i, self.j, self.fired = self._next(st, self.i + 1), 0, False
            if self.i >= len(self.effects):
                st.end_effects_until(self.event)
                return self._done()

    def _next(self, st: Any, i: int) -> int:
        """The next effect from `i` on with a trigger for the event, still active and alive."""
        while i < len(self.effects):
            effect = self.effects[i]
            if self.event in effect.spec.triggers and effect in st.lasting and st._alive(effect):
                return i
            i += 1
        return i
