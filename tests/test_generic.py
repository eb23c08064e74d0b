"""The compiler and the runtime know no game: no game noun under dsl/ or compiler/.

Every id a game declares (players, spaces, regions, cards, tracks, counters, zones, tables,
enum constants, options), and the game's own words from the architecture page, must not appear
in the source of dsl/ or compiler/.
"""

from __future__ import annotations

import re

import yaml

from compiler.diagnostics import CODES

from .conftest import CONTENT, ROOT

GAME_WORDS = {"defcon", "coup", "influence", "iran", "ideology", "agent", "realign",
              "realignment", "superpower", "battleground", "ussr", "nato", "europe", "zimna",
              "twilight", "kurtyna_game", "stability"}


def declared_ids() -> set[str]:
    ids: set[str] = set()
    for path in CONTENT.rglob("*.yaml"):
        data = yaml.safe_load(path.read_text("utf-8")) or {}
        data = {k: v for k, v in data.items() if k != "rules"}  # rule ids are plain words (setup)

        def walk(node):
            if isinstance(node, dict):
                if isinstance(node.get("id"), str):
                    ids.add(node["id"])
                for value in node.values():
                    walk(value)
            elif isinstance(node, list):
                for value in node:
                    walk(value)
        walk(data)
        for values in (data.get("enums") or {}).values():
            ids.update(values)
    return ids


# Declared ids that are ordinary English or generic card-game words, fine in any runtime.
# Code, grammar, schemas, and the text templates and sheet templates of the backends.
SCANNED = (".py", ".lark", ".json", ".yaml", ".j2", ".html", ".css")
GENERIC_WORDS = {"early", "discard", "turns", "removed", "round"}


def test_no_game_noun_in_dsl_or_compiler():
    # Short ids (`us`, `box`, `vp`...) are ordinary English or code words; long ones are nouns.
    nouns = {i for i in declared_ids() if len(i) >= 5} - GENERIC_WORDS | GAME_WORDS
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, nouns), key=len, reverse=True)) + r")\b",
                         re.I)
    found = []
    for folder in ("dsl", "compiler"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in SCANNED or "__pycache__" in path.parts:
                continue
            for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
                for match in pattern.finditer(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {match.group(0)}")
    assert not found, "\n".join(found)


def test_every_error_code_is_documented():
    text = (ROOT / "docs" / "errors.md").read_text("utf-8")
    documented = set(re.findall(r"^\| `([ER]\d{3})` \|", text, re.M))
    assert documented == set(CODES)
