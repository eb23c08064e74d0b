"""The games open in the editor: when each is checked, and what was published for it.

A game is checked when one of its files is opened or saved (at once) and after an edit (once the
edits pause: DEBOUNCE seconds). Checks run one at a time on a thread of their own, so the server
keeps answering hovers while one runs; a check that a newer edit has overtaken publishes nothing.
Every file of the game gets its list, an empty one clearing what an earlier check published.
"""

from __future__ import annotations

import asyncio
import logging
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types

from compiler.tools.lsp.checking import Checked, check
from compiler.tools.lsp.convert import lines_of, lsp_diagnostic
from compiler.tools.lsp.files import disk_bytes, game_folder, is_inside, path_of, uri_of
from compiler.tools.lsp.symbols import Symbols

CHECKED = "$/kurtyna/checked"
# Seconds of quiet after an edit before the game is checked: shorter than the pause between two
# keys of a typist (0.15-0.3 s), as editors' own servers wait (docs/editors.md); a check after
# an edit of one card takes about 0.2 s (docs/benchmarks.md), so waiting longer would double it.
DEBOUNCE = 0.1
log = logging.getLogger(__name__)


@dataclass
class GameState:
    folder: Path
    generation: int = 0  # bumped by every request for a check; a check of an older one is stale
    timer: asyncio.Task | None = None  # a check waiting for the edits to pause
    checked: Checked | None = None  # the latest check
    published: set[Path] = field(default_factory=set)
    symbols: Symbols | None = None  # the names of `made_from`, made when first asked
    made_from: Checked | None = None  # the latest check whose game compiled


class Session:
    """The server's games, by folder."""

    def __init__(self, server) -> None:
        self.server = server
        self.games: dict[Path, GameState] = {}
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kurtyna-check")

    # -- which game
    def game_of(self, uri: str) -> GameState | None:
        """The game a document is of, or None (not a file, or in no game folder)."""
        path = path_of(uri)
        folder = game_folder(path) if path is not None else None
        if folder is None:
            return None
        return self.games.setdefault(folder, GameState(folder))

    def symbols_of(self, uri: str) -> Symbols | None:
        """The names of the document's game, as its latest check that compiled found them."""
        game = self.game_of(uri)
        if game is None or game.made_from is None:
            return None
        if game.symbols is None:
            game.symbols = Symbols(game.made_from.compiled, game.made_from.texts)
        return game.symbols

    def buffers(self, folder: Path) -> dict[Path, bytes]:
        """The open documents of a game folder whose text differs from the disk's, as bytes (a
        lone surrogate kept as it came, so the check reports the file as not UTF-8)."""
        out = {}
        for uri, doc in list(self.server.workspace.text_documents.items()):
            path = path_of(uri)
            if path is None or not is_inside(path, folder):
                continue
            data = doc.source.encode("utf-8", errors="surrogatepass")
            if data != disk_bytes(path, folder):
                out[path] = data
        return out

    # -- checks
    def request(self, uri: str, delay: float, reuse: bool = False) -> None:
        """Check the document's game after `delay` seconds; with `reuse`, a game whose buffers are
        what the last check saw is published again, not checked again (a file opened)."""
        game = self.game_of(uri)
        if game is None:
            return
        game.generation += 1
        if game.timer is not None:
            game.timer.cancel()
        game.timer = asyncio.get_running_loop().create_task(self._run(game, delay, game.generation, reuse))

    async def _run(self, game: GameState, delay: float, generation: int, reuse: bool) -> None:
        if delay:
            await asyncio.sleep(delay)
        game.timer = None  # from here on the check runs to its end
        started = time.monotonic()
        buffers = self.buffers(game.folder)
        if reuse and game.checked is not None and game.checked.buffers == buffers:
            self.publish(game, game.checked, started)
            return
        try:
            checked = await asyncio.get_running_loop().run_in_executor(self.pool, check, game.folder, buffers)
        except Exception:  # a Kurtyna bug: say so in the editor's log, keep serving
            log.error("checking %s failed:\n%s", game.folder, traceback.format_exc())
            self.server.window_log_message(types.LogMessageParams(
                types.MessageType.Error, f"kurtyna: checking {game.folder} failed (a Kurtyna bug):\n"
                + traceback.format_exc()))
            return
        if generation != game.generation:
            return  # an edit came while it ran: the newer check publishes
        game.checked = checked
        if checked.compiled is not None:  # else the names of the last game that compiled still serve
            game.symbols, game.made_from = None, checked
        self.publish(game, checked, started)

    def publish(self, game: GameState, checked: Checked, started: float) -> None:
        """Every file's list; `started`: when the quiet time after the edits ended."""
        codec = self.server.workspace.position_codec
        files = {*checked.files, *checked.faults}
        for path in sorted(files | game.published):
            faults = checked.faults.get(path, [])
            lines = lines_of(checked.texts.get(path, "")) if faults else []  # a file's lines: only to place
            found = [lsp_diagnostic(d, lines, codec) for d in faults]
            self.server.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri_of(path), diagnostics=found))
        game.published = files
        # a check's lists are all out (`$/`: a client may ignore it); tests and the benchmark wait on
        # it, the benchmark reading how long the check took from the end of the quiet time
        self.server.protocol.notify(CHECKED, {"folder": str(game.folder), "files": len(files),
                                              "seconds": time.monotonic() - started, "debounce": DEBOUNCE})

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
