"""Diagnostics: errors for content authors.

A `Diagnostic` is a value with a span, a code, a message and an optional hint. It renders
itself as::

    content/my_game/map.yaml:21:16: error[E301]: unknown space 'nrth'
        adjacent: [nrth, west]
                   ^^^^
    hint: did you mean 'north'?

Passes never raise on bad content: they add diagnostics to a `Diagnostics` sink and go on,
so one run reports every fault it can find. `CompileError` is raised only by the driver, once,
when the sink holds errors. Any other exception is a bug in Kurtyna, not in the content.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

from dsl.printable import terminal_safe

# Every error code, with a one-line meaning. docs/errors.md lists the same codes; a test
# keeps the two in step.
CODES: dict[str, str] = {
    # E1xx: reading files
    "E101": "file cannot be read (missing, not a file, or not UTF-8)",
    "E102": "invalid YAML syntax",
    "E103": "duplicate key in a YAML mapping",
    "E104": "YAML anchors, aliases and merge keys are not allowed",
    "E105": "YAML tag not allowed (only plain scalars, lists and mappings)",
    "E106": "a YAML string holds half a character (a lone surrogate from a \\u escape)",
    "E107": "a YAML file exceeds a limit: its size, nesting, number of values or a number's digits",
    # E2xx: schema
    "E201": "a required field is missing",
    "E202": "a value has the wrong type",
    "E203": "a field is not known for this kind of file",
    "E204": "a value is not one of the allowed choices",
    "E205": "a value is out of range or malformed",
    "E206": "a mapping key is not a name (YAML read it as a number, true/false or null)",
    "E207": "a list declared `permutation: true` does not name each constant of its enum exactly once",
    "E208": "`player_count` does not fit: min above max, max above the players declared, or default outside",
    # E3xx: names and declarations
    "E301": "unknown name",
    "E302": "a name is declared twice",
    "E303": "an included file is missing or of the wrong kind",
    "E304": "a name is used as the wrong kind of thing",
    "E306": "a file named by content, or a content file, lies outside the game folder",
    # E4xx: effect language syntax
    "E401": "effect text has a syntax error",
    "E402": "effect text has an indentation error",
    "E403": "effect text is nested too deeply",
    # E5xx: effect language meaning and types
    "E501": "type mismatch",
    "E502": "wrong number or kind of arguments",
    "E503": "a statement is not allowed here",
    "E504": "a value cannot be assigned to",
    # E6xx: structure checks on maps and other declared data
    "E601": "adjacency is not symmetric",
    "E602": "the space graph is not connected",
    "E603": "region membership is inconsistent",
    "E604": "a space is adjacent to itself",
    "E605": "declared data disagree with each other",
    "E606": "a space of a kind the map lists in `unlinked_kinds` lists adjacent spaces",
    # E7xx: text and translations
    "E701": "a card's printed text disagrees with its effect (numbers or places)",
    "E702": "a translation catalog cannot be read",
    "E703": "two entries of a translation catalog have one key (msgctxt)",
    "E704": "a translation catalog entry has no key (msgctxt)",
    "E705": "a translation catalog entry has plural forms, but Kurtyna's strings are singular",
    "E706": "a translation has a placeholder its English source does not have",
    "E707": "a translation leaves out a placeholder of its English source",
    "E708": "a text.yaml phrase has a placeholder its item gives no argument for",
    "E709": "a placeholder names a glossary term that text.yaml does not declare",
    "E710": "a text does not fit on its printed card or marker even in the smallest type (6.5 pt)",
    "E711": "a text uses a variant of a term that the game's termbase rejects",
    # E720-E729: what the text generated from the mechanics lacks (compiler/back/text/gaps.py)
    "E720": "an item the generated card text names has no phrase in text.yaml",
    "E721": "a type or attribute the generated card text names has no glossary term",
    "E722": "a string the generated card text needs has no current translation in a catalog",
    "E723": "a construct of the effect language has no template in a locale",
    "E724": "an expression the text back end cannot phrase",
    "E725": "a name's grammatical number in a catalog is neither 'singular' nor 'plural'",
    "E726": "a decision or a logged message of the rules has no words in text.yaml",
    # R1xx: faults while a game runs (dsl/runtime/helpers.py raises them, located in the content)
    "R101": "a runaway effect: more steps than `limits: steps` without a decision",
    "R102": "division by zero",
    "R103": "calls nested too deeply (a recursion that does not end)",
    "R104": "the rules asked for something impossible (a table row that does not exist...)",
    "R105": "a track declared `overflow: error` moved past an end",
    "R106": "another fault of the effect (a value that is `none` where one is needed...)",
}


# The passes, in the order they run. A fault can cause faults in the passes after it (a file
# that cannot be read declares nothing; a name that is malformed is then unknown), so faults are
# reported pass by pass, and by position within a pass: the cause comes before what it causes.
PHASES = ("read", "schema", "declare", "syntax", "names", "checks", "text")


@dataclass(frozen=True, order=True)
class Span:
    """A region of a source file. Lines and columns count from 1; `end_col` is exclusive."""

    path: str
    line: int
    col: int
    end_line: int | None = None
    end_col: int | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"

    def shifted(self, line_offset: int, col_offset: int) -> Span:
        """This span moved into a host file (effect text embedded in a YAML scalar)."""
        first_col = self.col + col_offset if self.line == 1 else self.col
        end_line = self.end_line if self.end_line is not None else self.line
        end_col = self.end_col
        if end_col is not None and end_line == 1:
            end_col += col_offset
        return Span(self.path, self.line + line_offset, first_col, end_line + line_offset, end_col)


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    span: Span | None = None
    hint: str | None = None
    severity: str = "error"
    phase: str = "checks"  # the pass that found it (one of PHASES)

    def sort_key(self) -> tuple:
        span = self.span or Span("", 0, 0)
        rank = PHASES.index(self.phase) if self.phase in PHASES else len(PHASES)
        return (rank, span.path, span.line, span.col, self.code, self.message)

    def render(self, sources: Mapping[str, str] | None = None) -> str:
        """The author-facing text: location, message, the source line with carets, a hint.

        Every part comes from content or names it, so every part is written terminal-safe
        (dsl/printable.py): a control character in a message, a path or the source line shows as
        an escape (`\\x1b`) and never reaches the terminal raw; the carets stand under the
        escaped text."""
        where = f"{self.span}: " if self.span else ""
        lines = [terminal_safe(f"{where}{self.severity}[{self.code}]: {self.message}", keep="")]
        text = (sources or {}).get(self.span.path) if self.span else None
        if text is not None and self.span is not None:
            source_lines = _lines_of(text)
            if 1 <= self.span.line <= len(source_lines):
                src = source_lines[self.span.line - 1]
                width = 1
                if self.span.end_col and (self.span.end_line in (None, self.span.line)):
                    width = max(1, self.span.end_col - self.span.col)
                width = max(1, min(width, len(src) - self.span.col + 1))
                src, col, width = _window(src, self.span.col, width)
                src, col, width = _shown_excerpt(src, col, width)
                lines.append(f"    {src}")
                lines.append("    " + " " * (col - 1) + "^" * width)
        if self.hint:
            lines.append(terminal_safe(f"hint: {self.hint}", keep=""))
        return "\n".join(lines)


SHOWN_WIDTH = 120  # columns of a source line shown under an error; longer lines are cut around it


def _window(line: str, col: int, width: int) -> tuple[str, int, int]:
    """The part of a long line around the fault (cut ends marked '…'), the fault's column in it,
    and the carets' width: a 5,000-column line must not flood the terminal."""
    if len(line) <= SHOWN_WIDTH:
        return line, col, width
    start = max(0, min(col - 1 - SHOWN_WIDTH // 4, len(line) - SHOWN_WIDTH))
    end = start + SHOWN_WIDTH
    shown = ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")
    col = col - start + (1 if start else 0)
    return shown, col, max(1, min(width, SHOWN_WIDTH - (col - 1) + (1 if start else 0)))


def _shown_excerpt(line: str, col: int, width: int) -> tuple[str, int, int]:
    """A (windowed) source line as the terminal shows it, with the fault's column and width moved
    to match: a tab is one space, as the column count has it; every other control character is
    its escape (`\\x1b` takes four columns), so the carets stand under what the author sees."""
    line = line.expandtabs(1)
    before = terminal_safe(line[:col - 1], keep="")
    under = terminal_safe(line[col - 1:col - 1 + width], keep="")
    after = terminal_safe(line[col - 1 + width:], keep="")
    past_end = max(0, col - 1 - len(line))  # a fault placed after the line's last character
    return before + under + after, len(before) + past_end + 1, max(1, len(under))


@lru_cache(maxsize=4)
def _lines_of(text: str) -> list[str]:
    """A source's lines, split once however many faults it holds (a file of 10,000 faults would
    otherwise be split 10,000 times)."""
    return text.splitlines()


@dataclass
class Diagnostics:
    """A sink that passes write to; the driver decides when to stop."""

    items: list[Diagnostic] = field(default_factory=list)
    current_phase: str = "checks"

    def error(self, code: str, message: str, span: Span | None = None,
              hint: str | None = None) -> None:
        assert code in CODES, f"unregistered error code {code}"
        self.items.append(Diagnostic(code, message, span, hint, phase=self.current_phase))

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        """Faults reported inside the block belong to pass `name`; the previous pass resumes after."""
        assert name in PHASES, f"unknown phase {name}"
        previous, self.current_phase = self.current_phase, name
        try:
            yield
        finally:
            self.current_phase = previous

    def extend(self, other: Iterable[Diagnostic]) -> None:
        self.items.extend(other)

    @property
    def has_errors(self) -> bool:
        return any(d.severity == "error" for d in self.items)

    def sorted(self) -> list[Diagnostic]:
        """Every fault once, in cause order: by pass (PHASES), then file, line and column."""
        unique = {(d.sort_key(), d.hint): d for d in self.items}
        return [unique[k] for k in sorted(unique, key=lambda k: (k[0], k[1] or ""))]

    def __len__(self) -> int:
        return len(self.items)


class CompileError(Exception):
    """The content is wrong. Carries every diagnostic found; never a Kurtyna bug."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        first = diagnostics[0].render() if diagnostics else "compile error"
        more = f" (and {len(diagnostics) - 1} more)" if len(diagnostics) > 1 else ""
        super().__init__(first + more)


def fault_diagnostic(fault: Exception) -> Diagnostic:
    """A fault raised by a running engine (dsl.runtime.helpers.RuleError, located by the state at
    the content statement that failed) as a diagnostic, to report like a compile error."""
    where = getattr(fault, "where", None)
    if where is None:
        return Diagnostic(getattr(fault, "code", "R106"), str(fault), None, getattr(fault, "hint", None))
    path, line, col = where
    return Diagnostic(fault.code, f"{fault.reason} in {fault.place}", Span(path, line, col), fault.hint)


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """A hint naming the closest known name, if one is close enough."""
    # str(): a name YAML read as a number must not stop the search (nor the sort).
    matches = difflib.get_close_matches(str(name), sorted({str(c) for c in candidates}), n=1, cutoff=0.5)
    return f"did you mean '{matches[0]}'?" if matches else None
