"""Placeholders in phrases and translations, and the checks that keep them honest.

A placeholder is `{x}`, `{x:form}`, `{x|term}`, `{x|term:form}`, `{x|term.abbr}`, `{x?one|many}`
(x names an argument; the last gives words that agree with it) or `{@term}`, `{@term:form}` (a
glossary term); see compiler/back/text/template.py.
Anything else in braces is no placeholder: the template filler would print it as it stands.

The forms are a closed list (`FORMS`): a form nobody has would silently fall back to the
nominative ("USA umieszczają 2 PW Polska" for a misspelt `{space:lok}`), so it is a fault (E706
in a translation, E708 in a text.yaml phrase) at the placeholder:
- an argument `{x:form}`: a case (nom, gen, dat, acc, loc, ins), a place form with its
  preposition (to, from), `or` (a list as alternatives), or a glossary term's form (gen_pl...);
- a count `{x|term:case}`: a case only; the number picks singular or plural;
- a glossary term `{@term:form}`: one of its forms, nom_sg ... ins_pl, or abbr.

- A translation may move placeholders, change their forms and use other glossary terms, but it
  names exactly the arguments its English source names: an argument the source does not have
  is printed as `{gracz}` on a card (E706), one it leaves out loses what the English says (who,
  how many, where: E707). A glossary term must exist (E709).
- A text.yaml phrase names only arguments its item gives it: the parameters of a procedure,
  function or event; `player`, `space`, `amount`, `value` of a counter, track or variable;
  `player` of a zone kept per player; `a`, `b` of an attribute or a built-in (E708).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from compiler.back.i18n.sources import PLACE_FORMS, TERM_FORMS
from compiler.diagnostics import Diagnostics, Span, did_you_mean

BRACES = re.compile(r"\{[^{}]*\}")

# What the renderer passes to the phrase of a counter, a track or a variable (text/expressions.py
# place_of, text/statements.py stmt_AssignStmt).
COUNTER_ARGS = frozenset({"space", "player", "amount", "value"})
TRACK_ARGS = frozenset({"player", "amount", "value"})
ZONE_ARGS = frozenset({"player"})  # a zone kept per player (`hand[p]`)
BUILTIN_ARGS = frozenset({"a", "b", "c"})  # built-ins without signatures name their arguments so

# The forms a placeholder may ask for (see the module's docstring): the cases the glossary's
# forms are made of, the place forms, and the glossary's forms themselves.
CASES = tuple(dict.fromkeys(form.split("_")[0] for form in TERM_FORMS))
FORMS = {
    "argument": frozenset({*CASES, *PLACE_FORMS, "or", "abbr", *TERM_FORMS}),
    "count": frozenset(CASES),
    "term": frozenset({*TERM_FORMS, "abbr"}),
}


@dataclass(frozen=True)
class Placeholder:
    text: str  # as written, braces included
    start: int  # offset in its template
    argument: str | None = None  # the argument it names; None for a glossary term
    term: str | None = None  # the glossary term it names, if any
    valid: bool = True  # False: braces that are no placeholder
    form: str | None = None  # the form it asks for (`loc` of `{space:loc}`), if any
    kind: str = "argument"  # argument, count (`{x|term}`) or term (`{@term}`): which FORMS apply

    @property
    def form_known(self) -> bool:
        return self.form is None or self.form in FORMS[self.kind]


def placeholders(template: str) -> list[Placeholder]:
    # Imported here: compiler.back.text imports compiler.back.i18n, which imports this module.
    from compiler.back.text.template import AGREEMENT, PLACEHOLDER

    out = []
    for m in BRACES.finditer(template):
        p = PLACEHOLDER.fullmatch(m.group(0))
        agreement = AGREEMENT.fullmatch(m.group(0))
        if agreement is not None:
            out.append(Placeholder(m.group(0), m.start(), agreement.group(1)))
            continue
        if p is None:
            out.append(Placeholder(m.group(0), m.start(), valid=False))
            continue
        is_term, name, term, _abbr, form = p.groups()
        kind = "term" if is_term else "count" if term else "argument"
        out.append(Placeholder(m.group(0), m.start(), None if is_term else name, name if is_term else term,
                               form=form, kind=kind))
    return out


def arguments(template: str) -> set[str]:
    return {p.argument for p in placeholders(template) if p.argument}


def has_placeholders(template: str) -> bool:
    return any(p.valid for p in placeholders(template))


PLAIN = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def plain(template: str) -> bool:
    """Whether every placeholder is a bare `{name}`: then the string is a valid Python brace
    format, which msgfmt and Poedit can check; `{x:gen}`, `{x|term}` and `{@term}` are not."""
    return all(PLAIN.fullmatch(m.group(0)) for m in BRACES.finditer(template))


def _listed(names: set[str] | frozenset[str]) -> str:
    return ", ".join("{" + n + "}" for n in sorted(names)) or "none"


@dataclass(frozen=True)
class Where:
    """Where a template's text is: lines of its file, the lines the template spans, a fallback."""

    lines: list[str]
    span_lines: tuple[int, ...]
    fallback: Span

    def find(self, needle: str) -> Span:
        """The span of the first line of the template that holds `needle`, else the fallback."""
        for number in self.span_lines:
            if 1 <= number <= len(self.lines):
                col = self.lines[number - 1].find(needle)
                if col >= 0:
                    return Span(self.fallback.path, number, col + 1, number, col + 1 + len(needle))
        return self.fallback


def check_translation(source: str, translation: str, key: str, terms: dict, where: Where,
                      diags: Diagnostics) -> None:
    """Placeholder faults of one translation of `source` (E706, E707, E709)."""
    wanted = arguments(source)
    literal = {p.text for p in placeholders(source) if not p.valid}
    given: set[str] = set()
    for p in placeholders(translation):
        if not p.valid:
            if p.text not in literal:
                diags.error("E706", f"'{p.text}' in the translation of '{key}' is no placeholder",
                            where.find(p.text), f"placeholders of the English: {_listed(wanted)}")
            continue
        if p.argument and p.argument not in wanted:
            diags.error("E706", f"the translation of '{key}' has the placeholder '{p.text}' but its "
                        f"English source has no argument '{p.argument}'", where.find(p.text),
                        did_you_mean(p.argument, wanted) or f"placeholders of the English: {_listed(wanted)}")
        if p.term and p.term not in terms:
            _unknown_term(p, terms, where, diags)
        if not p.form_known:
            diags.error("E706", f"'{p.text}' in the translation of '{key}' asks for the form '{p.form}', "
                        "which no " + _WHAT[p.kind] + " has: it would print in the nominative",
                        where.find(p.text), _forms_hint(p))
        if p.argument:
            given.add(p.argument)
    for name in sorted(wanted - given):
        diags.error("E707", f"the translation of '{key}' leaves out the placeholder {{{name}}} of its "
                    "English source", where.fallback,
                    f"keep {{{name}}} (you may move it and change its form, e.g. {{{name}:gen}})")


_WHAT = {"argument": "argument", "count": "count", "term": "glossary term"}


def _forms_hint(p: Placeholder) -> str:
    close = did_you_mean(p.form or "", FORMS[p.kind])
    known = {
        "argument": "an argument takes " + ", ".join(dict.fromkeys((*CASES, *PLACE_FORMS, "or")))
                    + ", or a glossary form such as gen_pl",
        "count": "a count takes a case, " + ", ".join(CASES) + ": the number picks singular or plural",
        "term": "a glossary term has the forms nom_sg ... ins_pl and abbr",
    }[p.kind]
    return (f"{close} " if close else "") + known[0].upper() + known[1:] + " (docs/translating.md)"


def _unknown_term(p: Placeholder, terms: dict, where: Where, diags: Diagnostics) -> None:
    diags.error("E709", f"'{p.text}' names the glossary term '{p.term}', which text.yaml does not declare",
                where.find(p.text),
                did_you_mean(p.term or "", terms) or "declare it under 'terms' in text.yaml")


def phrase_arguments(compiled: Any, phrase_id: str) -> frozenset[str]:
    """The arguments the renderer gives the phrase of `phrase_id`."""
    program = compiled.program
    game = compiled.game
    sig = program.defs.get(phrase_id) or getattr(program, "events", {}).get(phrase_id)
    if sig is not None:
        return frozenset(p[0] for p in sig.params)
    if phrase_id in {c.id for c in game.counters}:
        return COUNTER_ARGS
    if phrase_id in {x.id for x in (*game.tracks, *game.variables)}:
        return TRACK_ARGS
    if phrase_id in {z.id for z in game.zones}:
        return ZONE_ARGS
    return BUILTIN_ARGS


def check_phrases(compiled: Any, diags: Diagnostics) -> None:
    """Placeholder faults of the English phrases in text.yaml (E708, E709)."""
    text = compiled.text
    if text is None or text.doc is None or compiled.program is None:
        return
    lines = text.doc.text.splitlines()
    for pid, uses in text.phrases.items():
        allowed = phrase_arguments(compiled, pid)
        for use, template in uses.items():
            span = text.span("phrases", pid, *((use,) if use else ()))
            where = Where(lines, tuple(range(span.line, (span.end_line or span.line) + 1)), span)
            for p in placeholders(template):
                if not p.valid:
                    diags.error("E708", f"'{p.text}' in the phrase '{pid}' is no placeholder",
                                where.find(p.text), "write {x}, {x:form}, {x|term} or {@term}; see "
                                "docs/translating.md")
                elif p.argument and p.argument not in allowed:
                    diags.error("E708", f"the phrase '{pid}' has the placeholder '{p.text}', but '{pid}' "
                                f"gives no argument '{p.argument}'", where.find(p.text),
                                did_you_mean(p.argument, allowed) or f"its arguments: {_listed(allowed)}")
                if p.term and p.term not in text.terms:
                    _unknown_term(p, text.terms, where, diags)
                if p.valid and not p.form_known:
                    diags.error("E708", f"'{p.text}' in the phrase '{pid}' asks for the form '{p.form}', "
                                "which no " + _WHAT[p.kind] + " has: it would print in the nominative",
                                where.find(p.text), _forms_hint(p))
