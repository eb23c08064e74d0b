"""game.yaml `bot`: how a computer player judges a position (issue 21, bots).

`bot: {evaluate: name}` names a function of the rules that takes a player and gives a whole
number, larger when the position is better for that player (`function bot_value(p: player) ->
int`: victory points, with what else the game's authors think counts). The runtime's `greedy`
bot (dsl/runtime/bots.py) tries every legal answer on a copy of the state as the player may
imagine it and takes the one whose position it values most; a game without `bot` has greedy
bots that only tell a won game from a lost one. Read with the rest of game.yaml; checked
against the rules once they are resolved.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front.loader import Document
from compiler.front.model import Game

SHAPE = "function name(p: player) -> int"


def declare_bot(game: Game, doc: Document) -> None:
    bot = doc.data.get("bot") or {}
    if "evaluate" in bot:
        game.bot_evaluate = (bot["evaluate"], doc.span(("bot", "evaluate")))
    if "scale" in bot:  # a positive whole number: the schema says so, at its line
        game.bot_scale = bot["scale"]


def check_bot(game: Game, program: Any, diags: Diagnostics) -> None:
    """The evaluation is a function of the rules of one player parameter giving an int."""
    if program is None or game.bot_evaluate is None:
        return
    name, span = game.bot_evaluate
    functions = sorted(n for n, s in program.defs.items() if s.kind == "function")
    sig = program.defs.get(name)
    if sig is None:
        hint = did_you_mean(name, functions) or f"the bot's evaluation is a function of the rules: {SHAPE}"
        diags.error("E301", f"unknown function '{name}'", span, hint)
    elif sig.kind != "function":
        diags.error("E304", f"'{name}' is a {sig.kind}; the bot's evaluation is a function", span,
                    f"write it as {SHAPE}: it changes nothing and asks nothing")
    elif len(sig.params) != 1 or str(sig.params[0][1]) != "player":
        diags.error("E502", f"function '{name}' does not take one player; the bot's evaluation "
                    "takes the player it judges for", span, SHAPE)
    elif str(sig.returns) != "int":
        diags.error("E501", f"function '{name}' gives {sig.returns}; the bot's evaluation gives a "
                    "whole number", span, f"{SHAPE}: larger when the position is better for p")
