"""Scenario files: a rulebook's worked example as a test (`kurtyna test`).

A scenario names its game and source, a start (`bare`: the declared start values; `game`: the
game's own setup and play, with its chance forced by `setup:` if need be), changes to that start
(`state:`), steps, and expectations, at the end and between steps; at the end the game's own
invariants (game.yaml `invariants`) must hold too. Steps and expectations are written in the
effect language and compiled against the game, so an unknown country or a type error in a
scenario is reported at its line like any content fault. See docs/scenarios.md.
The parts: scenario_game.py (finding the game, the files to run), scenario_state.py (`state:`),
scenario_steps.py (running steps), scenario_expect.py (expectations), scenario_show.py (`show:`).
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
from compiler.tools.common import report, sources_of
from compiler.tools.engines import Engines
from compiler.tools.test.scenario_expect import check_expectations, compile_expectations
from compiler.tools.test.scenario_game import scenario_targets
from compiler.tools.test.scenario_show import check_show, show_lines
from compiler.tools.test.scenario_state import apply_overrides, state_overrides
from compiler.tools.test.scenario_steps import StepFailed, check_refused, fault_text, legal, run_do
from dsl.printable import terminal_safe
from dsl.runtime import IllegalAnswer
from dsl.runtime.helpers import RuleError
from dsl.runtime.invariants import content_violations
from dsl.runtime.options import OptionError

ACTIONS = ("do", "answer", "refuse")  # what a step does to the game; `expect` and `show` only look


@dataclass
class Outcome:
    path: str
    title: str
    source: str
    failures: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)  # what `show:` steps printed, in order
    players: int | None = None  # the scenario's `players:`, if it sets the count

    @property
    def ok(self) -> bool:
        return not self.failures


@dataclass
class _Compiled:
    """A scenario checked against its game: what its steps and expectations run."""

    doc: Document
    data: dict
    game: Any  # the compiled game model (names, types)
    module: Any  # the game's engine
    namespace: dict
    step_names: dict[int, str]
    overrides: list[tuple]
    card_index: dict[str, int]
    engines: Engines


def run_scenario(path: Path, engines: Engines, content: Path | None = None) -> Outcome:
    """Run one scenario file. `content`: a folder of games to look the scenario's game up in
    (`--content`), besides the scenario's own folder, ./content and the checkout's content."""
    scenario = _compile(path, engines, content)
    doc, data = scenario.doc, scenario.data
    outcome = Outcome(str(path), data.get("title", path.stem), data["source"], players=data.get("players"))
    state = _start(scenario, outcome)
    if state is None:
        return outcome
    apply_overrides(state, scenario.module, scenario.overrides)
    steps = data["steps"]
    for i, step in enumerate(steps):
        label = f"step {i + 1} ({_line(doc, ('steps', i))})"
        try:
            _run_step(scenario, i, step, state, label)
        except StepFailed as failed:
            outcome.failures.append(str(failed))
        except RuleError as fault:  # a fault of the rules, at its place in the content
            outcome.failures.append(f"{label}: {fault_text(fault)}")
        except IllegalAnswer as fault:  # e.g. a forced draw that is not there
            outcome.failures.append(f"{label}: {fault}")
        if "show" in step:
            lines = show_lines(state, scenario.game, step["show"])
            outcome.shown.extend([f"show at {label}:"] + [f"  {line}" for line in lines])
        if outcome.failures:
            return outcome
        if "expect" in step:
            failures = check_expectations(doc, step["expect"], ("steps", i, "expect"),
                                          f"step_{i + 1}_expect_", scenario.namespace, state)
            if failures:
                outcome.failures.extend(f"{label}: {failure}" for failure in failures)
                return outcome
        if state.over and any(a in later for later in steps[i + 1:] for a in ACTIONS):
            outcome.failures.append(f"{label}: the game ended ({state.reason}) before the last step")
            return outcome
    outcome.failures.extend(check_expectations(doc, data.get("expect", []), ("expect",), "expect_",
                                               scenario.namespace, state))
    if not outcome.failures:  # the game's own invariants (game.yaml `invariants`) hold at the end
        outcome.failures.extend(f"at the end: {wrong}" for wrong in content_violations(state))
    return outcome


def _compile(path: Path, engines: Engines, content: Path | None) -> _Compiled:
    """Load the scenario, find and compile its game, and check every part of the scenario
    against it; CompileError with every fault found."""
    shown = str(path)
    diags = Diagnostics()
    doc = load_file(path, shown, diags)
    if doc is None or not schema.check(doc, "scenario", diags):
        raise CompileError(diags.sorted())
    data = doc.data
    folder = engines.folder_of(doc, path, content, diags)
    if folder is None:
        raise CompileError(diags.sorted())
    compiled, package, module = engines.get(folder)
    text = path.read_bytes()
    kept = engines.checks.lookup(folder, path, text, package)  # compiled in an earlier run
    source = _compile_checks(doc, compiled, package, diags) if kept is None else kept
    for i, step in enumerate(data["steps"]):
        if "show" in step:
            check_show(doc, compiled.game, step["show"], ("steps", i, "show"), diags)
    overrides = state_overrides(doc, compiled, data, diags)
    card_index = {cid: i for i, (cid, _) in enumerate(compiled.game.physical_cards())}
    _check_draws(doc, data, card_index, diags)
    try:
        engines.game(module, data.get("options") or {}, data.get("players"))
    except OptionError as exc:
        at = ("players",) if exc.option == "players" else ("options",)
        diags.error("E204" if at == ("options",) else "E205", str(exc), doc.span(at),
                    _players_hint(compiled.game) if at == ("players",) else None)
    if diags.has_errors:
        raise CompileError(diags.sorted())
    if kept is None:
        engines.checks.keep(folder, path, text, package, source)
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<{shown}>", "exec"), namespace)
    step_names = {i: f"step_{i + 1}" for i, step in enumerate(data["steps"]) if "do" in step}
    return _Compiled(doc, data, compiled.game, module, namespace, step_names, overrides, card_index, engines)


def _compile_checks(doc: Document, compiled: Any, package: str, diags: Diagnostics) -> str:
    """The scenario's `do:` steps and expectations resolved against the game, and the Python
    source that runs them (kept between runs: compiler/tools/test/scenario_cache.py)."""
    data, program = doc.data, compiled.program
    steps: list[tuple[str, Unit]] = []
    conditions: list[tuple[str, Unit]] = []
    for i, step in enumerate(data["steps"]):
        if "do" in step:
            unit = Unit("scenario", f"step_{i + 1}", step["do"], doc, ("steps", i, "do"))
            if resolve_statements(program, unit, diags):
                steps.append((f"step_{i + 1}", unit))
        elif not any(key in step for key in ACTIONS + ("expect", "show")):
            diags.error("E201", "a step needs 'do', 'answer', 'refuse', 'expect' or 'show'",
                        doc.span(("steps", i)))
        if "expect" in step:
            conditions += compile_expectations(program, doc, step["expect"], ("steps", i, "expect"),
                                               f"step_{i + 1}_expect_", diags)
    if "expect" not in data and not any("expect" in step for step in data["steps"]):
        diags.error("E201", "a scenario needs expectations: a top-level 'expect:' or a step "
                    "'- expect: [...]'", doc.span(()))
    conditions += compile_expectations(program, doc, data.get("expect", []), ("expect",), "expect_", diags)
    return "" if diags.has_errors else render_checks(program, package, steps, conditions)


def _players_hint(game) -> str:
    low, high, default = game.seats()
    return f"give a number from {low} to {high}, or leave out 'players' (then {default})"


def _check_draws(doc: Document, data: dict, card_index: dict[str, int], diags: Diagnostics) -> None:
    """Forced draws name cards of the game; `setup:` forces chance only where setup runs."""
    places = [(("steps", i, "draws"), step.get("draws", [])) for i, step in enumerate(data["steps"])]
    places.append((("setup", "draws"), (data.get("setup") or {}).get("draws", [])))
    for at, cards in places:
        for j, card in enumerate(cards):
            if card not in card_index and f"{card}.1" in card_index:
                diags.error("E304", f"'{card}' is a card with copies: a forced draw names one copy",
                            doc.span(at + (j,)), f"name the copy: {card}.1, {card}.2, ...")
            elif card not in card_index:
                diags.error("E301", f"unknown card '{card}'", doc.span(at + (j,)),
                            did_you_mean(str(card), list(card_index)))
    if "setup" in data and data.get("start", "bare") != "game":
        diags.error("E202", "'setup:' forces the chance of the game's setup, which only "
                    "'start: game' runs", doc.key_span(("setup",)), "add 'start: game'")


def _start(scenario: _Compiled, outcome: Outcome):
    """The state the steps start from; None (with the failure in `outcome`) when the game's
    setup cannot take the forced chance of `setup:`."""
    data = scenario.data
    game = scenario.engines.game(scenario.module, data.get("options") or {}, data.get("players"))
    seed = data.get("seed", 1)
    if data.get("start", "bare") != "game":
        return game.bare_state(seed)
    setup = data.get("setup") or {}
    draws = [scenario.card_index[c] for c in setup.get("draws", [])]
    dice = setup.get("dice", [])

    def force(state) -> None:
        if draws:
            state.force_draws(*draws)
        if dice:
            state.force_rolls(*dice)

    label = f"setup ({_line(scenario.doc, ('setup',))})"
    try:
        state = game.new_state(seed, before_setup=force)
    except RuleError as fault:
        outcome.failures.append(f"{label}: {fault_text(fault)}")
        return None
    except IllegalAnswer as fault:  # a forced draw that is not in the pile, a roll no die shows
        outcome.failures.append(f"{label}: {fault}")
        return None
    left = []
    if state.forced_draws:
        left.append("draws " + ", ".join(state.game.spec.cards[c] for c in state.forced_draws))
    if state.forced:
        left.append("dice " + ", ".join(map(str, state.forced)))
    if left:
        decision = state.decision()
        asked = f"asked '{decision.prompt}' of {decision.who}" if decision else "ended"
        outcome.failures.append(f"{label}: the game {asked} before setup took the forced "
                                f"{' and '.join(left)}")
        return None
    return state


def _run_step(scenario: _Compiled, i: int, step: dict, state, label: str) -> None:
    """The step's forced chance, then its `do`, `answer` and `refuse`; StepFailed if one cannot go on."""
    if step.get("dice"):
        state.force_rolls(*step["dice"])
    if step.get("draws"):
        state.force_draws(*(scenario.card_index[c] for c in step["draws"]))
    if "do" in step:
        run_do(scenario.namespace[scenario.step_names[i]], state, step.get("answers", []), label)
    for answer in step.get("answer", []):
        decision = state.decision()
        if decision is None:
            raise StepFailed(f"{label}: the game is over; nothing is asked for '{answer}'")
        try:
            state.apply(answer)
        except IllegalAnswer:
            raise StepFailed(f"{label}: '{answer}' is not a legal answer to '{decision.prompt}' "
                             f"({decision.who}); legal answers: {legal(decision)}") from None
    for answer in step.get("refuse", []):
        check_refused(state.decision(), answer, label)


def _line(doc: Document, path: tuple) -> str:
    return f"line {doc.span(path).line}"


def cmd_test(args) -> int:
    from compiler.tools.output import diagnostic_json, print_json

    files = scenario_targets(args.target)
    content = Path(args.content) if getattr(args, "content", None) else None
    engines = Engines()
    passed = failed = 0
    rows = []
    for path in files:
        try:
            outcome = run_scenario(path, engines, content)
        except CompileError as exc:
            failed += 1
            rows.append({"path": str(path), "ok": False, "failures": [],
                         "diagnostics": [diagnostic_json(d) for d in exc.diagnostics]})
            if not args.json:
                report(exc.diagnostics, sources_of(exc.diagnostics))
            continue
        passed += outcome.ok
        failed += not outcome.ok
        row = {"path": outcome.path, "title": outcome.title, "source": outcome.source, "ok": outcome.ok,
               "failures": outcome.failures, "shown": outcome.shown, "diagnostics": []}
        seats = f" ({outcome.players} players)" if outcome.players is not None else ""
        if outcome.players is not None:
            row["players"] = outcome.players
        rows.append(row)
        if args.json:
            continue
        # titles, failures and shown states come from the scenario and the game: shown, never obeyed
        print(terminal_safe(f"{'PASS' if outcome.ok else 'FAIL'} {outcome.path}  {outcome.title}{seats} "
                            f"[{outcome.source}]", keep=""))
        for line in outcome.shown + outcome.failures:
            print(terminal_safe(f"     {line}"))
    engines.checks.save()
    status = 0 if failed == 0 else 1
    if args.json:
        print_json({"scenarios": rows, "passed": passed, "failed": failed, "exit": status})
    else:
        print(f"{passed} passed, {failed} failed")
    return status
