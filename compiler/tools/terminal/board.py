"""What the player sees, as rich renderables built from the player's view (`state.view`), the
game's `play` section and its words: the tracks, the board by group (a table per region), a
grid of laid spaces, the zones of the table, a hand, the answers to a question."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.table import Table
from rich.text import Text

from compiler.tools.terminal.answers import Answer, item_key
from compiler.tools.terminal.words import Words


class Board:
    """The game's static data (the compiled model) and its words, to draw any view with."""

    def __init__(self, compiled: Any, spec: Any, words: Words):
        self.game, self.spec, self.words = compiled.game, spec, words
        self.play = compiled.game.play
        self.spaces = {s.id: s for s in self.game.spaces}
        self.cards = dict(self.game.physical_cards())  # a copy (`coin.2`) shows its entry

    # -- the tracks --------------------------------------------------------------------------
    def tracks(self, view: dict[str, Any]) -> Text:
        """The tracks, then the figures of `play.figures` (a total, a token's holder)."""
        return Text(" | ".join(f"{name}: {value}" for name, value in self.track_values(view)), style="bold")

    def track_values(self, view: dict[str, Any]) -> list[tuple[str, str]]:
        """(name, value in words) of each track shown, then of each figure."""
        out = []
        for track in self.play.tracks or list(view["tracks"]):
            out.append((self.words.name(track), self._each_player(view["tracks"][track])))
        for figure in self.play.figures:
            out.append((self.words.column(figure), self._each_player(view["figures"][figure.name])))
        return out

    def _each_player(self, value: Any) -> str:
        """A value, or one per player ("CIA 12, KGB 20")."""
        if isinstance(value, dict):
            return ", ".join(f"{self.words.name(p)} {self.words.value(v)}" for p, v in value.items())
        return self.words.value(value)

    # -- spaces ------------------------------------------------------------------------------
    def listed_spaces(self, view: dict[str, Any]) -> list[str]:
        """The spaces the board lists: laid ones in a grid game, else those of the listed kinds."""
        if self.game.layout == "grid":
            return [s for s in self.spec.spaces if s in view["grid"]]
        kinds = self.play.kinds
        present = {s for counter in view["counters"].values() for s in counter} or set(self.spec.spaces)
        return [s for s in self.spec.spaces if s in present and (not kinds or self.spaces[s].kind in kinds)]

    def groups(self, spaces: list[str]) -> list[tuple[str, list[str]]]:
        """Spaces by the regions of `play.spaces.group_by` (each in its first group), then the rest."""
        out, placed = [], set()
        for region in self.play.groups:
            members = [s for s in spaces if region in self.spaces[s].regions and s not in placed]
            placed.update(members)
            if members:
                out.append((self.words.name(region), members))
        rest = [s for s in spaces if s not in placed]
        if rest:
            out.append((self.words.ui("other_spaces") if out else "", rest))
        return out

    def space_table(self, title: str, spaces: list[str], view: dict[str, Any]) -> Table:
        headers: list[tuple[str, str]] = []  # (label, justify)
        for column in self.play.space_columns:
            label = self.words.column(column)
            if column.source == "counter" and self._per_player(view, column.name):
                for player in view["players"]:  # the players at the table
                    headers.append((f"{label}\n{self.words.name(player)}", "right"))
            else:
                headers.append((label, "right" if column.source != "function" else "left"))
        rows = [(space, self.cells(space, view)) for space in spaces]
        shown = list(range(len(headers)))
        if self.play.hide_empty:  # a tableau of places, most of them unused: show what is used
            rows = [(space, cells) for space, cells in rows if any(_filled(c) for c in cells)]
            shown = [i for i in shown if any(_filled(cells[i]) for _, cells in rows)]
        table = Table(title=title, title_style="bold", show_edge=False, pad_edge=False)
        table.add_column("#", justify="right", style="dim")
        table.add_column("", no_wrap=True)
        for i in shown:
            table.add_column(headers[i][0], justify=headers[i][1])
        for space, cells in rows:
            key = item_key(self.spec, "space", space)
            table.add_row(key, self.words.name(space), *(cells[i] for i in shown))
        return table

    def cells(self, space: str, view: dict[str, Any]) -> list[str]:
        out = []
        for column in self.play.space_columns:
            if column.source == "attribute":
                out.append(self.words.attribute(self._attribute(self.spaces[space], column.name,
                                                            self.game.space_attributes)))
            elif column.source == "counter":
                value = view["counters"][column.name].get(space, 0)
                per_player = value.values() if isinstance(value, dict) else [value]
                out.extend(str(v or "") for v in per_player)  # 0 reads as an empty cell
            else:
                out.append(self.words.value(view["shown"][column.name].get(space)))
        return out

    def board(self, view: dict[str, Any], only: list[str] | None = None) -> list[Any]:
        """The board as one table per group (only the spaces in `only`, when given), then the
        zones of `play.zones` (the whole board only)."""
        spaces = self.listed_spaces(view) if only is None else [s for s in self.spec.spaces if s in only]
        out: list[Any] = [self.space_table(title, members, view) for title, members in self.groups(spaces)]
        if self.game.layout == "grid" and only is None and view["grid"]:
            out.insert(0, self.grid(view))
        if only is None:
            out += self.zones(view)
        return out

    def grid(self, view: dict[str, Any]) -> Table:
        """The laid spaces where they lie, each with its number and name."""
        cells = {tuple(map(int, xy.split(","))): s for s, xy in view["grid"].items()}
        xs = range(min(x for x, _ in cells), max(x for x, _ in cells) + 1)
        ys = range(min(y for _, y in cells), max(y for _, y in cells) + 1)
        table = Table(show_header=False, show_lines=True, pad_edge=False)
        for _ in xs:
            table.add_column(no_wrap=True)
        for y in ys:
            row = []
            for x in xs:
                space = cells.get((x, y))
                row.append("" if space is None else
                           f"{item_key(self.spec, 'space', space)} {self.words.name(space)}")
            table.add_row(*row)
        return table

    # -- cards -------------------------------------------------------------------------------
    def card_table(self, title: str, cards: list[tuple[str, str]]) -> Table:
        """Cards as (key, card id) with the columns of `play.cards`; a column none of these cards
        has a value of is left out, so each kind of card shows its own fields."""
        columns = self.play.card_columns
        rows = [(key, card, [self._attribute(self.cards[card], c.name, self.game.card_attributes)
                             for c in columns]) for key, card in cards]
        shown = [i for i in range(len(columns)) if any(_has_value(values[i]) for _, _, values in rows)]
        table = Table(title=title, title_style="bold", show_edge=False, pad_edge=False)
        table.add_column("#", justify="right", style="dim")
        table.add_column(self.words.ui("card_column"), no_wrap=True)
        for i in shown:
            table.add_column(self.words.column(columns[i]))
        for key, card, values in rows:
            table.add_row(key, self.words.name(card), *(self.words.attribute(values[i]) for i in shown))
        return table

    def keyed(self, cards: list[str]) -> list[tuple[str, str]]:
        return [(item_key(self.spec, "card", c), c) for c in cards]

    def holdings(self, view: dict[str, Any], skip: list[str] | tuple = ()) -> list[Any]:
        """The player's own hidden per-player zones (a hand) and the sizes of the others', but
        for the zones in `skip` (those `play.zones` shows anyway)."""
        me, out = view["player"], []
        sizes = []
        for zone in self.spec.zones:
            if not zone.per_player or zone.id in skip:
                continue
            mine = view["zones"][zone.id][me]
            if zone.hidden and "cards" in mine:
                if mine["cards"]:
                    title = self.words.ui("hand_title", zone=self.words.name(zone.id),
                                          player=self.words.name(me))
                    out.append(self.card_table(title, self.keyed(mine["cards"])))
                for player, held in view["zones"][zone.id].items():
                    if player != me and zone.hidden:
                        zone_name = self.words.name(zone.id)
                        sizes.append(f"{self.words.name(player)} - {zone_name}: {held['size']}")
        if sizes:
            out.append(Text(" | ".join(sizes)))
        return out

    # -- zones -------------------------------------------------------------------------------
    def zones(self, view: dict[str, Any]) -> list[Any]:
        """The zones of `play.zones` in order: a shared one as one table, a per-player one as a
        table per player, the viewer's own first (one line when it is empty for every player)."""
        me, out = view["player"], []
        per_player = {zone.id: zone.per_player for zone in self.spec.zones}
        for zone in self.play.zones:
            name = self.words.name(zone)
            if not per_player[zone]:
                out += self.zone(name, view["zones"][zone])
                continue
            if not any(part["size"] for part in view["zones"][zone].values()):
                out += self.zone(name, {"size": 0})  # empty for everyone: one line, not one each
                continue
            for player in [me, *(p for p in view["players"] if p != me)]:
                title = self.words.ui("zone_title", zone=name, player=self.words.name(player))
                out += self.zone(title, view["zones"][zone][player])
        return out

    def zone(self, title: str, held: dict[str, Any]) -> list[Any]:
        """One zone of a view: its cards when the viewer sees them, else its size and the cards
        the viewer knows are there; an empty zone is one short line. The heading is a line of
        its own, as a table's title would wrap to the table's width."""
        size = held["size"]
        if not size:
            return [Text(self.words.ui("zone_empty", zone=title), style="dim")]
        if "cards" in held:
            return [Text(title, style="bold"), self.card_table("", self.keyed(held["cards"]))]
        if not held["known"]:
            return [Text(self.words.ui("zone_hidden", zone=title, count=size))]
        return [Text(self.words.ui("zone_known", zone=title, count=size), style="bold"),
                self.card_table("", self.keyed(held["known"]))]

    # -- answers -----------------------------------------------------------------------------
    def answers(self, decision: dict[str, Any], answers: list[Answer], view: dict[str, Any]) -> list[Any]:
        """The answers, as the board where places are asked, as cards where cards are."""
        item_kind = decision["item_kind"] if decision["kind"] == "item" else ""
        plain = [a for a in answers if a.value == "done" or item_kind not in ("space", "card")]
        out: list[Any] = []
        if item_kind == "space":
            out += self.board(view, only=[a.value for a in answers if a.value != "done"])
        elif item_kind == "card":
            out.append(self.card_table("", [(a.key, a.value) for a in answers if a.value != "done"]))
        if plain:
            out.append(Columns([Text(f"[{a.key}] {a.words}") for a in plain], padding=(0, 3)))
        return out

    @staticmethod
    def _per_player(view: dict[str, Any], counter: str) -> bool:
        cells = view["counters"][counter]
        return any(isinstance(v, dict) for v in cells.values())

    @staticmethod
    def _attribute(item: Any, name: str, decls: dict[str, Any]) -> Any:
        if name in item.attributes:
            return item.attributes[name]
        decl = decls.get(name)
        return decl.default if decl is not None else None


def _has_value(value: Any) -> bool:
    """Whether a card has a value to show (an empty list shows nothing either)."""
    return value is not None and value != [] and value != ()


def _filled(cell: str) -> bool:
    """Whether a space table's cell shows something (0, no and none read as empty)."""
    return cell not in ("", "-", "0")
