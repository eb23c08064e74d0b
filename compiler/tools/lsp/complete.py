"""The names valid at the cursor.

Where the cursor is decides what is offered first, from the text as the editor has it now:
in effect text (a block scalar under `event:` or `code:`), after `x.` the attributes of what x
is, after `[` the spaces and players, after `to`/`from` the zones, else every name, built-in and
keyword; in YAML, the spaces under `adjacent:`, the regions under `regions:`, else every name; in
a catalog's msgstr, the placeholders its English has, the glossary's terms, and after `:` in a
placeholder the forms a placeholder may ask for.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from lsprotocol import types

from compiler.back.i18n.placeholders import FORMS
from compiler.front.resolve.builtins import (
    AGGREGATES,
    BUILTINS,
    COLLECTIONS,
    REGION_BUILTIN_ATTRS,
    SPACE_BUILTIN_ATTRS,
)
from compiler.tools.lsp.symbols import Symbols

K = types.CompletionItemKind
KIND_OF = {"card": K.Constant, "space": K.Constant, "region": K.Constant, "player": K.Constant,
           "constant": K.EnumMember, "option": K.Property, "track": K.Variable, "counter": K.Variable,
           "variable": K.Variable, "zone": K.Variable, "table": K.Struct, "procedure": K.Function,
           "function": K.Function, "hook": K.Function, "event": K.Event}
_EFFECT_KEY = re.compile(r"^(\s*)(?:-\s+)?(?:event|code|do|when|condition):\s*[|>]")
_KEY = re.compile(r"^\s*(?:-\s+)?([A-Za-z_][\w]*):")
_WORD_BEFORE = re.compile(r"[A-Za-z_][\w]*$")


@cache
def keywords() -> tuple[str, ...]:
    """The effect language's keywords, as its grammar spells them (dsl/effect.lark)."""
    grammar = resources.files("dsl").joinpath("effect.lark").read_text("utf-8")
    return tuple(sorted(set(re.findall(r'"([a-z_]+)"', grammar))))


def _item(label: str, kind: types.CompletionItemKind, detail: str, first: bool) -> types.CompletionItem:
    return types.CompletionItem(label=label, kind=kind, detail=detail,
                                sort_text=("0" if first else "1") + label)  # what fits here, first


def in_effect_text(lines: list[str], row: int) -> bool:
    """Whether line `row` lies in a block scalar of effect text (under `event: |`, `code: |`):
    the nearest such key above it, with every line between more indented than the key."""
    least = None  # the least indentation of the non-blank lines from the key's next line to `row`
    for at in range(min(row, len(lines) - 1), -1, -1):
        line = lines[at]
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        found = _EFFECT_KEY.match(line) if at < row else None
        if found is not None:
            return least is None or least > len(found.group(1))
        least = indent if least is None else min(least, indent)
        if indent == 0:
            return False
    return False


def complete(symbols: Symbols | None, lines: list[str], row: int, col: int,
             suffix: str) -> list[types.CompletionItem]:
    """What may be written at 0-based `row` and character `col` of a document (lines as now)."""
    before = lines[row][:col] if row < len(lines) else ""
    if suffix in (".po", ".pot"):
        return _catalog(symbols, lines, row, before)
    if symbols is None:
        return [_item(k, K.Keyword, "keyword", False) for k in keywords()]
    word = _WORD_BEFORE.search(before)
    start = before[:word.start()] if word else before
    if in_effect_text(lines, row):
        return _effect(symbols, start)
    key = _KEY.match(before)
    wanted = {"adjacent": {"space"}, "regions": {"region"}, "spaces": {"space"}, "side": {"player"}}.get(
        key.group(1) if key else "", set())
    return _names(symbols, wanted)


def _effect(symbols: Symbols, start: str) -> list[types.CompletionItem]:
    if start.endswith("."):
        return _attributes(symbols, _WORD_BEFORE.search(start[:-1]))
    stripped = start.rstrip()
    if start.endswith("["):
        wanted = {"space", "player"}
    elif stripped.endswith((" to", " from")) or stripped in ("to", "from"):
        wanted = {"zone"}
    else:
        statement = not stripped or stripped.endswith(":")  # a line's start: a call of a procedure
        wanted = {"procedure", "function", "event", "hook"} if statement else set()
    items = _names(symbols, wanted)
    items += [_item(name, K.Function, "built-in", False) for name in {*BUILTINS, *AGGREGATES}]
    items += [_item(name, K.Variable, "every one", False) for name in COLLECTIONS]
    items += [_item(k, K.Keyword, "keyword", False) for k in keywords()]
    return items


def _names(symbols: Symbols, wanted: set[str]) -> list[types.CompletionItem]:
    """Every name of the game, those of the `wanted` kinds first."""
    return [_item(s.name, KIND_OF.get(s.kind, K.Text), s.kind, s.kind in wanted)
            for s in symbols.by_name.values()]


def _attributes(symbols: Symbols, receiver) -> list[types.CompletionItem]:
    """The attributes of what `receiver` names (a card's, a space's...), or of anything."""
    game = symbols.game
    by_kind = {"card": dict(game.card_attributes), "space": {**game.space_attributes, **SPACE_BUILTIN_ATTRS},
               "region": {**game.region_attributes, **REGION_BUILTIN_ATTRS}}
    symbol = symbols.by_name.get(receiver.group(0)) if receiver else None
    kinds = [symbol.kind] if symbol is not None and symbol.kind in by_kind else list(by_kind)
    items = {}
    for kind in kinds:
        for name, decl in by_kind[kind].items():
            detail = f"{kind} attribute: {getattr(decl, 'type', decl)}"
            items.setdefault(name, _item(name, K.Field, detail, True))
    return list(items.values())


def _catalog(symbols: Symbols | None, lines: list[str], row: int, before: str) -> list[types.CompletionItem]:
    """In a msgstr: the placeholders of the entry's English, glossary terms, or forms."""
    brace = before.rfind("{")
    if brace < 0 or "}" in before[brace:]:
        return []
    inside = before[brace + 1:]
    if ":" in inside:
        return [_item(form, K.EnumMember, "form", True) for form in sorted(FORMS["argument"])]
    if inside.startswith("@"):
        terms = symbols.game.text.terms if symbols is not None and symbols.game.text is not None else {}
        return [_item(f"@{term}", K.Constant, "glossary term", True) for term in terms]
    english = _msgid(lines, row)
    names = dict.fromkeys(re.findall(r"\{@?([A-Za-z_]\w*)", english))
    return [_item(name, K.Variable, "placeholder of the English", True) for name in names]


def _msgid(lines: list[str], row: int) -> str:
    """The msgid of the entry line `row` belongs to (its continuation lines joined)."""
    at = row
    while at >= 0 and not lines[at].startswith("msgid "):
        if not lines[at].strip() and at < row:
            return ""
        at -= 1
    if at < 0:
        return ""
    text = [lines[at][len("msgid "):]]
    for line in lines[at + 1:]:
        if not line.startswith('"'):
            break
        text.append(line)
    return "".join(text)
