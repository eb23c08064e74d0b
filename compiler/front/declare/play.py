"""Read game.yaml `play` (how `kurtyna play` shows the game) into the model, checked.

The terminal knows no game: which tracks and zones it shows, how spaces are grouped and which
columns a space or a card has come from this section. Every name is checked against the declarations
(E301 with a suggestion); a column's function is checked once the rules are resolved
(`check_play_functions`). Called by `compiler.front.declare` once everything is declared.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front.loader import Document
from compiler.front.model import PlayColumn, PlaySpec


def declare_play(game: Any, doc: Document, diags: Diagnostics) -> None:
    data = doc.data.get("play")
    if not isinstance(data, dict):
        return
    spec = PlaySpec()

    def known(what: str, name: str, names: list[str], path: tuple) -> bool:
        if name in names or name in game.broken_names:
            return name in names
        diags.error("E301", f"unknown {what} '{name}'", doc.span(("play",) + path), did_you_mean(name, names))
        return False

    tracks = [t.id for t in game.tracks]
    spec.tracks = [t for i, t in enumerate(data.get("tracks", []))
                   if known("track", t, tracks, ("tracks", i))]
    zones = [z.id for z in game.zones]
    spec.zones = [z for i, z in enumerate(data.get("zones", []))
                  if known("zone", z, zones, ("zones", i))]
    regions = [r.id for r in game.regions]
    spaces = data.get("spaces", {})
    spec.groups = [r for i, r in enumerate(spaces.get("group_by", []))
                   if known("region", r, regions, ("spaces", "group_by", i))]
    spec.kinds = [k for i, k in enumerate(spaces.get("kinds", []))
                  if known("kind of space", k, game.space_kinds, ("spaces", "kinds", i))]
    spec.hide_empty = bool(spaces.get("hide_empty", False))
    counters = [c.id for c in game.counters]
    for i, column in enumerate(spaces.get("columns", [])):
        path = ("spaces", "columns", i)
        source, name = next((k, column[k]) for k in ("attribute", "counter", "function") if k in column)
        if source == "attribute" and not known("space attribute", name, list(game.space_attributes), path):
            continue
        if source == "counter" and not known("counter", name, counters, path):
            continue
        spec.space_columns.append(PlayColumn(source, name, column.get("label", ""),
                                             doc.span(("play",) + path)))
    for i, column in enumerate(data.get("cards", {}).get("columns", [])):
        path = ("cards", "columns", i)
        if known("card attribute", column["attribute"], list(game.card_attributes), path):
            spec.card_columns.append(PlayColumn("attribute", column["attribute"], column.get("label", ""),
                                                doc.span(("play",) + path)))
    for i, figure in enumerate(data.get("figures", [])):
        spec.figures.append(PlayColumn("function", figure["function"], figure.get("label", ""),
                                       doc.span(("play", "figures", i))))
    game.play = spec


# What a figure may give: shown as it is, or (an entity) by its name
FIGURE_TYPES = ("int", "bool", "text", "player", "card", "space")


def check_play_functions(game: Any, program: Any, diags: Diagnostics) -> None:
    """A function column takes the space and gives a number, a truth, a text or an enum constant, or takes the
    space and a player and gives a truth (then the cell lists the players for whom it holds):
    `function controlled(s: space, p: player) -> bool`."""
    if program is None:
        return
    _check_figures(game, program, diags)
    for column in game.play.functions:
        sig = _function(column, program, diags)
        if sig is None:
            continue
        types, returns = [str(param[1]) for param in sig.params], str(sig.returns)
        # A value is shown as it is, so (space) may give a number, a truth, a text or a constant
        # of an enum (shown by its name).
        if not (types == ["space"] and (returns in ("int", "bool", "text") or sig.returns.name == "enum")
                or types == ["space", "player"] and returns == "bool"):
            diags.error("E304", f"function '{column.name}' takes ({', '.join(types)}) -> {returns}; a "
                        "column of spaces needs a function of (space) -> int, bool, text or an enum, or of "
                        "(space, player) -> bool", column.span)


def _check_figures(game: Any, program: Any, diags: Diagnostics) -> None:
    """A figure is a function of () or (player) giving a number, a truth, a text, an enum constant,
    or a player, card or space: `function total(p: player) -> int`."""
    for figure in game.play.figures:
        sig = _function(figure, program, diags)
        if sig is None:
            continue
        types, returns = [str(param[1]) for param in sig.params], str(sig.returns)
        if types not in ([], ["player"]) or not (returns in FIGURE_TYPES or sig.returns.name == "enum"):
            diags.error("E304", f"function '{figure.name}' takes ({', '.join(types)}) -> {returns}; a "
                        "figure needs a function of () or (player) -> int, bool, text, an enum, or a "
                        "player, card or space", figure.span)


def _function(shown: PlayColumn, program: Any, diags: Diagnostics) -> Any:
    """The function a column or figure names, or None (an E301 with a suggestion)."""
    sig = program.defs.get(shown.name)
    if sig is not None and sig.kind == "function":
        return sig
    functions = sorted(n for n, s in program.defs.items() if s.kind == "function")
    diags.error("E301", f"unknown function '{shown.name}'", shown.span,
                did_you_mean(shown.name, functions) or "name a function of the rules")
    return None
