"""`kurtyna play`: a person against a random bot, in the terminal."""

from __future__ import annotations

import random
import sys
from typing import TextIO

from compiler.tools.common import UsageError, find_game, parse_options, report, sources_of
from compiler.tools.engines import load_engine
from dsl.runtime.grid import coords
from dsl.runtime.helpers import RuleError
from dsl.runtime.log import lines


def _labels(decision, spec) -> list[str]:
    """The answers as people read them: display names for items, the rest as they are."""
    names = spec.display_of(decision.item_kind) if decision.kind == "item" else None
    if names is None:
        return [str(a) for a in decision.answers]
    return ["done" if raw is None else names[raw] for raw in decision.options]


def _show_answers(answers: list[str], out: TextIO) -> None:
    width = max(len(a) for a in answers) + 6
    columns = max(1, 96 // width)
    for row in range(0, len(answers), columns):
        end = min(row + columns, len(answers))
        cells = [f"{i + 1:>3}. {answers[i]:<{width - 5}}" for i in range(row, end)]
        print("  " + "".join(cells).rstrip(), file=out)


def status(state, only: list[str] | None = None) -> str:
    """The tracks (or those named in `only`), on one line: `score 4 | energy red 1, blue 0 | ...`."""
    spec = state.game.spec
    parts = []
    for track in spec.tracks:
        if only is not None and track.id not in only:
            continue
        if track.per_player:
            values = ", ".join(f"{p} {state.t[track.slot + i]}" for i, p in enumerate(spec.players))
            parts.append(f"{track.id} {values}")
        else:
            parts.append(f"{track.id} {state.t[track.slot]}")
    return " | ".join(parts)


def grid_picture(state, width: int = 18) -> list[str]:
    """The laid spaces of a grid game, row by row, with their counters (one value per player)."""
    spec = state.game.spec
    laid = {coords(c): s for c, s in state.grid.at.items()}
    if not laid:
        return []
    names = spec.display_of("space")
    xs = range(min(x for x, _ in laid), max(x for x, _ in laid) + 1)
    ys = range(min(y for _, y in laid), max(y for _, y in laid) + 1)
    legend = ", ".join(f"{c.id} {'/'.join(spec.players)}" if c.per_player else c.id for c in spec.counters)
    out = [f"  table ({legend}):", "       " + "".join(f"x={x}".ljust(width) for x in xs).rstrip()]
    for y in ys:
        cells = []
        for x in xs:
            space = laid.get((x, y))
            if space is None:
                cells.append(".".ljust(width))
                continue
            values = []
            for rows in state.c:
                cell = rows[space]
                values.append("/".join(map(str, cell)) if isinstance(cell, list) else str(cell))
            label = f"{names[space][:width - 7]} {' '.join(values)}"
            cells.append(label[:width - 1].ljust(width))
        out.append(f"  y={y:<3}" + "".join(cells).rstrip())
    return out


def holdings(state, player: int) -> list[str]:
    """The player's own per-player zones (a hand, say), which only that player sees."""
    spec = state.game.spec
    cards = spec.display_of("card")
    shown = []
    for zone in spec.zones:
        if zone.per_player:
            held = state.zones[zone.slot + player]
            if held:
                shown.append(f"{zone.id}: " + ", ".join(cards[c] for c in held))
    return shown


def play_in_terminal(game, seed: int, human: int, inp: TextIO, out: TextIO) -> int:
    """Play until the end or 'q'. A fault of the rules (RuleError) ends the game: the log up to
    it is shown, and the fault goes on to the caller, which reports it."""
    state = game.new_state(seed)
    log = _Log(state, out)
    try:
        return _play(state, seed, human, inp, out, log)
    except RuleError:
        log.show()
        raise


class _Log:
    """Prints the lines the game log gained since last shown."""

    def __init__(self, state, out: TextIO):
        self.state, self.out, self.shown = state, out, 0

    def show(self) -> None:
        for line in lines(self.state, self.shown):
            print(f"  | {line}", file=self.out)
        self.shown = len(self.state.log)


def _play(state, seed: int, human: int, inp: TextIO, out: TextIO, log: _Log) -> int:
    bot = random.Random(seed)
    spec = state.game.spec
    print(f"{spec.id}: you play {spec.players[human]}; the other side is a random bot. "
          "Type the number or the name of an answer, 'q' to stop.", file=out)
    while not state.is_over():
        log.show()
        decision = state.decision()
        if decision.player != human:
            state.apply_index(bot.randrange(len(decision.options)))
            continue
        print(f"\n[{status(state)}]", file=out)
        for line in grid_picture(state):
            print(line, file=out)
        for line in holdings(state, human):
            print(f"[your {line}]", file=out)
        print(f"{spec.players[human]}, {decision.prompt} - choose:", file=out)
        labels = _labels(decision, spec)
        _show_answers(labels, out)
        while True:
            print("> ", end="", file=out, flush=True)
            text = inp.readline()
            if not text or text.strip() in ("q", "quit"):
                print("\nstopped.", file=out)
                return 0
            choice = text.strip()
            answers = decision.answers
            if choice.isdigit() and 1 <= int(choice) <= len(answers):
                state.apply_index(int(choice) - 1)
                break
            matches = [i for i, (a, label) in enumerate(zip(answers, labels, strict=True))
                       if choice.lower() in (str(a).lower(), label.lower())]
            if matches:
                state.apply_index(matches[0])
                break
            print(f"  not an answer here: give 1-{len(answers)} or a name from the list", file=out)
    log.show()
    result = state.result()
    print(f"\n{result['winner'] or 'nobody'} wins ({result['reason']}).", file=out)
    return 0


def cmd_play(args) -> int:
    from compiler.diagnostics import fault_diagnostic
    from dsl.runtime.helpers import RuleError

    folder = find_game(args.game)
    _, engine = load_engine(folder)
    if engine is None:
        return 1
    try:
        game = engine.Game(parse_options(args.option))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    players = list(engine.SPEC.players)
    side = args.side or players[0]
    if side not in players:
        raise UsageError(f"--as takes one of: {', '.join(players)}")
    try:
        return play_in_terminal(game, args.seed, players.index(side), sys.stdin, sys.stdout)
    except RuleError as fault:  # the rules failed: say where, like a compile error
        sys.stdout.flush()
        diagnostic = fault_diagnostic(fault)
        report([diagnostic], sources_of([diagnostic]))
        return 1
