"""Identical card copies (cards.yaml `copies: N`), on tests/fixtures/games/stalls: five coins and
three gems are two entries. The engine has one card per copy (`coin.1` ... `coin.5`), named by
the entry; catalogs, text checks and the review sample hold the entry once; card sheets print
every copy; effects cannot name one copy (E304); scenarios name copies by number."""

from __future__ import annotations

import json

from compiler import cli
from compiler.back.i18n.translations import load_sources, translations
from compiler.back.sheets import cards, review
from compiler.back.sheets.layout import PAPERS
from compiler.back.sheets.words import Words
from compiler.pipeline import compile_game
from compiler.tools.terminal.answers import answers_of, match
from compiler.tools.terminal.words import Words as TerminalWords

from ..conftest import FIXTURES, copy_game, run_cli
from .test_errors import errors_in, line_of

BAZAAR = FIXTURES / "games" / "stalls"
COPIES = ["coin.1", "coin.2", "coin.3", "coin.4", "coin.5", "gem.1", "gem.2", "gem.3", "crown"]


def test_check_counts_physical_cards_and_their_kinds(capsys):
    assert cli.main(["check", str(BAZAAR)]) == 0
    assert "9 cards of 3 kinds (3 with events)" in capsys.readouterr().out
    assert cli.main(["check", str(BAZAAR), "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)["games"][0]["counts"]
    assert (counts["cards"], counts["card_kinds"], counts["events"]) == (9, 3, 3)


def test_the_engine_has_one_card_per_copy_named_by_its_entry(compiled_packages):
    engine = compiled_packages(BAZAAR)
    assert list(engine.SPEC.cards) == COPIES
    assert engine.data.CARDS_NAMES[:6] == ("Coin",) * 5 + ("Gem",)
    assert engine.data.CARD_VALUE == (1, 1, 1, 1, 1, 3, 3, 3, 5)
    assert not hasattr(engine.data, "COIN") and engine.data.CROWN == 8


def test_a_choice_offers_every_copy_and_the_terminal_names_them_by_their_entry(compiled_packages):
    engine = compiled_packages(BAZAAR)
    state = engine.Game().new_state(seed=2)
    decision = state.decision()
    assert decision.prompt == "take_turn.c" and sorted(decision.answers) == sorted(COPIES)
    compiled = compile_game(BAZAAR)
    words = TerminalWords(compiled, "en")
    answers = answers_of(state.view(0)["decision"], engine.SPEC, words)
    assert {a.words for a in answers} == {"Coin", "Gem", "Crown"}
    assert [a.key for a in answers if a.value == "coin.3"] == ["3"]  # keyed by place in the game's cards
    picked, _ = match("gem", answers)  # the copies are identical: the name takes the first
    assert picked is not None and picked.value == "gem.1"
    assert match("gem.2", answers)[0].value == "gem.2"
    state.apply("gem.2")  # its event (cash + 1) runs for a copy
    state.apply("north")
    assert state.view(0)["tracks"]["cash"]["red"] == 4


def test_one_catalog_entry_per_entry():
    compiled = compile_game(BAZAAR)
    _text, sources = load_sources(compiled)
    keys = [s.key for s in sources if ".coin" in s.key or ".gem" in s.key]
    assert sorted(keys) == ["name.coin", "name.gem", "text.coin"]
    assert translations(compiled, "pl").name("coin.4") == "Coin"  # untranslated: the English name


def test_card_sheets_print_every_copy_and_the_review_each_entry_once():
    compiled = compile_game(BAZAAR)
    words = Words(compiled, "en")
    assert [f.name for f in cards.all_faces(words)] == ["Coin"] * 5 + ["Gem"] * 3 + ["Crown"]
    assert len(cards.all_backs(words)) == 9
    html = cards.fronts_html(words, PAPERS["a4"], 0.0, {})
    assert html.count('<span class="name">Coin</span>') == 5
    sampled = review.with_cards(compiled, review.sample(compiled, 2, seed=1))
    assert len(cards.all_faces(Words(sampled, "en"))) == 2


def test_an_effect_cannot_name_a_card_with_copies(tmp_path, capsys):
    game = copy_game(BAZAAR, tmp_path)
    path = game / "rules.yaml"
    path.write_text(path.read_text("utf-8").replace("              move c to hand[p]\n",
                                                    "              move coin to hand[p]\n"), "utf-8")
    assert cli.main(["check", str(game)]) == 1
    out = capsys.readouterr().err
    assert errors_in(out) == [("E304", "rules.yaml", line_of(game, "rules.yaml", "move coin to"))]
    assert "'coin' is a card with copies: no single card has that name" in out
    assert "hint: a card with copies has no single name; test its attributes, e.g. c.value == 1" in out


def test_an_attribute_value_cannot_name_a_card_with_copies(tmp_path, capsys):
    game = copy_game(BAZAAR, tmp_path)
    (game / "game.yaml").write_text((game / "game.yaml").read_text("utf-8").replace(
        "    value: {type: int, min: 1, max: 9}\n",
        "    value: {type: int, min: 1, max: 9}\n"
        "    beats: {type: card, optional: true, default: null}\n"), "utf-8")
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text("utf-8").replace(
        "attributes: {value: 5}", "attributes: {value: 5, beats: gem}"), "utf-8")
    assert cli.main(["check", str(game)]) == 1
    out = capsys.readouterr().err
    assert errors_in(out) == [("E304", "cards.yaml", line_of(game, "cards.yaml", "beats: gem"))]


def test_scenarios_name_copies_and_an_entry_places_the_next_one(tmp_path):
    result = run_cli("test", str(FIXTURES / "scenarios" / "stalls"))
    assert result.returncode == 0 and "1 passed, 0 failed" in result.stdout, result.stdout + result.stderr
    too_many = tmp_path / "many.yaml"
    too_many.write_text(f"game: {BAZAAR}\nsource: test\nstate:\n  pile: [gem.1, gem, gem, gem]\n"
                        "steps: []\nexpect:\n  - size(pile) == 4\n", "utf-8")
    result = run_cli("test", str(too_many))
    assert result.returncode == 1 and "many.yaml:4:27: error[E205]: every copy of card 'gem' is placed" \
        in result.stderr
    draws = tmp_path / "draws.yaml"
    draws.write_text(f"game: {BAZAAR}\nsource: test\nsteps:\n  - do: pass\n    draws: [coin]\n"
                     "expect:\n  - size(pile) == 0\n", "utf-8")
    result = run_cli("test", str(draws))
    assert result.returncode == 1 and "error[E304]: 'coin' is a card with copies" in result.stderr
    assert "hint: name the copy: coin.1, coin.2, ..." in result.stderr


def test_an_entry_with_copies_may_share_its_id_with_an_enum_constant(tmp_path, capsys):
    game = copy_game(BAZAAR, tmp_path)
    path = game / "game.yaml"
    enum = "enums:\n  sort: [gem, crown]\nspace_kinds:"
    path.write_text(path.read_text("utf-8").replace("space_kinds:", enum), "utf-8")
    assert cli.main(["check", str(game)]) == 1  # the single card crown still clashes; gem does not
    out = capsys.readouterr().err
    assert errors_in(out) == [("E302", "cards.yaml", line_of(game, "cards.yaml", "id: crown"))]
