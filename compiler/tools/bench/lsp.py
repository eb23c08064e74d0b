"""`kurtyna bench --lsp`: how soon `kurtyna lsp` publishes fresh faults after an edit of one card.

The server is started as an editor starts it (a process, JSON-RPC over its stdin and stdout), the
file of one card is opened, and once the first check is out the card is edited again and again,
each edit a real change from the one before: a few letters put before its English text, taken
away, a number of its effect changed, put back. For each edit two times are taken: from the
edit to the server's `$/kurtyna/checked` (what the author waits, the quiet time after typing
included), and the server's own time from the end of that quiet time to the published lists
(`seconds` of the notification: what checking only what changed is about).
"""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Any

from compiler.tools.common import UsageError

CHECKED = "$/kurtyna/checked"
WAIT = 120.0  # seconds for any one answer: a first check of a large game on a busy machine
LETTERS = "Qq "  # put before a text: no number, place, side or marker word the lint looks for


@dataclass
class Edit:
    """One change of a file, as LSP places it (0-based line, UTF-16 characters)."""

    line: int
    start: int
    end: int
    new: str


class Client:
    """A minimal LSP client over a process's pipes: requests, notifications, what came back."""

    def __init__(self, cwd: Path) -> None:
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen([sys.executable, "-m", "compiler.cli", "lsp"], cwd=cwd,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log)
        self.inbox: queue.Queue[tuple[float, dict]] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.process.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            if length is not None:
                self.inbox.put((time.monotonic(), json.loads(out.read(length))))

    def send(self, message: dict) -> None:
        body = json.dumps(dict(message, jsonrpc="2.0")).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: Any) -> float:
        sent = time.monotonic()
        self.send({"method": method, "params": params})
        return sent

    def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        asked = self.next_id
        self.send({"id": asked, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == asked and "method" not in m)[1].get("result")

    def wait(self, wanted: Any) -> tuple[float, dict]:
        """The first message `wanted(message)` accepts (requests of the server answered with null)."""
        end = time.monotonic() + WAIT
        while True:
            try:
                at, message = self.inbox.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                raise UsageError(f"kurtyna lsp sent no answer in {WAIT:.0f} s{self.said()}") from None
            if "method" in message and "id" in message:  # the server asks: an editor would answer
                self.send({"id": message["id"], "result": None})
            if wanted(message):
                return at, message

    def said(self) -> str:
        if self.process.poll() is None:
            return ""
        self.log.seek(0)
        tail = self.log.read().decode("utf-8", errors="replace")[-2000:]
        return f"; it ended with code {self.process.returncode}:\n{tail}"

    def close(self) -> None:
        try:
            if self.process.poll() is None:
                self.request("shutdown", None)
                self.notify("exit", None)
                self.process.wait(timeout=10)
        except (OSError, UsageError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        finally:
            self.log.close()


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def card_edits(folder: Path, card_id: str | None) -> tuple[str, Path, list[tuple[Edit, Edit]]]:
    """The card to edit (the first whose event holds a one-digit number, or `card_id`), its file,
    and the pairs of edits (a change, and the change undone): letters before its English text
    (when it has one), one number of its effect."""
    from compiler.pipeline import compile_game
    from dsl import ast

    compiled = compile_game(folder)
    program = compiled.program
    for card in compiled.game.cards:
        unit = program.card_events.get(card.id)
        if unit is None or card_id not in (None, card.id):
            continue
        lines = card.doc.text.splitlines()
        digits = [unit.locate(n.span) for n in unit.tree.walk()
                  if isinstance(n, ast.IntLit) and 0 <= n.value <= 9]
        digits = [w for w in digits if 0 < w.line <= len(lines)
                  and re.match(r"\d(?!\d)", lines[w.line - 1][w.col - 1:w.col + 1])]
        if not digits:
            continue
        path = Path(os.path.abspath(card.doc.path))
        where = digits[0]
        line = lines[where.line - 1]
        at = _utf16(line[:where.col - 1])
        old = line[where.col - 1]
        new = str(int(old) + 1) if old != "9" else "8"
        pairs = [(Edit(where.line - 1, at, at + 1, new), Edit(where.line - 1, at, at + 1, old))]
        origin = card.doc.origins.get(card.path + ("text", "en"))
        if origin is not None:
            at = _utf16(lines[origin.line - 1][:origin.col - 1])
            pairs.insert(0, (Edit(origin.line - 1, at, at, LETTERS),
                             Edit(origin.line - 1, at, at + len(LETTERS), "")))
        return card.id, path, pairs
    raise UsageError(f"{folder.name}: no card " + (f"'{card_id}' " if card_id else "")
                     + "has an event with a number from 0 to 9 to edit")


def measure_lsp(folder: Path, edits: int, card_id: str | None = None) -> dict[str, Any]:
    """Open the card's file in a new `kurtyna lsp`, edit it `edits` times; the times taken."""
    folder = Path(os.path.abspath(folder))
    card, path, pairs = card_edits(folder, card_id)
    uri = path.as_uri()
    text = path.read_text("utf-8")
    client = Client(Path.cwd())
    try:
        client.request("initialize", {"processId": os.getpid(), "rootUri": folder.as_uri(),
                                      "capabilities": {}})
        client.notify("initialized", {})
        opened = client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": text}})
        first, _ = client.wait(lambda m: m.get("method") == CHECKED)
        totals, checks, debounce = [], [], None
        for number in range(edits):
            pair = pairs[(number // 2) % len(pairs)]
            edit = pair[number % 2]
            sent = client.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": number + 2},
                "contentChanges": [{"range": {"start": {"line": edit.line, "character": edit.start},
                                              "end": {"line": edit.line, "character": edit.end}},
                                    "text": edit.new}]})
            at, message = client.wait(lambda m: m.get("method") == CHECKED)
            totals.append(at - sent)
            checks.append(float(message["params"].get("seconds", at - sent)))
            debounce = message["params"].get("debounce", debounce)
    finally:
        client.close()

    def figures(values: list[float]) -> dict[str, float]:
        ms = [v * 1000 for v in values]
        return {"median": round(median(ms), 1), "min": round(min(ms), 1), "max": round(max(ms), 1)}

    return {"game": folder.name, "card": card, "file": os.path.relpath(path, folder), "edits": edits,
            "debounce_ms": round((debounce or 0) * 1000, 1),
            "first_check_ms": round((first - opened) * 1000, 1),
            "check_ms": figures(checks), "total_ms": figures(totals)}
