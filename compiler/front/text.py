"""text.yaml, the game's English glossary and phrases, declared like the rest of the content:
read with positions, schema-checked, its term references resolved (E301). The text and i18n back
ends receive it from the model (`Game.text`), never read the file themselves."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.diagnostics import Diagnostics, Span, did_you_mean
from compiler.front import schema
from compiler.front.declare import outside_file, shown_path
from compiler.front.loader import Document, load_file


@dataclass
class TextFile:
    """content/<game>/text.yaml: the English glossary and phrases (empty when absent)."""

    doc: Document | None
    the: frozenset[str]
    types: dict[str, str]
    attributes: dict[str, str]
    terms: dict[str, dict[str, str]]
    phrases: dict[str, dict[str, str]]  # id -> use -> template ("" is the plain string form)

    def span(self, *path: Any) -> Span | None:
        return self.doc.span(path) if self.doc is not None else None


def load_text_file(folder: Path, diags: Diagnostics) -> TextFile:
    path = folder / "text.yaml"
    data: dict[str, Any] = {}
    doc = None
    if path.is_file() and not outside_file(folder, "text.yaml", diags):
        doc = load_file(path, shown_path(path), diags)
        if doc is not None and doc.data is not None and schema.check(doc, "text", diags):
            data = doc.data
    phrases = {pid: ({"": p} if isinstance(p, str) else dict(p))
               for pid, p in data.get("phrases", {}).items()}
    terms = data.get("terms", {})
    for section in ("types", "attributes"):
        for key, term in data.get(section, {}).items():
            if term not in terms:
                diags.error("E301", f"unknown term '{term}'", doc.span((section, key)),
                            did_you_mean(term, terms) or "declare it under 'terms'")
    return TextFile(doc, frozenset(data.get("the", [])), dict(data.get("types", {})),
                    dict(data.get("attributes", {})), dict(data.get("terms", {})), phrases)
