"""Kurtyna's own catalogs: the templates of the effect language's constructs ("If {cond}:
{body}", "For each {item}"), translated once for every game (issue 42).

The English source is compiler/back/text/locales/en.yaml; each language's translation is a PO
file beside it (`pl.po`, `cs.po`), with `messages.pot` the template for a new language. A game's
catalog holds only its own strings, and a construct only where the game's translator overrides
Kurtyna's words for that game (`overrides`): a four-card game asks its translator for its own
names and texts, not for the three hundred templates of the language.

`update_own` refreshes the three files from en.yaml the way `kurtyna i18n update` refreshes a
game's (`scripts/update-own-catalogs`); `outdated_own` lists those it would change, which the
tests require to be none.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

from compiler import fsio
from compiler.back.i18n.catalog import (
    Catalog,
    Entry,
    content,
    merge,
    read_catalog,
    render,
    template,
    with_header,
)
from compiler.back.i18n.sources import Source, construct_sources
from compiler.locales import LOCALES, SOURCE_LOCALE

OWN = Path(__file__).resolve().parents[1] / "text" / "locales"
PROJECT = "kurtyna"
TARGETS = tuple(lang for lang in LOCALES if lang != SOURCE_LOCALE)


def own_path(lang: str | None) -> Path:
    return OWN / ("messages.pot" if lang is None else f"{lang}.po")


@cache
def own_catalog(lang: str) -> Catalog:
    """Kurtyna's catalog of `lang` as it is on disk (shipped with Kurtyna: trusted)."""
    return read_catalog(own_path(lang), lang)


def own_translation(lang: str, key: str, english: str) -> str | None:
    """Kurtyna's current translation of a construct's template, or None."""
    entry = own_catalog(lang).entries.get(key)
    if entry is None or not entry.done or entry.source != english:
        return None
    return entry.translation


def planned_own() -> list[tuple[Path, Catalog | None, Catalog]]:
    """Each of Kurtyna's catalog files: what it holds now and what it should hold."""
    sources = construct_sources()
    out = []
    for lang in (None, *TARGETS):
        path = own_path(lang)
        current = read_catalog(path, lang) if path.is_file() else None
        wanted = template(sources) if lang is None else merge(current or Catalog(lang), sources)
        wanted = replace(wanted, header_comment=_comment(lang))
        out.append((path, current, with_header(wanted, PROJECT)))
    return out


def _comment(lang: str | None) -> str:
    what = "the template for a new language" if lang is None else f"their translation into '{lang}'"
    return (f"Kurtyna's own words: the templates of the effect language's constructs, {what}, for\n"
            "every game. Edit msgstr only; scripts/update-own-catalogs refreshes this file from\n"
            "compiler/back/text/locales/en.yaml. See docs/translating.md, \"Kurtyna's own catalogs\".")


def outdated_own() -> list[Path]:
    return [path for path, current, wanted in planned_own()
            if current is None or content(current) != content(wanted)]


def update_own() -> list[Path]:
    written = []
    for path, current, wanted in planned_own():
        if current is None or content(current) != content(wanted):
            fsio.write_text(path, render(wanted))
            written.append(path)
    own_catalog.cache_clear()
    return written


def overrides(catalog: Catalog, lang: str) -> list[Source]:
    """The constructs a game's catalog translates otherwise than Kurtyna does: its own words for
    that game, kept and used; an entry that says what Kurtyna says is no override."""
    english = {s.key: s for s in construct_sources()}
    out = []
    for key, entry in {**catalog.obsolete, **catalog.entries}.items():
        src = english.get(key)
        if src is None or not entry.translation:
            continue
        if entry.translation != own_translation(lang, key, src.text):
            out.append(src)
    return out


def without_shared(catalog: Catalog, lang: str) -> Catalog:
    """The catalog without the construct entries that only repeat Kurtyna's translation (what
    every game's catalog held before Kurtyna had catalogs of its own)."""
    kept = {s.key for s in overrides(catalog, lang)}

    def keep(key: str) -> bool:
        return not key.startswith("construct.") or key in kept

    return replace(catalog, entries={k: e for k, e in catalog.entries.items() if keep(k)},
                   obsolete={k: e for k, e in catalog.obsolete.items() if keep(k)})


__all__ = ["Entry", "own_catalog", "own_translation", "overrides", "without_shared", "update_own",
           "outdated_own", "planned_own", "own_path"]
