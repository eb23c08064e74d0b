"""Catalogs kept between runs (compiler/back/i18n/kept_catalogs.py): a kept catalog is the one the
file gives, and an edited, faulty or damaged one is read from the file again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler import cache as user_cache_module
from compiler.back.i18n import kept_catalogs
from compiler.back.i18n.catalog import load_catalog

from ..conftest import CONTENT, budget
from .test_catalogs import PO_LINE

RICH = (
    '# header comment\nmsgid ""\nmsgstr ""\n"Language: pl\\n"\n"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : '
    'n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
    '#. a note\n#: cards.yaml:3\n#, python-brace-format, x-mine\n'
    'msgctxt "a"\nmsgid "A {n}"\nmsgstr "Ą {n}"\n\n'
    '# translator\n#, fuzzy\n#| msgid "old"\nmsgctxt "c"\nmsgid "C"\nmsgstr "Ć"\n\n'
    'msgctxt "p"\nmsgid "USSR"\nmsgid_plural "USSRs"\n'
    'msgstr[0] "ZSRR"\nmsgstr[1] "ZSRRy"\nmsgstr[2] "ZSRRów"\n\n'
    '#, fuzzy\n#~| msgid "Gone away"\n#~ msgctxt "d"\n#~ msgid "D"\n#~ msgstr "Ď"\n'
)


def _round_trip(catalog, lang):
    return kept_catalogs._thawed(json.dumps(kept_catalogs._frozen(catalog), ensure_ascii=False), lang)


def _same(kept, catalog) -> bool:
    """Equal, entries in the same order."""
    return kept == catalog and list(kept.entries) == list(catalog.entries) \
        and list(kept.obsolete) == list(catalog.obsolete)


@pytest.mark.parametrize("path", sorted(CONTENT.glob("*/locales/*.po")),
                         ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_every_committed_catalog_is_kept_whole(path):
    catalog, faults = load_catalog(path, path.stem)
    assert not faults and len(catalog.entries) > 10
    assert _same(_round_trip(catalog, path.stem), catalog)


def test_plurals_obsolete_entries_flags_and_previous_sources_are_kept(tmp_path):
    path = tmp_path / "pl.po"
    path.write_text(RICH, "utf-8")
    catalog, faults = load_catalog(path, "pl")
    assert not faults and catalog.entries["p"].plural_translations == {0: "ZSRR", 1: "ZSRRy", 2: "ZSRRów"}
    assert catalog.obsolete["d"].previous == "Gone away" and catalog.header_comment
    assert _same(_round_trip(catalog, "pl"), catalog)


@settings(max_examples=budget(150), deadline=None)
@given(lines=st.lists(PO_LINE, max_size=14))
def test_any_catalog_that_reads_is_kept_as_it_reads(tmp_path_factory, lines):
    path = tmp_path_factory.mktemp("po") / "pl.po"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    catalog, faults = load_catalog(path, "pl")
    if not faults:
        assert _same(_round_trip(catalog, "pl"), catalog)


@pytest.fixture
def kept(tmp_path, monkeypatch) -> list[Path]:
    """Catalogs kept in a cache folder of this test's own, as the command line keeps them; the
    list of the files read from disk (parsed) from now on."""
    monkeypatch.setenv("KURTYNA_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(user_cache_module, "kept", user_cache_module.user_cache())
    read: list[Path] = []

    def counting(path, lang, data=None):
        read.append(path)
        return load_catalog(path, lang, data)

    monkeypatch.setattr(kept_catalogs, "load_catalog", counting)
    return read


def test_an_unchanged_catalog_is_read_once_and_an_edited_one_again(kept, tmp_path):
    path = tmp_path / "pl.po"
    path.write_text(RICH, "utf-8")
    first, faults = kept_catalogs.read_catalog_kept(path, "pl")
    again, more = kept_catalogs.read_catalog_kept(path, "pl")
    assert faults == more == [] and len(kept) == 1 and _same(again, first)
    path.write_text(RICH.replace('msgstr "Ć"', 'msgstr "Ćwierć"'), "utf-8")
    edited, _ = kept_catalogs.read_catalog_kept(path, "pl")
    assert len(kept) == 2 and edited.entries["c"].translation == "Ćwierć"
    assert kept_catalogs.read_catalog_kept(path, "cs")[0].lang == "cs"
    assert len(kept) == 3  # each language is kept on its own


def test_a_faulty_catalog_is_reported_every_time_and_never_kept(kept, tmp_path):
    path = tmp_path / "pl.po"
    path.write_text(RICH.replace('msgstr "Ć"', 'msgstr "Ć'), "utf-8")  # no closing quote
    for _ in range(2):
        catalog, faults = kept_catalogs.read_catalog_kept(path, "pl")
        assert [f.code for f in faults] == ["E702"] and catalog.entries == {}
    assert len(kept) == 2 and not list((tmp_path / "cache").glob("catalog-*"))


@pytest.mark.parametrize("damage", ["", "{", "[]", '{"lang": "pl"}', "entry"])
def test_a_damaged_kept_catalog_is_read_from_the_file_again(damage, kept, tmp_path):
    path = tmp_path / "pl.po"
    path.write_text(RICH, "utf-8")
    first, _ = kept_catalogs.read_catalog_kept(path, "pl")
    entry = next((tmp_path / "cache").glob("catalog-pl-*.json"))
    if damage == "entry":  # an entry with a field too many
        data = json.loads(entry.read_text("utf-8"))
        data["entries"][0]["extra"] = 1
        damage = json.dumps(data)
    entry.write_text(damage, "utf-8")
    again, faults = kept_catalogs.read_catalog_kept(path, "pl")
    assert not faults and _same(again, first) and len(kept) == 2
