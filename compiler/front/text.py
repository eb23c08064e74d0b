"""text.yaml, the game's English glossary and phrases, declared like the rest of the content:
read with positions, schema-checked, its term references resolved (E301). The text and i18n back
ends receive it from the model (`Game.text`), never read the file themselves."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.diagnostics import Diagnostics, Span, did_you_mean
from compiler.front import schema
from compiler.front.declare import outside_file, shown_path
from compiler.front.loader import Document, load_file
from compiler.front.resolve.builtins import BUILTINS


@dataclass
class TextFile:
    """content/<game>/text.yaml: the English glossary and phrases (empty when absent)."""

    doc: Document | None
    the: frozenset[str]
    types: dict[str, str]
    attributes: dict[str, str]
    terms: dict[str, dict[str, str]]
    phrases: dict[str, dict[str, str]]  # id -> use -> template ("" is the plain string form)
    durations: dict[str, str] = field(default_factory=dict)  # event id -> "turn" (lint of texts)
    prompts: dict[str, str] = field(default_factory=dict)  # prompt key -> what the decision asks
    log: dict[str, str] = field(default_factory=dict)  # logged message -> its template
    # prompt key -> how an answer to it reads in the log ({player}, {answer}), or False for no
    # line: the prompt is the asked player's words ("You may ..."), the log speaks of the player
    answered: dict[str, str | bool] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)  # `end game ... because` reason -> words
    # term id -> {source, note, labels, <lang>: {use, avoid}}: the edition's approved terms
    termbase: dict[str, dict[str, Any]] = field(default_factory=dict)

    def span(self, *path: Any) -> Span | None:
        return self.doc.span(path) if self.doc is not None else None


def load_text_file(folder: Path, diags: Diagnostics) -> TextFile:
    path = folder / "text.yaml"
    data: dict[str, Any] = {}
    doc = None
    # anything but a missing file is read (a FIFO or a folder there is E101 at once, not "none")
    if (path.exists() or path.is_symlink()) and not outside_file(folder, "text.yaml", diags):
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
                    dict(data.get("attributes", {})), dict(data.get("terms", {})), phrases,
                    dict(data.get("durations", {})), dict(data.get("prompts", {})),
                    dict(data.get("log", {})), answered=dict(data.get("answered", {})),
                    reasons=dict(data.get("reasons", {})), termbase=dict(data.get("termbase", {})))


def check_phrase_ids(game: Any, program: Any, diags: Diagnostics) -> None:
    """Each phrase of text.yaml must be for something the rules have (E301): a procedure, function,
    hook or event, a counter, track, variable, zone, table or option, a kind of space, an enum
    constant, an attribute, a built-in, a label of a lasting effect, or `this_<term>` (how a bound
    item of a glossary term reads). A phrase for a name that
    was misspelt or removed would otherwise never be printed, silently."""
    text = game.text
    if text is None or text.doc is None or program is None:
        return
    known = {*program.defs, *program.events, *BUILTINS, *program.labels,
             *(item.id for item in (*game.counters, *game.tracks, *game.variables, *game.zones,
                                    *game.tables, *game.options)),
             *game.space_kinds, *(value for values in game.enums.values() for value in values),
             *game.space_attributes, *game.region_attributes, *game.card_attributes,
             *(f"this_{term}" for term in text.terms)}
    for event in text.durations:
        if event not in program.events:
            diags.error("E301", f"text.yaml gives a duration for '{event}', which is no event of the rules",
                        text.doc.key_span(("durations", event)),
                        did_you_mean(event, sorted(program.events)) or "list events that lasting effects "
                        "end with ('lasting until <event>')")
    for pid in text.phrases:
        if pid not in known and pid not in game.broken_names:  # a broken declaration is reported once
            diags.error("E301", f"text.yaml has a phrase for '{pid}', which the rules do not have",
                        text.doc.key_span(("phrases", pid)),
                        did_you_mean(pid, sorted(known)) or "a phrase is for a procedure, function, "
                        "event, counter, track, variable, option, constant or built-in of the game, "
                        "or this_<term>")

