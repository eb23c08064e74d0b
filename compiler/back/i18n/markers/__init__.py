"""The words a card text uses in each locale for what the authored-text lint checks (may,
until the end of the turn, conditions, removal), read from `<lang>.yaml` beside this file."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

HERE = Path(__file__).parent


@cache
def _patterns(lang: str) -> dict[str, re.Pattern]:
    path = HERE / f"{lang}.yaml"
    data = yaml.safe_load(path.read_text("utf-8")) if path.is_file() else {}
    out = {}
    for kind, words in (data or {}).items():
        if words:
            out[kind] = re.compile(r"(?<!\w)(?:" + "|".join(words) + r")(?!\w)", re.IGNORECASE)
    return out


def has_marker(lang: str, kind: str, text: str) -> bool:
    """Whether `text` uses one of the locale's words of `kind` (a negated form does not count)."""
    patterns = _patterns(lang)
    negated = patterns.get(f"{kind}_negated")
    if negated is not None:
        text = negated.sub(" ", text)
    found = patterns.get(kind)
    return bool(found and found.search(text))
