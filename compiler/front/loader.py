"""Read YAML content files into plain data, keeping a position for every node.

Why not `yaml.safe_load`: it forgets positions, silently keeps the last of two duplicate keys,
expands aliases (alias bombs), and follows YAML 1.1, where `no`, `on` and `off` become booleans.
Here the data are built straight from PyYAML's event stream:

- every value and every mapping key gets a `Span` (file, line, column);
- duplicate keys, anchors, aliases, merge keys and explicit tags are errors;
- plain scalars follow the YAML 1.2 core schema (`true`/`false`, `null`/`~`, numbers);
  everything else is a string;
- files must be UTF-8 (a BOM is tolerated); one document per file.

The events come from libyaml (PyYAML's C parser, about ten times faster) where it is installed
and gives exactly what the pure-Python parser gives; otherwise, and for every file libyaml
refuses, from the pure parser, so that faults read and are placed the same with or without
libyaml (`_events` lists the cases where the two differ).

Positions live beside the data, keyed by the path of keys and indices from the root, so the
data stay plain dicts and lists that jsonschema can check, and an error found at a path can be
reported at the right line.

A file may come from someone else, so reading it is bounded (E107, docs/errors.md): its size
before anything parses it, its nesting and its number of values as the parser goes (PyYAML's pure
scanner takes time proportional to the nesting for every token, so a line of 200,000 `[` never
ended), and the digits of its numbers.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from compiler import game_files, memo
from compiler.diagnostics import Diagnostics, Span
from compiler.front.yaml_bounds import (
    FLOAT_PATTERN,
    INT_PATTERN,
    BoundedLoader,
    InputLimit,
    counted,
    number_fault,
    size_fault,
)
from dsl.runtime.positions import Origin, file_column, file_position

PathKey = tuple[Any, ...]


@dataclass(frozen=True)
class TextOrigin:
    """Where a string scalar's text starts in the file, to place errors inside effect text.

    `line` and `col` are where the text's first character is. For a literal block scalar (`|`)
    each following line of the text starts at column `col` too.
    """

    line: int
    col: int
    block: bool
    # For a quoted scalar on one line: the file column of each character of its text, since an
    # escape (\\f, \\u2028, '') is longer in the file than in the text.
    columns: tuple[int, ...] | None = None

    def key(self) -> Origin:
        """The origin as the runtime's positions take it (dsl/runtime/positions.py)."""
        return (self.line, self.col, self.block, self.columns)

    def column(self, col: int) -> int:
        """The file column of column `col` of the text's first line."""
        return file_column(self.key(), col)


@dataclass
class Document:
    """One YAML file: its data, and the position of every node in it."""

    path: str
    text: str
    data: Any = None
    spans: dict[PathKey, Span] = field(default_factory=dict)
    key_spans: dict[PathKey, Span] = field(default_factory=dict)
    origins: dict[PathKey, TextOrigin] = field(default_factory=dict)

    def span(self, path: PathKey) -> Span:
        """The span of the node at `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path not in self.spans and path:
            path = path[:-1]
        return self.spans.get(path, Span(self.path, 1, 1))

    def key_span(self, path: PathKey) -> Span:
        """The span of the mapping key that leads to `path` (falls back to the value)."""
        return self.key_spans.get(tuple(path)) or self.span(path)

    def text_origin(self, path: PathKey) -> Origin:
        """Where the string at `path` starts, as the runtime's positions take it; a node with no
        text of its own (not a string) places every position inside it at its own start."""
        origin = self.origins.get(tuple(path))
        if origin is not None:
            return origin.key()
        span = self.span(path)
        return (span.line, span.col, None, None)

    def text_span(self, path: PathKey, line: int, col: int, end_col: int | None = None) -> Span:
        """A position inside the string at `path` (line/col count from 1 within the string)."""
        origin = self.origins.get(tuple(path))
        if origin is None:
            return self.span(path)
        at_line, at_col = file_position(origin.key(), line, col)
        end = file_position(origin.key(), line, end_col)[1] if end_col is not None else None
        return Span(self.path, at_line, at_col, at_line, end)


def _span(path: str, start: yaml.Mark, end: yaml.Mark) -> Span:
    end_col = end.column + 1 if end.line == start.line else None
    return Span(path, start.line + 1, start.column + 1, end.line + 1, end_col)


def _scalar_value(event: yaml.ScalarEvent) -> Any:
    if event.style is not None:  # quoted or block: always a string
        return event.value
    text = event.value
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    if text in ("", "~", "null", "Null", "NULL"):
        return None
    if INT_PATTERN.fullmatch(text):
        return int(text, 0) if text.startswith(("0x", "0o")) else int(text, 10)
    if FLOAT_PATTERN.fullmatch(text) and any(ch.isdigit() for ch in text):
        return float(text)
    return text


class _Builder:
    """Turns the event stream of one document into data plus spans."""

    def __init__(self, doc: Document, diags: Diagnostics):
        self.doc = doc
        self.diags = diags
        self.lines = doc.text.splitlines()

    def error(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self.diags.error(code, message, span, hint)

    def build(self, events: list[yaml.Event]) -> None:
        pos = 0
        while pos < len(events) and isinstance(events[pos], yaml.StreamStartEvent | yaml.DocumentStartEvent):
            pos += 1
        if pos >= len(events) or isinstance(events[pos], yaml.StreamEndEvent):
            self.doc.data = None
            return
        self.doc.data, pos = self.node(events, pos, ())
        # Anything after the first document's end is a second document.
        while pos < len(events) and isinstance(events[pos], yaml.DocumentEndEvent):
            pos += 1
        if pos < len(events) and isinstance(events[pos], yaml.DocumentStartEvent):
            mark = events[pos].start_mark
            self.error("E102", "a content file holds one YAML document; found a second one",
                       _span(self.doc.path, mark, events[pos].end_mark),
                       "remove the '---' line, or move the rest into its own file")

    def refuse_anchor_and_tag(self, event: yaml.NodeEvent, span: Span) -> None:
        if getattr(event, "anchor", None) is not None:
            self.error("E104", f"anchor '&{event.anchor}' is not allowed in content files", span,
                       "write the value out in full; anchors and aliases are refused")
        tag = getattr(event, "tag", None)
        if tag is not None and tag != "!" and not (
                isinstance(event, yaml.ScalarEvent) and event.implicit[0]):
            self.error("E105", f"tag '{tag}' is not allowed in content files", span,
                       "remove the tag; content files hold only plain values, lists and mappings")

    def refuse_surrogates(self, event: yaml.ScalarEvent, span: Span) -> None:
        """A `\\ud800`-style escape in a quoted scalar makes half a character, which no file,
        terminal or PDF can hold: refused here, before anything tries to write it."""
        bad = next((c for c in event.value if 0xD800 <= ord(c) <= 0xDFFF), None)
        if bad is not None:
            self.error("E106", f"the text holds {_char_name(bad)}, half of a character (a lone "
                       "surrogate), which cannot be written to any file", span,
                       "write the character itself, or its full escape \\U0001XXXX instead of "
                       "two \\uD8xx\\uDCxx halves")

    def scalar(self, event: yaml.ScalarEvent, span: Span) -> Any:
        """The scalar's value; None after an E107 for a number too long to be one (int() refuses
        more than 4,300 digits with a traceback, and `1e999` would be infinite)."""
        fault = number_fault(event.value) if event.style is None else None
        if fault is None:
            return _scalar_value(event)
        self.error("E107", fault, span, "numbers in a game are far shorter; if it is meant as text, "
                   "put it in quotes")
        return None

    def node(self, events: list[yaml.Event], pos: int, path: PathKey) -> tuple[Any, int]:
        event = events[pos]
        span = _span(self.doc.path, event.start_mark, event.end_mark)
        # at most MAX_DEPTH calls deep: `_counted` refused any deeper event
        if isinstance(event, yaml.AliasEvent):
            self.error("E104", f"alias '*{event.anchor}' is not allowed in content files", span,
                       "write the value out in full; anchors and aliases are refused")
            self.doc.spans[path] = span
            return None, pos + 1
        self.refuse_anchor_and_tag(event, span)
        if isinstance(event, yaml.ScalarEvent):
            self.doc.spans[path] = span
            self.refuse_surrogates(event, span)
            if event.style in (None, "'", '"', "|", ">"):
                self.record_origin(event, path)
            return self.scalar(event, span), pos + 1
        if isinstance(event, yaml.SequenceStartEvent):
            items: list[Any] = []
            pos += 1
            while not isinstance(events[pos], yaml.SequenceEndEvent):
                value, pos = self.node(events, pos, path + (len(items),))
                items.append(value)
            self.doc.spans[path] = _span(self.doc.path, event.start_mark, events[pos].end_mark)
            return items, pos + 1
        if isinstance(event, yaml.MappingStartEvent):
            mapping: dict[Any, Any] = {}
            first_seen: dict[Any, Span] = {}
            pos += 1
            while not isinstance(events[pos], yaml.MappingEndEvent):
                key_event = events[pos]
                key_span = _span(self.doc.path, key_event.start_mark, key_event.end_mark)
                if not isinstance(key_event, yaml.ScalarEvent):
                    self.error("E202", "mapping keys must be plain names or numbers", key_span)
                    pos = _skip(events, pos)
                    pos = _skip(events, pos)
                    continue
                self.refuse_anchor_and_tag(key_event, key_span)
                self.refuse_surrogates(key_event, key_span)
                key = self.scalar(key_event, key_span)
                if key == "<<" and key_event.style is None:
                    self.error("E104", "merge keys ('<<') are not allowed in content files",
                               key_span, "write the merged fields out in full")
                pos += 1
                if key in first_seen:
                    first = first_seen[key]
                    self.error("E103", f"duplicate key '{key}' (first defined at line {first.line})",
                               key_span, "remove one of the two, or rename it")
                    _, pos = self.node(events, pos, path + ("<duplicate>",))
                    continue
                first_seen[key] = key_span
                self.doc.key_spans[path + (key,)] = key_span
                value, pos = self.node(events, pos, path + (key,))
                mapping[key] = value
            self.doc.spans[path] = _span(self.doc.path, event.start_mark, events[pos].end_mark)
            return mapping, pos + 1
        self.error("E102", f"unexpected YAML event {type(event).__name__}", span)
        return None, pos + 1

    def record_origin(self, event: yaml.ScalarEvent, path: PathKey) -> None:
        mark = event.start_mark
        if event.style in ("|", ">"):
            # The text starts on the line after the indicator, at the block's indentation.
            first = mark.line + 1
            while first < len(self.lines) and not self.lines[first].strip():
                first += 1
            indent = len(self.lines[first]) - len(self.lines[first].lstrip(" ")) \
                if first < len(self.lines) else 0
            self.doc.origins[path] = TextOrigin(first + 1, indent + 1, block=event.style == "|")
        else:
            quote = 1 if event.style in ("'", '"') else 0
            columns = None
            if quote and event.end_mark.line == mark.line < len(self.lines):
                raw = self.lines[mark.line][mark.column + 1:event.end_mark.column - 1]
                columns = _quoted_columns(raw, event.style, mark.column + 2)
            self.doc.origins[path] = TextOrigin(mark.line + 1, mark.column + 1 + quote, block=False,
                                                columns=columns)


_ESCAPE_LENGTHS = {"x": 4, "u": 6, "U": 10}


def _quoted_columns(raw: str, style: str, first: int) -> tuple[int, ...]:
    """The file column of each character a quoted scalar's text holds, from its raw source
    (`raw`, between the quotes, starting at column `first`)."""
    columns: list[int] = []
    i = 0
    while i < len(raw):
        columns.append(first + i)
        if style == '"' and raw[i] == "\\":
            i += _ESCAPE_LENGTHS.get(raw[i + 1:i + 2], 2)
        elif style == "'" and raw.startswith("''", i):
            i += 2
        else:
            i += 1
    return tuple(columns)


def _skip(events: list[yaml.Event], pos: int) -> int:
    """The index after the node that starts at `pos`."""
    depth = 0
    while True:
        event = events[pos]
        if isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
            depth += 1
        elif isinstance(event, yaml.SequenceEndEvent | yaml.MappingEndEvent):
            depth -= 1
        pos += 1
        if depth <= 0:
            return pos


# A block scalar's header as the pure parser takes it (libyaml also takes `|#`).
_BLOCK_HEADER = re.compile(r"[|>]([+-][1-9]?|[1-9][+-]?)?( +(#.*)?)?$")
# libyaml, when PyYAML was built with it (`pip install pyyaml` wheels are); None: pure Python only.
FAST_LOADER: type | None = getattr(yaml, "CSafeLoader", None)


def _events(text: str) -> list[yaml.Event]:
    """The YAML events of `text`: libyaml's where they are the pure parser's, else the pure parser's.

    The two differ (found by comparing them over mutated content files, tests/front/test_loader.py)
    on: a tab anywhere (the pure parser refuses some libyaml takes), a byte order mark past the
    start, a text without a final line break (the marks of the last collection's end), an empty
    plain value (its mark), a `?` inside a plain value in `[...]` or `{...}` and a block scalar
    header such as `|#` (the pure parser refuses both), and tags. Those texts, and any text libyaml
    refuses, go to the pure parser, whose faults are the ones documented.

    Both stop with `InputLimit` at the first value nested past MAX_DEPTH levels or past MAX_NODES
    values, the pure parser's scanner already at the bracket (`BoundedLoader`); libyaml refuses
    1,000 levels itself, in linear time.
    """
    if FAST_LOADER is not None and text.endswith("\n") and "\t" not in text and "\ufeff" not in text[1:]:
        try:
            events = counted(yaml.parse(text, Loader=FAST_LOADER))
        except (yaml.YAMLError, UnicodeError, ValueError):
            events = None
        if events is not None and _pure_alike(events, text):
            return events
    return counted(yaml.parse(text, Loader=BoundedLoader))


def _pure_alike(events: list[yaml.Event], text: str) -> bool:
    """Whether libyaml's events are the pure parser's; makes a plain scalar's style None as there."""
    flows = [False]  # per open collection: whether it is written in brackets
    lines: list[str] | None = None
    for event in events:
        if getattr(event, "tag", None) is not None:
            return False
        if isinstance(event, yaml.ScalarEvent):
            if not event.style:
                event.style = None
                if not event.value or (flows[-1] and "?" in event.value):
                    return False
            elif event.style in "|>":
                lines = text.splitlines() if lines is None else lines
                mark = event.start_mark
                if mark.line >= len(lines) or not _BLOCK_HEADER.match(lines[mark.line], mark.column):
                    return False
        elif isinstance(event, yaml.CollectionStartEvent):
            flows.append(flows[-1] or bool(event.flow_style))
        elif isinstance(event, yaml.CollectionEndEvent) and len(flows) > 1:
            flows.pop()
    return True


_PARSED = memo.table("yaml", 64)  # Documents by path and text, for a check after an edit


def parse_text(path: str, text: str, diags: Diagnostics) -> Document:
    """Parse YAML text (already decoded) into a Document; faults go to `diags`. Where results
    are kept (compiler/memo.py), the same path and text give the Document made before: nothing
    changes a Document once it is read."""
    with diags.phase("read"):
        return memo.recorded(_PARSED, (path, text), diags, lambda sink: _parse_text(path, text, sink))


def _parse_text(path: str, text: str, diags: Diagnostics) -> Document:
    doc = Document(path=path, text=text)
    size = size_fault(text)
    if size is not None:  # before any parser sees it
        diags.error("E107", size, Span(path, 1, 1),
                    "the largest file of the real games is 50 KB; split the data into several "
                    "files (game.yaml `includes:`)")
        return doc
    try:
        events = _events(text)
    except InputLimit as exc:
        mark = exc.mark
        span = Span(path, mark.line + 1, mark.column + 1) if mark else Span(path, 1, 1)
        diags.error("E107", exc.message, span, exc.hint)
        return doc
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        span = Span(path, mark.line + 1, mark.column + 1) if mark else Span(path, 1, 1)
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        context = f" ({exc.context})" if exc.context and exc.problem else ""
        diags.error("E102", f"invalid YAML: {problem}{context}", span, _yaml_hint(problem))
        return doc
    except yaml.reader.ReaderError as exc:
        diags.error("E102", f"character {_char_name(exc.character)} is not allowed in a YAML file",
                    _position_span(path, text, exc.position),
                    "remove it: YAML files hold printable characters, tabs and line breaks")
        return doc
    except (yaml.YAMLError, RecursionError) as exc:
        diags.error("E102", f"invalid YAML: {exc.__class__.__name__}", Span(path, 1, 1))
        return doc
    _Builder(doc, diags).build(events)
    return doc


def _char_name(character: int | str) -> str:
    code = character if isinstance(character, int) else ord(character)
    name = unicodedata.name(chr(code), "")
    return f"U+{code:04X}" + (f" ({name})" if name else "")


def _position_span(path: str, text: str, position: int) -> Span:
    """The line and column of a character index, counting line breaks as YAML and the
    rendering of diagnostics do (str.splitlines)."""
    lines = (text[:position] + "x").splitlines()
    return Span(path, len(lines), len(lines[-1]), len(lines), len(lines[-1]) + 1)


def _yaml_hint(problem: str) -> str | None:
    if "\t" in problem or "\\t" in problem or "tab" in problem:
        return "indent with spaces; YAML does not allow tabs for indentation"
    if "mapping values are not allowed" in problem:
        return "a ':' inside a plain value needs quotes, or the indentation is off"
    if "could not find expected ':'" in problem:
        return "a key is missing its ':' or a quoted string is not closed"
    return None


def read_text(path: Path, shown_as: str, diags: Diagnostics) -> str | None:
    """The file's text, or None (with an E101 error) if it is missing or not UTF-8."""
    with diags.phase("read"):
        return _read_text(path, shown_as, diags)


def _read_text(path: Path, shown_as: str, diags: Diagnostics) -> str | None:
    try:
        raw = game_files.read_bytes(path)
    except game_files.GameFileError as exc:  # a FIFO, a device, a folder, a file too long
        diags.error("E101", f"cannot read file: {exc}", Span(shown_as, 1, 1),
                    "a game's files are regular files of a reasonable size")
        return None
    except OSError as exc:
        diags.error("E101", f"cannot read file: {exc.strerror or exc}", Span(shown_as, 1, 1))
        return None
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        diags.error("E101", f"file is not valid UTF-8 (byte 0x{raw[exc.start]:02x})",
                    Span(shown_as, line, col), "save the file as UTF-8")
        return None


def load_file(path: Path, shown_as: str, diags: Diagnostics) -> Document | None:
    text = read_text(path, shown_as, diags)
    if text is None:
        return None
    return parse_text(shown_as, text, diags)
