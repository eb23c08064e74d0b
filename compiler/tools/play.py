"""`kurtyna play`: people (one or more seats, hot seat) against bots (random, greedy or ismcts), in the
terminal (compiler/tools/terminal/).
Also the one-line pictures of a state that scenario output uses (`status`, `grid_picture`)."""

from __future__ import annotations

import sys

from compiler.tools.common import UsageError, find_game, parse_options, report, sources_of
from compiler.tools.engines import load_engine
from dsl.printable import terminal_safe
from dsl.runtime.bots import check_bot
from dsl.runtime.grid import coords
from dsl.runtime.helpers import RuleError


def status(state, only: list[str] | None = None) -> str:
    """The tracks (or those named in `only`), on one line: `score 4 | energy red 1, blue 0 | ...`."""
    spec = state.game.spec
    parts = []
    for track in spec.tracks:
        if only is not None and track.id not in only:
            continue
        if track.per_player:
            seated = spec.players[:state.game.player_count]  # the players at the table
            values = ", ".join(f"{p} {state.t[track.slot + i]}" for i, p in enumerate(seated))
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
    seated = state.game.player_count  # per-player values of the players at the table only
    legend = ", ".join(f"{c.id} {'/'.join(spec.players[:seated])}" if c.per_player else c.id
                       for c in spec.counters)
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
                values.append("/".join(map(str, cell[:seated])) if isinstance(cell, list) else str(cell))
            name = terminal_safe(names[space], keep="")  # a name from content: shown, never obeyed
            label = f"{name[:width - 7]} {' '.join(values)}"
            cells.append(label[:width - 1].ljust(width))
        out.append(f"  y={y:<3}" + "".join(cells).rstrip())
    return out


def seats_of(side: str | None, players: list[str], seated: int) -> list[int]:
    """The seats `--as` names (`red,blue`: hot seat), each at the table; default the first."""
    names = [name.strip() for name in (side or players[0]).split(",") if name.strip()]
    at_table = ", ".join(players[:seated])
    if not names:
        raise UsageError(f"--as takes one or more of: {at_table}")
    for name in names:
        if name not in players:
            raise UsageError(f"--as takes one or more of: {at_table} (not '{name}')")
        if players.index(name) >= seated:
            raise UsageError(f"'{name}' is not at the table: {seated} players play ({at_table}); "
                             f"choose one of them, or seat more with --players")
    if len(set(names)) != len(names):
        raise UsageError(f"--as names a player twice: {side}")
    return [players.index(name) for name in names]


def cmd_play(args) -> int:
    from compiler.diagnostics import fault_diagnostic
    from compiler.tools.terminal.session import Session

    folder = find_game(args.game)
    compiled, engine = load_engine(folder)
    if engine is None:
        return 1
    try:
        game = engine.Game(parse_options(args.option), players=getattr(args, "players", None))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    humans = seats_of(args.side, list(engine.SPEC.players), game.player_count)
    try:
        bot = check_bot(getattr(args, "bot", None) or "random")
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    try:  # setup runs as the session starts: a fault there is reported as one later in the game
        session = Session(game, compiled, args.seed, humans, args.lang, sys.stdin, sys.stdout, interactive,
                          bot=bot)
        return session.run()
    except RuleError as fault:  # the rules failed: say where, like a compile error
        sys.stdout.flush()
        diagnostic = fault_diagnostic(fault)
        report([diagnostic], sources_of([diagnostic]))
        return 1
