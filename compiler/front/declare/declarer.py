"""Load a game folder and build its model: every file read, schema-checked, cross-referenced.

Pass order within: game.yaml, then the included files by kind (map, tracks, cards, rules), then
the references between them, then the sheets. Faults go to the diagnostics sink; a missing or
broken file does not stop the others from being checked. `Declarer` joins the parts (one mixin
each, see compiler.front.declare) and runs them in that order.
"""

from __future__ import annotations

from pathlib import Path

from compiler.diagnostics import Diagnostics
from compiler.front import schema
from compiler.front.bot import declare_bot
from compiler.front.declare.attributes import AttributeRules
from compiler.front.declare.board import declare_board
from compiler.front.declare.cards import CardRules
from compiler.front.declare.files import INCLUDED_LISTS, outside_file, read_includes, shown_path
from compiler.front.declare.game_file import GameFileRules
from compiler.front.declare.map import MapRules
from compiler.front.declare.play import declare_play
from compiler.front.declare.sheets import declare_sheets
from compiler.front.declare.tracks import TrackRules
from compiler.front.invariants import declare_invariants
from compiler.front.loader import Document, load_file
from compiler.front.model import Game, RuleSource


def load_game(folder: Path, diags: Diagnostics) -> Game | None:
    game_file = folder / "game.yaml"
    shown = shown_path(game_file)
    if outside_file(folder, "game.yaml", diags):
        return None
    doc = load_file(game_file, shown, diags)
    if doc is None:
        return None
    if not schema.check(doc, "game", diags):
        return None
    with diags.phase("declare"):
        return Declarer(folder, doc, diags).run()


class Declarer(GameFileRules, AttributeRules, MapRules, TrackRules, CardRules):
    """Declare a whole game from its checked game.yaml and the files it includes."""

    def run(self) -> Game:
        game = self.game
        self.read_game_file()
        self.read_attribute_decls()
        docs = read_includes(self.folder, self.doc, game, self.diags)
        if docs is None:
            game.complete = False
            return game
        lists = {kind: keys for kind, keys in INCLUDED_LISTS.items() if kind != "rules"}
        for kind, keys in lists.items():
            for doc in docs.get(kind, []):
                for key in keys:
                    game.broken_names.update(schema.unusable_ids(doc, kind, key))
        for doc in docs.get("map", []):
            self.read_map(doc)
        for doc in docs.get("tracks", []):
            self.read_tracks(doc)
        for doc in docs.get("cards", []):
            self.read_cards(doc)
        for doc in docs.get("rules", []):
            self.read_rules(doc)
        self.check_references()
        declare_sheets(game, self.doc, self.diags)
        declare_play(game, self.doc, self.diags)
        declare_invariants(game, self.doc)
        declare_bot(game, self.doc)
        declare_board(game, self.doc, docs.get("map", []), self.diags)
        return game

    def read_rules(self, doc: Document) -> None:
        """Rules are effect text, kept as written for compiler.front.resolve to parse."""
        for i, rule in schema.usable_items(doc, "rules", "rules"):
            rid = rule.get("id") or f"rule_{i + 1}"
            self.game.rules.append(RuleSource(rid, rule["code"], doc, ("rules", i, "code")))

    def check_references(self) -> None:
        """References between declarations, checked once everything is read."""
        self.check_map_references()
        refs = self.known_ids()
        self.check_attribute_types(refs)
        self.check_tables(refs)
        self.check_variables(refs)
        self.check_counters(refs["player"], refs["space"])
        self.check_initial_zone()
        self.check_card_references()
