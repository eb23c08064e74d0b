"""Scenario files: a rulebook's worked example as a test (`kurtyna test`).

A scenario names its game and source, a start (`bare`: the declared start values; `game`: the
game's own setup and play), changes to that start (`state:`), steps, and expectations. Steps
and expectations are written in the effect language and compiled against the game, so an
unknown country or a type error in a scenario is reported at its line like any content fault.
See docs/scenarios.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.back.python.lower import render_checks
from compiler.diagnostics import CompileError, Diagnostics, did_you_mean, fault_diagnostic
from compiler.front import schema
from compiler.front.loader import Document, load_file
from compiler.front.resolve import Unit, resolve_condition, resolve_statements
from compiler.pipeline import Compiled
from compiler.tools.common import CONTENT, UsageError, report, sources_of
from compiler.tools.engines import Engines
from dsl.runtime import GameOver, IllegalAnswer
from dsl.runtime.faults import located
from dsl.runtime.helpers import RuleError
from dsl.runtime.log import lines as log_lines


@dataclass
class Outcome:
    path: str
    title: str
    source: str
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def _state_overrides(doc: Document, compiled: Compiled, data: dict, diags: Diagnostics) -> list[tuple]:
    """Check `state:` against the game's declarations; return (kind, id, value, path) items."""
    game = compiled.game
    tracks, counters, zones = (game.by_id(game.tracks), game.by_id(game.counters),
                               game.by_id(game.zones))
    variables = game.by_id(game.variables)
    slot = {v.id: i for i, v in enumerate(game.variables)}
    players = [p.id for p in game.players]
    spaces = [s.id for s in game.spaces]
    cards = [c.id for c in game.cards]
    out: list[tuple] = []

    def need(kind: str, value: Any, known: list[str], path: tuple) -> bool:
        if value in known:
            return True
        diags.error("E301", f"unknown {kind} '{value}'", doc.key_span(path) if path[-1] == value
                    else doc.span(path), did_you_mean(str(value), known))
        return False

    def number(value: Any, path: tuple) -> bool:
        if isinstance(value, int) and not isinstance(value, bool):
            return True
        diags.error("E202", f"expected a whole number, got '{value}'", doc.span(path))
        return False

    for name, value in (data.get("state") or {}).items():
        path = ("state", name)
        if name in tracks:
            track = tracks[name]
            if track.per_player and isinstance(value, dict):
                for player, v in value.items():
                    if need("player", player, players, path + (player,)) and number(v, path + (player,)):
                        out.append(("track", name, (player, v), path))
            elif not track.per_player and number(value, path):
                out.append(("track", name, (None, value), path))
            elif track.per_player:
                diags.error("E202", f"track '{name}' is per player: give values by player",
                            doc.span(path), f"{name}: {{{players[0]}: ...}}")
        elif name in counters:
            counter = counters[name]
            if not isinstance(value, dict):
                diags.error("E202", f"counter '{name}' takes values by space", doc.span(path))
                continue
            for space, cell in value.items():
                where = path + (space,)
                if not need("space", space, spaces, where):
                    continue
                if counter.per_player:
                    if not isinstance(cell, dict):
                        diags.error("E202", f"'{name}' is per player: give values by player",
                                    doc.span(where), f"{space}: {{{players[0]}: ...}}")
                        continue
                    for player, v in cell.items():
                        at = where + (player,)
                        if need("player", player, players, at) and number(v, at):
                            out.append(("counter", name, (space, player, v), where))
                elif number(cell, where):
                    out.append(("counter", name, (space, None, cell), where))
        elif name in zones:
            zone = zones[name]
            groups = value.items() if zone.per_player and isinstance(value, dict) else [(None, value)]
            for player, listed in groups:
                where = path + ((player,) if player else ())
                if player is not None and not need("player", player, players, where):
                    continue
                if not isinstance(listed, list):
                    diags.error("E202", f"zone '{name}' takes a list of cards"
                                + (" by player" if zone.per_player and player is None else ""),
                                doc.span(where))
                    continue
                for j, card in enumerate(listed):
                    if need("card", card, cards, where + (j,)):
                        out.append(("zone", name, (player, card), where + (j,)))
        elif name in variables:
            kind = variables[name].type
            entities = {"player": players, "space": spaces, "card": cards}
            if kind in entities:
                if need(kind, value, entities[kind], path):
                    out.append(("variable", name, (kind, value, slot[name]), path))
            elif kind == "bool" and not isinstance(value, bool):
                diags.error("E202", f"variable '{name}' is true or false, not '{value}'", doc.span(path))
            elif kind == "bool" or number(value, path):
                out.append(("variable", name, (kind, value, slot[name]), path))
        else:
            known = list(tracks) + list(counters) + list(zones) + list(variables)
            diags.error("E301", f"'{name}' is no track, counter, zone or variable of '{game.id}'",
                        doc.key_span(path), did_you_mean(name, known))
    return out


def _apply_overrides(state, module, overrides: list[tuple]) -> None:
    spec = module.SPEC
    names = {k: {n: i for i, n in enumerate(getattr(spec, k))} for k in ("players", "spaces", "cards")}
    tracks = {t.id: t for t in spec.tracks}
    counters = {c.id: i for i, c in enumerate(spec.counters)}
    zones = {z.id: z for z in spec.zones}
    for kind, name, value, _ in overrides:
        if kind == "variable":
            typ, v, index = value
            state.v[index] = names[typ + "s"][v] if typ + "s" in names else v
        elif kind == "track":
            player, v = value
            track = tracks[name]
            state.t[track.slot + (names["players"][player] if player else 0)] = v
        elif kind == "counter":
            space, player, v = value
            cells = state.c[counters[name]]
            s = names["spaces"][space]
            if player is None:
                cells[s] = v
            else:
                cells[s][names["players"][player]] = v
        else:
            player, card = value
            zone = zones[name]
            state.move(names["cards"][card], zone.slot + (names["players"][player] if player else 0))


def _do(step, state, answers: list, label: str) -> None:
    """Run a `do` step on the state. Its code runs outside the state's own loop, so a fault of
    the rules is located here, as the state would (dsl/runtime/faults.py)."""
    state.steps = state.step_limit
    try:
        _drive(step(state), answers, label, state)
    except GameOver as over:
        state.end(over.winner, over.reason)
    except _StepFailed:
        raise
    except Exception as exc:
        fault = located(exc)
        if fault is exc:
            raise
        raise fault from exc


def _drive(gen, answers: list, label: str, state) -> None:
    """Run a step's generator, answering its decisions in order."""
    if not hasattr(gen, "send"):
        return
    pending = list(answers)
    decision = next(gen, None)
    while decision is not None:
        if not pending:
            gen.close()
            raise _StepFailed(f"{label} asks '{decision.prompt}' of {decision.who}, but no "
                              f"answer is left; legal answers: {_legal(decision)}")
        answer = pending.pop(0)
        if isinstance(answer, dict):  # {refuse: x}: x must be illegal here; the decision stays
            _check_refused(decision, answer["refuse"], label)
            continue
        try:
            raw = decision.raw(answer)
        except IllegalAnswer:
            gen.close()
            raise _StepFailed(f"{label}: '{answer}' is not a legal answer to '{decision.prompt}' "
                              f"({decision.who}); legal answers: {_legal(decision)}") from None
        state.steps = state.step_limit  # each decision starts a fresh count, as in the state's loop
        try:
            decision = gen.send(raw)
        except StopIteration:
            decision = None
    if pending:
        raise _StepFailed(f"{label} did not use these answers: {pending}")


def _check_refused(decision, answer: Any, label: str) -> None:
    """A refused answer must be illegal for the decision; nothing is applied."""
    if decision is None:
        raise _StepFailed(f"{label}: the game is over; nothing is asked that could refuse '{answer}'")
    try:
        decision.raw(answer)
    except IllegalAnswer:
        return
    raise _StepFailed(f"{label}: '{answer}' should not be a legal answer to '{decision.prompt}' "
                      f"({decision.who}), but it is; legal answers: {_legal(decision)}")


def _legal(decision) -> str:
    answers = decision.answers
    return ", ".join(map(str, answers[:40])) + (" ..." if len(answers) > 40 else "")


class _StepFailed(Exception):
    pass


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
    conditions: list[tuple[str, Unit]] = []
    for j, item in enumerate(data["expect"]):
        if isinstance(item, str):
            unit = Unit("scenario", f"expect_{j + 1}", item, doc, ("expect", j))
            if resolve_condition(program, unit, diags):
                conditions.append((f"expect_{j + 1}", unit))
    overrides = _state_overrides(doc, compiled, data, diags)
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
    _apply_overrides(state, module, overrides)
    for i, step in enumerate(data["steps"]):
        label = f"step {i + 1} ({_line(doc, ('steps', i))})"
        if step.get("dice"):
            state.force_rolls(*step["dice"])
        if step.get("draws"):
            state.force_draws(*(card_index[c] for c in step["draws"]))
        try:
            if "do" in step:
                _do(namespace[step_names[i]], state, step.get("answers", []), label)
            for answer in step.get("answer", []):
                decision = state.decision()
                if decision is None:
                    raise _StepFailed(f"{label}: the game is over; nothing is asked for '{answer}'")
                try:
                    state.apply(answer)
                except IllegalAnswer:
                    raise _StepFailed(f"{label}: '{answer}' is not a legal answer to "
                                      f"'{decision.prompt}' ({decision.who}); legal "
                                      f"answers: {_legal(decision)}") from None
            for answer in step.get("refuse", []):
                _check_refused(state.decision(), answer, label)
        except _StepFailed as failed:
            outcome.failures.append(str(failed))
            return outcome
        except RuleError as fault:  # a fault of the rules, at its place in the content
            outcome.failures.append(f"{label}: {_fault_text(fault)}")
            return outcome
        except IllegalAnswer as fault:  # e.g. a forced draw that is not there
            outcome.failures.append(f"{label}: {fault}")
            return outcome
        if state.over and i + 1 < len(data["steps"]):
            outcome.failures.append(f"{label}: the game ended ({state.reason}) before the last step")
            return outcome
    _check_expectations(doc, data, namespace, state, outcome)
    return outcome


def _fault_text(fault: RuleError) -> str:
    """`path:line:col: error[R1xx]: message`, and the hint on a line of its own."""
    diagnostic = fault_diagnostic(fault)
    hint = f"\n       hint: {diagnostic.hint}" if diagnostic.hint else ""
    return diagnostic.render().splitlines()[0] + hint


def _line(doc: Document, path: tuple) -> str:
    span = doc.span(path)
    return f"line {span.line}"


def _check_expectations(doc, data, namespace, state, outcome: Outcome) -> None:
    for j, item in enumerate(data["expect"]):
        where = f"{doc.path}:{doc.span(('expect', j)).line}"
        if isinstance(item, str):
            name = f"expect_{j + 1}"
            try:
                holds = namespace[name](state)
            except Exception as exc:  # the expectation itself fails (a division by zero...)
                outcome.failures.append(f"{where}: {_fault_text(located(exc))}")
                continue
            if not holds:
                detail = ""
                if f"{name}_sides" in namespace:
                    left, right = namespace[f"{name}_sides"](state)
                    detail = f" (left side is {left!r}, right side {right!r})"
                outcome.failures.append(f"{where}: expected {item.strip()}{detail}")
            continue
        if "winner" in item:
            want = item["winner"]
            got = state.result()
            got_winner = None if got is None else (got["winner"] or "draw")
            if got is None or got_winner != want:
                outcome.failures.append(f"{where}: expected winner {want}, but "
                                        f"{'the game is not over' if got is None else got_winner}")
        if "over" in item and state.over != item["over"]:
            outcome.failures.append(f"{where}: expected the game {'over' if item['over'] else 'going on'}")
        if "log" in item and not any(entry[0] == "say" and entry[1] == item["log"] for entry in state.log):
            outcome.failures.append(f"{where}: expected a log entry '{item['log']}'")
        if "log_lines" in item:
            # a text may quote either form of a line: with ids or with display names
            forms = list(zip(log_lines(state, ids=True), log_lines(state), strict=True))
            missing = _first_missing_in_order(forms, item["log_lines"])
            if missing is not None:
                outcome.failures.append(f"{where}: expected a log line containing '{missing}' after the "
                                        f"lines before it; the log:\n    "
                                        + "\n    ".join(log_lines(state, ids=True)))


def _first_missing_in_order(lines: list[tuple[str, ...]], wanted: list[str]) -> str | None:
    """The first wanted text not found in a line (any of its forms) after the previous match."""
    at = 0
    for text in wanted:
        while at < len(lines) and not any(text in form for form in lines[at]):
            at += 1
        if at == len(lines):
            return text
        at += 1
    return None


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
