"""Fitting a marker's words on its face (markers.py), measured, never clipped.

A face's room is the marker less its inset and border. Its words are set line by line (wrap.py),
each line printed as measured:

- the player's name and the back's words (small, 6.5 pt) break between words only;
- the label (the marker's name) is set at the largest of LABEL_PT at which it fits whole, words
  unbroken; failing that at the largest at which it fits with a word broken at a hyphenation
  point (Znacz-nik); a value is one bold number.

Where a player's name does not fit on any marker of a language and content gives the players
short names (`sheets.markers.short_names`, translated as sheet.marker_name.<player>), every
marker of that language prints the short names, so that all read alike. Words that still do not
fit even at 6.5 pt are E710, like a card's, at the text to shorten; nothing is written for that
language. Words broken with a hyphen are reported as a warning.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from compiler.back.sheets import wrap
from compiler.back.sheets.words import Words
from compiler.diagnostics import CompileError, Diagnostic

MARKER_INSET = 0.7  # a face keeps its drawing this far inside the cut, mm
BORDER = 0.35  # the face's outline
SPARE = 0.8  # left free of a line's width and of the face's height (half on each side), mm
SMALL_PT = 6.5  # the player's name, the back's words
LABEL_PT = (8.0, 7.5, 7.0, 6.5)  # the label: the largest that fits
VALUE_PT = 15.0  # a value, bold
LEADING = 1.1  # line height of the small words and the label, in ems
VALUE_LEADING = 1.05


@dataclass
class Lines:
    """A face's words as printed: the lines of each part, and the label's size."""

    top: list[str]
    big: list[str]
    big_pt: float
    bottom: list[str]
    hyphenated: bool = False

    def height(self, value: bool) -> float:
        big = VALUE_PT * VALUE_LEADING if value else self.big_pt * LEADING * len(self.big)
        return round((len(self.top) + len(self.bottom)) * SMALL_PT * wrap.PT * LEADING + big * wrap.PT, 3)


def room(size: float) -> float:
    """The width (and height) a face's words may take, mm."""
    return round(size - 2 * MARKER_INSET - 2 * BORDER - SPARE, 3)


def fit_face(face: Any, size: float, words: Words) -> Lines | None:
    """`face`'s words laid out to fit a `size` mm marker, or None."""
    space, lang, units = room(size), words.lang, words.units
    top = wrap.lines(face.top, space, SMALL_PT, lang, units=units) if face.top else []
    bottom = (wrap.lines(face.bottom, space, SMALL_PT, lang, hyphenate=True, units=units)
              if face.bottom else [])
    if top is None or bottom is None:
        return None
    if face.value:
        lines = Lines(top, [face.big], VALUE_PT, bottom)
        if wrap.width(face.big, VALUE_PT, bold=True) <= space and lines.height(True) <= space:
            return lines
        return None
    for hyphenate in (False, True):
        for pt in LABEL_PT:
            big = wrap.lines(face.big, space, pt, lang, hyphenate=hyphenate, units=units)
            if big is None:
                continue
            lines = Lines(top, big, pt, bottom, hyphenate and any(line.endswith("-") for line in big))
            if lines.height(False) <= space:
                return lines
    return None


def fit_groups(words: Words, build) -> list:
    """The marker groups `build(words, short)` makes, every face with its lines; short names when
    a full name does not fit. CompileError (E710) when a face's words do not fit even so."""
    spec = words.game.sheets.markers
    groups = build(words, False)
    failed = _fit(groups, spec.size, words)
    if failed and spec.short_names:
        short = build(words, True)
        if len(_fit(short, spec.size, words)) < len(failed):
            groups = short
            failed = _fit(groups, spec.size, words)
    if failed:
        found: dict[tuple, Diagnostic] = {}
        for marker in failed:  # one fault for each text to shorten, not for each player's marker
            fault = _does_not_fit(words, marker)
            found.setdefault((fault.span, fault.hint), fault)
        raise CompileError(list(found.values()))
    return groups


def _fit(groups: list, size: float, words: Words) -> list:
    """Set the lines of every face of `groups`; return one marker of each kind of face that does
    not fit."""
    failed: dict[tuple, Any] = {}
    for group in groups:
        for marker in group:
            for side in ("front", "back"):
                face = getattr(marker, side)
                lines = fit_face(face, size, words)
                if lines is None:
                    failed.setdefault((marker.kind, face.top, face.big, face.bottom), marker)
                else:
                    setattr(marker, side, replace(face, lines=lines))
    return list(failed.values())


def _does_not_fit(words: Words, marker: Any) -> Diagnostic:
    """E710 at the words to shorten: the player's name, the back's words or the label."""
    from compiler.back.sheets.fit import located

    game = words.game
    spec = game.sheets.markers
    kind = next(k for k in spec.kinds if k.of == marker.kind)
    size, space = spec.size, room(spec.size)
    face = next(f for f in (marker.front, marker.back) if fit_face(f, size, words) is None)
    shown = " / ".join(part for part in (face.top, face.big, face.bottom) if part)
    short = face.player in spec.short_names
    if face.top and wrap.lines(face.top, space, SMALL_PT, words.lang, units=words.units) is None:
        key = f"sheet.marker_name.{face.player}" if short else f"name.{face.player}"
        hint = ("shorten the player's short name" if short else
                "give the players short names for the markers: `short_names` in `sheets.markers`")
    elif face.bottom and wrap.lines(face.bottom, space, SMALL_PT, words.lang, hyphenate=True) is None:
        key, hint = f"sheet.marker.{kind.of}.back", "shorten the words on the marker's back"
    elif kind.label:
        key, hint = f"sheet.marker.{kind.of}", "shorten the marker's label"
    else:
        key, hint = f"name.{kind.of}", f"give the markers of '{kind.of}' a short `label:` in `sheets.markers`"
    return Diagnostic("E710", f"the words of a marker of '{kind.of}' do not fit the {size:g} mm marker in "
                      f"'{words.lang}' even at {SMALL_PT:g} pt: {shown}", located(words, key, kind.span),
                      hint, phase="text")


def warnings(words: Words, groups: list) -> list[str]:
    """The words broken with a hyphen to fit their markers, for the author."""
    broken = []
    for group in groups:
        for marker in group:
            for face in (marker.front, marker.back):
                if face.lines is not None and face.lines.hyphenated:
                    broken.append(" ".join(face.lines.big).replace("- ", "-"))
    if not broken:
        return []
    shown = ", ".join(f"'{text}'" for text in dict.fromkeys(broken))
    size = words.game.sheets.markers.size
    return [f"marker labels broken with a hyphen to fit the {size:g} mm markers: {shown}; a shorter "
            "label (`sheets.markers`, or its sheet.marker.* translation) would read better"]
