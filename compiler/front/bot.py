"""game.yaml `bot`: how a computer player judges a position (issue 21, bots).

`bot: {evaluate: name}` names a function of the rules that takes a player and gives a whole
number, larger when the position is better for that player (`function bot_value(p: player) ->
int`: victory points, with what else the game's authors think counts). The runtime's `greedy`
bot (dsl/runtime/bots.py) tries every legal answer on a copy of the state as the player may
imagine it and takes the one whose position it values most; a game without `bot` has greedy
bots that only tell a won game from a lost one.

`bot: {prefer: {prompt key: name}}` gives hints per question: a function of the rules that takes
the answering player and one answer (`function name(p: player, s: space) -> int`, the answer's
type that of the question) and values it. The search (dsl/runtime/ismcts.py) tries the answers
valued most first and its rollouts play only among them, so its look-ahead plays the way people
do (at a dangerous moment, no move that throws the game away); greedy breaks ties by it. Read
with the rest of game.yaml; checked against the rules once they are resolved.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front.loader import Document
from compiler.front.model import Game
from compiler.front.named_functions import Wanted, check_named_function
from compiler.front.prompts import decision_points

SHAPE = "function name(p: player) -> int"
HINT = "function name(p: player, answer: {}) -> int"
EVALUATION = Wanted("the bot's evaluation", SHAPE, ("player",), "int",
                    "does not take one player; the bot's evaluation takes the player it judges for", SHAPE,
                    "a whole number", f"{SHAPE}: larger when the position is better for p")


def declare_bot(game: Game, doc: Document) -> None:
    bot = doc.data.get("bot") or {}
    if "evaluate" in bot:
        game.bot_evaluate = (bot["evaluate"], doc.span(("bot", "evaluate")))
    if "scale" in bot:  # a positive whole number: the schema says so, at its line
        game.bot_scale = bot["scale"]
    prefer = bot.get("prefer")
    for prompt, name in prefer.items() if isinstance(prefer, dict) else ():
        if not isinstance(name, str):  # the schema reports it at its line
            continue
        game.bot_prefer.append((prompt, name, doc.key_span(("bot", "prefer", prompt)),
                                doc.span(("bot", "prefer", prompt))))


def check_bot(game: Game, program: Any, diags: Diagnostics) -> None:
    """The evaluation is a function of the rules of one player parameter giving an int."""
    if program is None:
        return
    if game.bot_prefer:
        _check_hints(game, program, diags)
    if game.bot_evaluate is None:
        return
    name, span = game.bot_evaluate
    check_named_function(program, name, span, EVALUATION, diags)


def _check_hints(game: Game, program: Any, diags: Diagnostics) -> None:
    """Each hint names a question the rules ask and a function valuing one of its answers."""
    questions = {point.key: point for point in decision_points(program)}
    for prompt, name, key_span, span in game.bot_prefer:
        point = questions.get(prompt)
        if point is None:
            diags.error("E301", f"the rules ask no question '{prompt}'", key_span,
                        did_you_mean(prompt, sorted(questions)) or "a question's key is <owner>.<what>, "
                        "as text.yaml 'prompts:' names it (docs/bots.md)")
            continue
        shape = HINT.format(point.answer)
        check_named_function(program, name, span, Wanted(
            "a hint", shape, ("player", point.answer), "int",
            f"does not take (player, {point.answer}); a hint for '{prompt}' takes the answering player "
            "and one answer",
            shape, "a whole number", f"{shape}: larger for the answers to try first"), diags)
