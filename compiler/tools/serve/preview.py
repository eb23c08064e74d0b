"""The author's preview of `kurtyna serve --watch GAME`: the game's printed card faces, its reference
sheet and board, as they change.

A watcher thread looks at the game folder's files four times a second; when one changed (saved,
added, removed), the game is checked again as `kurtyna check` checks it (every fault:
compiler.pipeline.checked_game). A game without faults becomes the preview's new
version; a game with faults keeps the last good version on show and puts the faults beside it,
each as `kurtyna check` prints it (file, line, column, the line with its caret, the hint).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from compiler.tools.serve.faces import Faces

POLL_SECONDS = 0.25
SETTLE_SECONDS = 0.05  # a change is checked once the files stayed alike this long (a save being written)
SETTLE_LOOKS = 20  # then checked all the same: a file written without end must not hold the preview
MAX_FILES = 20_000  # files of a game folder watched; a game has a few dozen


class Preview:
    def __init__(self, folder: Path, compiled: Any):
        self.folder = folder.resolve()
        self.compiled = compiled  # the last version without faults
        self.version = 1
        self.fault: str | None = None  # the faults of the files as they are now, as check prints them
        self.faces = Faces()
        self.lock = threading.Lock()
        self._seen = self._signature()
        self._stop = threading.Event()

    @property
    def id(self) -> str:
        return self.compiled.game.id

    def _signature(self) -> tuple:
        """Every regular file of the game folder with its size and modification time: walked with
        a list, not recursion (a folder from someone else may nest a thousand levels), never
        through a link, never opening a file (a FIFO is only looked at), MAX_FILES at most."""
        out: list[tuple[str, int, int]] = []
        folders = [str(self.folder)]
        while folders and len(out) < MAX_FILES:
            try:
                entries = list(os.scandir(folders.pop()))
            except OSError:  # removed while we looked, or not readable: the next look sees it
                continue
            for entry in entries:
                try:
                    if entry.is_dir(follow_symlinks=False):
                        folders.append(entry.path)
                    elif entry.is_file(follow_symlinks=False):
                        info = entry.stat(follow_symlinks=False)
                        out.append((entry.path, info.st_size, info.st_mtime_ns))
                except OSError:
                    continue
        return tuple(sorted(out))

    def start(self) -> None:
        threading.Thread(target=self._watch, name=f"kurtyna-watch-{self.id}", daemon=True).start()

    def stop(self) -> None:
        self._stop.set()

    def _watch(self) -> None:
        self._warm()
        while not self._stop.wait(POLL_SECONDS):
            seen = self._signature()
            if seen != self._seen:
                self._seen = self._settled(seen)
                self.refresh()

    def _settled(self, seen: tuple) -> tuple:
        """The files once they stop changing: an editor that truncates a file and then writes it
        would otherwise show the author a flash of "the file is empty"."""
        for _ in range(SETTLE_LOOKS):
            if self._stop.wait(SETTLE_SECONDS):
                break
            again = self._signature()
            if again == seen:
                break
            seen = again
        return seen

    def _warm(self) -> None:
        """One check at the start, kept in memory, so the author's first edit is redrawn as fast
        as the next ones (the game was loaded from the user's cache, which keeps no passes)."""
        from compiler.diagnostics import CompileError
        from compiler.pipeline import checked_game

        try:
            checked_game(self.folder, keep=True)
        except CompileError:  # the page shows the faults once a file changes; nothing to keep yet
            pass

    def refresh(self) -> None:
        """Check the game as its files are now: a new version, or the faults beside the last one."""
        from compiler.diagnostics import CompileError
        from compiler.pipeline import checked_game
        from compiler.tools.common import sources_of

        try:  # the checked game is the one shown; what an edit left alone is reused (compiler/memo.py)
            compiled = checked_game(self.folder, keep=True)
        except CompileError as exc:
            shown = "\n\n".join(d.render(sources_of([d])) for d in exc.diagnostics)
            with self.lock:
                self.fault = shown
                self.version += 1
            return
        with self.lock:
            self.compiled, self.fault = compiled, None
            self.faces = Faces()  # a face kept on disk is keyed by the files, so it comes back at once
            self.version += 1

    def state(self, lang: str) -> dict[str, Any]:
        from compiler.back.sheets.single import card_ids
        from compiler.tools.terminal.words import Words

        with self.lock:
            compiled, version, fault = self.compiled, self.version, self.fault
        words = Words(compiled, lang)
        cards = [{"id": card, "name": words.name(card),
                  "face": f"/preview-card/{self.id}/{version}/{lang}/{card}.png"}
                 for card in card_ids(compiled)]
        return {"version": version, "fault": fault, "game": words.name(self.id), "lang": lang, "cards": cards,
                "sheets": {name: f"/preview-sheet/{self.id}/{version}/{lang}/{name}.html"
                           for name in ("reference", "board")}}

    def card(self, card: str) -> dict[str, Any] | None:
        """A card for its author: its effect's source, its printed text in each language, and its
        catalog entries with their state (translated, stale, missing)."""
        from compiler.back.i18n.translations import game_catalog
        from compiler.back.text import card_text

        with self.lock:
            compiled = self.compiled
        entry = next((c for c in compiled.game.cards if c.id == card), None)
        if entry is None:
            return None
        entries = {}
        for lang in ("pl", "cs"):
            catalog, _ = game_catalog(compiled, lang)
            entries[lang] = [{"key": key, "source": e.source, "translation": e.translation,
                              "state": "stale" if e.fuzzy else "translated" if e.translated else "missing"}
                             for key, e in sorted(catalog.entries.items()) if key.split(".")[1:2] == [card]]
        return {"id": card, "source": entry.event or "", "texts": {lang: card_text(compiled, card, lang) or ""
                                                                     for lang in ("en", "pl", "cs")},
                "entries": entries}

    def sheet(self, name: str, lang: str) -> str | None:
        """The reference sheet or the board as the sheets print them (HTML), None if the game has none."""
        from compiler.back.sheets.layout import PAPERS
        from compiler.back.sheets.words import Words

        with self.lock:
            compiled = self.compiled
        words = Words(compiled, lang)
        if name == "reference":
            from compiler.back.sheets.reference import reference_html

            return reference_html(words, PAPERS["a4"])
        if name == "board":
            if compiled.game.sheets.board is None:  # a game with no printed board
                return None
            from compiler.back.sheets.board_sheet import board_html

            return board_html(words, PAPERS["a4"])
        return None
