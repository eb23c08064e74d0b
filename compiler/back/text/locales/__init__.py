"""The templates of the effect language's own constructs ("If …: …", "For each …"), per language.

en.yaml is the English source. The translations are Kurtyna's own catalogs beside it (pl.po,
cs.po; messages.pot the template for a new language), translated once for every game
(compiler/back/i18n/own.py keeps them current); <lang>.yaml holds what is no template (the
quote marks). A game's catalog translates a construct only to override Kurtyna's words for
that game.

This module reads the files only; it imports nothing of Kurtyna (polib reads the catalogs), so
the catalogs (back/i18n) can list the templates without importing the renderer.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import polib
import yaml

SOURCE = "en"


@cache
def constructs(lang: str) -> dict[str, Any]:
    """The locale's construct templates, read once: en.yaml for English; for another locale its
    typography (<lang>.yaml) and every template its catalog (<lang>.po) translates for the
    current English (a template whose English changed since is left out: the renderer then
    records it missing, E723, and uses the English). {} for a locale without files."""
    folder = resources.files(__name__)
    found: dict[str, Any] = {}
    path = folder.joinpath(f"{lang}.yaml")
    if path.is_file():
        found.update(yaml.safe_load(path.read_text("utf-8")) or {})
    if lang == SOURCE:
        return found
    catalog = folder.joinpath(f"{lang}.po")
    if not catalog.is_file():
        return found
    english = dict(construct_keys())
    translated = {e.msgctxt: e.msgstr for e in polib.pofile(catalog.read_text("utf-8"))
                  if e.msgctxt in english and e.msgstr and "fuzzy" not in e.flags and not e.obsolete
                  and e.msgid == english[e.msgctxt]}
    for name, value in constructs(SOURCE).items():
        if isinstance(value, str) and f"construct.{name}" in translated:
            found[name] = translated[f"construct.{name}"]
        elif isinstance(value, dict):
            forms = {form: translated[f"construct.{name}.{form}"] for form in value
                     if f"construct.{name}.{form}" in translated}
            if forms:
                found[name] = forms
    return found


def construct_keys(lang: str = SOURCE) -> list[tuple[str, str]]:
    """Every translatable template as (catalog key, template): `construct.<name>` for a plain
    template, `construct.<name>.<form>` for each form of one with case forms. Lists (the quote
    marks) are typography, not templates: they stay in the YAML."""
    out = []
    for name, value in constructs(lang).items():
        if isinstance(value, str):
            out.append((f"construct.{name}", value))
        elif isinstance(value, dict):
            out.extend((f"construct.{name}.{form}", text) for form, text in value.items())
    return out
