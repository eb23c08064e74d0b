"""Names of cards with copies (cards.yaml `copies: N`) in effect text.

An entry with copies stands for N identical cards, `<id>.1` ... `<id>.N`. Rules can name
neither the entry (it is no single card) nor one copy: they test a card's attributes instead.
A scenario's steps and expectations may name a copy (`coin.2 in hand[red]`), which the code
they compile to reaches by the copy's index among the engine's cards.
"""

from __future__ import annotations

from compiler.diagnostics import did_you_mean
from compiler.front import types as T
from compiler.front.model import COPIES_HINT
from compiler.front.resolve.core import ResolverCore
from compiler.front.resolve.program import Ref
from compiler.front.resolve.scope import Context
from dsl import ast


class CopyRules(ResolverCore):
    """Refuse an entry with copies named in effect text; bind a copy's id in a scenario."""

    _copy_index: dict[str, int] | None = None

    def entry_named(self, node: ast.Name, ctx: Context) -> T.Type:
        """The id of an entry with copies, which names none of its cards."""
        card = self.game.by_id(self.game.cards)[node.id]
        hint = COPIES_HINT
        if ctx.unit.kind == "scenario":
            hint += f"; a scenario names one copy: {card.id}.1 ... {card.id}.{card.copies}"
        self.error(ctx.unit, node, "E304", f"'{node.id}' is a card with copies: no single card has "
                   "that name", hint)
        return T.CARD

    def copy_named(self, node: ast.Name, ctx: Context) -> T.Type:
        """`<id>.<k>`: one copy; a scenario names it, the rules may not."""
        if self._copy_index is None:
            self._copy_index = {cid: i for i, (cid, card) in enumerate(self.game.physical_cards())
                                if card.copies > 1}
        if node.id not in self._copy_index:
            self.error(ctx.unit, node, "E301", f"unknown card '{node.id}'",
                       did_you_mean(node.id, list(self._copy_index)))
        elif ctx.unit.kind != "scenario":
            self.error(ctx.unit, node, "E304", f"'{node.id}' is one copy of "
                       f"'{self.game.card_base(node.id)}': rules cannot name one copy", COPIES_HINT)
        else:
            self.program.refs[id(node)] = Ref("copy", node.id, T.CARD, str(self._copy_index[node.id]))
        return T.CARD
