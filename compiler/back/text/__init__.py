"""Card and rule text from the typed IR, in English, Polish and Czech.

render.py assembles the Renderer from sentence.py (templates, case and count forms, sentences)
and one phrasing module per construct family (statements, choices, lasting, expressions, calls,
conditions); template.py fills placeholders; locales/ holds each language's templates.
"""

from __future__ import annotations

from typing import Any

from compiler.back.text.render import Renderer


def generated_text(compiled: Any, card_id: str, lang: str) -> str | None:
    """A card's event in words, generated from its mechanics; None for a card without one."""
    return Renderer(compiled, lang).card(card_id)


def card_text(compiled: Any, card_id: str, lang: str) -> str | None:
    """The text a sheet prints for a card: its authored text in `lang` when present and
    current, else the text generated from its event; None for a card without an event."""
    from compiler.back.i18n import translations

    authored = translations(compiled, lang).authored_text(card_id)
    if authored:
        return authored
    return generated_text(compiled, card_id, lang)


def definition_text(compiled: Any, name: str, lang: str) -> str | None:
    """A rule procedure or function in words."""
    return Renderer(compiled, lang).definition(name)
