"""The log a state keeps (and its history of answers): its entries in order, the older ones
shared with the state's copies.

Entries are tuples of ids and numbers (what happened; dsl/runtime/log.py puts them in words when
they are read). A log only grows, so every full chunk of CHUNK entries becomes a tuple that never
changes again, and a copy of the state (`copy`) shares those chunks and copies only the last,
unfinished one: copying a state late in a game does not copy its log, and a thousand copies of
one state hold its history once. A log that is copied or loaded has its full chunks packed into
bytes first (marshal, then zlib: about 11 bytes an entry instead of about 180 as tuples), so the
states a bot or a save keeps stay small however long their game; a state that goes on alone (a
random playout) never pays for packing. A chunk is unpacked only when it is read (the last one
read is kept). marshal packs only the standard types; a chunk holding anything else stays a
tuple. marshal never reads bytes from outside: only chunks this module packed are unpacked.

`Log` reads as the list it replaces: `len(log)`, `log[i]`, `log[start:]` (a list), iteration, and
equality with a list or another log.
"""

from __future__ import annotations

import marshal
import zlib
from collections.abc import Iterator
from typing import Any

CHUNK = 64


def _pack(entries: list) -> bytes | tuple:
    try:
        return zlib.compress(marshal.dumps(tuple(entries)), 1)
    except ValueError:  # an entry of a type marshal does not write: kept as it is
        return tuple(entries)


class Log:
    __slots__ = ("chunks", "tail", "_read")

    def __init__(self, entries: Any = ()) -> None:
        self.chunks: list[bytes | tuple] = []  # full, packed, never changed again: shared by copies
        self.tail: list[tuple] = []
        self._read: tuple[int, tuple] = (-1, ())  # the chunk read last, unpacked
        for entry in entries:
            self.append(entry)
        self.pack()

    def append(self, entry: tuple) -> None:
        tail = self.tail
        tail.append(entry)
        if len(tail) == CHUNK:
            self.chunks.append(tuple(tail))
            self.tail = []

    def pack(self) -> None:
        """Pack every full chunk not packed yet (each is packed once, then shared as it is)."""
        chunks = self.chunks
        for i in range(len(chunks) - 1, -1, -1):
            if type(chunks[i]) is bytes:
                break  # packed from the first chunk up to here
            chunks[i] = _pack(chunks[i])

    def copy(self) -> Log:
        self.pack()
        new = Log.__new__(Log)
        new.chunks, new.tail, new._read = self.chunks[:], self.tail[:], self._read
        return new

    def _chunk(self, i: int) -> tuple:
        index, entries = self._read
        if index != i:
            packed = self.chunks[i]
            entries = marshal.loads(zlib.decompress(packed)) if type(packed) is bytes else packed
            self._read = (i, entries)
        return entries

    def __len__(self) -> int:
        return len(self.chunks) * CHUNK + len(self.tail)

    def __iter__(self) -> Iterator[tuple]:
        for i in range(len(self.chunks)):
            yield from self._chunk(i)
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
        return self._chunk(chunk)[offset] if chunk < len(self.chunks) else self.tail[offset]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it changes

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"
