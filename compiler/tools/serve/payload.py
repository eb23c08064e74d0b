"""What a page shows of a table, as JSON: one seat's view (`state.view(seat)`) in words.

Everything here is drawn from the seat's view, so no payload can hold a card that seat may not
know: the view leaves out other players' hidden cards and secret answers (dsl/runtime/view.py).
The words are the terminal's (compiler/tools/terminal/words.py): names, prompts, answers and log
lines read the same in the browser as in `kurtyna play`.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from compiler.back.sheets.colours import ink
from compiler.back.sheets.words import Words as SheetWords
from compiler.tools.serve.tables import Access, Table
from compiler.tools.terminal.answers import answers_of, item_key
from compiler.tools.terminal.board import Board
from compiler.tools.terminal.words import Words

LOG_SHOWN = 300  # the last log lines a page gets (the whole log is in a save)


class Shown:
    """The words and static data of one game in one language, to build payloads with."""

    def __init__(self, compiled: Any, spec: Any, lang: str):
        self.compiled, self.spec, self.lang = compiled, spec, lang
        self.words = Words(compiled, lang)
        self.board = Board(compiled, spec, self.words)
        self.game = compiled.game

    @cached_property
    def card_texts(self) -> dict[str, str]:
        from compiler.back.text import card_text

        return {c.id: card_text(self.compiled, c.id, self.lang) or "" for c in self.game.cards}

    @cached_property
    def sheet_words(self) -> SheetWords:
        """The game's words as the sheets print them (the board, the players' colours)."""
        return SheetWords(self.compiled, self.lang)

    @cached_property
    def board_spaces(self) -> set[str] | None:
        """The spaces the printed board draws (None: no printed board; the page lists them)."""
        from compiler.back.sheets.board import build_board

        board = build_board(self.sheet_words)
        return None if board is None else {box.id for box in board.boxes}

    @cached_property
    def board_html(self) -> str | None:
        """The printed board for a screen, or None (a game laid on a grid, or with no board)."""
        from compiler.back.sheets.board_sheet import board_web_html

        return board_web_html(self.sheet_words)

    def card(self, card: str) -> dict[str, Any]:
        base = self.game.card_base(card)  # a copy (`coin.2`) shows its entry
        entry = self.board.cards[card]
        columns = [(self.words.column(c), self.words.attribute(
            self.board._attribute(entry, c.name, self.game.card_attributes)))
            for c in self.board.play.card_columns]
        return {"id": card, "key": item_key(self.spec, "card", card), "name": self.words.name(card),
                "text": self.card_texts.get(base, ""), "fields": [[k, v] for k, v in columns if v],
                "face": f"/card/{self.game.id}/{self.lang}/{base}.png"}


def payload(table: Table, access: Access, shown: Shown) -> dict[str, Any]:
    """The page's data for `access` now (call under the table's lock)."""
    state, words = table.state, shown.words
    viewer = table.viewer(access)
    view = state.view(viewer, log_from=max(0, len(state.log) - LOG_SHOWN))
    seated = view["players"]
    asked = table.asked()
    groups, zones, hand = _groups(view, shown), _zones(view, shown), _hand(view, shown)
    # a space or card the page draws is its own button; any other answer is a button of its own
    spaces = shown.board_spaces  # the printed board's, or (none printed) the lists'
    drawn = (spaces if spaces is not None else {row["id"] for g in groups for row in g["rows"]}) | {
        c["id"] for part in (*zones, *hand["own"]) for c in part["cards"]}
    return {
        "version": table.version, "busy": table.busy, "fault": table.fault, "host": access.host,
        "game": words.name(shown.spec.id), "lang": shown.lang,
        "viewer": {"id": view["player"], "name": words.name(view["player"])},
        "players": [{"id": p, "name": words.name(p), "colour": shown.sheet_words.colour(p),
                     "bot": table.seats[i].bot, "asked": asked == i, "yours": i in access.seats}
                    for i, p in enumerate(seated)],
        "tracks": _tracks(view, shown),
        "groups": groups,
        "board": f"/board/{shown.spec.id}/{shown.lang}.html" if shown.board_html is not None else None,
        "zones": zones,
        "hand": hand,
        "log": words.log_lines(view["log"]),
        "decision": _decision(table, access, view, shown, drawn),
        "result": words.result(state.result()) if state.is_over() else None,
        "can_undo": any(table.marks[s] for s in access.seats),
    }


def _tracks(view: dict[str, Any], shown: Shown) -> list[dict[str, str]]:
    """The tracks and figures, in the terminal's words."""
    return [{"name": name, "value": value} for name, value in shown.board.track_values(view)]


def _groups(view: dict[str, Any], shown: Shown) -> list[dict[str, Any]]:
    """The board as the terminal lists it: a table of spaces per group, with the play columns."""
    board, words = shown.board, shown.words
    headers = []
    for column in board.play.space_columns:
        label = words.column(column)
        if column.source == "counter" and board._per_player(view, column.name):
            headers += [f"{label}: {words.name(p)}" for p in view["players"]]
        else:
            headers.append(label)
    return [{"title": title, "headers": headers,
             "rows": [{"id": s, "key": item_key(shown.spec, "space", s), "name": words.name(s),
                       "cells": board.cells(s, view)} for s in members]}
            for title, members in board.groups(board.listed_spaces(view))]


def _zones(view: dict[str, Any], shown: Shown) -> list[dict[str, Any]]:
    """The zones of the play section: a shared one once, a per-player one for each player."""
    words, out = shown.words, []
    per_player = {zone.id: zone.per_player for zone in shown.spec.zones}
    for zone in shown.board.play.zones:
        name = words.name(zone)
        parts = [(name, view["zones"][zone])] if not per_player[zone] else \
            [(words.ui("zone_title", zone=name, player=words.name(p)), view["zones"][zone][p])
             for p in view["players"]]
        out += [_zone(title, held, shown) for title, held in parts]
    return out


def _zone(title: str, held: dict[str, Any], shown: Shown) -> dict[str, Any]:
    cards = held.get("cards")
    return {"title": title, "size": held["size"], "open": cards is not None,
            "cards": [shown.card(c) for c in (cards if cards is not None else held["known"])]}


def _hand(view: dict[str, Any], shown: Shown) -> dict[str, Any]:
    """The viewer's own hidden per-player zones (a hand, face up) and the sizes of the others'."""
    me, words = view["player"], shown.words
    own, others = [], []
    for zone in shown.spec.zones:
        if not (zone.per_player and zone.hidden) or zone.id in shown.board.play.zones:
            continue
        mine = view["zones"][zone.id][me]
        own.append({"title": words.ui("hand_title", zone=words.name(zone.id), player=words.name(me)),
                    "cards": [shown.card(c) for c in mine.get("cards", [])]})
        # another's hand is its cards' backs: how many, in its player's colour, never which
        others += [{"player": words.name(p), "zone": words.name(zone.id), "size": held["size"],
                    "colour": shown.sheet_words.colour(p), "ink": ink(shown.sheet_words.colour(p))}
                   for p, held in view["zones"][zone.id].items() if p != me]
    return {"own": own, "others": others}


def _decision(table: Table, access: Access, view: dict[str, Any], shown: Shown,
              drawn: set[str]) -> dict[str, Any] | None:
    decision = view["decision"]
    if decision is None:
        return None
    words = shown.words
    question = words.prompt(decision["prompt"], decision["kind"], decision["item_kind"])
    out: dict[str, Any] = {"number": len(table.state.history), "player": words.name(decision["player"]),
                           "question": question, "mine": "answers" in decision and
                           shown.spec.players.index(decision["player"]) in access.seats,
                           "secret": decision["secret"], "answers": []}
    if out["mine"]:
        kind = decision["item_kind"] if decision["kind"] == "item" else decision["kind"]
        out["answers"] = [{"index": i, "key": a.key, "words": a.words, "kind": kind,
                           "id": a.value if isinstance(a.value, str) and a.value in drawn else None}
                          for i, a in enumerate(answers_of(decision, shown.spec, words))]
    return out

