"""Card text in English, Polish and Czech: count and case forms, golden texts, the lint, catalogs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.back.i18n import translations
from compiler.back.i18n.catalog import read_catalog
from compiler.back.i18n.manage import game_status, outdated_catalogs, rendered_catalogs
from compiler.back.i18n.translations import catalog_path
from compiler.back.text import card_text, definition_text, generated_text
from compiler.back.text.render import Renderer
from compiler.back.text.template import fixed
from compiler.pipeline import compile_game

from ..conftest import edit_file as edit

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
GAMES = ("zimna_wojna", "zelazna_kurtyna")
COUNTS = (1, 2, 4, 5, 12, 22)


def counted(compiled, lang: str, template: str) -> list[str]:
    renderer = Renderer(compiled, lang)
    return [renderer.filler.fill(template, {"n": fixed(str(n), n)}) for n in COUNTS]


# ---- plural and case forms (CLDR plural categories from Babel, forms from the catalogs) -----


def test_polish_counts_nominative(zw):
    assert counted(zw, "pl", "{n|influence_point}") == [
        "1 punkt wpływów",
        "2 punkty wpływów",
        "4 punkty wpływów",
        "5 punktów wpływów",
        "12 punktów wpływów",
        "22 punkty wpływów",
    ]


def test_polish_counts_accusative_feminine(zk):
    assert counted(zk, "pl", "{n|cube:acc}") == [
        "1 kostkę",
        "2 kostki",
        "4 kostki",
        "5 kostek",
        "12 kostek",
        "22 kostki",
    ]


def test_polish_counts_after_a_genitive_governing_word(zw):
    # PL-NUM: after "więcej niż" every number takes the genitive.
    assert counted(zw, "pl", "więcej niż {n|victory_point:gen}") == [
        "więcej niż 1 punktu zwycięstwa",
        "więcej niż 2 punktów zwycięstwa",
        "więcej niż 4 punktów zwycięstwa",
        "więcej niż 5 punktów zwycięstwa",
        "więcej niż 12 punktów zwycięstwa",
        "więcej niż 22 punktów zwycięstwa",
    ]


def test_czech_counts(zw, zk):
    assert counted(zw, "cs", "{n|influence_point}") == [
        "1 bod vlivu",
        "2 body vlivu",
        "4 body vlivu",
        "5 bodů vlivu",
        "12 bodů vlivu",
        "22 bodů vlivu",
    ]
    assert counted(zk, "cs", "{n|cube:acc}") == [
        "1 kostku",
        "2 kostky",
        "4 kostky",
        "5 kostek",
        "12 kostek",
        "22 kostek",
    ]


def test_english_counts_and_abbreviations(zw):
    assert counted(zw, "en", "{n|victory_point}") == [
        "1 Victory Point",
        "2 Victory Points",
        "4 Victory Points",
        "5 Victory Points",
        "12 Victory Points",
        "22 Victory Points",
    ]
    assert counted(zw, "pl", "{n|influence_point.abbr}") == [f"{n} PW" for n in COUNTS]
    assert counted(zw, "cs", "{n|operations_point.abbr}") == [f"{n} OB" for n in COUNTS]


@pytest.mark.parametrize(
    "lang, place, forms",
    [
        (
            "pl",
            "poland",
            {"nom": "Polska", "gen": "Polski", "loc": "w Polsce", "to": "do Polski", "from": "z Polski"},
        ),
        ("pl", "cuba", {"loc": "na Kubie", "to": "na Kubę"}),
        ("pl", "france", {"loc": "we Francji"}),
        ("pl", "middle_east", {"nom": "Bliski Wschód", "loc": "na Bliskim Wschodzie"}),
        ("cs", "france", {"nom": "Francie", "loc": "ve Francii"}),
        ("cs", "cuba", {"loc": "na Kubě", "to": "na Kubu"}),
        ("en", "middle_east", {"nom": "Middle East", "loc": "in the Middle East"}),
    ],
)
def test_case_forms_of_places(zw, lang, place, forms):
    tr = translations(zw, lang)
    assert {form: tr.name(place, form) for form in forms} == forms


def test_a_count_reaches_the_card_text_in_its_form(zk):
    # East Germany infiltrates 2 cubes: the accusative plural of the 'few' category.
    assert "2 kostki" in generated_text(zk, "east_germany_card", "pl")
    assert "2 kostky" in generated_text(zk, "east_germany_card", "cs")
    assert "2 cubes" in generated_text(zk, "east_germany_card", "en")


# ---- generated text -------------------------------------------------------------------


def event_cards(compiled) -> list[str]:
    return [c.id for c in compiled.game.cards if c.id in compiled.program.card_events]


def golden_text(compiled, lang: str) -> str:
    return "".join(f"{card}: {generated_text(compiled, card, lang)}\n" for card in event_cards(compiled))


def compiled_once(request, game: str):
    """The game compiled once for this module (the `zw` and `zk` fixtures), not once per test."""
    return request.getfixturevalue({"zimna_wojna": "zw", "zelazna_kurtyna": "zk"}[game])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ("en", "pl", "cs"))
def test_generated_text_matches_the_reviewed_snapshot(game, lang, snapshot, request):
    """The text generated from every event, one card a line: a change of the renderer or of an
    event shows as a diff of tests/back/__snapshots__/test_text.ambr; update it with
    `pytest tests/back/test_text.py --snapshot-update` and read the diff."""
    assert golden_text(compiled_once(request, game), lang) == snapshot


@pytest.mark.parametrize("game", GAMES)
def test_every_event_has_text_in_every_locale_without_code_left_in_it(game, request):
    compiled = compiled_once(request, game)
    for card in event_cards(compiled):
        for lang in ("en", "pl", "cs"):
            text = generated_text(compiled, card, lang)
            assert text and text[0].isupper() and text.endswith("."), (card, lang, text)
            assert "{" not in text and "_" not in text, (card, lang, text)


def test_rule_procedures_render_too(zw, zk):
    text = definition_text(zw, "coup", "en")
    assert "Military Operations" in text and "DEFCON falls by 1" in text
    assert definition_text(zk, "infiltrate", "pl").startswith("Powtórz")
    # Every definition of both games renders in every locale.
    for compiled in (zw, zk):
        for name in compiled.program.defs:
            for lang in ("en", "pl", "cs"):
                assert definition_text(compiled, name, lang) is not None


def test_sheets_print_the_authored_text_where_there_is_one(zk):
    assert card_text(zk, "israel_card", "pl") == "USA infiltrują 2 kostki na kartę Izraela."
    assert card_text(zk, "israel_card", "pl") != generated_text(zk, "israel_card", "pl")


# ---- the lint and the catalogs on a copy of the content --------------------------------


def kurtyna(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "compiler.cli", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )




def test_lint_reports_a_wrong_number_in_the_english_text(zk_copy):
    edit(
        zk_copy / "content/zelazna_kurtyna/cards.yaml",
        "infiltrates 2 cubes into Israel",
        "infiltrates 3 cubes into Israel",
    )
    result = kurtyna("check", "zelazna_kurtyna", cwd=zk_copy)
    assert result.returncode == 1
    assert "content/zelazna_kurtyna/cards.yaml:" in result.stderr and "error[E701]" in result.stderr
    assert "names the number 2, the text does not" in result.stderr
    assert "the text names the number 3, the effect does not" in result.stderr
    assert "Traceback" not in result.stderr


def test_lint_reports_a_missing_place_in_a_translation(zk_copy):
    edit(zk_copy / "content/zelazna_kurtyna/locales/pl.po", "2 kostki na kartę Izraela", "2 kostki tutaj")
    result = kurtyna("check", "zelazna_kurtyna", cwd=zk_copy)
    assert result.returncode == 1
    assert "content/zelazna_kurtyna/locales/pl.po:" in result.stderr
    assert "the effect names Izrael, the text does not" in result.stderr


def test_lint_accepts_any_case_form_of_a_place(zk):
    from compiler.back.i18n.lint import lint_card

    assert lint_card(zk, "israel_card", "pl", "USA umieszczają 2 kostki do Izraela.") == []
    assert lint_card(zk, "israel_card", "pl", "USA umieszczają 2 kostki na Kubie.") == [
        "the effect names Izrael, the text does not",
        "the text names Kuba, the effect does not",
    ]


def test_a_changed_source_text_marks_its_translations_stale(zk_copy):
    folder = zk_copy / "content" / "zelazna_kurtyna"
    edit(
        folder / "cards.yaml", "infiltrates 2 cubes into Israel.", "infiltrates 2 cubes into Israel at once."
    )
    result = kurtyna("i18n", "status", "zelazna_kurtyna", cwd=zk_copy)
    assert result.returncode == 0
    for lang in ("pl", "cs"):
        assert f"zelazna_kurtyna [{lang}]:" in result.stdout
    assert result.stdout.count("stale text.israel_card") == 2
    # The stale translation is not printed; the text generated from the mechanics is.
    compiled = compile_game(folder)
    assert card_text(compiled, "israel_card", "pl") == generated_text(compiled, "israel_card", "pl")
    # `i18n update` keeps the translation, flags it fuzzy and records the old source.
    assert kurtyna("i18n", "update", "zelazna_kurtyna", cwd=zk_copy).returncode == 0
    po = (folder / "locales" / "pl.po").read_text("utf-8")
    assert '#, fuzzy\n#| msgid "The USA infiltrates 2 cubes into Israel."\nmsgctxt "text.israel_card"' in po
    entry = read_catalog(folder / "locales" / "pl.po", "pl").entries["text.israel_card"]
    assert entry.fuzzy and entry.translation.startswith("USA infiltrują")
    assert entry.previous == "The USA infiltrates 2 cubes into Israel."
    # A second update changes nothing: the old source is still what the flag points at.
    assert (
        kurtyna("i18n", "update", "zelazna_kurtyna", cwd=zk_copy).stdout.strip()
        == "zelazna_kurtyna: catalogs up to date"
    )
    statuses = {s.lang: s for s in game_status(compile_game(folder))}
    assert [k for k, _old, _new in statuses["cs"].stale] == ["text.israel_card"]


def test_catalogs_are_current_and_update_is_deterministic(zw, zk):
    # Current by content; the `#:` line references may lag behind moved content lines until the
    # next `i18n update` (tests/back/test_catalogs.py checks that update then changes nothing more).
    for compiled in (zw, zk):
        assert outdated_catalogs(compiled) == []
        assert rendered_catalogs(compiled) == rendered_catalogs(compiled)


def test_a_broken_catalog_is_one_clear_error(zk_copy):
    path = zk_copy / "content/zelazna_kurtyna/locales/cs.po"
    path.write_text(path.read_text("utf-8") + '\nmsgctxt "x"\nmsgid "unterminated\n', "utf-8")
    result = kurtyna("text", "zelazna_kurtyna", "cuba_card", "--lang", "cs", cwd=zk_copy)
    assert result.returncode == 1
    assert "cs.po" in result.stderr and "Traceback" not in result.stderr


def test_text_command(zk_copy, zk):
    result = kurtyna("text", "zelazna_kurtyna", "cuba_card", "--lang", "pl", cwd=zk_copy)
    assert result.returncode == 0
    assert result.stdout.strip() == translations(zk, "pl").authored_text("cuba_card")
    result = kurtyna("text", "zelazna_kurtyna", "kuba", cwd=zk_copy)
    assert result.returncode == 1 and "neither a card nor a rule" in result.stderr
    assert kurtyna("text", "zelazna_kurtyna", "--lang", "de", cwd=zk_copy).returncode == 2


def test_text_of_a_game_with_errors_reports_them(zk_copy):
    edit(
        zk_copy / "content/zelazna_kurtyna/cards.yaml",
        "infiltrate(us, 2, [israel])",
        "infiltrate(us, 2, [isreal])",
    )
    result = kurtyna("text", "zelazna_kurtyna", "israel_card", cwd=zk_copy)
    assert result.returncode == 1
    assert "error[E301]: unknown space 'isreal'" in result.stderr and "Traceback" not in result.stderr


def test_text_yaml_faults_are_compile_errors(zk_copy):
    edit(zk_copy / "content/zelazna_kurtyna/text.yaml", "  space: card_space", "  space: card_spce")
    result = kurtyna("check", "zelazna_kurtyna", cwd=zk_copy)
    assert result.returncode == 1
    assert "content/zelazna_kurtyna/text.yaml:10:10: error[E301]: unknown term 'card_spce'" in result.stderr
    assert "did you mean 'card_space'?" in result.stderr


def test_catalog_files_exist_for_every_game():
    for game in GAMES:
        for lang in ("pl", "cs"):
            assert catalog_path(CONTENT / game, lang).is_file()


def test_every_construct_of_the_language_renders_in_every_locale():
    # The tiny fixture uses every construct; it has no text.yaml, so items read by their names.
    compiled = compile_game(ROOT / "tests" / "fixtures" / "games" / "tiny")
    for lang in ("en", "pl", "cs"):
        renderer = Renderer(compiled, lang)
        for name in compiled.program.defs:
            text = renderer.definition(name)
            assert text is not None and "{" not in text, (name, lang, text)
        for card in compiled.program.card_events:
            assert renderer.card(card), (card, lang)


def test_deeply_negated_conditions_are_read_once(tmp_path):
    """`not not ... x` once took time doubling with each `not` (30 would take hours)."""
    game = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "games" / "tiny", game)
    cards = game / "cards.yaml"
    text = cards.read_text("utf-8")
    old = "      cancel boost_effect\n"
    assert old in text
    negated = "      if " + "not " * 30 + "score > 1:\n          score += 1\n"
    cards.write_text(text.replace(old, old + negated), "utf-8")
    result = kurtyna("text", str(game), "recall", "--lang", "en", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "score" in result.stdout.lower()
