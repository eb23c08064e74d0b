"""Fuzzing: random effect texts, YAML files and scenarios against the tiny fixture game.

The property is the same for all three: only Kurtyna's own outcomes come out. Compiling gives a
result or a `CompileError` whose every diagnostic has a registered code and a span (file, line,
column) and renders; a scenario gives an `Outcome` (its failures are reported, not raised) or
a `CompileError`. Any other exception is a bug in Kurtyna. Crashers found are kept below as
explicit `@example`s.

The normal test run uses the "suite" Hypothesis profile (60 examples a test, tests/conftest.py);
`make fuzz` runs this file with the "fuzz" profile (2000 examples a test).
"""

from __future__ import annotations

import atexit
import copy
import dataclasses
import shutil
import tempfile
from functools import cache
from pathlib import Path

import yaml
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from compiler.back.python.lower import render_python
from compiler.diagnostics import CODES, CompileError, Diagnostic, Diagnostics
from compiler.front.declare import load_game
from compiler.front.resolve import resolve_program
from compiler.pipeline import Compiled, compile_game
from compiler.tools.test.command import Engines, Outcome, run_scenario

from ..conftest import FIXTURES

TINY = FIXTURES / "games" / "tiny"
SLOW_OK = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                         HealthCheck.filter_too_much])


def assert_kurtyna_diagnostics(diagnostics: list[Diagnostic], sources: dict[str, str] | None = None) -> None:
    """Every diagnostic is one an author can act on: a known code, a place, a rendering."""
    for d in diagnostics:
        assert d.code in CODES, d
        assert d.span is not None and d.span.path and d.span.line >= 1 and d.span.col >= 1, d
        d.render(sources or {d.span.path: "x\n" * 200})


# ---- effect text ---------------------------------------------------------------------------

# Names of the tiny game, built-ins, and expressions over them, so that many texts parse and
# reach name resolution, type checking and both backends; the rest exercise the parser's errors.
ATOMS = ["1", "2", "0", "score", "round", "energy[player]", "energy", "troops[s][red]",
         "troops[alpha]", "troops[s]", "player", "card", "red", "blue", "none", "true", "alpha",
         "west", "spaces", "hand[red]", "hand", "deck", "rounds[1]", "rounds[1].draw", "card.power",
         "s.value", "s.adjacent", "power(card, player)", "may_play(card, red)", "roll(d6)",
         "size(west)", "opponent(player)", "gold", "card.color", "{s in spaces where s.value > 1}",
         "sum(troops[s][red] for s in west)", "\"text\"", "[alpha, beta]", "leader()", "x",
         "strength(red, west)", "option(island)", "active(boost_effect)", "rounds", "-score",
         "last_player", "turns_taken", "flags[gamma]", "top(deck)", "first(west)", "2d6"]
OPS = [" + ", " - ", " * ", " / ", " % ", " == ", " != ", " < ", " >= ", " and ", " or ", " | ", " & ",
       " in ", " not in "]
ODD = ["\f", "\t", "\r", "\u2028", "\x00", "\x85", "\u200b", "\ufeff", "é", "ż", "\\", "\"", "#", ":",
       "(", ")", "[", "]", "{", "}", ",", ".", "->", "=", "\n", "\n    ", "\n        "]


@st.composite
def expressions(draw, depth=0):
    if depth > 2 or draw(st.booleans()):
        return draw(st.sampled_from(ATOMS))
    left, right = draw(expressions(depth + 1)), draw(expressions(depth + 1))
    form = draw(st.sampled_from(["bin", "not", "paren", "call", "index", "attr"]))
    if form == "bin":
        return f"{left}{draw(st.sampled_from(OPS))}{right}"
    if form == "not":
        return f"not {left}"
    if form == "call":
        func = draw(st.sampled_from(["min", "max", "size", "power", "strength", "adjacent", "abs", "random",
                                     "has_event", "event_possible", "grid_cell"]))
        return f"{func}({left}, {right})"
    if form == "index":
        return f"{left}[{right}]"
    if form == "attr":
        return f"{left}.{draw(st.sampled_from(['value', 'power', 'kind', 'spaces', 'draw', 'x']))}"
    return f"({left})"


@st.composite
def statements(draw, depth=0, loops=True):
    e = draw(expressions())
    f = draw(expressions())
    name = draw(st.sampled_from(["x", "s", "n", "score", "alpha"]))
    simple = [f"let {name} = {e}", f"{name} = {e}", f"{e} += {f}", f"score -= {e}", f"move {e} to {f}",
              f"draw {e} from deck to {f}", f"shuffle {e}", f"log \"k\" with a={e}", f"emit round_end({e})",
              f"emit troops_placed({e}, {f})", f"end game winner {e}", "end game draw", "pass",
              f"require {e}", f"{e}", f"let {name} = {e} chooses one s in {f}",
              f"let {name} = {e} chooses number from 0 to {f}", "cancel boost_effect", "break",
              f"return {e}", f"place_troops({e}, {f})", f"play_event({e}, {f})", f"{e} = {f}",
              f"end game winner {e} because \"why\"", f"move {e} to {f} at bottom"]
    if depth >= 2 or draw(st.integers(0, 2)) == 0:
        return [draw(st.sampled_from(simple))]
    inner = draw(st.lists(statements(depth + 1, loops), min_size=1, max_size=2))
    body = ["    " + line for s in inner for line in s]
    headers = [f"if {e}:", f"for {name} in {f}:", f"for s in {f} where {e}:", f"{e} chooses 2 s in {f}:",
               f"{e} chooses up to {f} s in west where {e}, at most 2 each:",
               f"{e} secretly chooses 1 s in {f}:",
               "lasting until round_end:", f"lasting while {e}:", "lasting once:", "lasting forever:",
               f"red chooses:\n    \"a\" if {e}:", "red chooses:\n    \"a\":"]
    if loops:  # a scenario runs its steps: no loop that might never end there
        headers += [f"while {e}:", f"repeat {e} times:"]
    header = draw(st.sampled_from(headers))
    clauses = [f"    modify power(c, p) by {e}", f"    forbid may_play(c, p) if {e}",
               f"    when troops_placed(p, s) if {e}:\n        score += 1", f"    modify {name}(c) by 1",
               "    when round_end(p):\n        pass"]
    if header.startswith("lasting") and draw(st.booleans()):
        body = [draw(st.sampled_from(clauses))]
    if "\n" in header:
        body = ["    " + line for line in body]
    return [header, *body]


@st.composite
def effect_texts(draw, loops=True):
    lines = [line for s in draw(st.lists(statements(loops=loops), min_size=1, max_size=4)) for line in s]
    text = "\n".join(lines) + "\n"
    for _ in range(draw(st.integers(0, 2))):  # odd characters anywhere, random Unicode too
        at = draw(st.integers(0, len(text)))
        odd = draw(st.one_of(st.sampled_from(ODD), st.text(max_size=3)))
        text = text[:at] + odd + text[at:]
    return text


@cache
def _tiny_events() -> list[str]:
    return [card["event"] for card in yaml.safe_load((TINY / "cards.yaml").read_text("utf-8"))["cards"]
            if "event" in card]


@st.composite
def edited_events(draw):
    """One of tiny's own card events with a few small edits: mostly still meaningful."""
    text = draw(st.sampled_from(_tiny_events()))
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 3))
        piece = draw(st.one_of(st.sampled_from(ATOMS + OPS + ODD), st.text(max_size=2)))
        text = text[:at] + piece + text[at + cut:]
    return text


@cache
def _tiny_game():
    diags = Diagnostics()
    game = load_game(TINY, diags)
    assert game is not None and not diags.has_errors
    return game


def _with_event(text: str):
    game = copy.copy(_tiny_game())
    cards = list(game.cards)
    index = next(i for i, card in enumerate(cards) if card.id == "rally")
    cards[index] = dataclasses.replace(cards[index], event=text)
    game.cards = cards
    return game


@SLOW_OK
@given(st.one_of(effect_texts(), edited_events()))
@example("let x = " + " + ".join(["1"] * 10_000) + "\n")  # RecursionError in the resolver
@example("let x = " + "(" * 600 + "1" + ")" * 600 + "\n")  # RecursionError in the parser
@example("let x = " + "abs(" * 600 + "1" + ")" * 600 + "\n")
@example("let x = " + "not " * 600 + "true\n")
@example("score += 1 +\f 2 +* 3\n")  # IndexError: str.splitlines() broke the line at \f
@example("score += 1\u2028 + 1\n")
@example("score += 1\x85\n")
@example("score\r+= 1\n")
def test_random_effect_text_only_gives_diagnostics(text):
    from compiler.back.text import generated_text
    from compiler.front.text import load_text_file

    game = _with_event(text)
    diags = Diagnostics()
    program = resolve_program(game, diags)
    assert_kurtyna_diagnostics(diags.items)
    event("resolves" if not diags.has_errors else "diagnostics")
    if diags.has_errors:
        return
    for name, source in render_python(program, "tiny").items():
        compile(source, name, "exec")  # the generated code is valid Python
    game.text = load_text_file(TINY, Diagnostics())
    compiled = Compiled(game, program, TINY)
    for lang in ("en", "pl", "cs"):
        generated_text(compiled, "rally", lang)


# ---- YAML documents -------------------------------------------------------------------------

KINDS = ["game.yaml", "map.yaml", "tracks.yaml", "cards.yaml", "rules.yaml", "text.yaml"]
NAMES = ["id", "names", "en", "pl", "players", "red", "blue", "alpha", "beta", "west", "spaces", "regions",
         "cards", "rules", "code", "event", "attributes", "value", "power", "tracks", "min", "max", "start",
         "counters", "troops", "zones", "tables", "rows", "columns", "key", "includes", "map", "enums",
         "options", "entry", "play", "setup", "terms", "phrases", "types", "per_player", "on", "kind",
         "adjacent", "within", "optional", "default", "type", "initial", "notes", "sheets", "x"]
KEYS = st.one_of(st.sampled_from(NAMES), st.integers(-3, 3), st.booleans(), st.none(),
                 st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=6))
SCALARS = st.one_of(st.sampled_from(NAMES + ["int", "bool", "player", "space", "land", "gold", "score += 1",
                                             "player chooses 2 s in west:\n    troops[s][player] += 1"]),
                    st.integers(-10, 10), st.booleans(), st.none(), st.text(max_size=12),
                    st.floats(allow_nan=False, allow_infinity=False))
DATA = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(KEYS, inner, max_size=4)), max_leaves=25)


def _nodes(data, path=()):
    """Every (path, node) of nested data, the root first."""
    yield path, data
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from _nodes(value, path + (key,))


def _replaced(data, path, new):
    if not path:
        return new
    data[path[0]] = _replaced(data[path[0]], path[1:], new)
    return data


@st.composite
def mutated_data(draw, name: str):
    """The file's own data with a few nodes replaced, keys added or removed: mostly well-formed,
    so that declarations and effect text are reached."""
    data = yaml.safe_load((TINY / name).read_text("utf-8")) if (TINY / name).is_file() else {}
    for _ in range(draw(st.integers(1, 3))):
        nodes = list(_nodes(data))
        path, node = draw(st.sampled_from(nodes))
        action = draw(st.sampled_from(["replace", "add_key", "drop", "swap", "swap", "swap"]))
        if action == "swap":  # a value of the right kind, most often: reaches declarations and effects
            own = [n for _, n in _nodes(data) if not isinstance(n, dict | list)] or [None]
            data = _replaced(data, path, copy.deepcopy(draw(st.sampled_from(own + [n for n in NAMES]))))
        elif action == "add_key" and isinstance(node, dict):
            node[draw(KEYS)] = draw(DATA)
        elif action == "drop" and isinstance(node, dict | list) and len(node):
            key = draw(st.sampled_from(list(node.keys()) if isinstance(node, dict) else range(len(node))))
            del node[key]
        else:
            data = _replaced(data, path, draw(DATA))
    return data


def _dump(data, flow: bool) -> str:
    return yaml.safe_dump(data, allow_unicode=True, default_flow_style=flow, sort_keys=False)


@st.composite
def broken_text(draw, text: str):
    """A YAML text with a few characters or lines changed: tags, anchors, odd characters, cuts."""
    pieces = ["&a ", "*a", "!!python/object ", "!x ", "<<: ", "---\n", "? ", "- ", ": ", "{", "[", "\"", "'",
              "|\n", "\t", "\f", "\x00", "\u2028", "\ufeff", "%YAML 1.2\n", "#", "\n  ", "~", "1", "true"]
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 4))
        text = text[:at] + draw(st.one_of(st.sampled_from(pieces), st.text(max_size=4))) + text[at + cut:]
    return text


@st.composite
def content_files(draw):
    """(file name, text) for one content file of tiny, from one of three sources."""
    name = draw(st.sampled_from(KINDS))
    source = draw(st.sampled_from(["mutated", "random", "broken"]))
    if source == "mutated":
        return name, _dump(draw(mutated_data(name)), draw(st.booleans()))
    if source == "random":
        return name, _dump(draw(DATA), draw(st.booleans()))
    original = (TINY / name).read_text("utf-8") if (TINY / name).is_file() else "terms: {}\n"
    return name, draw(broken_text(original))


def _compile_with(name: str, text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "tiny"
        shutil.copytree(TINY, game)
        (game / name).write_text(text, "utf-8")
        try:
            compile_game(game)
            event("compiles")
        except CompileError as exc:
            event(f"first error {exc.diagnostics[0].code if exc.diagnostics else None}")
            sources = {d.span.path: Path(d.span.path).read_text("utf-8", "replace")
                       for d in exc.diagnostics if d.span and Path(d.span.path).is_file()}
            assert exc.diagnostics
            assert_kurtyna_diagnostics(exc.diagnostics, sources)


@SLOW_OK
@given(content_files())
@example(("tracks.yaml", "- a\n"))  # AttributeError: 'list' object has no attribute 'get'
@example(("map.yaml", "42\n"))
@example(("game.yaml", (TINY / "game.yaml").read_text("utf-8").replace("value: {type", "1: {type")))
@example(("game.yaml", (TINY / "game.yaml").read_text("utf-8").replace("color: [", "1: [")))
@example(("tracks.yaml", (TINY / "tracks.yaml").read_text("utf-8").replace("{round: 1,", "{1: 1,")))
@example(("cards.yaml", (TINY / "cards.yaml").read_text("utf-8") + "\f"))  # ReaderError, at 1:1
def test_random_content_files_only_give_diagnostics(file):
    _compile_with(*file)


# ---- scenario files -----------------------------------------------------------------------------

ANSWERS = st.one_of(st.sampled_from(["alpha", "beta", "gamma", "delta", "island", "red", "blue", "done", "a",
                                     "rally", "storm", "x"]), st.integers(-2, 5),
                    st.fixed_dictionaries({"refuse": st.sampled_from(["alpha", "beta", 1, "done"])}))
STATE = st.dictionaries(  # the names of tiny, and a few it does not have
    st.sampled_from(["score", "round", "energy", "troops", "flags", "hand", "deck", "discard", "last_player",
                     "turns_taken", "nothing", 1]),
    st.one_of(st.integers(-20, 20), st.booleans(), st.sampled_from(["red", "alpha", "rally"]),
              st.lists(st.sampled_from(["rally", "storm", "nope", 3]), max_size=3),
              st.dictionaries(st.sampled_from(["red", "blue", "alpha", "gamma", "zeta", 2]),
                              st.one_of(st.integers(-3, 30), st.sampled_from(["x"]),
                                        st.dictionaries(st.sampled_from(["red", "blue", "q"]),
                                                        st.integers(-3, 30), max_size=2),
                                        st.lists(st.sampled_from(["rally", "storm"]), max_size=2)),
                              max_size=3)),
    max_size=4)


@st.composite
def scenario_steps(draw):
    step: dict = {}
    kind = draw(st.sampled_from(["do", "answer", "refuse", "do", "none"]))
    if kind == "do":
        call = st.sampled_from(["place_troops(red, 2)", "take_turn(blue)", "score_regions()", "setup()",
                                "play_event(rally, red)"])
        step["do"] = draw(st.one_of(call, call, call, effect_texts(loops=False)))
        if draw(st.booleans()):
            step["answers"] = draw(st.lists(ANSWERS, max_size=4))
    elif kind in ("answer", "refuse"):
        step[kind] = draw(st.lists(st.one_of(st.sampled_from(["alpha", "rally", "done", "event"]),
                                             st.integers(0, 3)), max_size=3))
    if draw(st.booleans()):
        step["dice"] = draw(st.lists(st.integers(-1, 7), max_size=3))
    if draw(st.booleans()):
        step["draws"] = draw(st.lists(st.sampled_from(["rally", "storm", "nope"]), max_size=2))
    return step


@st.composite
def scenarios(draw):
    valid = st.sampled_from(["score == 0", "troops[alpha][red] >= 1", "size(hand[red]) < 3", "round == 1",
                             "energy[blue] == 2", "last_player == none", "flags[gamma] + 1 == 2"])
    expect = st.one_of(valid, valid, expressions(), st.fixed_dictionaries({}, optional={
        "winner": st.sampled_from(["red", "blue", "draw", "x"]), "over": st.booleans(),
        "log": st.sampled_from(["storm_fizzles", "k"]),
        "log_lines": st.lists(st.text(max_size=5), max_size=2)}))
    data = {"game": draw(st.sampled_from(["tiny"] * 9 + ["nowhere"])), "source": "fuzz",
            "start": draw(st.sampled_from(["bare", "game"])),
            "seed": draw(st.integers(0, 5)),
            "options": draw(st.dictionaries(st.sampled_from(["island", "rounds", "nope"]),
                                            st.one_of(st.booleans(), st.integers(-2, 9)), max_size=2)),
            "state": draw(st.one_of(st.just({}), STATE)),
            "steps": draw(st.lists(scenario_steps(), max_size=3)),
            "expect": draw(st.lists(expect, max_size=3))}
    for key in draw(st.sets(st.sampled_from(["start", "seed", "options", "state"]))):
        del data[key]
    return data


_ENGINES: list[Engines] = []


def _engines() -> Engines:
    """One compiled engine of tiny for every example (compiling is the slow part)."""
    if not _ENGINES:
        _ENGINES.append(Engines())
    return _ENGINES[0]


@cache
def _scenario_folder() -> Path:
    root = Path(tempfile.mkdtemp(prefix="kurtyna-fuzz-"))
    atexit.register(shutil.rmtree, root, True)  # one folder for the whole run, removed at its end
    shutil.copytree(TINY, root / "tiny")
    return root


@SLOW_OK
@given(scenarios())
@example({"game": "tiny", "source": "s", "steps": [{"do": "score += 1\u2028"}], "expect": ["score == 1"]})
@example({"game": "tiny", "source": "s", "steps": [], "expect": [" + ".join(["score"] * 5000) + " == 1"]})
def test_random_scenarios_give_outcomes_or_diagnostics(data):
    root = _scenario_folder()
    path = root / "scenario.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    try:
        outcome = run_scenario(path, _engines(), root)
    except CompileError as exc:
        event("compile error")
        assert exc.diagnostics
        assert_kurtyna_diagnostics(exc.diagnostics, {str(path): path.read_text("utf-8")})
        return
    event("ran: " + ("passed" if outcome.ok else "failures reported"))
    assert isinstance(outcome, Outcome)
    assert all(isinstance(failure, str) for failure in outcome.failures)
