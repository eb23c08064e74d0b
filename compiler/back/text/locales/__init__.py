"""The templates of the effect language's own constructs ("If …: …", "For each …"), per language.

en.yaml is the English source: `kurtyna i18n update` puts each template into every game's
catalogs as `construct.<name>` (a construct with case forms as `construct.<name>.<form>`), where a
translator can fix it without Python. pl.yaml and cs.yaml are the defaults a game's catalog
starts from and falls back to (a game without a catalog, an entry not yet translated).

This module reads the files only; it imports nothing of Kurtyna, so the catalogs (back/i18n) can
list the templates without importing the renderer.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import yaml

SOURCE = "en"


@cache
def constructs(lang: str) -> dict[str, Any]:
    """The locale's construct templates (locales/<lang>.yaml), read once; {} for a locale without."""
    path = resources.files(__name__).joinpath(f"{lang}.yaml")
    if not path.is_file():
        return {}
    return yaml.safe_load(path.read_text("utf-8")) or {}


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
