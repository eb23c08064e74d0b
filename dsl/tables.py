"""Where the effect language's parser tables are kept between runs, if anywhere (dsl/grammar.py).

A module of its own, importing nothing, so that a command can say where before it knows whether
it will parse anything at all (the command line sets it: compiler/cache.py)."""

from __future__ import annotations

from typing import Protocol


class TableStore(Protocol):
    """Text by name; `read` gives None for a name it does not hold."""

    def read(self, name: str) -> str | None: ...

    def write(self, name: str, text: str) -> None: ...


store: TableStore | None = None  # None: the tables are built from the grammar in each run
