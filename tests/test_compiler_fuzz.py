"""Random effect texts never make the compiler raise anything but its own error type.

Texts are built from fragments of the language and names of the tiny test game, so that many
of them parse and reach name resolution, type checking and code generation; the rest exercise
the parser's error path. Each is compiled as a card's event.
"""

from __future__ import annotations

import copy
import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.backend_python import render_python
from compiler.declare import load_game
from compiler.diagnostics import Diagnostics
from compiler.resolve import resolve_program

from .conftest import FIXTURES

ATOMS = ["1", "2", "0", "score", "round", "energy[player]", "energy", "troops[s][red]",
         "troops[alpha]", "troops[s]", "player", "card", "red", "blue", "none", "true", "alpha",
         "west", "spaces", "hand[red]", "hand", "deck", "rounds[1]", "rounds[1].draw", "card.power",
         "s.value", "s.adjacent", "power(card, player)", "may_play(card, red)", "roll(d6)",
         "size(west)", "opponent(player)", "gold", "card.color", "{s in spaces where s.value > 1}",
         "sum(troops[s][red] for s in west)", "\"text\"", "[alpha, beta]", "leader()", "x",
         "strength(red, west)", "option(island)", "active(boost_effect)", "rounds"]
OPS = [" + ", " - ", " * ", " / ", " == ", " != ", " < ", " and ", " or ", " | ", " & ", " in "]


@st.composite
def expressions(draw, depth=0):
    if depth > 2 or draw(st.booleans()):
        return draw(st.sampled_from(ATOMS))
    left, right = draw(expressions(depth + 1)), draw(expressions(depth + 1))
    form = draw(st.sampled_from(["bin", "not", "paren", "call"]))
    if form == "bin":
        return f"{left}{draw(st.sampled_from(OPS))}{right}"
    if form == "not":
        return f"not {left}"
    if form == "call":
        func = draw(st.sampled_from(["min", "max", "size", "power", "strength", "adjacent"]))
        return f"{func}({left}, {right})"
    return f"({left})"


@st.composite
def statements(draw, depth=0):
    e = draw(expressions())
    f = draw(expressions())
    name = draw(st.sampled_from(["x", "s", "n", "score", "alpha"]))
    simple = [f"let {name} = {e}", f"{name} = {e}", f"{e} += {f}", f"score -= {e}", f"move {e} to {f}",
              f"draw {e} from deck to {f}", f"shuffle {e}", f"log \"k\" with a={e}", f"emit round_end({e})",
              f"emit troops_placed({e}, {f})", f"end game winner {e}", "end game draw", "pass",
              f"require {e}", f"{e}", f"let {name} = {e} chooses one s in {f}",
              f"let {name} = {e} chooses number from 0 to {f}", "cancel boost_effect", "break",
              f"return {e}", f"place_troops({e}, {f})", f"play_event({e}, {f})", f"{e} = {f}"]
    if depth >= 2 or draw(st.integers(0, 2)) == 0:
        return [draw(st.sampled_from(simple))]
    inner = draw(st.lists(statements(depth + 1), min_size=1, max_size=2))
    body = ["    " + line for s in inner for line in s]
    header = draw(st.sampled_from([
        f"if {e}:", f"for {name} in {f}:", f"for s in {f} where {e}:", f"while {e}:", f"repeat {e} times:",
        f"{e} chooses 2 s in {f}:", f"{e} chooses up to {f} s in west where {e}, at most 2 each:",
        "lasting until round_end:", f"lasting while {e}:", "lasting once:", "lasting forever:",
        f"red chooses:\n    \"a\" if {e}:", "red chooses:\n    \"a\":"]))
    clauses = [f"    modify power(c, p) by {e}", f"    forbid may_play(c, p) if {e}",
               f"    when troops_placed(p, s) if {e}:\n        score += 1", f"    modify {name}(c) by 1",
               "    when round_end(p):\n        pass"]
    if header.startswith("lasting") and draw(st.booleans()):
        body = [draw(st.sampled_from(clauses))]
    if "\n" in header:
        body = ["    " + line for line in body]
    return [header, *body]


@st.composite
def effect_texts(draw):
    lines = [line for s in draw(st.lists(statements(), min_size=1, max_size=4)) for line in s]
    return "\n".join(lines) + "\n"


_BASE = None


def base_game():
    global _BASE
    if _BASE is None:
        diags = Diagnostics()
        _BASE = load_game(FIXTURES / "games" / "tiny", diags)
        assert not diags.has_errors
    return copy.copy(_BASE)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(effect_texts())
def test_random_effect_text_only_gives_diagnostics(text):
    game = base_game()
    cards = list(game.cards)
    index = next(i for i, card in enumerate(cards) if card.id == "rally")
    cards[index] = dataclasses.replace(cards[index], event=text)
    game.cards = cards
    diags = Diagnostics()
    program = resolve_program(game, diags)
    for d in diags.items:
        d.render({d.span.path: "x\n" * 200})  # renders for any position
    if not diags.has_errors:
        files = render_python(program, "tiny")
        for name, source in files.items():
            compile(source, name, "exec")  # the generated code is valid Python
