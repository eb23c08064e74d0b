"""Reading PO files with polib, and a strict pre-scan so no fault is silently lost.

polib parses PO leniently: a string that misses its closing quote loses its last character
(`"Kurtyna` reads as `Kurtyn`), an entry without msgstr is merged into the next one, and a
syntax error names a line but no column. So each file is first scanned line by line here:
every string must be one well-formed quoted string, every entry must have its msgid and
msgstr in order. A fault becomes a located E702 Diagnostic and polib is not run at all.

The scan also gives what polib does not keep: where each entry's msgstr lines are (placeholder
faults point into them) and the previous msgid of an obsolete entry (`#~| msgid`), which polib
skips on reading.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path

import polib

from compiler import game_files
from compiler.diagnostics import Diagnostic, Span

WRAP_WIDTH = 78  # polib's default; gettext's own tools use 79 (see docs/translating.md)

STRING = re.compile(r'"(?:[^"\\]|\\[\\"ntrvbf])*"')
KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr\[\d\]|msgstr)(?=[\s\"])\s*(.*)$")
NEWLINES = re.compile(r"\r\n|\r|\n")  # what polib splits a file on (universal newlines)
ESCAPES = "\\\"ntrvbf"


@dataclass
class EntryLines:
    """Where one entry is in its file (1-based lines), from the pre-scan."""

    first: int = 0  # its first line: a comment, a flag or its msgctxt/msgid
    key: int = 0  # its msgctxt line, else its msgid line
    msgstr: list[int] = field(default_factory=list)  # its msgstr lines, continuations included
    forms: dict[int, tuple[int, int]] = field(default_factory=dict)  # msgstr[n] -> (line, column)
    previous: dict[str, str] = field(default_factory=dict)  # `#~|` fields of an obsolete entry
    msgid: str = ""
    obsolete: bool = False
    context: bool = False


@dataclass
class PoFile:
    """A parsed PO file: polib's entries (header removed) beside their positions."""

    po: polib.POFile
    entries: list[tuple[polib.POEntry, EntryLines]]
    lines: list[str]


def _fault(shown: str, line: int, col: int, message: str, hint: str, end: int | None = None) -> Diagnostic:
    return Diagnostic("E702", message, Span(shown, line, col, line, end), hint)


def string_fault(value: str) -> tuple[int, str] | None:
    """(offset, what is wrong) when `value` is not exactly one quoted PO string."""
    if not value.startswith('"'):
        return 0, "a string must be written in double quotes"
    i = 1
    while i < len(value):
        c = value[i]
        if c == "\\":
            if i + 1 >= len(value):
                break
            if value[i + 1] not in ESCAPES:
                return i, f"unknown escape '\\{value[i + 1]}' (PO strings know \\n \\t \\\" \\\\)"
            i += 2
            continue
        if c == '"':
            if i == len(value) - 1:
                return None
            return i, "a double quote inside a string must be written \\\", or the string ends early"
        i += 1
    return len(value), "the string has no closing double quote"


@dataclass
class _Scan:
    shown: str
    faults: list[Diagnostic] = field(default_factory=list)
    entries: list[EntryLines] = field(default_factory=list)
    state: str = "end"  # end (between entries), ctxt, id, plural, str
    current: EntryLines | None = None
    start: int = 0  # first line of the entry being read (a comment before its keywords)
    last_keyword: str = ""  # the keyword the string lines now continue
    previous_field: str = ""
    previous: dict[str, str] = field(default_factory=dict)

    def fault(self, line: int, col: int, message: str, hint: str, end: int | None = None) -> None:
        self.faults.append(_fault(self.shown, line, col, message, hint, end))


def scan(text: str, shown: str) -> tuple[list[EntryLines], list[Diagnostic]]:
    """Check every line of a PO file; return where its entries are and its faults."""
    s = _Scan(shown)
    for number, raw in enumerate(NEWLINES.split(text), start=1):
        _scan_line(s, number, raw)
    if s.state in ("ctxt", "id", "plural") and s.current is not None:
        s.fault(s.current.key, 1, "the entry has no msgstr", 'add msgstr "" after its msgid')
    return s.entries, s.faults


def _scan_line(s: _Scan, number: int, raw: str) -> None:
    stripped = raw.strip()
    if not stripped:
        return
    indent = len(raw) - len(raw.lstrip())
    prefix = next((p for p in ("#~|", "#~", "#|") if stripped.startswith(p)), "")
    if not prefix and stripped.startswith("#"):
        _begin(s, number)  # a comment or a flag opens the next entry
        return
    rest = stripped[len(prefix):]
    col = indent + len(prefix) + (len(rest) - len(rest.lstrip())) + 1
    rest = rest.lstrip()
    previous = prefix in ("#~|", "#|")
    if not rest:
        s.fault(number, col - len(prefix), f"'{prefix}' with nothing after it",
                f"a '{prefix}' line holds a keyword or a string of an obsolete or previous entry; remove it")
        return
    if rest.startswith('"'):
        _string_line(s, number, col, rest, previous)
        return
    match = KEYWORD.match(rest)
    if match is None:
        s.fault(number, col, f"'{rest.split()[0][:30]}' is not PO syntax",
                "a line is a comment (#...), a keyword (msgctxt, msgid, msgstr) with a quoted "
                "string, or a quoted string continuing the one above")
        return
    keyword, value = match.groups()
    value_col = col + match.start(2)
    if not _check_string(s, number, value_col, value):
        value = '""'  # reported; the entry's structure is still followed, so no fault follows from it
    if previous:
        _begin(s, number)
        s.previous_field = keyword
        if prefix == "#~|":
            s.previous[keyword] = polib.unescape(value[1:-1])
        return
    _keyword(s, number, col, keyword, prefix == "#~")
    if keyword == "msgid" and s.current is not None:
        s.current.msgid = polib.unescape(value[1:-1])
    if prefix == "#~" and s.previous and keyword in ("msgctxt", "msgid") and s.current is not None:
        s.current.previous, s.previous = dict(s.previous), {}


def _check_string(s: _Scan, number: int, col: int, value: str) -> bool:
    fault = string_fault(value)
    if fault is None:
        return True
    offset, message = fault
    s.fault(number, col + offset, message,
            "close the string with \" at the end of the line; nothing after it but spaces")
    return False


def _string_line(s: _Scan, number: int, col: int, value: str, previous: bool) -> None:
    if not _check_string(s, number, col, value):
        value = '""'
    if previous:
        if s.previous_field and s.previous_field in s.previous:
            s.previous[s.previous_field] += polib.unescape(value[1:-1])
        return
    if not s.last_keyword:
        s.fault(number, col, "a string that continues no msgctxt, msgid or msgstr",
                "put it right under the line it continues")
        return
    if s.last_keyword.startswith("msgstr") and s.current is not None:
        s.current.msgstr.append(number)
    elif s.last_keyword == "msgid" and s.current is not None:
        s.current.msgid += polib.unescape(value[1:-1])


def _begin(s: _Scan, number: int) -> None:
    """A comment or a previous-msgid line: the end of the entry before, maybe the next's start."""
    if s.state == "str":
        s.state = "end"
    if s.state == "end" and not s.start:
        s.start = number
    s.last_keyword = ""


ORDER_HINT = "an entry is: optional msgctxt, then msgid, then msgstr (or msgid_plural and msgstr[0], ...)"


def _keyword(s: _Scan, number: int, col: int, keyword: str, obsolete: bool) -> None:
    if keyword in ("msgctxt", "msgid") and s.state in ("ctxt", "id", "plural") and not (
        keyword == "msgid" and s.state == "ctxt"
    ):
        line = s.current.key if s.current else number
        s.fault(line, 1, "the entry has no msgstr", f'add msgstr "" before line {number}')
        s.state = "end"
    if keyword in ("msgctxt", "msgid") and s.state in ("end", "str"):
        s.current = EntryLines(first=s.start or number, key=number, obsolete=obsolete)
        s.entries.append(s.current)
        s.start = 0
        s.state = "ctxt" if keyword == "msgctxt" else "id"
        s.current.context = keyword == "msgctxt"
    elif keyword == "msgid" and s.state == "ctxt":
        s.state = "id"
    elif keyword == "msgid_plural" and s.state == "id":
        s.state = "plural"
    elif keyword == "msgstr" and s.state == "id" or keyword.startswith("msgstr[") and s.state in (
        "plural", "str"
    ):
        s.state = "str"
        if s.current is not None:
            s.current.msgstr.append(number)
            if keyword != "msgstr":  # a plural form: checked against the header's nplurals
                s.current.forms.setdefault(int(keyword[7:-1]), (number, col))
    else:
        s.fault(number, col, f"{keyword} out of place", ORDER_HINT)
    s.last_keyword = keyword


def _header(places: list[EntryLines]) -> EntryLines | None:
    """The entry polib takes for the header (POFile.find('')): the one current entry with an
    empty msgid, or of several the last without a msgctxt, else the first."""
    empty = [p for p in places if not p.msgid and not p.obsolete]
    if len(empty) <= 1:
        return empty[0] if empty else None
    bare = [p for p in empty if not p.context]
    return bare[-1] if bare else empty[0]


_POLIB_LINE = re.compile(r"line (\d+)")


class _AsFile(str):
    """A catalog's text that polib splits into lines as it reads a file (universal newlines:
    \n, \r\n, \r), not as `str.splitlines` would, which also breaks at U+2028 or a form feed."""

    def splitlines(self, keepends: bool = False) -> list[str]:  # type: ignore[override]
        return io.StringIO(str(self), newline=None).readlines()


# Catalogs read in this process, by path and content: `kurtyna check` reads each catalog twice
# (the lint, then the translations), and scanning a large one takes a tenth of a second.
_READ: dict[tuple[str, str], tuple[bytes, PoFile | None, list[Diagnostic]]] = {}


def parse(path: Path, shown: str, data: bytes | None = None) -> tuple[PoFile | None, list[Diagnostic]]:
    """The PO file at `path` (UTF-8), or None and the located faults that keep it from being read.
    `data`: the file's bytes, when the caller has read them already."""
    try:
        if data is None:
            data = game_files.read_bytes(path)
    except game_files.GameFileError as exc:
        return None, [_fault(shown, 1, 1, f"the catalog cannot be read: {exc}",
                             "a catalog is a regular PO file inside the game folder")]
    except OSError as exc:
        return None, [_fault(shown, 1, 1, f"the catalog cannot be read: {exc.strerror}",
                             "check that it is a readable file")]
    key = (str(path), shown)
    kept = _READ.get(key)
    if kept is not None and kept[0] == data:  # the same bytes: the same result (a list of one's own)
        return kept[1], list(kept[2])
    parsed, faults = _parse(path, shown, data)
    if len(_READ) > 16:
        _READ.clear()
    _READ[key] = (data, parsed, list(faults))
    return parsed, faults


def _parse(path: Path, shown: str, data: bytes) -> tuple[PoFile | None, list[Diagnostic]]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [_fault(shown, line, col, "the catalog is not UTF-8 text",
                             "save it as UTF-8 (Poedit and msgcat do so by default)")]
    text = text.removeprefix("\ufeff")
    places, faults = scan(text, shown)
    if faults:
        return None, faults
    try:
        # the text already read, never the path again: the file may have changed (or be a FIFO)
        po = polib.pofile(_AsFile(text), encoding="utf-8", wrapwidth=WRAP_WIDTH)
    except (OSError, ValueError, KeyError, IndexError) as exc:  # polib's syntax errors
        found = _POLIB_LINE.search(str(exc))
        return None, [_fault(shown, int(found.group(1)) if found else 1, 1,
                             "the catalog cannot be read: PO syntax error", ORDER_HINT)]
    header = _header(places)
    places = [p for p in places if p is not header]
    entries = list(po)
    if len(entries) != len(places):  # the scan and polib disagree: trust neither
        return None, [_fault(shown, 1, 1, "the catalog cannot be read: its entries are ambiguous",
                             ORDER_HINT)]
    return PoFile(po, list(zip(entries, places, strict=True)), NEWLINES.split(text)), []
