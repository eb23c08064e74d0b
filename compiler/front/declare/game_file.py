"""game.yaml itself: the game's id, its players and how many sit at the table (`player_count`),
options (true/false or numbers in a range), enums, the kinds of spaces, the entry procedures
and the step limit.

Separate from the included files because these are declared first, from one document, and
everything else refers to them (attribute types name enums, spaces name kinds, cards options).
The attribute declarations under `attributes:` are read by compiler.front.declare.attributes.
"""

from __future__ import annotations

from compiler.diagnostics import did_you_mean
from compiler.front.declare.core import DeclarerCore
from compiler.front.model import GameOption, Player


class GameFileRules(DeclarerCore):
    """Declare what game.yaml declares, in the order it is needed."""

    def read_game_file(self) -> None:
        """Everything game.yaml declares except its attributes and included files."""
        data = self.doc.data
        game = self.game
        folder_name = self.folder.resolve().name
        if data["id"] != folder_name:
            self.diags.error("E605", f"game id '{data['id']}' differs from its folder name "
                             f"'{folder_name}'", self.doc.span(("id",)),
                             f"use 'id: {folder_name}', or rename the folder")
        for i, p in enumerate(data.get("players", [])):
            span = self.doc.span(("players", i, "id"))
            game.players.append(Player(p["id"], span, p.get("names", {}), index=i))
            self.declare(p["id"], "player", span)
        if "player_count" in data:
            self.read_player_count(data["player_count"])
        for i, o in enumerate(data.get("options", [])):
            game.options.append(self.read_option(o, ("options", i)))
        for name, values in data.get("enums", {}).items():
            game.enums[name] = list(values)
            for j, value in enumerate(values):
                self.declare(value, f"constant of enum '{name}'", self.doc.span(("enums", name, j)))
        for option in game.options:
            if option.choices is not None:
                self.check_choice_option(option)
        game.space_kinds = list(data.get("space_kinds", []))
        if game.space_kinds:
            # Space kinds are the constants of an implicit enum, so effects can say `s.kind == country`.
            if "space_kind" in game.enums:
                self.diags.error("E302", "'space_kind' is reserved for the kinds of spaces",
                                 self.doc.key_span(("enums", "space_kind")), "rename this enum")
            game.enums["space_kind"] = list(game.space_kinds)
            for j, kind in enumerate(game.space_kinds):
                self.declare(kind, "space kind", self.doc.span(("space_kinds", j)))
        game.entry = dict(data.get("entry", {}))
        game.step_limit = data.get("limits", {}).get("steps")

    def read_player_count(self, count: dict) -> None:
        """`player_count: {min, max, default}`: the first N declared players sit at the table."""
        declared = len(self.game.players)
        low, high = count["min"], count["max"]
        default = count.get("default", high)
        span = self.doc.span(("player_count",))

        def at(key: str):
            return self.doc.span(("player_count", key)) if key in count else span

        if low > high:
            self.diags.error("E208", f"player_count has min {low} above max {high}", at("max"),
                             "swap them, or widen the range")
        elif high > declared:
            self.diags.error("E208", f"player_count allows {high} players, but 'players' declares "
                             f"{declared}", at("max"),
                             f"declare {high} players under 'players', or lower max to {declared}")
        elif not low <= default <= high:
            self.diags.error("E208", f"player_count defaults to {default}, outside {low}..{high}",
                             at("default"), "give a default between min and max, or leave it out (max)")
        else:
            self.game.player_count = (low, high, default)

    def read_option(self, o: dict, path: tuple) -> GameOption:
        """One option; `min`/`max` make it a number option (default 0) and bound its values; `type`
        makes it a choice among an enum's constants (default the first; checked once enums are read)."""
        ranged = "min" in o or "max" in o
        default = o.get("default", 0 if ranged else False)
        option = GameOption(o["id"], self.doc.span(path + ("id",)), o.get("names", {}), default,
                            o.get("min"), o.get("max"), doc=self.doc, path=path,
                            choices=o.get("type"))
        if option.choices is not None:
            if ranged:
                key = "min" if "min" in o else "max"
                self.diags.error("E202", f"option '{option.id}' is a choice of '{option.choices}'; '{key}' "
                                 "bounds number options only", option.field_span(key),
                                 "leave out min and max, or leave out 'type' for a number option")
            option.explicit_default = "default" in o
        elif ranged and isinstance(default, bool):
            key = "min" if "min" in o else "max"
            self.diags.error("E202", f"option '{option.id}' is true or false (default "
                             f"{str(default).lower()}); '{key}' bounds number options only",
                             option.field_span(key),
                             "give a number as the default, or leave out min and max")
        elif option.min is not None and option.max is not None and option.min > option.max:
            self.diags.error("E205", f"option '{option.id}' has min {option.min} above max {option.max}",
                             option.field_span("max"), "swap them, or widen the range")
        elif ranged and not _within(default, option.min, option.max):
            where = option.field_span("default") if "default" in o else option.span
            self.diags.error("E205", f"option '{option.id}' defaults to {default}, outside its range "
                             f"{_range_text(option.min, option.max)}", where,
                             "give a default inside the range" if "default" in o else
                             "without a default a number option starts at 0: give one inside the range")
        return option


    def check_choice_option(self, option: GameOption) -> None:
        """A choice option names an enum and defaults to one of its constants."""
        constants = self.game.enums.get(option.choices)
        if constants is None:
            self.diags.error("E301", f"option '{option.id}' takes the constants of enum '{option.choices}', "
                             "which game.yaml does not declare", option.field_span("type"),
                             did_you_mean(option.choices, list(self.game.enums)) or
                             "declare the readings under 'enums', e.g. readings: [first, second]")
            option.choices = None
            option.default = False
            return
        if not option.explicit_default:
            option.default = constants[0]
        elif not isinstance(option.default, str) or option.default not in constants:
            self.diags.error("E205", f"option '{option.id}' defaults to {option.default!r}, not a constant "
                             f"of enum '{option.choices}' ({', '.join(constants)})",
                             option.field_span("default"), f"give one of: {', '.join(constants)}")
            option.default = constants[0]


def _within(value: int, low: int | None, high: int | None) -> bool:
    return (low is None or value >= low) and (high is None or value <= high)


def _range_text(low: int | None, high: int | None) -> str:
    return f"{low if low is not None else ''}..{high if high is not None else ''}"
