"""The authored-text lint: a card's printed text must say what its effect does.

Numbers, places and sides: every number the effect names (other than 1 and 0), every place
(space or region) and every side it names must appear in the text, in any case form of the
locale; and the other way round, every number, place and side in the text must come from the
effect, from the data it refers to (the integer attributes of the places it names: "Presence 3"
on a scoring card), or from the definitions it calls, a few calls deep.

Meaning (`claims.py`, words per locale in `markers/<lang>.yaml`): a text says "may" exactly
when a player may decline something; "until the end of the turn" exactly when a lasting effect
ends with the turn; names every optional rule the effect depends on; states a condition when
the effect has one; and never says "remove this card" (the sheet prints the removal mark from
the card's attributes).

Changes (`stated.py`): every track, counter, zone, lasting effect and die roll the effect
changes is named, and which way a number moves is said. Length (`card_fit.py`): a text that
cannot fit its card even in the smallest type is E710 before any sheet is laid out. And the
catalogs: placeholder faults (placeholders.py), and stale translations, which `kurtyna check`
warns of (`stale_translations`).
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from compiler import game_files, memo
from compiler.back.i18n.card_fit import MIN_PT, SLACK, least_height, text_box_height
from compiler.back.i18n.claims import claims_of
from compiler.back.i18n.lint_keys import lint_context
from compiler.back.i18n.markers import has_marker
from compiler.back.i18n.placeholders import Where, check_phrases, check_translation
from compiler.back.i18n.stated import change_faults, name_forms
from compiler.back.i18n.stated import once as _once
from compiler.back.i18n.stated import stem as _stem
from compiler.back.i18n.termbase import check_termbase
from compiler.back.i18n.translations import (
    LOCALES,
    SOURCE_LOCALE,
    catalog_path,
    game_catalog,
    load_sources,
    locale_sources,
    translations,
)
from compiler.diagnostics import Diagnostic, Diagnostics, Span
from compiler.front.declare import shown_path
from dsl import ast

NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.]*\d)(?![^\W\d_])")  # "2nd" is no number


# How deep the definitions a card calls are read for what its text may print besides: the
# bonus a scoring card prints ("+1 per ...") may live two calls below the procedure it calls.
CALL_DEPTH = 3


def named(compiled: Any, card_id: str) -> tuple[set[int], set[str], set[int], set[str]]:
    """Numbers and places the card's effect names, and the numbers and places it may print
    besides (those of the definitions it calls, a few calls deep, and the attributes of the
    places it names). Numbers are compared without sign ("-1" prints as "−1") and 1 is never
    required either way: "a", "one" and the step of a loop ("add 4 counters, at most 2 per
    country" adds 1 at a time) are all 1."""
    return _once(compiled, "_named", card_id, lambda: _named(compiled, card_id))


def _named(compiled: Any, card_id: str) -> tuple[set[int], set[str], set[int], set[str]]:
    program = compiled.program
    game = compiled.game
    places = {x.id for x in (*game.spaces, *game.regions)}
    numbers, named_places, called = _literals(program, program.card_events[card_id].tree, places)
    printable: set[int] = {1}
    items = {x.id: x for x in (*game.spaces, *game.regions)}
    for pid in named_places:
        printable |= {
            abs(v) for v in items[pid].attributes.values() if isinstance(v, int) and not isinstance(v, bool)
        }
    more_numbers, printable_places = _called_literals(compiled, called, places)
    return numbers - {1}, named_places, printable | more_numbers, printable_places


def _called_literals(compiled: Any, called: set[str], names: set[str]) -> tuple[set[int], set[str]]:
    """The numbers and the `names` the definitions in `called` name, and those they call, down
    to CALL_DEPTH calls."""
    numbers: set[int] = set()
    found: set[str] = set()
    seen: set[str] = set()
    program = compiled.program
    frozen = frozenset(names)
    for _ in range(CALL_DEPTH):
        deeper: set[str] = set()
        for name in called - seen:
            seen.add(name)
            node = program.defs[name].node
            if node is not None:
                found_here = _once(compiled, "_def_literals", (name, frozen),
                                   lambda node=node: _literals(program, node, names))
                more_numbers, more_names, more_calls = found_here
                numbers |= more_numbers
                found |= more_names
                deeper |= more_calls
        called = deeper
    return numbers, found


def _literals(program: Any, tree: Any, places: set[str]) -> tuple[set[int], set[str], set[str]]:
    """The numbers (without sign, not 0), places and definitions a tree names."""
    numbers: set[int] = set()
    named_places: set[str] = set()
    called: set[str] = set()
    for node in tree.walk():
        if isinstance(node, ast.IntLit) and node.value != 0:
            numbers.add(abs(node.value))
        elif isinstance(node, ast.Name) and node.id in places:
            if getattr(program.refs.get(id(node)), "kind", None) == "constant":
                named_places.add(node.id)
        elif isinstance(node, ast.Call) and node.func in program.defs:
            called.add(node.func)
    return numbers, named_places, called


def place_forms(compiled: Any, lang: str) -> list[tuple[re.Pattern, str, str]]:
    """(pattern, place id, its first literal word) for every form of every place name, longest
    first, and last a pattern of word stems that finds the case forms the catalogs do not list
    ("Nową Zelandią" is the instrumental of "Nowa Zelandia")."""
    cache = compiled.__dict__.setdefault("_place_forms", {})  # built once per game and locale
    if lang in cache:
        return cache[lang]
    tr = translations(compiled, lang)
    game = compiled.game
    exact: list[tuple[str, str]] = []
    stems: list[tuple[str, str]] = []
    for item in (*game.spaces, *game.regions):
        exact += [(re.escape(f), item.id) for f in name_forms(tr, item.id)]
        stem = _stem_pattern(tr.name(item.id))
        if stem:
            stems.append((stem, item.id))
    ordered = sorted(exact, key=lambda p: -len(p[0])) + sorted(stems, key=lambda p: -len(p[0]))
    cache[lang] = _FORMS.kept(tuple(ordered), lambda: [
        (re.compile(r"(?<!\w)" + f + r"(?!\w)"), pid, _first_literal(f)) for f, pid in ordered])
    return cache[lang]


_FORMS = memo.table("place-forms", 16)  # the compiled patterns, by the forms they are made of


def _first_literal(pattern: str) -> str:
    """What any match of an escaped name form or stem pattern begins with: its characters up to
    the first space or pattern syntax (`\\w`, `\\s`), unescaped. Removing a found name leaves a
    space, so wherever the pattern could match, this is in the text as it was."""
    literal = re.match(r"(?:\\\W|[^\\\s\[\](){}*+?|^$.])*", pattern).group()
    return re.sub(r"\\(\W)", r"\1", literal).split(" ", 1)[0]


def _stem_pattern(name: str) -> str | None:
    """Each word's stem followed by any ending; only for names of several words or of one long
    word, where a stem cannot be another place's (two short names may share a stem)."""
    words = re.findall(r"\w+", name)
    if not words or (len(words) == 1 and len(words[0]) < 6):
        return None
    return r"\s+".join(re.escape(_stem(w)) + r"\w*" for w in words)


def found_in(text: str, forms: list[tuple[re.Pattern, str, str]]) -> tuple[set[int], set[str]]:
    places: set[str] = set()
    rest = text
    for pattern, pid, literal in forms:
        if literal in text and pattern.search(rest):
            places.add(pid)
            rest = pattern.sub(" ", rest)
    return {int(n) for n in NUMBER.findall(rest)}, places


def sides_named(compiled: Any, card_id: str) -> tuple[set[str], set[str]]:
    """The sides (players) the card's effect names, and those it may name besides: the sides
    the definitions it calls name, a few calls deep (the side a called rule takes a card from)."""
    return _once(compiled, "_sides_named", card_id, lambda: _sides_named(compiled, card_id))


def _sides_named(compiled: Any, card_id: str) -> tuple[set[str], set[str]]:
    program = compiled.program
    players = {p.id for p in compiled.game.players}
    _n, named_sides, called = _literals(program, program.card_events[card_id].tree, players)
    _numbers, more = _called_literals(compiled, called | rules_naming(compiled, card_id), players)
    return named_sides, more


def rules_naming(compiled: Any, card_id: str) -> set[str]:
    """The definitions that name the card itself: what they do to it is the card's to print (an
    optional rule that forbids its event). Indexed once per compiled game."""
    index = compiled.__dict__.get("_rules_naming")
    if index is None:
        cards = {c.id for c in compiled.game.cards}
        index = {}
        for name, sig in compiled.program.defs.items():
            if sig.node is not None:
                for n in sig.node.walk():
                    if isinstance(n, ast.Name) and n.id in cards:
                        index.setdefault(n.id, set()).add(name)
        compiled.__dict__["_rules_naming"] = index
    return index.get(card_id, set())


def sides_in(compiled: Any, lang: str, text: str) -> set[str]:
    """The sides a text names: any case form of their names the catalogs list, with or without
    an article."""
    tr = translations(compiled, lang)
    return {p.id for p in compiled.game.players
            if any(re.search(r"(?<!\w)" + re.escape(f) + r"(?!\w)", text) for f in name_forms(tr, p.id))}


def _ambiguous_places(compiled: Any, lang: str) -> set[str]:
    """Places whose name is also a side's name in this locale ("USA" is the space and the side)."""
    tr = translations(compiled, lang)
    sides = {tr.name(p.id).lower() for p in compiled.game.players}
    return {x.id for x in compiled.game.spaces if tr.name(x.id).lower() in sides}


def _names_option(text: str, name: str) -> bool:
    """Whether every word of an option's name appears in the text, in any inflected form."""
    # Words with digits ("2nd") are left out: a text writes "Second-edition rules" so that its
    # numbers are the effect's.
    words = [w for w in re.findall(r"\w+", name.lower()) if len(w) >= 3 and not any(c.isdigit() for c in w)]
    lowered = text.lower()
    return bool(words) and all(re.search(r"(?<!\w)" + re.escape(_stem(w)), lowered) for w in words)


def lint_card(compiled: Any, card_id: str, lang: str, text: str) -> list[str]:
    """What disagrees between a card's authored text in `lang` and its effect (empty: agrees)."""
    numbers, places, printable, printable_places = named(compiled, card_id)
    claims = claims_of(compiled, card_id)
    text_numbers, text_places = found_in(text, place_forms(compiled, lang))
    tr = translations(compiled, lang)
    faults = []
    for n in sorted(numbers - text_numbers):
        faults.append(f"the effect names the number {n}, the text does not")
    for n in sorted(text_numbers - numbers - printable):
        faults.append(f"the text names the number {n}, the effect does not")
    for p in sorted(places - text_places):
        faults.append(f"the effect names {tr.name(p)}, the text does not")
    options = {o.id for o in compiled.game.options}  # "Chinese Civil War option: ..." names a rule
    for p in sorted(text_places - places - printable_places - options - _ambiguous_places(compiled, lang)):
        faults.append(f"the text names {tr.name(p)}, the effect does not")
    sides, callable_sides = sides_named(compiled, card_id)
    text_sides = sides_in(compiled, lang, text)
    for p in sorted(sides - text_sides):
        faults.append(f"the effect names the side {tr.name(p)}, the text does not")
    for p in sorted(text_sides - sides - callable_sides):
        faults.append(f"the text names the side {tr.name(p)}, the effect does not")
    faults += _meaning_faults(compiled, claims, lang, text)
    faults += change_faults(compiled, claims.changes, lang, text)
    return faults


def _meaning_faults(compiled: Any, claims: Any, lang: str, text: str) -> list[str]:
    tr = translations(compiled, lang)
    faults = []
    says_may = has_marker(lang, "may", text)
    if claims.optional and not says_may:
        faults.append("a player may decline a choice of the effect, but the text does not say 'may'")
    elif says_may and not claims.choice:
        faults.append("the text says 'may', but the effect gives no player a choice")
    says_turn = has_marker(lang, "until_turn_end", text)
    if claims.until_turn_end and not says_turn:
        faults.append("a lasting effect ends with the turn, but the text does not say so")
    elif says_turn and not claims.until_turn_end:
        faults.append("the text says the effect lasts until the end of the turn, but it does not")
    if claims.conditional and not has_marker(lang, "condition", text):
        faults.append("the effect has a condition ('if' or 'require'), but the text states none")
    for option in sorted(claims.options):
        if not _names_option(text, tr.name(option)):
            faults.append(f"the effect depends on the optional rule {tr.name(option)}, "
                          "the text does not name it")
    if has_marker(lang, "removal", text) and not claims.moves_itself:
        faults.append("the text says to remove the card; the card sheet prints the removal mark "
                      "from the card's attributes, so say nothing or only what differs")
    return faults


def _text_span(compiled: Any, card: Any, lang: str) -> Span:
    """Where a card's authored text in `lang` is written: its YAML, or its msgstr in the catalog."""
    if lang == SOURCE_LOCALE:
        return card.field_span("text", "en")
    entry = translations(compiled, lang).catalog.entries[f"text.{card.id}"]
    line = entry.msgstr_lines[0] if entry.msgstr_lines else entry.line or 1
    return Span(shown_path(catalog_path(compiled.folder, lang)), line, 1)


def lint_game(compiled: Any, diags: Diagnostics) -> None:
    """Check every authored card text of every locale against the card's effect, and that it can
    fit on the card."""
    room = text_box_height() + SLACK
    context = lint_context(compiled) if memo.keeping_on() else ""  # lint_keys.py: what a card's lint reads
    for card in compiled.game.cards:
        for lang in LOCALES:
            text = translations(compiled, lang).authored_text(card.id)
            if not text:
                continue
            key = (context, card.id, lang, text, card.event)
            needed, faults = _LINTED.kept(key, partial(_lint_text, compiled, card.id, lang, text))
            if needed > room:
                diags.error("E710", f"the {lang} text of card '{card.id}' cannot fit on the card even at "
                            f"{MIN_PT:g} pt ({len(text)} characters): it needs at least {needed:.0f} mm, "
                            f"the largest text box is {room - SLACK:.0f} mm high",
                            _text_span(compiled, card, lang), "reword it shorter")
            if faults:
                diags.error(
                    "E701",
                    f"the {lang} text of card '{card.id}' disagrees with its effect: " + "; ".join(faults),
                    _text_span(compiled, card, lang),
                    "make the text say what the event does (numbers, places, sides, what it changes and "
                    "which way), or fix the event",
                )


_LINTED = memo.table("lint", 4096)  # by lint_keys.py's key: a game's cards in every language


def _lint_text(compiled: Any, card_id: str, lang: str, text: str) -> tuple[float, list[str]]:
    """The height a card's text needs, and what in it disagrees with the card's effect (nothing
    for a card without an event: it prints a reminder of the rules, if anything)."""
    faults = lint_card(compiled, card_id, lang, text) if card_id in compiled.program.card_events else []
    return least_height(text), faults


def lint_translations(compiled: Any, diags: Diagnostics) -> None:
    """Every check of a game's text and catalogs: text.yaml placeholders, catalog faults, and
    (when every catalog can be read) the printed texts against the effects."""
    check_phrases(compiled, diags)
    readable = True
    for lang in LOCALES:
        if lang != SOURCE_LOCALE:
            readable = check_catalog(compiled, lang, diags) and readable
    if readable:
        lint_game(compiled, diags)
        check_termbase(compiled, diags)


def check_catalog(compiled: Any, lang: str, diags: Diagnostics) -> bool:
    """Faults of one locale's catalog (E702-E707, E709); False when it cannot be read."""
    path = catalog_path(compiled.folder, lang)
    catalog, faults = game_catalog(compiled, lang)
    diags.extend(faults)
    if faults or not path.is_file():
        return not faults
    by_key = {s.key: s for s in locale_sources(compiled, lang, catalog)}
    shown = shown_path(path)
    lines = game_files.read_text(path, compiled.folder).splitlines()
    terms = _terms(compiled)
    known = memo.digest(repr(sorted(terms.items()))) if memo.keeping_on() else ""
    for entry in catalog.entries.values():
        if entry.source_plural is not None:
            diags.error("E705", f"the entry '{entry.key}' has plural forms (msgid_plural), but Kurtyna's "
                        "strings are singular", Span(shown, entry.line, 1),
                        "write one msgstr; counts are phrased with {n|term} (see docs/translating.md)")
            continue
        src = by_key.get(entry.key)
        if src is None or not entry.done or entry.source != src.text:
            continue  # untranslated, stale (fuzzy) or without a source: not used, not checked
        first = entry.msgstr_lines[0] if entry.msgstr_lines else entry.line
        where = Where(lines, entry.msgstr_lines, Span(shown, first, 1))
        # its faults depend on these alone (the lines it may place them on included): kept
        written = tuple(lines[n - 1] if 1 <= n <= len(lines) else None for n in entry.msgstr_lines)
        memo.recorded(_TRANSLATIONS, (known, src.text, entry.translation, entry.key, shown, first,
                                      entry.msgstr_lines, written), diags,
                      partial(check_translation, src.text, entry.translation, entry.key, terms, where))
    return True


_TRANSLATIONS = memo.table("translations", 16384)


def stale_translations(compiled: Any) -> list[Diagnostic]:
    """Every translation whose English changed since it was made (fuzzy, or translated for an
    earlier English), as a warning (E722) at its msgstr: tools print the English instead, and a
    card prints the text generated from its event, so players would not read what the
    translator wrote. `kurtyna check --strict` makes them errors."""
    _text, sources = load_sources(compiled)
    out = []
    for lang in LOCALES:
        path = catalog_path(compiled.folder, lang)
        if lang == SOURCE_LOCALE or not path.is_file():
            continue
        catalog, _faults = game_catalog(compiled, lang)
        for src in locale_sources(compiled, lang, catalog):
            entry = catalog.entries.get(src.key)
            if entry is None or not entry.translation or (not entry.fuzzy and entry.source == src.text):
                continue
            instead = ("the card prints the text generated from its event" if src.key.startswith("text.")
                       else "the English is used")
            line = entry.msgstr_lines[0] if entry.msgstr_lines else entry.line or 1
            if entry.fuzzy:
                hint = "check the translation against the new English, correct it, and remove the fuzzy flag"
            else:
                hint = f"run `kurtyna i18n update {compiled.folder.name}`, then review the entry"
            message = (f"the {lang} translation of '{src.key}' is stale: its English changed since it was "
                       f"translated (now {_quoted(src.text)}), so {instead} until it is updated")
            out.append(Diagnostic("E722", message, Span(shown_path(path), line, 1),
                                  f"{hint} (`kurtyna i18n status --missing` shows the old and new English)",
                                  severity="warning", phase="text"))
    return out


def _quoted(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[:limit - 1] + "…")


def _terms(compiled: Any) -> dict:
    text = compiled.text
    return dict(text.terms) if text is not None else {}
