"""`kurtyna i18n status` and `kurtyna i18n update`: catalog completeness and refresh.

A catalog is compared with what `i18n update` would make of it by content (entries and header
fields, see catalog.content), never by bytes: a catalog that Poedit or msgcat saved with its own
line wrapping is current. `update` rewrites a file only when its content differs, so a
translator's formatting stays until something in the catalog really changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from compiler import fsio, game_files
from compiler.back.i18n.catalog import (
    Catalog,
    CatalogError,
    content,
    load_catalog,
    merge,
    read_catalog,
    render,
    template,
    with_header,
)
from compiler.back.i18n.own import overrides, without_shared
from compiler.back.i18n.sources import Source
from compiler.back.i18n.termbase import approved_label
from compiler.back.i18n.translations import (
    LOCALES,
    SOURCE_LOCALE,
    catalog_path,
    load_sources,
    template_path,
    translations,
)

TARGET_LOCALES = tuple(lang for lang in LOCALES if lang != SOURCE_LOCALE)


@dataclass
class LocaleStatus:
    lang: str
    total: int = 0
    done: int = 0
    stale: list[tuple[str, str, str]] = field(default_factory=list)  # key, old source, new source
    missing: list[str] = field(default_factory=list)

    @property
    def percent(self) -> float:
        return 100.0 * self.done / self.total if self.total else 100.0


def locale_status(sources: list[Source], catalog: Catalog) -> LocaleStatus:
    status = LocaleStatus(catalog.lang or "", total=len(sources))
    for src in sources:
        entry = catalog.entries.get(src.key)
        if entry is None or not entry.translation:
            status.missing.append(src.key)
        elif entry.fuzzy or entry.source != src.text:
            old = entry.previous if entry.fuzzy and entry.previous is not None else entry.source
            status.stale.append((src.key, old, src.text))
        else:
            status.done += 1
    return status


@dataclass
class PrintedCards:
    """What a player holding the printed cards of one language reads on each card."""

    lang: str
    authored: list[str] = field(default_factory=list)  # an authored text, current in this language
    generated: list[str] = field(default_factory=list)  # falls back to text generated from the event
    empty: list[str] = field(default_factory=list)  # neither: the card prints no text

    @property
    def total(self) -> int:
        return len(self.authored) + len(self.generated) + len(self.empty)


def printed_cards(compiled: Any, lang: str) -> PrintedCards:
    """Counts what the sheets print, not catalog entries: a card whose translation is missing or
    stale prints generated text even when every catalog entry is translated."""
    tr = translations(compiled, lang)
    events = compiled.program.card_events if compiled.program else {}
    status = PrintedCards(lang)
    for card in compiled.game.cards:
        if tr.authored_text(card.id):
            status.authored.append(card.id)
        elif card.id in events:
            status.generated.append(card.id)
        else:
            status.empty.append(card.id)
    return status


def untranslated(compiled: Any, lang: str) -> list[str] | None:
    """The game's entries that `lang` would print in English (missing, or stale: their English
    changed); None when the game has no catalog for `lang` yet; [] for English."""
    if lang == SOURCE_LOCALE:
        return []
    path = catalog_path(compiled.folder, lang)
    if not path.is_file():
        return None
    _text, sources = load_sources(compiled)
    status = locale_status(sources, read_catalog(path, lang))
    return status.missing + [key for key, _old, _new in status.stale]


def game_status(compiled: Any) -> list[LocaleStatus]:
    _text, sources = load_sources(compiled)
    return [locale_status(sources, read_catalog(catalog_path(compiled.folder, lang), lang))
            for lang in TARGET_LOCALES]


@dataclass(frozen=True)
class Planned:
    """One catalog file: what it holds now (None: no file) and what `i18n update` makes of it."""

    path: Path
    current: Catalog | None
    wanted: Catalog


def planned_catalogs(compiled: Any, start: tuple[str, ...] = ()) -> list[Planned]:
    """Every catalog file of a game with its refreshed content: the template, each language's
    catalog that exists, and those of `start` (`i18n init`); raises CatalogError (located faults
    of every unreadable catalog) before anything is planned."""
    _text, sources = load_sources(compiled)
    folder = compiled.folder
    project = compiled.game.id
    paths = [(template_path(folder), None)] + [
        (catalog_path(folder, lang), lang) for lang in TARGET_LOCALES
        if lang in start or catalog_path(folder, lang).is_file() or catalog_path(folder, lang).is_symlink()]
    read: list[tuple[Path, str | None, Catalog]] = []
    faults = []
    for path, lang in paths:
        catalog, found = load_catalog(path, lang)
        faults += found
        read.append((path, lang, catalog))
    if faults:
        raise CatalogError(faults)
    out = []
    for path, lang, catalog in read:
        if lang is None:
            wanted = template(sources, folder)
        else:  # the constructs that repeat Kurtyna's own words go; the game's overrides stay
            own_words = without_shared(catalog, lang)
            wanted = merge(own_words, sources + overrides(own_words, lang), folder)
            wanted = _labels_filled(wanted, compiled.text, lang)
        out.append(Planned(path, catalog if path.is_file() else None, with_header(wanted, project)))
    return out


def _labels_filled(catalog: Catalog, text: Any, lang: str) -> Catalog:
    """An untranslated label of the termbase (a deck's name) starts as the edition's approved
    form: a new language prints the rulebook's words before anyone translates them."""
    termbase = text.termbase if text is not None else {}
    for key, entry in catalog.entries.items():
        approved = approved_label(termbase, key, lang) if not entry.translation else None
        if approved is not None:
            catalog.entries[key] = replace(entry, translation=approved, fuzzy=False)
    return catalog


def rendered_catalogs(compiled: Any) -> dict[Path, str]:
    """Every catalog file of a game as `i18n update` would write it."""
    return {p.path: render(p.wanted) for p in planned_catalogs(compiled)}


def _differs(plan: Planned) -> bool:
    return plan.current is None or content(plan.current) != content(plan.wanted)


def outdated_catalogs(compiled: Any) -> list[Path]:
    """Catalog files whose content `i18n update` would change, what Kurtyna derives (the `#:`
    references, the format flag) included: a reference to a line that moved misleads a
    translator, so committed catalogs are kept as current as generated engines. Formatting
    (wrapping, order of header fields) never makes a catalog outdated."""
    return [p.path for p in planned_catalogs(compiled) if _differs(p)]


def update(compiled: Any, start: tuple[str, ...] = ()) -> list[Path]:
    """Write the template and every locale's catalog whose content changed (what Kurtyna derives
    included), and start the catalogs of the languages in `start`; return the files written.
    Nothing is written when any catalog is unreadable."""
    locales = template_path(compiled.folder).parent
    with fsio.output_lock(locales):  # read and write under the lock: no update in between
        changed = [p for p in planned_catalogs(compiled, start) if _differs(p)]
        for plan in changed:
            # a catalog may be a link within the game (or anywhere, with --follow-links), never
            # a link out: a shared folder's `messages.pot -> ~/.profile` is refused, not written
            fsio.write_text(plan.path, render(plan.wanted),
                            links_within=game_files.write_boundary(compiled.folder))
    return [p.path for p in changed]
