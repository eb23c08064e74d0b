"""`kurtyna i18n status` and `kurtyna i18n update`: catalog completeness and refresh."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .catalog import Catalog, merge, read_catalog, render_catalog
from .sources import Source
from .translations import LOCALES, SOURCE_LOCALE, catalog_path, load_sources, template_path

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
    status = LocaleStatus(catalog.lang, total=len(sources))
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


def game_status(compiled: Any) -> list[LocaleStatus]:
    _text, sources = load_sources(compiled)
    return [locale_status(sources, read_catalog(catalog_path(compiled.folder, lang), lang))
            for lang in TARGET_LOCALES]


def rendered_catalogs(compiled: Any) -> dict[Path, str]:
    """Every catalog file of a game as `i18n update` would write it."""
    _text, sources = load_sources(compiled)
    folder = compiled.folder
    out = {template_path(folder): render_catalog(None, sources, compiled.game.id, None)}
    for lang in TARGET_LOCALES:
        path = catalog_path(folder, lang)
        merged = merge(read_catalog(path, lang), sources)
        out[path] = render_catalog(merged, sources, compiled.game.id, lang)
    return out


def outdated_catalogs(compiled: Any) -> list[Path]:
    """Catalog files that `i18n update` would change."""
    return [path for path, text in rendered_catalogs(compiled).items()
            if not path.is_file() or path.read_text("utf-8") != text]


def update(compiled: Any) -> list[Path]:
    """Write the template and every locale's catalog; return the files that changed."""
    changed = []
    for path, text in rendered_catalogs(compiled).items():
        if path.is_file() and path.read_text("utf-8") == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(text, "utf-8")
        tmp.replace(path)
        changed.append(path)
    return changed
