"""game.yaml `invariants`: conditions of the content that hold in every state.

Each names a function of the rules that takes nothing and gives a truth (`function
balanced() -> bool`). The engine checks them with its own (dsl/runtime/invariants.py): `kurtyna
sim` after every decision, `kurtyna test` at the end of every scenario. Read with the rest of
game.yaml; checked against the rules once they are resolved.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostics
from compiler.front.loader import Document
from compiler.front.model import Game
from compiler.front.named_functions import Wanted, check_named_function

SHAPE = "function name() -> bool"
INVARIANT = Wanted("an invariant", SHAPE, (), "bool", "takes {count} parameter(s); an invariant takes none",
                   f"check every case inside the function (`for p in players:`): {SHAPE}",
                   "a truth", f"{SHAPE}: true when the state is sound")


def declare_invariants(game: Game, doc: Document) -> None:
    names = doc.data.get("invariants") or []
    game.invariants = [(name, doc.span(("invariants", i))) for i, name in enumerate(names)]


def check_invariants(game: Game, program: Any, diags: Diagnostics) -> None:
    """Each invariant is a function of the rules with no parameters that gives a bool."""
    if program is None:
        return
    for name, span in game.invariants:
        check_named_function(program, name, span, INVARIANT, diags)
