"""The answers to a decision as the player sees them, each with a stable key, and reading what
the player types.

A key does not change from one question to the next: an item (a space, a card, a region, a
player) is keyed by its place in the game's list of that kind plus one, the same number the
board shows next to it; a number by itself; `done` by 0. Options are keyed 1, 2, 3 in the
order the rules list them. The player may also type an answer's words, or its id, or the
start of either when only one answer starts so (or when all that do are copies of one card,
identical: it picks the first); case and diacritics do not matter ("wegry" finds "Węgry").
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Answer:
    key: str  # what the player may type: a stable number
    words: str  # how it reads in the player's language
    value: Any  # the answer the engine takes (Decision.answers)


def fold(text: str) -> str:
    """Text compared the way a player types it: no case, no diacritics, single spaces."""
    text = text.replace("ł", "l").replace("Ł", "L")  # not a combining mark in Unicode
    plain = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(ch for ch in plain if not unicodedata.combining(ch)).split())


def item_key(spec: Any, item_kind: str, value: Any) -> str:
    names = spec.names_of(item_kind) or spec.enums.get(item_kind)
    if not isinstance(names, tuple | list) or value not in names:  # cells: no list to number them by
        return ""
    return str(list(names).index(value) + 1)


def answers_of(decision: dict[str, Any], spec: Any, words: Any) -> list[Answer]:
    """The legal answers of a decision the view shows (`view["decision"]`), keyed."""
    out = []
    kind, prompt = decision["kind"], decision["prompt"]
    for position, value in enumerate(decision.get("answers") or []):
        if value == "done":
            key = "0"
        elif kind == "item":
            key = item_key(spec, decision["item_kind"], value) or str(position + 1)
        elif kind == "number":
            key = str(value)
        else:
            key = str(position + 1)
        out.append(Answer(key, words.answer(prompt, kind, value), value))
    return out


def match(text: str, answers: list[Answer]) -> tuple[Answer | None, list[Answer]]:
    """The answer `text` names, or None and the answers it could mean (none: not an answer)."""
    typed = text.strip()
    for answer in answers:
        if typed == answer.key:
            return answer, [answer]
    wanted = fold(typed)
    if not wanted:
        return None, []
    exact = [a for a in answers if wanted in (fold(a.words), fold(str(a.value)))]
    if len(exact) == 1 or _copies(exact):
        return exact[0], exact
    started = [a for a in answers
               if fold(a.words).startswith(wanted) or fold(str(a.value)).startswith(wanted)]
    if len(started) == 1 or _copies(started):
        return started[0], started
    return None, started


def _copies(found: list[Answer]) -> bool:
    """Several copies of one card (`coin.1`, `coin.3`): identical, so the name picks the first."""
    entries = {str(a.value).rpartition(".")[0] for a in found}
    return len(found) > 1 and len(entries) == 1 and "" not in entries and len({a.words for a in found}) == 1

