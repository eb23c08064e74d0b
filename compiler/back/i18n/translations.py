"""Looking up a game's strings in one locale, with fallbacks.

English comes from the content itself; other locales from content/<game>/locales/<lang>.po.
A translation is used only when it is current: an entry marked fuzzy (its English source
changed) is stale and falls back like a missing one; `kurtyna i18n status` lists both.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Any

from compiler import game_files, memo
from compiler.back.i18n.catalog import Catalog, CatalogError, game_of_catalog, load_catalog
from compiler.back.i18n.kept_catalogs import read_catalog_kept
from compiler.back.i18n.sources import Source, TextFile, extract
from compiler.diagnostics import Diagnostic
from compiler.locales import LOCALES as LOCALES  # the one list of languages (the back ends import it here)
from compiler.locales import SOURCE_LOCALE as SOURCE_LOCALE


def catalog_path(folder: Path, lang: str) -> Path:
    return folder / "locales" / f"{lang}.po"


def template_path(folder: Path) -> Path:
    return folder / "locales" / "messages.pot"


class Translations:
    def __init__(self, compiled: Any, lang: str, text: TextFile, sources: list[Source],
                 catalog: Catalog | None):
        self.compiled = compiled
        self.lang = lang
        self.text = text
        self.sources = {s.key: s for s in sources}
        self.catalog = catalog
        # a copy of a card is named as its entry (`coin.3` -> `coin`): one catalog entry for all
        self.bases = {cid: c.id for c in compiled.game.cards if c.copies > 1 for cid in c.copy_ids}

    def get(self, key: str) -> str | None:
        """The current string for a key in this locale, or None."""
        if self.lang == SOURCE_LOCALE or self.catalog is None:
            src = self.sources.get(key)
            return src.text if src else None
        entry = self.catalog.entries.get(key)
        src = self.sources.get(key)
        if entry is not None and entry.done and src is not None and entry.source == src.text:
            return entry.translation
        return None

    def _english(self, key: str, default: str) -> str:
        src = self.sources.get(key)
        return src.text if src else default

    def name(self, item_id: str, form: str = "nom") -> str:
        """The name of a content item in `form` (nom, gen, loc, to, from)."""
        item_id = self.bases.get(item_id, item_id)
        if form != "nom":
            found = self.get(f"name.{item_id}.{form}")
            if found is not None:
                return found
        found = self.get(f"name.{item_id}")
        if found is not None:
            return found
        return self._english(f"name.{item_id}", item_id)

    def term(self, term_id: str, form: str = "nom_sg") -> str:
        """A glossary term in a case form (nom_sg ... loc_pl) or `abbr`."""
        for key in (form, "nom_pl" if form.endswith("_pl") else "nom_sg"):
            found = self.get(f"term.{term_id}.{key}")
            if found is not None:
                return found
        return self._english(f"term.{term_id}.{form}", term_id.replace("_", " "))

    def phrase(self, phrase_id: str, use: str = "") -> str | None:
        """How an item of the rules reads (a template with placeholders), or None."""
        key = f"phrase.{phrase_id}" + (f".{use}" if use else "")
        if key not in self.sources:
            return None
        return self.get(key) or self.sources[key].text

    def takes_plural(self, item_id: str) -> bool:
        """Whether a player's or place's name takes plural verbs in this locale (`name.<id>.number`)."""
        return self.get(f"name.{item_id}.number") == "plural"

    def authored_text(self, card_id: str) -> str | None:
        """A card's printed text in this locale when it is current, else None."""
        return self.get(f"text.{card_id}")

    def message(self, key: str, source: str) -> str:
        """Any other translatable string: `source` is the English text, `key` its context."""
        found = self.get(key)
        return found if found is not None else source

    @cached_property
    def plural(self):
        from babel import Locale

        return Locale.parse(self.lang).plural_form


def load_sources(compiled: Any) -> tuple[TextFile, list[Source]]:
    """The game's text.yaml and every translatable string, read once per compiled game."""
    if "_sources" not in compiled.__dict__:
        from compiler.back.sheets.strings import sheet_strings

        text = compiled.text
        compiled.__dict__["_sources"] = (text, extract(compiled, text, sheet_strings(compiled)))
    return compiled.__dict__["_sources"]


def translations(compiled: Any, lang: str) -> Translations:
    """The strings of a compiled game in `lang` (one of LOCALES)."""
    cache = compiled.__dict__.setdefault("_translations", {})
    if lang not in cache:
        text, sources = load_sources(compiled)
        catalog = None
        if lang != SOURCE_LOCALE:
            catalog, faults = game_catalog(compiled, lang)
            if faults:
                raise CatalogError(faults)
            sources = locale_sources(compiled, lang, catalog)
        cache[lang] = Translations(compiled, lang, text, sources, catalog)
    return cache[lang]


def locale_sources(compiled: Any, lang: str, catalog: Catalog) -> list[Source]:
    """The game's strings, and the constructs its catalog of `lang` overrides (own.py)."""
    from compiler.back.i18n.own import overrides

    _text, sources = load_sources(compiled)
    return sources + overrides(catalog, lang)


def game_catalog(compiled: Any, lang: str) -> tuple[Catalog, list[Diagnostic]]:
    """`load_catalog` of the game's catalog in `lang` (kept between runs: kept_catalogs.py), read
    once per compiled game (its checks and its lookups read the same file; nothing here changes
    the catalog read)."""
    cache = compiled.__dict__.setdefault("_catalogs", {})
    if lang not in cache:
        cache[lang] = _read_catalog(catalog_path(compiled.folder, lang), lang)
    return cache[lang]


_READ = memo.table("catalogs", 16)  # by path, language and bytes: a check after an edit (compiler/memo.py)


def _read_catalog(path: Path, lang: str) -> tuple[Catalog, list[Diagnostic]]:
    """`read_catalog_kept`; where results are kept, the catalog read before from the same bytes
    (the same object: what the checks derive from it is kept by it, lint_keys.py), else those
    bytes read as `read_catalog_kept` reads a file it has not kept."""
    if not memo.keeping_on():
        return read_catalog_kept(path, lang)
    try:
        data = game_files.read_bytes(path, game_of_catalog(path))
    except (game_files.GameFileError, OSError):
        return read_catalog_kept(path, lang)  # which says why it cannot be read
    return _READ.kept((str(path), lang, data), lambda: load_catalog(path, lang, data))
