"""Structure checks on a declared map, for any game.

- every link is listed on both ends (E601) and no space links to itself (E604);
- the spaces form one connected graph, with and without the option-dependent spaces (E602);
  spaces of the map's `unlinked_kinds` are no part of that graph and list no links (E606);
- on a `grid` layout, no space lists links (they come from play);
- region membership agrees: a region's own `spaces` list (when given) matches the spaces that
  name the region, and a subregion's spaces all lie in its parent region (E603).
"""

from __future__ import annotations

from compiler.diagnostics import Diagnostics
from compiler.front.model import Game, Space


def check_map(game: Game, diags: Diagnostics) -> None:
    if game.layout == "grid":  # adjacency comes from where spaces are laid during play
        for space in game.spaces:
            if space.adjacent:
                diags.error("E605", f"'{space.id}' lists adjacent spaces, but the map's layout is "
                            "'grid': spaces become adjacent by where they are laid",
                            space.field_span("adjacent"), "remove the adjacent list, or the grid layout")
        _check_regions(game, diags)
        return
    spaces = game.by_id(game.spaces)
    for space in game.spaces:
        if not game.linked(space):
            _check_unlinked(space, diags)
            continue
        for j, other_id in enumerate(space.adjacent):
            other = spaces.get(other_id)
            if other is None:
                continue  # reported as an unknown name already
            if not game.linked(other):  # adding the other end would only move the fault there
                diags.error("E606", f"'{space.id}' lists '{other_id}' as adjacent, but '{other_id}' is "
                            f"a {other.kind}, a kind the map lists in 'unlinked_kinds': it has no links",
                            space.field_span("adjacent", j), "remove this link")
            elif other_id == space.id:
                diags.error("E604", f"'{space.id}' lists itself as adjacent",
                            space.field_span("adjacent", j), "remove it from its own list")
            elif space.id not in other.adjacent:
                diags.error("E601", f"'{space.id}' lists '{other_id}' as adjacent, but "
                            f"'{other_id}' does not list '{space.id}'",
                            space.field_span("adjacent", j),
                            f"add '{space.id}' to the adjacent list of '{other_id}' "
                            f"({other.span}), or remove this link")
    _check_connected(game, diags, with_optional=True)
    _check_connected(game, diags, with_optional=False)
    _check_regions(game, diags)


def _check_unlinked(space: Space, diags: Diagnostics) -> None:
    if space.adjacent:
        diags.error("E606", f"'{space.id}' is a {space.kind}, a kind the map lists in "
                    "'unlinked_kinds', so it has no links, but it lists adjacent spaces",
                    space.field_span("adjacent"),
                    f"remove the adjacent list, or '{space.kind}' from 'unlinked_kinds'")


def _check_connected(game: Game, diags: Diagnostics, with_optional: bool) -> None:
    present = {s.id: s for s in game.spaces
               if (with_optional or s.optional is None) and game.linked(s)}
    if len(present) < 2:
        return
    first = next(iter(present))
    seen = {first}
    stack = [first]
    while stack:
        for other in present[stack.pop()].adjacent:
            if other in present and other not in seen:
                seen.add(other)
                stack.append(other)
    missing = [sid for sid in present if sid not in seen]
    if missing:
        when = "" if with_optional else " when optional spaces are left out"
        shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
        diags.error("E602", f"the map is not connected{when}: {shown} cannot be reached from "
                    f"'{first}'", present[missing[0]].span,
                    "check the adjacent lists of these spaces")


def _check_regions(game: Game, diags: Diagnostics) -> None:
    regions = game.by_id(game.regions)
    for region in game.regions:
        members = set(region.spaces)
        if region.listed_spaces is not None:
            listed = set(region.listed_spaces)
            for sid in sorted(listed - members):
                if sid in game.by_id(game.spaces):
                    diags.error("E603", f"region '{region.id}' lists '{sid}', but '{sid}' does not "
                                f"name '{region.id}' in its regions",
                                region.field_span("spaces", region.listed_spaces.index(sid)),
                                f"add '{region.id}' to the regions of '{sid}', or remove it here")
            for sid in sorted(members - listed):
                diags.error("E603", f"space '{sid}' names region '{region.id}', but the region's "
                            "spaces list leaves it out", region.field_span("spaces"),
                            f"add '{sid}' to the list")
        parent = regions.get(region.within) if region.within else None
        if parent is not None:
            for sid in sorted(members - set(parent.spaces)):
                diags.error("E603", f"'{sid}' is in subregion '{region.id}' but not in its parent "
                            f"region '{parent.id}'", game.by_id(game.spaces)[sid].span,
                            f"add '{parent.id}' to the regions of '{sid}'")
        if region.within == region.id:
            diags.error("E603", f"region '{region.id}' lies within itself",
                        region.field_span("within"))
