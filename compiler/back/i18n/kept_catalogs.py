"""Catalogs read before, kept between runs in the user's cache folder as JSON.

Reading a PO file means scanning it strictly line by line and then parsing it with polib
(compiler/back/i18n/po.py): about 0.09 s for a catalog of some 300 entries, every time
`kurtyna check` runs after an edit of the content. The catalog read from a file depends only on
its bytes, its language and the compiler, so a catalog that reads without faults is kept under
the hash of those (`catalog-<lang>-<hash>.json`, newest KEEP per language) and read back from
there while the file is unchanged. Faults are always found anew.

Only the read-only uses take this way (`game_catalog`: the checks, the build, the sheets):
`kurtyna i18n update`, which writes catalogs, always reads the file itself. The entry is JSON,
which cannot run code, read under the folder and file checks of compiler/cache.py; one that
does not read back as a whole catalog is ignored.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from compiler import game_files
from compiler.back.i18n.catalog import Catalog, Entry, game_of_catalog, load_catalog
from compiler.cache import kept_store
from compiler.diagnostics import Diagnostic

FORMAT = 1
KEEP = 8  # per language: the catalogs of a few games, each in its latest versions

_ENTRY_FIELDS = {f.name for f in fields(Entry)}
_TUPLES = ("flags", "references", "msgstr_lines")


def read_catalog_kept(path: Path, lang: str) -> tuple[Catalog, list[Diagnostic]]:
    """`load_catalog(path, lang)`, from the kept copy when the file is unchanged."""
    cache = kept_store()
    if cache is None or not os.path.lexists(path):
        return load_catalog(path, lang)
    try:
        data = game_files.read_bytes(path, game_of_catalog(path))
    except (game_files.GameFileError, OSError):
        return load_catalog(path, lang)  # which says why it cannot be read
    store, version = cache
    head = f"{FORMAT}\0{version}\0{lang}\0".encode("utf-8", "surrogateescape")
    digest = hashlib.sha256(head + data).hexdigest()
    name = f"catalog-{lang}-{digest[:40]}.json"
    kept = _thawed(store.read(name), lang)
    if kept is not None:
        return kept, []
    catalog, faults = load_catalog(path, lang, data)
    if not faults:  # these bytes were parsed (po.py hands polib the text, not the path)
        store.write(name, json.dumps(_frozen(catalog), ensure_ascii=False), keep=KEEP)
    return catalog, faults


def _frozen(catalog: Catalog) -> dict[str, Any]:
    return {"lang": catalog.lang, "header": catalog.header, "header_comment": catalog.header_comment,
            "header_fuzzy": catalog.header_fuzzy,
            "entries": [_entry_data(e) for e in catalog.entries.values()],
            "obsolete": [_entry_data(e) for e in catalog.obsolete.values()]}


def _entry_data(entry: Entry) -> dict[str, Any]:
    data = asdict(entry)
    data["plural_translations"] = [[n, text] for n, text in entry.plural_translations.items()]
    return data


def _thawed(text: str | None, lang: str) -> Catalog | None:
    """The kept catalog; None when there is none or it is not a whole catalog of `lang`."""
    if text is None:
        return None
    try:
        data = json.loads(text)
        if data["lang"] != lang or not isinstance(data["header"], dict):
            return None
        catalog = Catalog(lang, header=data["header"], header_comment=data["header_comment"],
                          header_fuzzy=bool(data["header_fuzzy"]))
        for part, into in (("entries", catalog.entries), ("obsolete", catalog.obsolete)):
            for item in data[part]:
                entry = _entry(item)
                into[entry.key] = entry
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    return catalog


def _entry(item: dict[str, Any]) -> Entry:
    if set(item) != _ENTRY_FIELDS:
        raise KeyError("not an entry")
    item = dict(item)
    for name in _TUPLES:
        item[name] = tuple(item[name])
    item["plural_translations"] = {int(n): str(text) for n, text in item["plural_translations"]}
    return Entry(**item)
