"""What the lint of one authored text reads, as a key: the lint of a text is kept under it
(compiler/memo.py) and reused after an edit that changed nothing it reads.

The lint of one card's text in one language (lint.py `lint_card`) reads that text, the card's own
effect (its tree, and the names and types the resolver gave it), the definitions of the rules,
the game's declarations (spaces, regions, sides, tracks, options, attributes), text.yaml (terms,
phrases, durations) and the catalogs' names, terms and phrases. It never reads another card's
printed text or effect. So the key is the card, the language, its text, its effect's text, and
one `context`: everything the check read but the printed texts and effects of all cards. An edit
of one card's text or effect (in its YAML file or a catalog's `text.<card>` entry) changes that
card's key alone; an edit anywhere else changes the context, and every card is linted anew.

The context is made of values, not positions (a fault of this lint names no place; its place is
found anew each time): each YAML file's text, but for the files of cards their data without each
card's `text` and `event`; and each catalog's entries but `text.<card>`, without their lines.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from compiler import memo
from compiler.back.i18n.catalog import Catalog, Entry
from compiler.back.i18n.translations import LOCALES, SOURCE_LOCALE, game_catalog

CARD_OWN = ("text", "event")  # the fields of a card's item that are its own to lint
_WHERE = ("line", "msgstr_lines")  # an entry's place in its file: no part of what it says
_ENTRY_FIELDS = [f.name for f in fields(Entry) if f.name not in _WHERE]
_FILES = memo.table("lint-files", 64)
_CATALOGS = memo.table("lint-catalogs", 16)


def _without_cards(data: Any) -> Any:
    """A file of cards' data, each card's own fields left out."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        return data
    cards = [{k: v for k, v in item.items() if k not in CARD_OWN} if isinstance(item, dict) else item
             for item in data["cards"]]
    return dict(data, cards=cards)


def _file_part(doc: Any, of_cards: bool) -> str:
    if not of_cards:
        return memo.digest(doc.path, doc.text)
    return _FILES.kept((doc.path, doc.text),
                       lambda: memo.digest(doc.path, repr(_without_cards(doc.data))))


def _catalog_part(catalog: Catalog) -> str:
    """A catalog's entries but the printed texts, as values. Kept by the catalog object itself
    (one per file's bytes, translations.py), so a catalog read once is digested once."""
    found = _CATALOGS.get(id(catalog))
    if found is not None and found[0] is catalog:
        return found[1]
    parts = [repr(sorted(catalog.header.items())), repr(catalog.header_comment), repr(catalog.header_fuzzy)]
    for entries in (catalog.entries, catalog.obsolete):
        for entry in entries.values():
            if not entry.key.startswith("text."):
                parts.append(repr([getattr(entry, name) for name in _ENTRY_FIELDS]))
        parts.append("|")
    made = memo.digest(*parts)
    _CATALOGS.put(id(catalog), (catalog, made))
    return made


def lint_context(compiled: Any) -> str:
    """Everything the lint of a card's text reads but the cards' own texts and effects."""
    game = compiled.game
    of_cards = {id(card.doc) for card in game.cards}
    parts = [str(compiled.folder), game.id]
    for path in sorted(game.documents):
        doc = game.documents[path]
        parts.append(_file_part(doc, id(doc) in of_cards))
    text = compiled.text.doc if compiled.text is not None else None
    parts.append(memo.digest(text.path, text.text) if text is not None else "no text.yaml")
    for lang in LOCALES:
        if lang != SOURCE_LOCALE:
            catalog, _faults = game_catalog(compiled, lang)
            parts.append(lang + _catalog_part(catalog))
    return memo.digest(*parts)
