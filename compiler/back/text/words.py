"""The words a sentence is made of, for one game in one locale, and the record of what is missing.

- construct templates: the game's catalog (`construct.<name>`), else the locale's defaults
  (locales/<lang>.yaml);
- names of players, places and other items, in case forms, with their grammatical number;
- glossary terms and phrases (text.yaml, translated in the catalogs);
- option labels (`option.<owner>.<label>`).

Nothing missing is silently replaced: the renderer still prints something (the English, the
words of an id), but every such stand-in is recorded as a `Gap`, which `kurtyna check` reports
as a located error (E720-E724, see compiler/back/text/gaps.py). So a reader never meets an id or
an English word that a check let through.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from compiler.back.i18n import translations
from compiler.back.i18n.sources import option_key
from compiler.back.text.locales import SOURCE, constructs


def human(identifier: str) -> str:
    """An identifier as words: `draw_pile` -> "draw pile" (only ever a recorded stand-in)."""
    return identifier.replace("_", " ")


@dataclass(frozen=True)
class Gap:
    """Something the generated text needed and did not find."""

    code: str  # E720 phrase, E721 term, E722 translation, E723 construct, E724 expression
    key: str  # the item id (E720, E721, E724) or the catalog key (E722, E723)
    detail: str = ""  # E720: the use ("do", "that", "name", "label"); E721: "type" or "attribute";
    # E722, E723: the language
    owner: str = ""  # the card or definition whose text needed it


class Words:
    """Lookups that record what they miss."""

    def __init__(self, compiled: Any, lang: str):
        self.lang = lang
        self.tr = translations(compiled, lang)
        self.gaps: list[Gap] = []
        self.owner = ""
        self.templates = Templates(self)

    def gap(self, code: str, key: str, detail: str = "") -> None:
        self.gaps.append(Gap(code, key, detail, self.owner))

    def string(self, key: str) -> str | None:
        """A catalog string when current; a source without a current translation is recorded
        (E722) and stands in as its English. None when there is no such source."""
        text = self.tr.get(key)
        if text is None and key in self.tr.sources:
            self.gap("E722", key, self.lang)
            return self.tr.sources[key].text
        return text

    def name(self, item_id: str, form: str = "nom") -> str:
        """The name of a content item in a case form (nom, gen, loc, to, from)."""
        if form != "nom" and f"name.{item_id}.{form}" in self.tr.sources:
            found = self.string(f"name.{item_id}.{form}")
            if found is not None:
                return found
        found = self.string(f"name.{item_id}")
        if found is None:
            self.gap("E720", item_id, "name")
            return human(item_id)
        return found

    def plural(self, item_id: str) -> bool:
        return self.tr.takes_plural(item_id)

    def term(self, term_id: str, form: str = "nom_sg") -> str:
        key = f"term.{term_id}.{form}"
        if key in self.tr.sources and self.tr.get(key) is None:
            self.gap("E722", key, self.lang)
        return self.tr.term(term_id, form)

    def phrase(self, item_id: str, use: str = "") -> str | None:
        """A phrase template of text.yaml in this locale; None when text.yaml has none."""
        return self.string(f"phrase.{item_id}" + (f".{use}" if use else ""))

    def has_phrase(self, item_id: str, use: str = "") -> bool:
        return f"phrase.{item_id}" + (f".{use}" if use else "") in self.tr.sources

    def option(self, owner: str, label: str) -> str:
        """An option's label, translated (`option.<owner>.<label>`)."""
        found = self.string(option_key(owner, label))
        if found is None:  # no source: the catalogs were made before the option was
            self.gap("E722", option_key(owner, label), self.lang)
            return label
        return found

    def construct(self, name: str) -> Any:
        """A construct's template (a string, or a dict of forms): the catalog's translation when
        current, else the locale's default."""
        english = constructs(SOURCE).get(name)
        default = constructs(self.lang).get(name)
        if default is None:
            self.gap("E723", f"construct.{name}", self.lang)
            default = english
        if isinstance(english, dict) or isinstance(default, dict):
            forms = {**(english or {}), **(default or {})}
            return {form: self._template(f"construct.{name}.{form}", text) for form, text in forms.items()}
        if isinstance(default, str):
            return self._template(f"construct.{name}", default)
        return default

    def _template(self, key: str, default: str) -> str:
        found = self.tr.get(key) if self.lang != SOURCE and key in self.tr.sources else None
        return found if found is not None else default


class Templates(Mapping):
    """The construct templates by name, as `self.c["if"]`; each looked up once."""

    def __init__(self, words: Words):
        self.words = words
        self.cache: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self.cache:
            self.cache[name] = self.words.construct(name)
        return self.cache[name]

    def __iter__(self) -> Iterator[str]:
        return iter({**constructs(SOURCE), **constructs(self.words.lang)})

    def __len__(self) -> int:
        return len({**constructs(SOURCE), **constructs(self.words.lang)})
