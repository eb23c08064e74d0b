"""Scenario files: a rulebook's worked example as a test (`kurtyna test`).

A scenario names its game and source, a start (`bare`: the declared start values; `game`: the
game's own setup and play), changes to that start (`state:`), steps, and expectations. Steps
and expectations are written in the effect language and compiled against the game, so an
unknown country or a type error in a scenario is reported at its line like any content fault.
See docs/scenarios.md. The parts: scenario_state.py (`state:`), scenario_steps.py (running
steps), scenario_expect.py (expectations).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.back.python.lower import render_checks
from compiler.diagnostics import CompileError, Diagnostics, did_you_mean
from compiler.front import schema
from compiler.front.loader import Document, load_file
from compiler.front.resolve import Unit, resolve_statements
from compiler.tools.common import CONTENT, UsageError, report, sources_of
from compiler.tools.engines import Engines
from compiler.tools.scenario_expect import check_expectations, compile_expectations
from compiler.tools.scenario_state import apply_overrides, state_overrides
from compiler.tools.scenario_steps import StepFailed, check_refused, fault_text, legal, run_do
from dsl.runtime import IllegalAnswer
from dsl.runtime.helpers import RuleError


@dataclass
class Outcome:
    path: str
    title: str
    source: str
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def run_scenario(path: Path, engines: Engines, content: Path) -> Outcome:
    shown = str(path)
    diags = Diagnostics()
    doc = load_file(path, shown, diags)
    if doc is None or not schema.check(doc, "scenario", diags):
        raise CompileError(diags.sorted())
    data = doc.data
    outcome = Outcome(shown, data.get("title", path.stem), data["source"])
    folder = path.parent / data["game"]  # a path relative to the scenario, or a name
    if not (folder / "game.yaml").is_file():
        folder = content / data["game"]
    if not (folder / "game.yaml").is_file():
        diags.error("E301", f"unknown game '{data['game']}'", doc.span(("game",)),
                    did_you_mean(data["game"], [p.name for p in content.iterdir() if p.is_dir()]))
        raise CompileError(diags.sorted())
    compiled, package, module = engines.get(folder)
    program = compiled.program
    steps: list[tuple[str, Unit]] = []
    for i, step in enumerate(data["steps"]):
        if "do" in step:
            unit = Unit("scenario", f"step_{i + 1}", step["do"], doc, ("steps", i, "do"))
            if resolve_statements(program, unit, diags):
                steps.append((f"step_{i + 1}", unit))
        elif "answer" not in step and "refuse" not in step:
            diags.error("E201", "a step needs 'do', 'answer' or 'refuse'", doc.span(("steps", i)))
    conditions = compile_expectations(program, doc, data["expect"], ("expect",), "expect_", diags)
    overrides = state_overrides(doc, compiled, data, diags)
    card_index = {c.id: i for i, c in enumerate(compiled.game.cards)}
    for i, step in enumerate(data["steps"]):
        for j, card in enumerate(step.get("draws", [])):
            if card not in card_index:
                diags.error("E301", f"unknown card '{card}'", doc.span(("steps", i, "draws", j)),
                            did_you_mean(str(card), list(card_index)))
    options = data.get("options") or {}
    try:
        game = module.Game(options)
    except ValueError as exc:
        diags.error("E204", str(exc), doc.span(("options",)))
    if diags.has_errors:
        raise CompileError(diags.sorted())

    namespace: dict[str, Any] = {}
    exec(compile(render_checks(program, package, steps, conditions), f"<{shown}>", "exec"), namespace)
    step_names = {unit.path[1]: name for name, unit in steps}
    if data.get("start", "bare") == "game":
        state = game.new_state(data.get("seed", 1))
    else:
        state = game.bare_state(data.get("seed", 1))
    apply_overrides(state, module, overrides)
    for i, step in enumerate(data["steps"]):
        label = f"step {i + 1} ({_line(doc, ('steps', i))})"
        if step.get("dice"):
            state.force_rolls(*step["dice"])
        if step.get("draws"):
            state.force_draws(*(card_index[c] for c in step["draws"]))
        try:
            if "do" in step:
                run_do(namespace[step_names[i]], state, step.get("answers", []), label)
            for answer in step.get("answer", []):
                decision = state.decision()
                if decision is None:
                    raise StepFailed(f"{label}: the game is over; nothing is asked for '{answer}'")
                try:
                    state.apply(answer)
                except IllegalAnswer:
                    raise StepFailed(f"{label}: '{answer}' is not a legal answer to "
                                      f"'{decision.prompt}' ({decision.who}); legal "
                                      f"answers: {legal(decision)}") from None
            for answer in step.get("refuse", []):
                check_refused(state.decision(), answer, label)
        except StepFailed as failed:
            outcome.failures.append(str(failed))
            return outcome
        except RuleError as fault:  # a fault of the rules, at its place in the content
            outcome.failures.append(f"{label}: {fault_text(fault)}")
            return outcome
        except IllegalAnswer as fault:  # e.g. a forced draw that is not there
            outcome.failures.append(f"{label}: {fault}")
            return outcome
        if state.over and i + 1 < len(data["steps"]):
            outcome.failures.append(f"{label}: the game ended ({state.reason}) before the last step")
            return outcome
    outcome.failures.extend(check_expectations(doc, data["expect"], ("expect",), "expect_", namespace, state))
    return outcome


def _line(doc: Document, path: tuple) -> str:
    span = doc.span(path)
    return f"line {span.line}"


def scenario_files(targets: list[Path]) -> list[Path]:
    files: list[Path] = []
    for target in targets:
        if target.is_dir():
            files.extend(sorted(target.rglob("*.yaml")))
        else:
            files.append(target)
    return files

EXAMPLES = Path("tests") / "examples"


def cmd_test(args) -> int:
    targets: list[Path] = []
    for arg in args.target or [str(EXAMPLES)]:
        path = Path(arg)
        if path.exists():
            targets.append(path)
        elif (EXAMPLES / arg).is_dir():
            targets.append(EXAMPLES / arg)
        else:
            raise UsageError(f"no scenarios at '{arg}': name a game with scenarios under {EXAMPLES}/, "
                             "a folder, or a scenario file")
    files = scenario_files(targets)
    if not files:
        raise UsageError("no scenario files found")
    engines = Engines()
    passed = failed = 0
    for path in files:
        try:
            outcome = run_scenario(path, engines, CONTENT)
        except CompileError as exc:
            report(exc.diagnostics, sources_of(exc.diagnostics))
            failed += 1
            continue
        if outcome.ok:
            passed += 1
            print(f"PASS {outcome.path}  {outcome.title} [{outcome.source}]")
        else:
            failed += 1
            print(f"FAIL {outcome.path}  {outcome.title} [{outcome.source}]")
            for failure in outcome.failures:
                print(f"     {failure}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1
