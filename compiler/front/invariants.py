"""game.yaml `invariants`: conditions of the content that hold in every state.

Each names a function of the rules that takes nothing and gives a truth (`function
balanced() -> bool`). The engine checks them with its own (dsl/runtime/invariants.py): `kurtyna
sim` after every decision, `kurtyna test` at the end of every scenario. Read with the rest of
game.yaml; checked against the rules once they are resolved.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front.loader import Document
from compiler.front.model import Game

SHAPE = "function name() -> bool"


def declare_invariants(game: Game, doc: Document) -> None:
    names = doc.data.get("invariants") or []
    game.invariants = [(name, doc.span(("invariants", i))) for i, name in enumerate(names)]


def check_invariants(game: Game, program: Any, diags: Diagnostics) -> None:
    """Each invariant is a function of the rules with no parameters that gives a bool."""
    if program is None:
        return
    functions = sorted(n for n, s in program.defs.items() if s.kind == "function")
    for name, span in game.invariants:
        sig = program.defs.get(name)
        if sig is None:
            diags.error("E301", f"unknown function '{name}'", span,
                        did_you_mean(name, functions) or f"an invariant is a function of the rules: {SHAPE}")
        elif sig.kind != "function":
            diags.error("E304", f"'{name}' is a {sig.kind}; an invariant is a function", span,
                        f"write it as {SHAPE}: it changes nothing and asks nothing")
        elif sig.params:
            diags.error("E502", f"function '{name}' takes {len(sig.params)} parameter(s); an "
                        "invariant takes none", span,
                        f"check every case inside the function (`for p in players:`): {SHAPE}")
        elif str(sig.returns) != "bool":
            diags.error("E501", f"function '{name}' gives {sig.returns}; an invariant gives a truth",
                        span, f"{SHAPE}: true when the state is sound")
