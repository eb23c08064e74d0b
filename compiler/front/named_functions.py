"""game.yaml names functions of the rules for the engine to call (invariants, the bots'
evaluation and hints): each must be a function, of the parameters the caller gives, with the
result the caller reads. One check for all of them, so their errors read alike (E301 unknown,
E304 not a function, E502 other parameters, E501 another result), each at its line of game.yaml."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.diagnostics import Diagnostics, Span, did_you_mean


@dataclass(frozen=True)
class Wanted:
    """What a caller needs of a named function, and how its errors say it."""

    role: str  # what the function is for: "an invariant", "a hint"
    shape: str  # how to write it: "function name() -> bool"
    params: tuple[str, ...]  # the parameters' types, in order
    returns: str  # the result's type
    params_error: str  # the E502 message after "function 'x' "; {count} is how many it takes
    params_hint: str  # the E502 hint
    returns_words: str  # the result in words: "a truth", "a whole number"
    returns_hint: str  # the E501 hint


def check_named_function(program: Any, name: str, span: Span, wanted: Wanted, diags: Diagnostics) -> None:
    sig = program.defs.get(name)
    if sig is None:
        functions = sorted(n for n, s in program.defs.items() if s.kind == "function")
        diags.error("E301", f"unknown function '{name}'", span, did_you_mean(name, functions)
                    or f"{wanted.role} is a function of the rules: {wanted.shape}")
    elif sig.kind != "function":
        diags.error("E304", f"'{name}' is a {sig.kind}; {wanted.role} is a function", span,
                    f"write it as {wanted.shape}: it changes nothing and asks nothing")
    elif tuple(str(param[1]) for param in sig.params) != wanted.params:
        diags.error("E502", f"function '{name}' " + wanted.params_error.format(count=len(sig.params)), span,
                    wanted.params_hint)
    elif str(sig.returns) != wanted.returns:
        diags.error("E501", f"function '{name}' gives {sig.returns}; {wanted.role} gives "
                    f"{wanted.returns_words}", span, wanted.returns_hint)
