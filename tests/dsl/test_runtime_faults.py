"""Faults while a game runs are reported at the content that caused them, never as a hang or a
traceback; effect text nested too deeply for Python is refused where it is written.

tests/fixtures/games/faults asks one question first; each answer runs one kind of fault
(its rules.yaml and cards.yaml say which). Tests find lines by their text, not by number.
"""

from __future__ import annotations

import ast as pyast
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler import fsio
from compiler.back.python.lower import render_python
from compiler.diagnostics import CompileError
from compiler.pipeline import compile_game
from compiler.tools.models import compiled_game
from dsl.parser import MAX_BLOCK_DEPTH as BLOCK_LIMIT
from dsl.parser import MAX_EXPRESSION_DEPTH as EXPRESSION_LIMIT
from dsl.runtime import IllegalAnswer
from dsl.runtime.faults import _lookup
from dsl.runtime.helpers import RuleError, RuntimeFault, StepLimit
from dsl.runtime.save import SaveError

from ..conftest import FIXTURES, ROOT, budget, copy_game, run_cli

GAME = FIXTURES / "games" / "faults"
SHOWN = "tests/fixtures/games/faults"  # how the compiler names the game's files
HEADER = re.compile(r"^(?P<path>\S+):(?P<line>\d+):(?P<col>\d+): error\[(?P<code>[ER]\d{3})\]: (?P<msg>.*)$",
                    re.M)


@pytest.fixture(scope="module")
def faults(compiled_packages):
    return compiled_packages(GAME)


def line_of(path: Path, needle: str) -> int:
    numbers = [n for n, line in enumerate(path.read_text("utf-8").splitlines(), 1) if needle in line]
    assert len(numbers) == 1, f"{needle!r} is on lines {numbers} of {path}"
    return numbers[0]


def fault_of(engine, answer: str) -> RuleError:
    state = engine.Game().new_state(seed=1)
    with pytest.raises(RuleError) as caught:
        state.apply(answer)
    return caught.value


def assert_at(fault: RuleError, filename: str, needle: str, code: str, place: str) -> None:
    """The fault names the content file and the line holding `needle`, its code and whose it is."""
    line = line_of(GAME / filename, needle)
    assert fault.code == code, fault
    assert fault.where[:2] == (f"{SHOWN}/{filename}", line), fault
    assert fault.place == place
    assert str(fault).startswith(f"{SHOWN}/{filename}:{line}: ") and str(fault).endswith(f" in {place}")


# ---- runaway effects --------------------------------------------------------------------------


def test_while_true_in_an_event_stops_at_the_step_limit_naming_the_while(faults):
    fault = fault_of(faults, "spin")
    assert isinstance(fault, StepLimit)
    assert_at(fault, "cards.yaml", "while true:", "R101", "the event of card 'spin'")
    assert "more than 1,000,000 steps without a decision" in str(fault)
    assert "limits: {steps: N}" in fault.hint


def test_a_step_limit_set_in_game_yaml_stops_a_loop_the_default_lets_finish(faults, compiled_packages,
                                                                          tmp_path):
    state = faults.Game().new_state(seed=1)
    state.apply("hundred")  # a loop of 100 rounds: nowhere near the default limit
    assert state.result()["winner"] == "red" and state.t[faults.data.T_SCORE] == 100
    game = copy_game(GAME, tmp_path)
    text = (game / "game.yaml").read_text("utf-8")
    (game / "game.yaml").write_text(text + "limits: {steps: 50}\n", "utf-8")
    small = compiled_packages(game)
    assert small.SPEC.step_limit == 50
    fault = fault_of(small, "hundred")
    line = line_of(GAME / "rules.yaml", "while i < n:")
    assert fault.code == "R101" and fault.where[1] == line and fault.place == "procedure 'count_to'"
    assert "more than 50 steps" in str(fault)


def test_a_step_limit_out_of_range_or_misspelt_is_a_located_error(tmp_path):
    game = copy_game(GAME, tmp_path)
    text = (game / "game.yaml").read_text("utf-8")
    (game / "game.yaml").write_text(text + "limits: {steps: 0, step: 5}\n", "utf-8")
    result = run_cli("check", str(game))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    line = line_of(game / "game.yaml", "limits:")
    errors = {m["code"]: m for m in HEADER.finditer(result.stderr)}
    assert errors["E205"]["path"].endswith("faults/game.yaml") and int(errors["E205"]["line"]) == line
    assert "'steps' must be at least 1 (got 0)" in result.stderr
    assert int(errors["E203"]["line"]) == line and "unknown field 'step'" in result.stderr


def test_the_steps_start_again_at_each_decision(faults, compiled_packages, tmp_path):
    """Steps count between two decisions, not over the game: a limit just above one loop's
    rounds lets the loop run once per decision, again and again."""
    game = copy_game(GAME, tmp_path)
    (game / "game.yaml").write_text((game / "game.yaml").read_text("utf-8") + "limits: {steps: 120}\n",
                                    "utf-8")
    rules = (game / "rules.yaml").read_text("utf-8")
    rules = rules.replace('          end game winner red because "done"\n',
                          '          if score < 500:\n              play()\n'
                          '          end game winner red because "done"\n')
    (game / "rules.yaml").write_text(rules, "utf-8")
    state = compiled_packages(game).Game().new_state(seed=1)
    for _ in range(5):  # play() recurs once per decision: one step each, plus 100 rounds
        state.apply("hundred")
    assert state.t[faults.data.T_SCORE] == 500 and state.result()["winner"] == "red"


def test_infinite_recursion_is_located_at_the_recursive_call(faults):
    fault = fault_of(faults, "deep")
    assert isinstance(fault, RuntimeFault) and isinstance(fault.__cause__, RecursionError)
    assert_at(fault, "rules.yaml", "return deep(n + 1) + 1", "R103", "function 'deep'")


def test_a_recursion_that_ends_too_late_is_a_runaway(faults):
    fault = fault_of(faults, "fib")  # fib(40): some 300 million calls, each one a step
    assert_at(fault, "rules.yaml", "return fib(n - 1) + fib(n - 2)", "R101", "function 'fib'")


# ---- faults of generated code -------------------------------------------------------------------


def test_division_by_zero_is_located(faults):
    fault = fault_of(faults, "divide")
    assert isinstance(fault.__cause__, ZeroDivisionError)
    assert_at(fault, "rules.yaml", "score += 10 / zero", "R102", "procedure 'play'")
    assert "division by zero" in str(fault) and fault.hint


def test_an_engine_loaded_without_its_content_names_the_line_inside_the_text(tmp_path):
    """The engine holds no file line (a comment added to the content must not change it): loaded
    bare, with no origins from the content, a fault names its file, whose code it is and the
    line and column inside that code; the tools' load places it at the file line instead."""
    import importlib

    out = tmp_path / "bare"
    fsio.write_folder(out / "bare_faults", render_python(compile_game(GAME).program, SHOWN))
    sys.path.insert(0, str(out))
    try:
        engine = importlib.import_module("bare_faults")
        fault = fault_of(engine, "divide")
    finally:
        sys.path.remove(str(out))
    assert fault.where is None and fault.code == "R102"
    rules = (GAME / "rules.yaml").read_text("utf-8")
    code = rules[rules.index("code: |"):].split("\n")[1:]
    inside = next(n for n, text in enumerate(code, 1) if "score += 10 / zero" in text)
    assert str(fault) == (f"division by zero in procedure 'play' ({SHOWN}/rules.yaml, line {inside}, "
                          f"column {code[inside - 1].index('score') - 5} of its text)")


def test_a_missing_table_row_keeps_its_message_and_gains_the_location(faults):
    fault = fault_of(faults, "row")
    assert type(fault) is RuleError and fault.reason == "table 'prizes' has no row 2"
    assert_at(fault, "rules.yaml", "score += prizes[score + 2].vp", "R104", "procedure 'play'")
    assert "table 'prizes'" in fault.hint


def test_none_where_a_value_is_needed_is_located(faults):
    fault = fault_of(faults, "none")
    assert isinstance(fault.__cause__, TypeError)
    assert_at(fault, "rules.yaml", "score += top(empty).power", "R106", "procedure 'play'")
    assert "`none`" in fault.hint


def test_a_fault_in_setup_comes_out_of_new_state(faults, compiled_packages, tmp_path):
    game = copy_game(GAME, tmp_path)
    text = (game / "game.yaml").read_text("utf-8").replace("  play: play\n", "  play: play\n  setup: setup\n")
    (game / "game.yaml").write_text(text, "utf-8")
    rules = (game / "rules.yaml").read_text("utf-8")
    (game / "rules.yaml").write_text(rules + "\n      procedure setup():\n          zero = 1 / zero\n",
                                     "utf-8")
    with pytest.raises(RuleError) as caught:
        compiled_packages(game).Game().new_state(seed=1)
    assert caught.value.code == "R102" and caught.value.place == "procedure 'setup'"
    assert caught.value.where[1] == line_of(game / "rules.yaml", "zero = 1 / zero")


# ---- the state after a fault ----------------------------------------------------------------------


def test_a_broken_state_refuses_to_go_on_with_the_same_error(faults):
    state = faults.Game().new_state(seed=1)
    with pytest.raises(RuleError) as caught:
        state.apply("divide")
    fault = caught.value
    assert state.broken is fault and not state.is_over() and state.result() is None
    for attempt in (lambda: state.apply("fine"), lambda: state.apply_index(0), state.decision):
        with pytest.raises(RuleError) as again:
            attempt()
        assert again.value is fault
    # a copy is as broken as the state; the history keeps the answer that failed, so its save
    # is refused, naming the same fault
    copy = state.clone()
    with pytest.raises(RuleError) as again:
        copy.decision()
    assert again.value is fault
    with pytest.raises(SaveError) as refused:
        type(state.game).state_from_json(state.to_json())
    assert "history[0] leads the rules into a fault" in str(refused.value)
    assert f"{fault.where[0]}:{fault.where[1]}: division by zero" in str(refused.value)


def test_an_illegal_answer_is_not_a_fault_and_leaves_the_state_whole(faults):
    state = faults.Game().new_state(seed=1)
    with pytest.raises(IllegalAnswer) as caught:
        state.apply("nonsense")
    assert not isinstance(caught.value, RuleError) and state.broken is None
    state.apply("fine")
    assert state.result() == {"winner": "red", "winners": ["red"], "reason": "done"}


# ---- the source map ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["zimna_wojna", "zelazna_kurtyna"])
def test_every_generated_function_maps_back_to_the_text_its_comment_names(game):
    """The comment above each generated function names its file and definition, never a line;
    the source map, with the origins the tools give an engine (compiler/tools/fault_lines.py),
    places the function's first line on the first line of that definition's text, in the
    committed engines: the map is shifted by nothing the modules' headers add."""
    program = compiled_game(ROOT / "content" / game).program
    docs = {unit.doc.path: unit.doc for unit in program.units}
    for module in ("rules", "cards"):
        path = ROOT / "generated" / game / f"{module}.py"
        text = path.read_text("utf-8")
        table: dict = {}
        exec(compile(text[text.index("SOURCE_PLACES = ("):], str(path), "exec"), table)
        places = table["SOURCE_PLACES"]
        table["SOURCE_ORIGINS"] = tuple(docs[file].text_origin(key) for file, key, _ in places)
        lines = text.splitlines()
        checked = 0
        for number, line in enumerate(lines, 1):
            match = re.fullmatch(r"# (\S+) (card|function|procedure|hook) (\w+)", line)
            if match and lines[number].startswith(("def ", "class ")):  # a function, or a frame (it may ask)
                (file, at, col), _ = _lookup(table, number + 1)
                assert file == match[1], (path, number)
                doc = docs[file]
                place = max(row for row in table["SOURCE_LINES"] if row[0] <= number + 1)[1]
                key = places[place][1]
                at_text = doc.text.split("\n")[at - 1][col - 1:]
                if match[2] == "card":  # an event: the first line of its text
                    first = next(t for t in _text_at(doc.data, key).split("\n") if t.strip())
                    assert at_text.startswith(first.strip()), (path, number)
                else:  # a definition of the rules' code: its header
                    assert re.match(rf"{match[2]} {match[3]}\b", at_text), (path, number, at_text)
                checked += 1
        assert checked > 10


def _text_at(data, key: tuple):
    for part in key:
        data = data[part]
    return data


# ---- the commands ---------------------------------------------------------------------------------


def test_sim_prints_each_fault_located_and_exits_1(faults):
    result = run_cli("sim", str(GAME), "--games", "30", "--quiet")
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
    found = {m["code"]: m for m in HEADER.finditer(result.stderr)}
    assert set(found) == {"R101", "R102", "R103", "R104", "R106"}, result.stderr
    divide = found["R102"]
    assert divide["path"] == f"{SHOWN}/rules.yaml"
    assert int(divide["line"]) == line_of(GAME / "rules.yaml", "score += 10 / zero")
    assert "score += 10 / zero" in result.stderr and "hint: test the divisor first" in result.stderr
    assert re.search(r"error with seed \d+: tests/fixtures/games/faults/rules.yaml:\d+:\d+: error\[R10\d\]: ",
                     result.stdout)
    assert "6 faults of the rules" in result.stderr  # each once; the two runaways are two places


def test_play_prints_the_fault_located_and_exits_1():
    result = subprocess.run([sys.executable, "-m", "compiler.cli", "play", str(GAME)], cwd=ROOT,
                            input="divide\n", capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
    assert re.search(r"· red: .* - divide\n", result.stdout)  # the log up to the fault
    error = HEADER.search(result.stderr)
    assert error and error["code"] == "R102" and error["path"] == f"{SHOWN}/rules.yaml"
    assert int(error["line"]) == line_of(GAME / "rules.yaml", "score += 10 / zero")


def scenario(tmp_path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {GAME}\nsource: test\n" + text, "utf-8")
    return path


def test_a_scenario_step_that_faults_fails_with_the_location(tmp_path):
    path = scenario(tmp_path, "start: game\nsteps:\n  - answer: [spin]\nexpect:\n  - over: true\n")
    result = run_cli("test", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
    line = line_of(GAME / "cards.yaml", "while true:")
    assert (f"step 1 (line 5): {SHOWN}/cards.yaml:{line}:7: error[R101]: runaway effect: more than "
            "1,000,000 steps without a decision in the event of card 'spin'") in result.stdout
    assert "hint: a step is a round of a while or repeat loop" in result.stdout


def test_a_fault_in_a_scenarios_own_code_names_the_scenario_line(tmp_path):
    path = scenario(tmp_path, "steps:\n  - do: |\n      score += 1\n      score += 10 / zero\n"
                              "expect:\n  - score == 1\n")
    result = run_cli("test", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
    assert f"step 1 (line 4): {path}:6:7: error[R102]: division by zero in step 1" in result.stdout


def test_an_expectation_that_faults_is_a_located_failure(tmp_path):
    path = scenario(tmp_path, "steps:\n  - do: score += 1\nexpect:\n  - score / zero == 1\n  - score == 2\n")
    result = run_cli("test", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
    assert f"{path}:6: {path}:6:5: error[R102]: division by zero in expectation 1" in result.stdout
    assert f"{path}:7: expected score == 2 (left side is 1, right side 2)" in result.stdout


# ---- nesting too deep for Python ------------------------------------------------------------------


def with_procedure(tmp_path, body: str) -> Path:
    """A copy of the game with one more procedure, `nested`, whose body is `body` (4-space steps)."""
    game = copy_game(GAME, tmp_path)
    code = "      procedure nested():\n" + "".join(f"          {line}\n" for line in body.splitlines())
    rules = (game / "rules.yaml").read_text("utf-8")
    (game / "rules.yaml").write_text(rules + "\n" + code, "utf-8")
    return game


def nested_blocks(depth: int, header: str = "if score < 5:") -> str:
    return "".join("    " * i + header + "\n" for i in range(depth)) + "    " * depth + "score += 1\n"


def assert_refused(game: Path, code: str, needle: str) -> str:
    out = str(game.parent / "out")
    for command in (("check",), ("build", "--out", out)):
        result = run_cli(command[0], str(game), *command[1:])
        assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert not (game.parent / "out").exists()  # nothing written
    errors = [m for m in HEADER.finditer(result.stderr) if m["code"] == code]
    assert len(errors) == 1, result.stderr
    assert errors[0]["path"].endswith("faults/rules.yaml")
    assert int(errors[0]["line"]) == line_of(game / "rules.yaml", needle)
    return result.stderr


def test_blocks_nested_100_deep_are_refused_where_the_limit_is_passed(tmp_path):
    body = "".join("    " * i + f"if score < {i}:\n" for i in range(100)) + "    " * 100 + "score += 1\n"
    out = assert_refused(with_procedure(tmp_path, body), "E403", f"if score < {BLOCK_LIMIT}:")
    assert f"blocks are nested more than {BLOCK_LIMIT} deep" in out and "hint: at most 16 blocks" in out


def test_a_sum_of_200_terms_is_refused_at_its_statement(tmp_path):
    body = "score += " + " + ".join(["1"] * 200) + "\n"
    out = assert_refused(with_procedure(tmp_path, body), "E403", "score += 1 + 1")
    assert f"this expression is more than {EXPRESSION_LIMIT} levels deep" in out


def test_a_parenthesised_expression_200_deep_is_read_as_its_content(tmp_path, compiled_packages):
    """Brackets add no depth (they are not in the tree), so 200 of them compile like one."""
    body = "score += " + "(" * 200 + "1" + ")" * 200 + "\n"
    engine = compiled_packages(with_procedure(tmp_path, body))
    pyast.parse(Path(engine.rules.__file__).read_text("utf-8"))


def every_kind_of_block(depth: int) -> str:
    """Blocks of each kind in turn, `depth` statements deep in all."""
    headers = ["while score < 0:", "repeat 1 times:", "for c{i} in pile where c{i}.power > 0:",
               "red chooses 1 c{i} in pile:", "if score < 5:", "red chooses:"]
    lines, indent = [], 0
    for i in range(depth - 1):
        lines.append("    " * indent + headers[i % len(headers)].format(i=i))
        indent += 1
        if headers[i % len(headers)] == "red chooses:":  # an option holds the block
            lines.append("    " * indent + f'"x{i}":')
            indent += 1
    return "\n".join(lines) + "\n" + "    " * indent + "score += 1\n"


DEEPEST = {  # shapes nested right up to the limits: each must compile into valid Python
    "blocks of every kind": every_kind_of_block(BLOCK_LIMIT),
    "a sum": "score += " + " + ".join(["zero"] * EXPRESSION_LIMIT) + "\n",
    "calls in calls": "score += " + "abs(" * (EXPRESSION_LIMIT - 1) + "zero" + ")" * (EXPRESSION_LIMIT - 1),
    "sizes of lists": "score += " + "".join(f"size({{c{i} in pile where " for i in range(16)) + "true"
    + "}) > 0" * 15 + "})",
}


@pytest.mark.parametrize("shape", sorted(DEEPEST))
def test_effects_nested_up_to_the_limits_compile_into_valid_python(shape, compiled_packages, tmp_path):
    game = with_procedure(tmp_path, DEEPEST[shape])
    engine = compiled_packages(game)  # builds, and imports: Python compiled every module
    assert hasattr(engine.rules, "p_nested")
    source = Path(engine.rules.__file__).read_text("utf-8")
    pyast.parse(source)


HEADERS = ["while score < 0:", "repeat 1 times:", "for c{i} in pile where c{i}.power > 0:",
           "red chooses 1 c{i} in pile:", "if score < 5:", "red chooses:"]
WRAPS = ["abs({})", "({} + 1)", "-{}", "max({}, 1)", "size({{c{i} in pile where {} > 0}})", "{} * 2"]


@settings(max_examples=budget(30), deadline=None)
@given(blocks=st.integers(0, BLOCK_LIMIT + 3).flatmap(lambda n: st.lists(st.sampled_from(HEADERS),
                                                                        min_size=n, max_size=n)),
       wraps=st.integers(0, EXPRESSION_LIMIT + 5).flatmap(lambda n: st.lists(st.sampled_from(WRAPS),
                                                                            min_size=n, max_size=n)))
def test_any_nesting_is_refused_where_it_is_written_or_compiles_into_valid_python(blocks, wraps):
    expression = "zero"
    for i, wrap in enumerate(wraps):
        expression = wrap.format(expression, i=i)
    lines, indent = [], 0
    for i, header in enumerate(blocks):
        lines.append("    " * indent + header.format(i=i))
        indent += 1
        if header == "red chooses:":
            lines.append("    " * indent + f'"x{i}":')
            indent += 1
    lines.append("    " * indent + f"score += {expression}")
    with tempfile.TemporaryDirectory() as folder:
        game = with_procedure(Path(folder), "\n".join(lines))
        try:
            compiled = compile_game(game)
        except CompileError as exc:
            for diagnostic in exc.diagnostics:
                if diagnostic.code != "E301":  # the entry procedure, gone with the rules it was in
                    assert diagnostic.code in ("E401", "E403"), diagnostic.render()
                    assert diagnostic.span.path.endswith("faults/rules.yaml")
            return
        for name, text in render_python(compiled.program, compiled.game.root).items():
            compile(text, name, "exec")  # a SyntaxError here would be the bug
