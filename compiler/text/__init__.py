"""Card and rule text from the typed IR, in English, Polish and Czech."""

from __future__ import annotations

from typing import Any


def card_text(compiled: Any, card_id: str, lang: str) -> str | None:
    """The text a sheet prints for a card: its authored text in `lang` when present and
    current, else text generated from its event; None for a card without an event."""
    card = compiled.game.by_id(compiled.game.cards)[card_id]
    if card.event is None:
        return None
    return card.text.get(lang) or card.text.get("en") or card.event.strip()
