"""Whether a card text states what its effect changes (claims.py `changes_of`), in a locale's
words: each changed item by its name, a glossary term for it or its `words` (a phrase use of
text.yaml, translated in the catalogs), which way a number moves in a sentence that names it, a
die roll and a lasting effect by the words of `markers/<lang>.yaml`. Also the word forms the rest
of the lint matches names with (`name_forms`, `stem`). docs/translating.md, "Printed texts and
the lint", says it for authors.
"""

from __future__ import annotations

import re
from typing import Any

from compiler.back.i18n.claims import Change, sure_changes
from compiler.back.i18n.markers import has_marker
from compiler.back.i18n.placeholders import placeholders
from compiler.back.i18n.sources import PLACE_FORMS, TERM_FORMS, WORDS_USE
from compiler.back.i18n.translations import SOURCE_LOCALE, translations
from compiler.back.text.template import AGREEMENT


def once(compiled: Any, table: str, key: Any, make: Any) -> Any:
    """`make()`, kept on the compiled game under `table` and `key`: the effects do not change
    between the locales and the cards a text is checked for."""
    kept = compiled.__dict__.setdefault(table, {})
    if key not in kept:
        kept[key] = make()
    return kept[key]


def name_forms(tr: Any, item_id: str) -> set[str]:
    """Every form of an item's name in a locale, and each without its leading lower-case word
    ("w Rzymie" -> "Rzymie", "the Alps" -> "Alps")."""
    forms = {tr.name(item_id)} | {tr.name(item_id, f) for f in PLACE_FORMS}
    for form in list(forms):
        words = form.split(" ", 1)
        if len(words) == 2 and words[0].islower():
            forms.add(words[1])
    return {f for f in forms if f}


def stem(word: str) -> str:
    """A word without the ending its case forms change."""
    return word[:max(3, len(word) - 2)]


# How each kind of change is named in a fault ("the effect changes the track Tension").
KIND_WORDS = {"track": "the track", "counter": "the counter", "zone": "a card moved to the zone"}
WAY_WORDS = {"up": "raises", "down": "lowers"}
# The uses of a phrase that are noun phrases (how the item itself reads), and the use that lists
# other words a card text names it by.
NOUN_USES = ("", "nom", "gen", "dat", "acc", "loc", "ins", "to", "from")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def change_faults(compiled: Any, changes: dict, lang: str, text: str) -> list[str]:
    """Every change of the game the effect makes that the text does not state (claims.py
    `changes_of`): the item by its name, a glossary term for it or its other words; which way a
    number moves, in a sentence that names the item; a die roll and a lasting effect by the
    locale's words for them."""
    tr = translations(compiled, lang)
    faults = []
    sentences = SENTENCE_END.split(text)
    for change in sorted(changes.values(), key=lambda c: (c.kind, c.subject)):
        if change.kind == "roll":
            if not has_marker(lang, "roll", text):
                faults.append("the effect rolls a die, the text does not say so")
            continue
        if change.kind == "lasting":
            if not (has_marker(lang, "lasting", text) or has_marker(lang, "until_turn_end", text)):
                faults.append("the effect makes a lasting effect, but the text does not say how long "
                              "it lasts")
            continue
        name = tr.name(change.subject)
        forms = item_words(compiled, lang, change)
        if not matches(forms, text):
            faults.append(f"the effect changes {KIND_WORDS[change.kind]} {name}, the text does not name it")
            continue
        if "set" in change.directions:
            continue  # "set the tension to 2" says where it goes, whichever way that is
        for way in sorted(change.directions):
            ways = way_words(compiled, lang, change.subject, way)
            if not any(matches(forms, s) and (has_marker(lang, way, s) or matches(ways, s))
                       for s in sentences):
                faults.append(f"the effect {WAY_WORDS[way]} {name}, the text does not say so "
                              "(in a sentence that names it)")
    return faults


def item_words(compiled: Any, lang: str, change: Change) -> tuple[str, ...]:
    """The words that name a changed item in a locale: its name in every form; every form of
    the glossary terms that stand for it (a term whose English is the item's English name, and
    the terms named by its phrases and by those of the definitions the change is made in); its
    phrases as noun phrases ("the discard pile"); and the other words its `words` phrase lists."""
    key = (lang, change.kind, change.subject, change.via)
    return once(compiled, "_item_words", key, lambda: _item_words(compiled, lang, change))


def _item_words(compiled: Any, lang: str, change: Change) -> tuple[str, ...]:
    tr = translations(compiled, lang)
    phrases = compiled.text.phrases if compiled.text is not None else {}
    terms_of = compiled.text.terms if compiled.text is not None else {}
    forms = set(name_forms(tr, change.subject))
    english = {f.lower() for f in name_forms(translations(compiled, SOURCE_LOCALE), change.subject)}
    terms = {tid for tid, term in terms_of.items()
             if english & {str(term.get(k, "")).lower() for k in ("one", "other", "abbr")}}
    for owner in (change.subject, *sorted(change.via)):
        for template in phrases.get(owner, {}).values():
            terms |= {p.term for p in placeholders(template) if p.term}
    for term in terms:
        forms |= {tr.term(term, f) for f in TERM_FORMS} | {tr.term(term, "abbr")}
    for use in phrases.get(change.subject, {}):
        template = tr.phrase(change.subject, use) or ""
        if use in NOUN_USES:
            forms.add(_plain(template))
        elif use == WORDS_USE:
            forms |= {w.strip() for w in template.split(",")}
    return tuple(sorted(f for f in forms if f.strip()))


def way_words(compiled: Any, lang: str, subject: str, way: str) -> tuple[str, ...]:
    """The verbs besides the locale's markers that say a number moves `way`: the verb of the
    item's own phrase for it (`add`, `remove`) and of the statement phrase (`do`) of every
    definition that surely moves it that way ("the tension falls by {steps}": "falls"). A verb
    is a word that agrees with an argument ("{p?infiltruje|infiltrują}"), else the phrase's first
    word that is not the item's own."""
    return once(compiled, "_way_words", (lang, subject, way),
                 lambda: _way_words(compiled, lang, subject, way))


def _way_words(compiled: Any, lang: str, subject: str, way: str) -> tuple[str, ...]:
    tr = translations(compiled, lang)
    phrases = compiled.text.phrases if compiled.text is not None else {}
    own = {stem(w.lower()) for form in item_words(compiled, lang, Change("", subject))
           for w in re.findall(r"\w+", form)}
    templates = [tr.phrase(subject, {"up": "add", "down": "remove"}[way]) or ""]
    for name, found in sure_changes(compiled).items():
        if any(c.subject == subject and way in c.directions for c in found.values()):
            templates += [tr.phrase(name, use) or "" for use in ("do", "") if use in phrases.get(name, {})]
    words = set()
    for template in templates:
        agreeing = [w for m in AGREEMENT.finditer(template) for w in m.group(2, 3)]
        if agreeing:
            words.update(w.strip() for w in agreeing if w.strip())
            continue
        first = next((w for w in re.findall(r"\w+", _plain(template))
                      if len(w) > 2 and not w.isdigit() and stem(w.lower()) not in own), None)
        if first is not None:
            words.add(first)
    return tuple(sorted(words))


def _plain(template: str) -> str:
    """A template's words: agreeing words both ways ("{p?zdobywa|zdobywają}"), no placeholders."""
    return re.sub(r"\{[^{}]*\}", " ", AGREEMENT.sub(lambda m: f"{m.group(2)} {m.group(3)}", template)).strip()


# Words of a form may stand this many words apart in a text ("remove it from the game").
GAP = 2


def _word_pattern(word: str) -> str:
    """A word in any inflection: three letters or less (an abbreviation) as it is; four letters
    with an ending of up to two more ("card", "cards"); longer ones as their stem, all but the
    last two letters and at least four, with any ending ("odrzucić", "odrzuca")."""
    if len(word) <= 3:
        return re.escape(word)
    if len(word) == 4:
        return re.escape(word) + r"\w{0,2}"
    return re.escape(word[:max(4, len(word) - 2)]) + r"\w*"


def matches(forms: tuple[str, ...], text: str) -> bool:
    """Whether the text holds one of the forms: its words in order, each in any inflection, at
    most GAP words apart. A form's words of one or two letters ("of", "w") are left out."""
    for form in forms:
        words = re.findall(r"\w+", form)
        words = [w for w in words if len(w) > 2] or words
        if not words:
            continue
        pattern = (r"\W+(?:\w+\W+){0," + str(GAP) + "}").join(_word_pattern(w) for w in words)
        if re.search(r"(?<!\w)" + pattern + r"(?!\w)", text, re.IGNORECASE):
            return True
    return False
