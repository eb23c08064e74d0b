"""What one check of a game computed, kept in memory for the next check of the same game.

An editor's language server (`kurtyna lsp`) and the preview's watcher (`kurtyna serve --watch`)
check a game again after every edit, and an edit changes one file, often one card. The passes
that cost most keep their results here, each under a key made of everything the result depends
on, compared by value (the text of a file, never its time), so that a result is reused only
where computing it again would give the same answer: a kept result never changes an answer
(docs/design.md, "Answering at once"; the test compares every answer with a cold check's).

Nothing is kept unless a caller asks for it (`keeping()`): a command run once from the terminal
computes everything as ever. A result that wrote faults keeps them (`Recorded`), so reusing it
writes the same faults again. Each table keeps its newest entries only (`Memo.size`).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from compiler.diagnostics import Diagnostic, Diagnostics

_on: ContextVar[bool] = ContextVar("memo_on", default=False)
_tables: dict[str, Memo] = {}
_lock = threading.Lock()


class Memo:
    """One table of kept results, the newest `size` of them."""

    def __init__(self, name: str, size: int) -> None:
        self.name = name
        self.size = size
        self.entries: OrderedDict[Any, Any] = OrderedDict()

    def get(self, key: Any) -> Any:
        """The kept result for `key`, or None (and always None unless `keeping()`)."""
        if not _on.get():
            return None
        with _lock:
            found = self.entries.get(key)
            if found is not None:
                self.entries.move_to_end(key)
            return found

    def put(self, key: Any, value: Any) -> Any:
        if _on.get() and value is not None:
            with _lock:
                self.entries[key] = value
                self.entries.move_to_end(key)
                while len(self.entries) > self.size:
                    self.entries.popitem(last=False)
        return value

    def kept(self, key: Any, make: Callable[[], Any]) -> Any:
        """The result for `key`: the kept one, else `make()`, kept."""
        found = self.get(key)
        return found if found is not None else self.put(key, make())


def table(name: str, size: int) -> Memo:
    """The table `name` (made on first use): each module that keeps results names its own."""
    with _lock:
        if name not in _tables:
            _tables[name] = Memo(name, size)
        return _tables[name]


def keeping_on() -> bool:
    return _on.get()


@contextmanager
def keeping() -> Iterator[None]:
    """While the block runs, the passes reuse and keep their results (in this thread of work)."""
    token = _on.set(True)
    try:
        yield
    finally:
        _on.reset(token)


def clear() -> None:
    """Forget every kept result (a test's cold check)."""
    with _lock:
        for memo in _tables.values():
            memo.entries.clear()


def digest(*parts: str | bytes) -> str:
    """A hash of the parts, each told apart from the next."""
    h = hashlib.blake2b(digest_size=20)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


@dataclass(frozen=True)
class Recorded:
    """A result and the faults computing it wrote."""

    value: Any
    faults: tuple[Diagnostic, ...]


def recorded(memo: Memo, key: Any, diags: Diagnostics, make: Callable[[Diagnostics], Any]) -> Any:
    """`make(sink)`'s result, kept under `key` with the faults it wrote; the faults go to `diags`
    (in the pass `diags` is in) whether the result was made now or kept."""
    if not _on.get():
        return make(diags)
    found = memo.get(key)
    if found is None:
        sink = Diagnostics(current_phase=diags.current_phase)
        found = memo.put(key, Recorded(make(sink), tuple(sink.items)))
    diags.extend(found.faults)
    return found.value
