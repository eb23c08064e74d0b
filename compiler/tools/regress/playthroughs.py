"""Golden playthroughs (issue 16): one whole seeded game per file, as OpenSpiel keeps them.

A playthrough holds every decision of a game where the stable choice (trajectory.py) picks
each answer: who was asked, the prompt, how many answers were legal, the answer taken (as a
player types it) and the log lines written since the previous decision, then the result and the
last log lines. `replay` plays a file again strictly and says where the engine now plays
otherwise; `update` rewrites the files of tests/playthroughs/<game>/seed-N.yaml. A change of
rules or card text that alters play fails the replay at the decision where it shows, and the
regenerated file's diff says what it did.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from compiler import fsio
from compiler.tools.engines import Engines
from compiler.tools.regress.trajectory import Trajectory, play, recorded_result
from dsl.runtime.helpers import RuleError
from dsl.runtime.log import describe

DEFAULT_SEEDS = (1, 2, 3)  # the seeds of a game that has no playthroughs yet
SHOWN = 60  # legal answers a report lists before "and N more"
FILE_NAME = re.compile(r"seed-(\d+)\.yaml")

HEADER = """\
# Golden playthrough: one whole game, every decision taken by the stable choice of
# compiler/tools/regress/trajectory.py. `make test` replays it strictly (tests/tools/test_playthroughs.py).
# Do not edit it by hand. Regenerate: kurtyna regress --update-playthroughs {game}
# A decision: n (its number), log (the lines written since the previous decision), who is asked,
# the prompt, legal (how many answers were legal), answer (the one taken, as a player types it).
"""

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER = yaml.resolver.Resolver()
_PLAIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


def log_line(state: Any, entry: tuple) -> str:
    """A log entry as playthroughs hold it: in words, things named by their ids."""
    return describe(state, entry, ids=True)


# -- writing --------------------------------------------------------------------------------
def record(engine: Any, game_id: str, seed: int, options: dict[str, Any]) -> str:
    """The playthrough file (YAML text) of one game of `engine` (a compiled package) with
    `seed` and `options`; the same arguments always give the same bytes."""
    game = engine.Game(options)
    if game.spec.id != game_id:
        raise ValueError(f"the engine plays '{game.spec.id}', not '{game_id}'")
    trajectory = play(game, seed, line=log_line)
    return render(game_id, seed, options, trajectory, tracks(trajectory.final))


def tracks(state: Any) -> dict[str, Any]:
    """Every track's value (per player: player id -> value): what the log may not say, such
    as a score a change moved without changing who won."""
    spec = state.game.spec
    seated = spec.players[:state.game.player_count]  # the players at the table
    return {track.id: {player: state.t[track.slot + i] for i, player in enumerate(seated)}
            if track.per_player else state.t[track.slot] for track in spec.tracks}


def render(game_id: str, seed: int, options: dict[str, Any], trajectory: Trajectory,
           final: dict[str, Any]) -> str:
    out = [HEADER.format(game=game_id), f"game: {_scalar(game_id)}", f"seed: {seed}"]
    out += _mapping("options", options, "")
    out.append("decisions:")
    for step in trajectory.steps:
        out.append(f"- n: {step.number}")
        out += _log(step.log, "  ")
        out += [f"  who: {_scalar(step.who)}", f"  prompt: {_scalar(step.prompt)}",
                f"  legal: {len(step.answers)}", f"  answer: {_scalar(step.chosen)}"]
    out.append("end:")
    out += _log(trajectory.tail, "  ")
    out += _mapping("result", trajectory.result or {}, "  ")
    out += _mapping("tracks", final, "  ")
    return "\n".join(out) + "\n"


def _log(lines: tuple[str, ...], indent: str) -> list[str]:
    if not lines:
        return []  # an empty log is left out: most decisions follow one another directly
    return [f"{indent}log:"] + [f"{indent}- {_quoted(line)}" for line in lines]


def _mapping(key: str, values: dict[str, Any], indent: str) -> list[str]:
    if not values:
        return [f"{indent}{key}: {{}}"]
    return [f"{indent}{key}:"] + [f"{indent}  {_scalar(k)}: {_scalar(values[k])}" for k in sorted(values)]


def _scalar(value: Any) -> str:
    """A YAML scalar (or a flow mapping or list of them, in its own order) that reads back as
    `value`: plain when it is safe, else quoted."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_scalar(k)}: {_scalar(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):  # the players of a shared win
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    plain = _PLAIN.fullmatch(text) and _RESOLVER.resolve(yaml.ScalarNode, text, (True, False)) \
        == "tag:yaml.org,2002:str"
    return text if plain else _quoted(text)


def _quoted(text: str) -> str:
    """A double-quoted YAML scalar; what is not printable is escaped, so the file stays text."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch.isprintable():
            out.append(ch)
        else:
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000
                       else f"\\U{code:08x}")
    return '"' + "".join(out) + '"'


# -- reading --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Expected:
    """One recorded decision."""

    n: int
    log: tuple[str, ...]
    who: str
    prompt: str
    legal: int
    answer: str


class PlaythroughError(ValueError):
    """A playthrough file that cannot be read as text: where, and what to do."""


def read(path: Path) -> str:
    """A playthrough file's text. A file edited by hand into another encoding, or that is not a
    file, is a PlaythroughError naming the file and the line and column of the first bad byte."""
    try:
        data = path.read_bytes()
    except OSError as exc:  # a folder named seed-1.yaml, no permission
        raise PlaythroughError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - data.rfind(b"\n", 0, exc.start)
        raise PlaythroughError(
            f"{path}:{line}:{column}: not UTF-8 (byte 0x{data[exc.start]:02x}); save the file as "
            f"UTF-8, or delete it and record it anew: kurtyna regress --update-playthroughs "
            f"{path.parent.name}") from None


def load(source: str | Path | dict) -> dict[str, Any]:
    """A playthrough's data (text, a path or parsed YAML), checked; ValueError says what is wrong."""
    if isinstance(source, Path):
        source = read(source)
    try:
        data = yaml.load(source, Loader=_LOADER) if isinstance(source, str) else source
    except (yaml.YAMLError, RecursionError) as exc:  # RecursionError: nesting hundreds deep
        raise ValueError(f"not YAML: {exc}") from None
    if not isinstance(data, dict) or not {"game", "seed", "decisions", "end"} <= set(data):
        raise ValueError("a playthrough is a mapping with game, seed, options, decisions and end")
    options = data.get("options") or {}
    decisions, end = data["decisions"] or [], data["end"]
    if not isinstance(options, dict) or not isinstance(decisions, list) or not isinstance(end, dict):
        raise ValueError("options and end are mappings, decisions a list")
    steps = [_expected(i, item) for i, item in enumerate(decisions)]
    result, final = end.get("result"), end.get("tracks", {})
    if not isinstance(result, dict) or not isinstance(final, dict):
        raise ValueError("end: the result and the tracks are mappings")
    return {"game": str(data["game"]), "seed": data["seed"], "options": options, "decisions": steps,
            "tail": _lines(end.get("log"), "end"), "result": result, "tracks": final}


def _expected(i: int, item: Any) -> Expected:
    keys = ("n", "who", "prompt", "legal", "answer")
    if not isinstance(item, dict) or not set(keys) <= set(item):
        raise ValueError(f"decisions[{i}]: a decision has n, who, prompt, legal and answer")
    if item["n"] != i or not isinstance(item["legal"], int):
        raise ValueError(f"decisions[{i}]: numbered {item['n']!r}, legal {item['legal']!r}")
    return Expected(i, _lines(item.get("log"), f"decision {i}"), str(item["who"]), str(item["prompt"]),
                    item["legal"], str(item["answer"]))


def _lines(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ValueError(f"{where}: the log is a list of lines")
    return tuple(map(str, value))


# -- replaying ------------------------------------------------------------------------------
def replay(engine: Any, source: str | Path | dict) -> list[str]:
    """Play a playthrough again with `engine`, strictly; the problems, empty when it is exact.

    At every recorded decision the log since the previous one, the player asked, the prompt
    and the number of legal answers must be the same, and the recorded answer legal; the
    replay stops at the first decision where something differs and says what, both sides.
    At the end the last log lines, the result and every track must be the same."""
    try:
        data = load(source)
    except ValueError as exc:
        return [f"not a playthrough: {exc}"]
    if data["game"] != engine.Game.spec.id:
        return [f"a playthrough of '{data['game']}', but the engine plays '{engine.Game.spec.id}'"]
    try:
        state = engine.Game(data["options"]).new_state(data["seed"])
    except (ValueError, RuleError) as exc:  # a bad option or seed, or a fault in the setup
        return [f"the game does not start: {exc}"]
    seen = 0
    for step in data["decisions"]:
        problems = _check(state, step, seen)
        if problems:
            return problems
        seen = len(state.log)
        decision = state.decision()
        answers = [str(decision.external(raw)) for raw in decision.options]
        try:
            state.apply_index(answers.index(step.answer))
        except RuleError as exc:
            return [f"decision {step.n}: the answer '{step.answer}' leads the rules into a fault: {exc}"]
    return _check_end(state, data, seen)


def _check(state: Any, step: Expected, seen: int) -> list[str]:
    """What differs at one recorded decision, before its answer is given."""
    where = f"decision {step.n}"
    problems = _log_difference(where, step.log, _since(state, seen))
    decision = state.decision()
    if decision is None:
        return problems + [f"{where}: the game is over ({_result(state.result())}), but the file goes "
                           f"on: {step.who} is asked '{step.prompt}'"]
    if (decision.who, decision.prompt) != (step.who, step.prompt):
        problems.append(f"{where}: {decision.who} is asked '{decision.prompt}'; "
                        f"the file has {step.who} asked '{step.prompt}'")
    answers = [str(decision.external(raw)) for raw in decision.options]
    if len(answers) != step.legal:
        problems.append(f"{where}: {len(answers)} legal answers to '{decision.prompt}'; "
                        f"the file has {step.legal}")
    if step.answer not in answers:
        problems.append(f"{where}: the recorded answer '{step.answer}' to '{decision.prompt}' "
                        f"({decision.who}) is not legal; legal: {_listed(answers)}")
    return problems


def _check_end(state: Any, data: dict[str, Any], seen: int) -> list[str]:
    last = len(data["decisions"]) - 1
    where = f"the end (after decision {last})"
    problems = _log_difference(where, data["tail"], _since(state, seen), "after the last decision")
    if not state.is_over():
        decision = state.decision()
        answers = [str(decision.external(raw)) for raw in decision.options]
        return problems + [f"{where}: the file ends the game ({_result(data['result'])}), but it goes on: "
                           f"{decision.who} is asked '{decision.prompt}'; legal: {_listed(answers)}"]
    if recorded_result(state.result()) != data["result"]:
        problems.append(f"{where}: the result differs\n  recorded: {_result(data['result'])}\n"
                        f"  now:      {_result(recorded_result(state.result()))}")
    now = tracks(state)
    for name in sorted(set(now) | set(data["tracks"])):
        if now.get(name) != data["tracks"].get(name):
            problems.append(f"{where}: the track {name} differs\n  recorded: {data['tracks'].get(name)}\n"
                            f"  now:      {now.get(name)}")
    return problems


def _since(state: Any, seen: int) -> tuple[str, ...]:
    return tuple(log_line(state, entry) for entry in state.log[seen:])


def _log_difference(where: str, recorded: tuple[str, ...], now: tuple[str, ...],
                    span: str = "since the previous decision") -> list[str]:
    """The first log line that differs, both sides and the line before it; [] when none does."""
    for i in range(max(len(recorded), len(now))):
        old = recorded[i] if i < len(recorded) else "(no line)"
        new = now[i] if i < len(now) else "(no line)"
        if old != new:
            before = f"\n  after:    {recorded[i - 1]}" if i else ""
            return [f"{where}: log line {i + 1} {span} differs{before}\n"
                    f"  recorded: {old}\n  now:      {new}"]
    return []


def _listed(answers: list[str]) -> str:
    more = f" and {len(answers) - SHOWN} more" if len(answers) > SHOWN else ""
    return f"({len(answers)}) " + ", ".join(answers[:SHOWN]) + more


def _result(result: dict[str, Any] | None) -> str:
    return ", ".join(f"{key}={value}" for key, value in sorted((result or {}).items()))


# -- updating -------------------------------------------------------------------------------
def planned(folder: Path) -> list[tuple[int, dict[str, Any]]]:
    """The seeds of a game's playthrough folder with the options each file was recorded with
    (DEFAULT_SEEDS and no options when there is none yet)."""
    found = []
    for path in folder.glob("seed-*.yaml") if folder.is_dir() else ():
        match = FILE_NAME.fullmatch(path.name)
        if match:
            found.append((int(match.group(1)), _options_of(path)))
    return sorted(found, key=lambda pair: pair[0]) or [(seed, {}) for seed in DEFAULT_SEEDS]


def _options_of(path: Path) -> dict[str, Any]:
    """The options in a file's header; a file that does not say gets no options. PlaythroughError
    for a file that is not UTF-8 text: its options cannot be trusted, so it is not rewritten."""
    head = read(path).split("\ndecisions:", 1)[0]
    try:
        data = yaml.load(head, Loader=_LOADER)
    except (yaml.YAMLError, RecursionError):
        return {}
    options = data.get("options") if isinstance(data, dict) else None
    return options if isinstance(options, dict) else {}


def update(games: dict[str, Any], root: Path) -> list[Path]:
    """Rewrite root/<game id>/seed-N.yaml for every game (id -> compiled package) and each of
    its seeds (see `planned`); the paths whose content changed. Each file is written atomically
    and only when its text changed, one writer per game folder."""
    changed: list[Path] = []
    plans = {game_id: planned(Path(root) / game_id) for game_id in games}  # a bad file: nothing written
    for game_id, engine in sorted(games.items()):
        folder = Path(root) / game_id
        with fsio.output_lock(folder):
            for seed, options in plans[game_id]:
                path = folder / f"seed-{seed}.yaml"
                if fsio.write_if_changed(path, record(engine, game_id, seed, options)):
                    changed.append(path)
    return changed


def update_playthroughs(game_folders: list[Path], out_root: Path) -> list[Path]:
    """`kurtyna regress --update-playthroughs`: compile each game content folder and rewrite its
    playthroughs under out_root/<game id>/; the files whose content changed. A game that does
    not compile raises CompileError (with its diagnostics) before any file is written."""
    engines = Engines()
    games: dict[str, Any] = {}
    for folder in game_folders:
        compiled, _, module = engines.get(Path(folder))
        games[compiled.game.id] = module
    return update(games, out_root)
