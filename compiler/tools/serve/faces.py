"""Card faces as the sheets print them, as PNG images for the pages (the face `kurtyna card`
writes: the sheets' templates and fitting, compiler/back/sheets/single.py).

A face is the same for every table and seat (the card, the language), so it is made once and
kept in memory for the server's life (a preview's, for its version). Not in the user's cache as
`kurtyna card` keeps faces: that is keyed by the game's files as they are now, and the server
shows the game as it was compiled, which an author's edit may have left behind; a face kept under
the new files' key would be an answer the cache changed. WeasyPrint lays out one face at a time
(a lock), in the worker thread of the request that asked for it.
"""

from __future__ import annotations

import threading
from typing import Any

from compiler.tools.card_keep import Request

DPI = 150  # sharp on a screen, about 370 x 520 pixels a card
_layout = threading.Lock()


class Faces:
    def __init__(self) -> None:
        self.made: dict[tuple[str, str, str], bytes | None] = {}

    def png(self, game: Any, lang: str, card: str) -> bytes | None:
        """The face of `card` (an id of the deck or an extra card) in `lang`, or None when it
        cannot be printed (no such card, or its text does not fit: `kurtyna sheets` says why)."""
        key = (game.id, lang, card)
        if key in self.made:
            return self.made[key]
        data = self._render(game, Request(game.folder, card, lang, "png", 0.0, DPI))
        self.made[key] = data
        return data

    @staticmethod
    def _render(game: Any, request: Request) -> bytes | None:
        from compiler.back.sheets import single
        from compiler.back.sheets.pdf import PdfError
        from compiler.diagnostics import CompileError

        if request.card not in single.card_ids(game.compiled):
            return None
        with _layout:
            try:
                _, document = single.laid_out(game.compiled, request.card, request.lang, request.bleed)
                data = single.png_bytes(single.pdf_bytes(document), request.bleed, request.dpi)
            except (CompileError, PdfError, ImportError):
                return None
        return data
