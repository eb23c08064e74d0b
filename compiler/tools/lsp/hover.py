"""What a name is, in Markdown: what the editor shows when the pointer rests on it.

A card: its names, attributes and printed text in each language; a space: its kind, regions,
attributes and neighbours; a track: its range, start and meaning; a definition: its signature,
the comment above it and its rule's text; a catalog key: the item and the English it translates.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from compiler.back.i18n.catalog import Catalog, load_catalog
from compiler.locales import LOCALES
from compiler.tools.lsp.symbols import Place, Symbol, Symbols


def catalog(symbols: Symbols, lang: str) -> Catalog:
    """The game's catalog in `lang` as the editor has it (empty when it cannot be read)."""
    kept = symbols.__dict__.setdefault("_catalogs", {})
    if lang not in kept:
        path = Path(str(symbols.compiled.folder)).resolve() / "locales" / f"{lang}.po"
        path = next((p for p in symbols.catalogs() if p == path), path)
        data = symbols.texts.get(path)
        kept[lang] = load_catalog(path, lang, data.encode("utf-8"))[0] if data is not None else Catalog(lang)
    return kept[lang]


def translated(symbols: Symbols, key: str, english: str | None) -> list[str]:
    """`EN: ...`, `PL: ...` lines of a string of the game."""
    out = [f"- **EN**: {english}"] if english else []
    for lang in LOCALES:
        if lang == "en":
            continue
        entry = catalog(symbols, lang).entries.get(key)
        if entry is not None and entry.translation:
            out.append(f"- **{lang.upper()}**: {entry.translation}" + (" *(fuzzy)*" if entry.fuzzy else ""))
    return out


def _value(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "none"
    return "none" if value is None else str(value)


def _attributes(attributes: dict[str, Any]) -> str:
    return " · ".join(f"{k} {_value(v)}" for k, v in attributes.items())


def describe(symbols: Symbols, symbol: Symbol) -> str:
    """The hover text of a name."""
    item = symbol.item
    title = getattr(item, "names", {}).get("en") if item is not None else None
    head = f"**{title}** — {symbol.kind} `{symbol.name}`" if title else f"{symbol.kind} `{symbol.name}`"
    lines = [head, ""]
    if symbol.kind == "card":
        lines.append(_attributes(item.attributes) or "no attributes")
        lines += ["", *translated(symbols, f"text.{item.id}", item.text.get("en"))]
        if item.provisional:
            lines += ["", f"*provisional*: {item.note or 'not in the rulebook'}"]
    elif symbol.kind == "space":
        lines.append(f"kind {item.kind or 'none'} · regions {_value(item.regions)}")
        if item.attributes:
            lines.append(_attributes(item.attributes))
        lines.append(f"adjacent: {_value(item.adjacent)}")
    elif symbol.kind == "region":
        lines.append(f"{len(item.spaces)} spaces" + (f", within {item.within}" if item.within else ""))
        if item.attributes:
            lines.append(_attributes(item.attributes))
    elif symbol.kind == "track":
        lines.append(f"{item.min}..{item.max}, starts at {_value(item.start)}" + (", one per player" if
                     item.per_player else "") + f", past an end: {item.overflow}")
        if item.description:
            lines += ["", item.description]
    elif symbol.kind == "counter":
        most = item.max if item.max is not None else "no limit"
        lines.append(f"on {_value(item.on) if item.on else 'every space'}"
                     + (", per player" if item.per_player else "") + f", {item.min}..{most}")
    elif symbol.kind == "zone":
        lines.append(", ".join(w for w, on in (("one per player", item.per_player), ("hidden", item.hidden))
                               if on) or "one zone, open")
    elif symbol.kind == "option":
        lines.append(f"default {_value(item.default)}" + (f", one of the enum {item.choices}" if item.choices
                                                            else ""))
    elif symbol.kind == "variable":
        lines.append(f"{item.type}, starts at {_value(item.start)}")
    elif symbol.kind == "constant":
        lines.append(f"a constant of the enum `{symbol.enum}`")
    elif symbol.kind in ("procedure", "function", "hook", "event"):
        lines += _definition(symbols, symbol)
    elif symbol.kind == "local":
        lines.append(f"a local name of type `{item.type}`, bound at line {symbol.declared.line}"
                     if symbol.declared else f"a local name of type `{item.type}`")
    if item is not None and hasattr(item, "names"):
        lines += ["", *translated(symbols, f"name.{symbol.name}", None)]
    return "\n".join(lines).strip()


def _definition(symbols: Symbols, symbol: Symbol) -> list[str]:
    """The signature as written, the comment lines above it and the rule's text."""
    sig = symbol.item
    text_lines = sig.unit.text.split("\n")
    first = sig.node.span.line - 1
    signature = text_lines[first].strip().rstrip(":") if 0 <= first < len(text_lines) else symbol.name
    comment = []
    at = first - 1
    while at >= 0 and text_lines[at].strip().startswith("#"):
        comment.insert(0, text_lines[at].strip().lstrip("#").strip())
        at -= 1
    out = ["```kurtyna", signature, "```"]
    if comment:
        out += ["", " ".join(comment)]
    rule = sig.unit.doc.data
    for key in sig.unit.path[:-1]:
        rule = rule[key] if isinstance(rule, dict | list) else None
    text = rule.get("text") if isinstance(rule, dict) else None
    if isinstance(text, dict) and text.get("en"):
        out += ["", f"rule `{rule.get('id')}`: {text['en']}"]
    return out


def catalog_line(symbols: Symbols, place: Place) -> list[str]:
    """For a name in a catalog's msgctxt: the English that entry translates."""
    line = symbols.lines(place.path)[place.line - 1]
    key = line.split('"')[1] if line.count('"') >= 2 else ""
    lang = place.path.stem if place.path.suffix == ".po" else None
    entry = catalog(symbols, lang).entries.get(key) if lang else None
    return [f"`{key}` translates: {entry.source}"] if entry is not None else []


def hover_text(symbols: Symbols, symbol: Symbol, place: Place) -> str:
    extra = catalog_line(symbols, place) if place.path.suffix in (".po", ".pot") else []
    return "\n\n".join([*extra, describe(symbols, symbol)])
