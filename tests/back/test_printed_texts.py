"""Golden files of every printed card text, per game and language (syrupy snapshots in
__snapshots__/). A change of what a player reads on a card, from the English content, a
catalog or the text back end, shows in review as a diff of the snapshot file. After a
deliberate change: `pytest tests/back/test_printed_texts.py --snapshot-update`, then read the
diff before committing (docs/authoring.md)."""

from __future__ import annotations

import pytest

from compiler.back.i18n import LOCALES
from compiler.back.text import card_text
from compiler.pipeline import compile_game

from ..conftest import ROOT

GAMES = ("zimna_wojna", "zelazna_kurtyna", "cia_kgb", "mocarstwo")


@pytest.fixture(scope="module", params=GAMES)
def compiled(request):
    return compile_game(ROOT / "content" / request.param)


@pytest.mark.parametrize("lang", LOCALES)
def test_printed_card_texts_match_the_reviewed_snapshot(compiled, lang, snapshot):
    printed = {card.id: card_text(compiled, card.id, lang) for card in compiled.game.cards}
    assert printed == snapshot


@pytest.mark.parametrize("lang", LOCALES)
def test_every_card_prints_an_authored_text(compiled, lang):
    """Issue 15: no card falls back to the text generated from its mechanics, or prints nothing."""
    from compiler.back.i18n.manage import printed_cards

    printed = printed_cards(compiled, lang)
    assert (printed.generated, printed.empty) == ([], []), (lang, printed.generated, printed.empty)
    assert len(printed.authored) == len(compiled.game.cards)
