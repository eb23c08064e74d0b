"""A check that reuses what earlier checks kept in memory (compiler/memo.py: `kurtyna lsp`,
`kurtyna serve --watch`) answers as a cold check does: after each edit of a sequence (a card's
effect, its printed text, a catalog entry, text.yaml, game.yaml, a rule, a syntax fault and its
fix, two cards with the same effect), the faults found with the kept results equal those of a
check that keeps nothing, which is `kurtyna check`'s path. The edits are editor buffers over the
checkout's files (nothing is written)."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import memo
from compiler.pipeline import checked_game
from compiler.tools.lsp.checking import diagnostics_of

from ..conftest import ROOT

ZW = (ROOT / "content" / "zimna_wojna").resolve()


def edited(path: Path, old: str, new: str, base: dict[Path, bytes]) -> dict[Path, bytes]:
    """The buffers `base` with `old` replaced by `new` once in `path` (as the editor has it)."""
    text = base[path].decode("utf-8") if path in base else path.read_text("utf-8")
    assert text.count(old) >= 1, f"{old!r} not in {path.name}"
    return {**base, path: text.replace(old, new, 1).encode("utf-8")}


def same_answer(folder: Path, buffers: dict[Path, bytes]) -> list:
    kept, compiled = diagnostics_of(folder, buffers, keep=True)
    cold, cold_compiled = diagnostics_of(folder, buffers, keep=False)
    assert kept == cold
    assert (compiled is None) == (cold_compiled is None)
    return kept


def codes(found: list) -> set[str]:
    return {d.code for d in found}


def test_a_sequence_of_edits_gets_the_cold_checks_answers():
    memo.clear()
    cards, rules = ZW / "cards.yaml", ZW / "rules_cards_4_24.yaml"
    pl, text, game = ZW / "locales" / "pl.po", ZW / "text.yaml", ZW / "game.yaml"
    base: dict[Path, bytes] = {}
    same_answer(ZW, base)  # the first check fills the memos
    steps = [
        # a card's effect: a number its text does not say
        (cards, "gain_vp(us, 5 - defcon)", "gain_vp(us, 6 - defcon)", {"E701"}),
        (cards, "gain_vp(us, 6 - defcon)", "gain_vp(us, 5 - defcon)", None),
        # its printed text, a number the effect does not say, and back
        (cards, "VP equal to 5 minus", "VP equal to 7 minus", {"E701"}),
        (cards, "VP equal to 7 minus", "VP equal to 5 minus", None),
        # the Polish text of the card, a number it does not say
        (pl, "ile wynosi 5 minus", "ile wynosi 7 minus", {"E701"}),
        # a catalog entry with a broken placeholder
        (pl, 'msgstr "Chińskiej wojny domowej"', 'msgstr "Chińskiej {x} domowej"', None),
        # text.yaml: a phrase of a procedure the cards call
        (text, 'do: "{player} gains {amount|', 'do: "{player} wins {amount|', None),
        # game.yaml: the name of an optional rule the texts name
        (game, "names: {en: Chinese Civil War}", "names: {en: Chinese War}", None),
        # a rule the cards' effects call
        (rules, "controlled(s, defender)})", "controlled(s, defender)}) + 1", None),
        # a syntax fault in the card's effect, then its fix
        (cards, "gain_vp(us, 5 - defcon)", "gain_vp(us, 5 - defcon", None),
        (cards, "gain_vp(us, 5 - defcon", "gain_vp(us, 5 - defcon)", None),
        # a misspelt name
        (cards, "score_region(asia)", "score_region(asai)", {"E301"}),
        (cards, "score_region(asai)", "score_region(asia)", None),
        # a card's effect made the same text as another card's (each unit gets nodes of its own)
        (cards, "score_region(europe)", "score_region(asia)", None),
        # YAML that does not parse, then parses again
        (cards, "cards:\n", "cards:\n  - [\n", {"E102"}),
        (cards, "cards:\n  - [\n", "cards:\n", None),
    ]
    buffers = base
    for path, old, new, expected in steps:
        buffers = edited(path, old, new, buffers)
        found = same_answer(ZW, buffers)
        if expected is not None:
            assert expected <= codes(found), (old, new, [d.message for d in found])
    assert same_answer(ZW, {}) == diagnostics_of(ZW, {}, keep=False)[0]  # every edit undone


@pytest.mark.parametrize("game", ["zimna_wojna", "zelazna_kurtyna", "mocarstwo", "cia_kgb"])
def test_each_game_checks_alike_kept_or_cold_and_twice(game: str):
    folder = (ROOT / "content" / game).resolve()
    first = same_answer(folder, {})
    assert same_answer(folder, {}) == first  # all of it kept now


def test_checked_game_keeping_gives_what_it_gives_cold():
    folder = (ROOT / "content" / "zelazna_kurtyna").resolve()
    cold = checked_game(folder)
    kept = checked_game(folder, keep=True)
    again = checked_game(folder, keep=True)
    assert sorted(c.id for c in kept.game.cards) == sorted(c.id for c in cold.game.cards)
    assert again.program.card_events.keys() == cold.program.card_events.keys()


def test_nothing_is_kept_unless_asked():
    table = memo.table("a test's", 2)
    table.put("k", 1)
    assert table.get("k") is None
    with memo.keeping():
        table.put("k", 1)
        table.put("l", 2)
        table.put("m", 3)
        assert table.get("k") is None and table.get("m") == 3  # the newest 2 only
    assert table.get("m") is None
