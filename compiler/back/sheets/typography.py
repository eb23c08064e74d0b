"""Typography of everything the sheets print, applied as the templates output text (html.py
hands every value to `typeset`), so authors and translators type plain text:

- straight quotes become the language's: EN “…” ‘…’, PL „…” ‚…’, CS „…“ ‚…‘; an apostrophe
  (between letters, or before a digit: ’90) is ’ in every language;
- PL and CS: a no-break space after a one-letter word (PL a i o u w z, CS a i k o s u v z, and
  their capitals), so that none ends a line, and between a number and the word it counts
  ("o 2 pola", "ještě 1 náhodnou kartu"), as Polish and Czech typesetting keep them;
- a no-break space between a number and the unit or abbreviation after it (2 PW, 1 VP,
  10 mld $, 100 %): two to five capitals, a glossary abbreviation of the game, or a unit of
  UNITS, and after it more of the last two;
- a spaced hyphen is a dash (" - " becomes " – "), and a no-break space goes before a spaced
  dash, so that no line begins with one;
- PL and CS: a compound word broken at its hyphen repeats the hyphen at the start of the next
  line (polsko- / -radziecki), the rule of both languages. WeasyPrint has no such rule, so the
  hyphen is written as a soft hyphen (the only break the word allows; WeasyPrint sets the
  hyphen there when it breaks) followed by a no-break hyphen (U+2011, which begins the next
  line then and is the word's only hyphen when it is not broken). A command-line option
  (--back-offset) is left as typed.

The result is plain text: the template still escapes it.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

NBSP = "\u00a0"
SHY = "\u00ad"
NB_HYPHEN = "\u2011"

ONE_LETTER = {"pl": "aiouwz", "cs": "aikosuvz"}
REPEATED_HYPHEN = frozenset({"pl", "cs"})
# Opening and closing double quote, opening and closing single quote.
QUOTES = {"en": "“”‘’", "pl": "„”‚’", "cs": "„“‚‘"}
APOSTROPHE = "’"
# Units and abbreviations that follow a number besides capitals and the game's abbreviations.
UNITS = ("mm", "cm", "km", "kg", "min", "pt", "pkt", "p.", "mld", "mln", "tys.", "bn", "zł", "Kč", "ks",
         "%", "‰", "°", "$", "€", "£")
CAPITALS = "A-ZĄĆĘŁŃÓŚŹŻÁČĎÉĚÍŇŘŠŤÚŮÝŽ"
OPENERS = "([{/–—-„“‘‚" + NBSP  # after these (or a space, or nothing) a quote opens

_DASH = re.compile(r" +([-–—])(?= )")
_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")
_TOKEN = re.compile(r"\S+")
_COUNTED = re.compile(r"(?<![\w.,])(\d+) +(?=[^\W\d_]{2})")  # a word, not a one-letter conjunction


def typeset(text: str, lang: str, units: tuple[str, ...] = ()) -> str:
    """`text` as the sheets print it in `lang`; `units` are the game's abbreviations (VP, PO).

    >>> typeset('"Ask not" - it\\'s a w Europie 2 PW', "pl", ("PW",)) == (
    ...     "„Ask not”\\xa0– it’s a\\xa0w\\xa0Europie 2\\xa0PW")
    True
    """
    if not text or text.isascii() and text.replace(".", "").replace("-", "").isdigit():
        return text  # the lengths and numbers of the markup: nothing to do, and many of them
    return _typeset(text, lang, units)


@lru_cache(maxsize=16384)
def _typeset(text: str, lang: str, units: tuple[str, ...]) -> str:
    if '"' in text or "'" in text:
        text = quotes(text, lang)
    if " " in text:
        text = _number_units(units).sub(lambda m: m[1] + re.sub(" +", NBSP, m[2]), text)
        text = _DASH.sub(lambda m: NBSP + ("–" if m[1] == "-" else m[1]), text)
        if lang in ONE_LETTER:
            text = _one_letter(lang).sub(r"\1" + NBSP, text)
            # a number and the word it counts stay together too ("o 2 pola", "1 náhodnou kartu")
            text = _COUNTED.sub(r"\1" + NBSP, text)
    if lang in REPEATED_HYPHEN and "-" in text:
        text = _TOKEN.sub(lambda m: m[0] if m[0].startswith("-") else _HYPHEN.sub(SHY + NB_HYPHEN, m[0]),
                          text)
    return text


def quotes(text: str, lang: str) -> str:
    """Straight quotes as the language's marks: opening after a space, a bracket or a dash (or
    at the start), closing elsewhere; ' between letters or before a digit is an apostrophe."""
    double_open, double_close, single_open, single_close = QUOTES.get(lang, QUOTES["en"])
    out = []
    for i, ch in enumerate(text):
        if ch not in "\"'":
            out.append(ch)
            continue
        before = text[i - 1] if i else ""
        after = text[i + 1] if i + 1 < len(text) else ""
        opens = (not before or before.isspace() or before in OPENERS) and bool(after) and not after.isspace()
        if ch == '"':
            out.append(double_open if opens else double_close)
        elif (before.isalnum() and after.isalpha()) or (opens and after.isdigit()):
            out.append(APOSTROPHE)
        else:
            out.append(single_open if opens else single_close)
    return "".join(out)


@cache
def _one_letter(lang: str) -> re.Pattern:
    letters = ONE_LETTER[lang]
    # not after a letter, digit, hyphen, dot or apostrophe: a one-letter word, not part of one
    return re.compile(rf"(?<![\w\-{NB_HYPHEN}.'’])([{letters}{letters.upper()}]) +(?=\S)")


@cache
def _number_units(units: tuple[str, ...]) -> re.Pattern:
    words = "|".join(re.escape(w) for w in sorted({*UNITS, *(u for u in units if u)}, key=len, reverse=True))
    # capitals only right after the number ("2 PW", not "2 PW USA"); a unit may follow a unit (10 mld $)
    first, more = rf" +(?:[{CAPITALS}]{{2,5}}|{words})(?!\w)", rf" +(?:{words})(?!\w)"
    return re.compile(rf"(?<![\w.,])(\d+(?:[.,]\d+)?)((?:{first})(?:{more})*)")
