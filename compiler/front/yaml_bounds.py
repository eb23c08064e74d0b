"""The bounds of a YAML file Kurtyna reads (E107, docs/errors.md): a file may come from someone
else, so its size is checked before anything parses it, its nesting and its number of values as
the parser goes (PyYAML's pure scanner takes time proportional to the nesting for every token, so
a line of 200,000 `[` never ended), and the digits of its numbers (compiler/front/loader.py)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

import yaml

INT_PATTERN = re.compile(r"[-+]?[0-9]+|0x[0-9a-fA-F]+|0o[0-7]+")
FLOAT_PATTERN = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")

# What one YAML file may hold (E107, docs/errors.md). Each is far above what a game needs and far
# below what would make reading slow: the largest content file is 50 KB, 2,608 values, 8 levels
# deep, its longest number 4 digits (tests/front/test_hostile_yaml.py measures them). The pure
# parser (used where libyaml is missing or differs) reads a 4 MB file of real content in about 2 s
# and the worst 50,000 values (deep brackets, all on one line) in about 2.5 s, in under 100 MB.
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 100  # levels of lists and mappings inside each other
MAX_NODES = 50_000  # values: scalars, lists and mappings
MAX_DIGITS = 40  # digits of a number, as in a save (dsl/runtime/save.py)


def number_fault(text: str) -> str | None:
    """What is wrong with a plain scalar read as a number, if it is one too long to hold."""
    if INT_PATTERN.fullmatch(text):
        digits = len(text.lstrip("+-")) - (2 if text.startswith(("0x", "0o")) else 0)
        if digits > MAX_DIGITS:
            return f"a number of {digits} digits; a number in a YAML file has at most {MAX_DIGITS}"
    elif FLOAT_PATTERN.fullmatch(text) and any(ch.isdigit() for ch in text):
        digits = sum(ch.isdigit() for ch in text)
        if digits > MAX_DIGITS:
            return f"a number of {digits} digits; a number in a YAML file has at most {MAX_DIGITS}"
        if math.isinf(float(text)):
            return f"'{text}' is too large to be a number"
    return None


class InputLimit(Exception):
    """A file beyond what Kurtyna reads (E107), found at `mark` while parsing."""

    def __init__(self, message: str, mark: yaml.Mark | None, hint: str):
        super().__init__(message)
        self.message, self.mark, self.hint = message, mark, hint


_TOO_DEEP = f"lists and mappings nested more than {MAX_DEPTH} levels deep"
_TOO_DEEP_HINT = "a content file nests a few levels (the real games at most 8); flatten the data"


class BoundedLoader(yaml.SafeLoader):
    """PyYAML's pure parser, refusing flow nesting past MAX_DEPTH as it scans.

    Its scanner keeps a possible simple key per open `[` or `{` and walks them all for every token
    (`stale_possible_simple_keys`, `next_possible_simple_key`), and it scans a whole line of
    brackets ahead before the parser takes the first: 200,000 `[` on a line never ended, 400 KB of
    them took 206 s. So the level is checked where the scanner raises it, counting what the parser
    will count (`counted` refuses the same collection, at the same place, from libyaml's events).
    A scan of the text beforehand would have to know, as the scanner does, which brackets lie in
    quotes, comments and plain scalars (`[a "[[[` holds one bracket of a list, then text), and
    one that guessed wrong could be led past. Block nesting costs the scanner nothing per level."""

    def fetch_flow_collection_start(self, TokenClass) -> None:  # TokenClass: PyYAML's name
        # the open collections: the flow ones, and the block ones (each has its indentation)
        if self.flow_level + len(self.indents) > MAX_DEPTH:
            raise InputLimit(_TOO_DEEP, self.get_mark(), _TOO_DEEP_HINT)
        super().fetch_flow_collection_start(TokenClass)


def counted(events: Iterator[yaml.Event]) -> list[yaml.Event]:
    """The events, stopping at the first value nested past MAX_DEPTH or past MAX_NODES values,
    before the parser reads further."""
    out: list[yaml.Event] = []
    nodes = depth = 0
    for event in events:
        if isinstance(event, yaml.NodeEvent):  # a scalar, an alias, a list's or mapping's start
            nodes += 1
            if depth > MAX_DEPTH:
                raise InputLimit(_TOO_DEEP, event.start_mark, _TOO_DEEP_HINT)
            if nodes > MAX_NODES:
                raise InputLimit(f"more than {MAX_NODES:,} values (scalars, lists and mappings) in "
                                 "one file", event.start_mark, "the largest file of the real games "
                                 "holds 2,608; split the data into several files (game.yaml `includes:`)")
            depth += isinstance(event, yaml.CollectionStartEvent)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        out.append(event)
    return out


def size_fault(text: str) -> str | None:
    """Why the text is too large to read, if it is (counted in UTF-8 bytes, as on disk)."""
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        size = len(text.encode("utf-8", "surrogatepass"))
        return (f"the file is {size / 1024 / 1024:.1f} MB; a YAML file of a game is at most "
                f"{MAX_FILE_BYTES // 1024 // 1024} MB")
    return None
