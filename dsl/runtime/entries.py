"""The log a state keeps (and its history of answers): its entries in order, the older ones
shared with the state's copies.

Entries are tuples of ids and numbers (what happened; dsl/runtime/log.py puts them in words when
they are read). A log only grows, so every full chunk of CHUNK entries is made a tuple that never
changes again, and a copy of the state (`copy`) shares those chunks and copies only the last,
unfinished one: copying a state late in a game no longer copies its log, and a thousand copies
of one state hold its history once.

`Log` reads as the list it replaces: `len(log)`, `log[i]`, `log[start:]` (a list), iteration, and
equality with a list or another log.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

CHUNK = 64


class Log:
    __slots__ = ("chunks", "tail")

    def __init__(self, entries: Any = ()) -> None:
        self.chunks: list[tuple] = []  # full, never changed again: shared by copies
        self.tail: list[tuple] = []
        for entry in entries:
            self.append(entry)

    def append(self, entry: tuple) -> None:
        tail = self.tail
        tail.append(entry)
        if len(tail) == CHUNK:
            self.chunks.append(tuple(tail))
            self.tail = []

    def copy(self) -> Log:
        new = Log.__new__(Log)
        new.chunks, new.tail = self.chunks[:], self.tail[:]
        return new

    def __len__(self) -> int:
        return len(self.chunks) * CHUNK + len(self.tail)

    def __iter__(self) -> Iterator[tuple]:
        for chunk in self.chunks:
            yield from chunk
        yield from self.tail

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return list(self)[index]
            return [self._at(i) for i in range(start, stop)]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("log index out of range")
        return self._at(index)

    def _at(self, i: int) -> tuple:
        chunk, offset = divmod(i, CHUNK)
        return self.chunks[chunk][offset] if chunk < len(self.chunks) else self.tail[offset]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it changes

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"
