"""What the checks pass, Python accepts (issue 40, point 8).

CPython's parser and compiler nest each `elif` inside the `if` before it and recurse once per
branch: a 3,000-branch chain written as one `if` statement is refused while the module compiles
("RecursionError: maximum recursion depth exceeded during compilation"), after `kurtyna check`
and `kurtyna build` have passed it. Each shape here is an event of a copy of the tiny game: either
check and build both pass, and the engine compiles from its source in a fresh Python and plays
the event as written (the right branch taken, no test evaluated after it), or both refuse it with
the same located error and write nothing."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

from compiler.back.python.statements import MAX_BRANCHES
from dsl.limits import MAX_BLOCK_DEPTH, MAX_EXPRESSION_DEPTH

from ..conftest import FIXTURES, ROOT, copy_game, run_cli

N = 3_000
RALLY = "    event: |\n      player chooses 2 s in west:\n          troops[s][player] += 1\n"
HEADER = re.compile(r"^(?P<where>\S+:\d+:\d+): error\[(?P<code>E\d{3})\]", re.MULTILINE)

# In a fresh Python (a shallow stack, the default recursion limit, no bytecode kept): compile every
# module of the engine from its source, import it, and for each case set `turns_taken`, play card
# rally's event for red with the answers given, and report what `turns_taken` became and the
# prompts asked.
PLAY = """
import json, pathlib, sys
out, cases = pathlib.Path(sys.argv[1]), json.loads(sys.argv[2])
for module in sorted(out.rglob("*.py")):
    compile(module.read_text("utf-8"), str(module), "exec")
sys.path.insert(0, str(out))
from tiny import Game, data
from dsl.runtime.frames import Frame, run
results = []
for start, answers in cases:
    state = Game().new_state(seed=1)
    state.v[data.V_TURNS_TAKEN] = start
    frame = state.play_event(data.RALLY, data.RED)
    asked = []
    if isinstance(frame, Frame):
        stack = [frame]
        decision = run(state, stack, None)
        while decision is not None:
            asked.append(decision.prompt)
            decision = run(state, stack, answers.pop(0))
    results.append([state.v[data.V_TURNS_TAKEN], asked])
print(json.dumps(results))
"""


def with_event(tmp_path: Path, body: str) -> Path:
    """A copy of tiny whose card rally has `body` (effect text) as its event."""
    game = copy_game(FIXTURES / "games" / "tiny", tmp_path)
    cards = game / "cards.yaml"
    text = cards.read_text("utf-8")
    assert RALLY in text
    cards.write_text(text.replace(RALLY, "    event: |\n" + textwrap.indent(body, "      ")), "utf-8")
    return game


def check_and_build(game: Path) -> tuple[subprocess.CompletedProcess, subprocess.CompletedProcess, Path]:
    out = game.parent / "out"
    return run_cli("check", str(game)), run_cli("build", str(game), "--out", str(out)), out


def built_and_played(game: Path, cases: list[tuple[int, list]]) -> list[list]:
    """Check and build must both pass; then what the fresh Python reports for each case."""
    check, build, out = check_and_build(game)
    assert check.returncode == 0, check.stderr
    assert build.returncode == 0, build.stderr
    result = subprocess.run([sys.executable, "-c", PLAY, str(out), json.dumps(cases)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout)


def branch(i: int) -> str:
    return f"turns_taken == {i}"


def chain(body_of) -> str:
    """`if`/`elif` over `turns_taken == i` for i below N - 1, then `turns_taken >= 0`, then else.
    The catch-all comes last, so it is reached only when no branch before it was taken: were the
    tests after a taken branch evaluated, it would see the changed value and take it too."""
    lines = [f"{'if' if i == 0 else 'elif'} {branch(i)}:\n{body_of(i)}" for i in range(N - 1)]
    lines.append(f"elif turns_taken >= 0:\n{body_of(-2)}")
    return "".join(lines) + "else:\n    turns_taken = -1\n"


STARTS = [0, MAX_BRANCHES - 1, MAX_BRANCHES, MAX_BRANCHES + 1, 2_777, N - 2, N - 1, 5_000, -5]


def expected(start: int, picked: int = 0) -> int:
    """What the chain leaves in turns_taken: its branch's mark, the catch-all's or the else's."""
    if start < 0:
        return -1
    return 100_000 + start + picked if start <= N - 2 else -2


def test_an_elif_chain_of_3000_branches_compiles_and_takes_the_right_branch(tmp_path):
    def body(i: int) -> str:
        return "    turns_taken = -2\n" if i < 0 else f"    turns_taken = {100_000 + i}\n"

    results = built_and_played(with_event(tmp_path, chain(body)), [(s, []) for s in STARTS])
    assert results == [[expected(s), []] for s in STARTS]


def test_an_elif_chain_of_3000_branches_that_ask_compiles_and_resumes_in_the_right_branch(tmp_path):
    """Branches that ask a player are blocks of a resumable frame, chosen by a chain of tests."""
    def body(i: int) -> str:
        if i < 0:
            return "    turns_taken = -2\n"
        return f"    let n = player chooses number from 0 to 2\n    turns_taken = {100_000 + i} + n\n"

    results = built_and_played(with_event(tmp_path, chain(body)), [(s, [2]) for s in STARTS])
    assert results == [[expected(s, 2), ["rally.n"] if 0 <= s <= N - 2 else []] for s in STARTS]


def test_a_choice_of_3000_options_compiles_and_runs_the_option_chosen(tmp_path):
    body = "player chooses:\n" + "".join(f'    "o{i}":\n        turns_taken = {100_000 + i}\n'
                                         for i in range(N))
    picks = [0, MAX_BRANCHES - 1, MAX_BRANCHES, 2_777, N - 1]
    results = built_and_played(with_event(tmp_path, body), [(0, [f"o{i}"]) for i in picks])
    assert results == [[100_000 + i, ["rally.option"]] for i in picks]


def test_a_parenthesised_expression_3000_deep_compiles_and_runs(tmp_path):
    body = "turns_taken = " + "(" * N + "2777" + ")" * N + "\n"
    assert built_and_played(with_event(tmp_path, body), [(0, [])]) == [[2_777, []]]


def test_long_chains_nested_to_the_block_limit_with_the_deepest_expression_compile(tmp_path):
    """The lowering of long chains adds one level of Python nesting per chain: chains of more
    than MAX_BRANCHES branches, each holding the next in its last branch, as deep as blocks may
    nest, around an expression as deep as expressions may be, still compile and run."""
    terms = " + ".join(["1"] * (MAX_EXPRESSION_DEPTH - 1))
    body = ""
    for level in range(MAX_BLOCK_DEPTH - 1):  # the assignment inside is the last block level
        pad = "    " * level
        body += "".join(f"{pad}{'if' if i == 0 else 'elif'} turns_taken == {-1 - i}:\n{pad}    pass\n"
                        for i in range(MAX_BRANCHES + 8))
        body += f"{pad}elif true:\n"
    body += "    " * (MAX_BLOCK_DEPTH - 1) + f"turns_taken = turns_taken + {terms}\n"
    assert built_and_played(with_event(tmp_path, body), [(5, [])]) == [[5 + MAX_EXPRESSION_DEPTH - 1, []]]


def test_a_sum_of_10000_terms_is_refused_alike_by_check_and_build(tmp_path):
    game = with_event(tmp_path, "turns_taken = " + " + ".join(["1"] * 10_000) + "\n")
    check, build, out = check_and_build(game)
    line = next(n for n, text in enumerate((game / "cards.yaml").read_text("utf-8").split("\n"), 1)
                if "turns_taken = 1 + 1" in text)
    for result in (check, build):
        assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
        [(where, code)] = HEADER.findall(result.stderr)
        assert code == "E403" and where.endswith(f"tiny/cards.yaml:{line}:21"), result.stderr
        assert f"at most {MAX_EXPRESSION_DEPTH} levels" in result.stderr
    assert HEADER.findall(check.stderr) == HEADER.findall(build.stderr)
    assert not out.exists()
