"""The verb `kurtyna serve [GAME ...]`: compile the games, start the web app, say its address."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.tools.common import UsageError, all_games, find_game
from dsl.printable import terminal_safe

DEFAULT_PORT = 8765


def add_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("game", nargs="*", help="games to serve, by name or path (default: every game "
                       "under content/ and $KURTYNA_CONTENT)")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1, "
                       "this computer only; 0.0.0.0 lets others on the network join by their links)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})")
    serve.add_argument("--watch", action="append", metavar="GAME", help="the author's preview of a game "
                       "(name or path, repeatable): its card faces, reference sheet and board at "
                       "/preview/<game>, drawn again when a file of it is saved, faults shown as check "
                       "shows them")


def served_games(names: list[str], watched: list[str] | None = None):
    """Each game compiled and its engine imported, as `kurtyna play` does; None if one fails. No
    names: every game of the checkout and $KURTYNA_CONTENT; the watched games in any case."""
    from compiler.tools.engines import load_engine
    from compiler.tools.serve.games import ServedGame

    folders = [find_game(name) for name in names] if names else all_games()
    known = {Path(f).resolve() for f in folders}
    folders += [f for f in (find_game(name) for name in watched or []) if Path(f).resolve() not in known]
    if not folders:
        raise UsageError("no games to serve: name a game folder, or run in a checkout with content/")
    games = []
    for folder in folders:
        compiled, engine = load_engine(Path(folder))
        if engine is None:  # its faults are reported, located
            return None
        games.append(ServedGame(Path(folder), compiled, engine))
    return games


def watch(served, names: list[str]) -> list:
    """A preview for each game named, its watcher started."""
    from compiler.tools.serve.preview import Preview

    previews = []
    for name in names:
        folder = find_game(name).resolve()
        game = next(g for g in served.games.values() if g.folder.resolve() == folder)
        preview = Preview(folder, game.compiled)
        served.previews[preview.id] = preview
        preview.start()
        previews.append(preview)
    return previews


def cmd_serve(args) -> int:
    import uvicorn

    from compiler.tools.serve.app import create_app
    from compiler.tools.serve.games import Served

    if not 0 < args.port < 65536:
        raise UsageError(f"--port {args.port}: a port is from 1 to 65535")
    watched = list(args.watch or [])
    games = served_games(args.game, watched)
    if games is None:
        return 1
    served = Served(games)
    previews = watch(served, watched)
    app = create_app(served)
    shown_host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    names = ", ".join(terminal_safe(g.name("en"), keep="") for g in games)
    print(f"kurtyna serve: {names}", flush=True)
    print(f"open http://{shown_host}:{args.port}/ in a browser (Ctrl-C stops the server)", flush=True)
    for preview in previews:
        address = f"http://{shown_host}:{args.port}/preview/{preview.id}"
        print(f"the preview of {preview.id}: {address}", flush=True)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print("others on your network join a game by the links its page lists for each seat", flush=True)
    # Ctrl-C ends the server at once: a page waiting for news (up to 15 s) is not waited for
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=1)
    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:  # Ctrl-C: the pages waiting for news answer now
            served.stopping = True
            super().handle_exit(sig, frame)

    try:
        Server(config).run()
    except OSError as exc:  # the port is taken, or the address is not this computer's
        print(f"kurtyna: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0
