"""A name renamed everywhere the game uses it, as one workspace edit: its declaration, every
effect text and YAML value or key naming it, and the `msgctxt` keys of the catalogs and the
template (`text.<card>`, `name.<space>.gen`), so no translation is lost by the rename."""

from __future__ import annotations

import re
from collections.abc import Callable

from lsprotocol import types

from compiler.front.resolve.builtins import AGGREGATES, BUILTINS, COLLECTIONS
from compiler.tools.lsp.complete import keywords
from compiler.tools.lsp.symbols import Place, Symbol, Symbols

NAME = re.compile(r"[a-z][a-z0-9_]*")


class RenameRefused(ValueError):
    """A new name the game cannot take; str() says why."""


def refusal(symbols: Symbols, new: str) -> str | None:
    """Why `new` cannot be a name of the game, or None."""
    if not NAME.fullmatch(new):
        return f"'{new}' is no id: ids are lowercase letters, digits and '_', starting with a letter"
    if new in symbols.by_name:
        return f"'{new}' is already the {symbols.by_name[new].kind} of that name"
    if new in keywords() or new in BUILTINS or new in AGGREGATES or new in COLLECTIONS:
        return f"'{new}' is a word of the effect language"
    return None


def rename_edit(symbols: Symbols, symbol: Symbol, new: str,
                to_range: Callable[[Place], types.Range], uri_of: Callable) -> types.WorkspaceEdit:
    why = refusal(symbols, new)
    if why is not None:
        raise RenameRefused(why)
    changes: dict[str, list[types.TextEdit]] = {}
    for place in symbol.places:
        changes.setdefault(uri_of(place.path), []).append(types.TextEdit(to_range(place), new))
    return types.WorkspaceEdit(changes=changes)
