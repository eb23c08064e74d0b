"""Fitting the card fronts: every name, text and foot line inside its box, in type no smaller
than 6.5 pt (faces.MIN_PT).

Every card starts in the deck's sizes, the largest of faces.TEXT_SIZES, NAME_SIZES and
LINE_SIZES, so that a deck is set in one size of each. The fronts are laid out by WeasyPrint;
where a box's content runs past its bottom or right edge, that box of that card takes the next
smaller size and the sheets of those cards are laid out again, one step a round: a box that
needs less gets the smallest reduction that fits, and `reduced` names each such card for the
report. What still does not fit in the smallest size is a fault of the content, reported like any
other (E710) at the text an author rewords: the card's text in cards.yaml, its translation in the
catalog, the card's name, or the sheet labels of a foot line. Nothing is shrunk below the smallest size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.back.i18n import translations
from compiler.back.i18n.translations import SOURCE_LOCALE, catalog_path
from compiler.back.sheets import cards, layout, pdf
from compiler.back.sheets.faces import LINE_SIZES, NAME_SIZES, TEXT_SIZES, Face, points
from compiler.back.sheets.layout import Paper
from compiler.back.sheets.words import Words
from compiler.diagnostics import CompileError, Diagnostic, Span
from compiler.front.declare import shown_path

KINDS = ("title", "text", "line")  # the CSS classes of the boxes that must hold their content
ROUNDS = 6  # more than the steps of the longest list of sizes (faces.TEXT_SIZES)
# What a box is called in the report, and its sizes.
BOXES = (("name", "name_size", NAME_SIZES), ("text", "text_size", TEXT_SIZES),
         ("foot line", "line_size", LINE_SIZES))


@dataclass
class Fitted:
    html: str
    document: Any  # the laid-out fronts
    faces: list[Face]  # in print order, with the sizes that fit


def fit_fronts(words: Words, paper: Paper, bleed: float) -> tuple[str, Any]:
    """The fronts' HTML and laid-out document with everything fitted (see `fit`)."""
    fitted = fit(words, paper, bleed)
    return fitted.html, fitted.document


def fit(words: Words, paper: Paper, bleed: float) -> Fitted:
    """The fronts with everything fitted; CompileError (E710) with one diagnostic per box that
    does not fit in the smallest size.

    Every sheet is laid out once; after that only the sheets of the cards whose type was made
    smaller are laid out again (a box's fit depends on its own card alone), and the document
    is those sheets put back among the others: a few sheets a round instead of all of them."""
    smaller: dict[tuple[str, str], int] = {}
    faces = first = cards.all_faces(words, smaller)
    html = cards.faces_html(words, faces, paper, bleed)
    document = pdf.render(html)
    sheets = list(document.pages)
    per_page = layout.grid(paper, bleed).per_page
    cut = _cut(document)
    for _ in range(ROUNDS):
        if not cut:
            break
        for key in cut:
            smaller[key] = smaller.get(key, 0) + 1
        again = cards.all_faces(words, smaller)
        if again == faces:  # already the smallest sizes
            break
        faces = again
        # every sheet with a card that did not fit: one still cut there is found again
        named = {face_id for _, face_id in cut}
        redo = sorted({i // per_page for i, face in enumerate(faces) if face.id in named})
        redone = pdf.render(cards.faces_html(words, faces, paper, bleed, only=set(redo)))
        for index, page in zip(redo, redone.pages, strict=True):
            sheets[index] = page
        cut = _cut(redone)
    if cut:
        raise CompileError([does_not_fit(words, kind, face_id) for kind, face_id in cut])
    if faces is not first:  # the whole HTML, as it is written, of the sizes that fit
        html = cards.faces_html(words, faces, paper, bleed)
    return Fitted(html, document.copy(sheets), faces)


def reduced(words: Words, faces: list[Face]) -> list[str]:
    """For each kind of box, a line naming every card of the deck whose box is set smaller than
    the deck's size to fit, with its size (a card printed with the deck, not of it, is laid out
    as it needs and not named)."""
    deck = {card.id for card in words.game.cards}
    shown = {f.id: f for f in faces if f.id in deck}.values()  # a card with copies once
    out = []
    for what, attr, sizes in BOXES:
        smaller = [f"'{face.id}' {points(sizes, getattr(face, attr)):g} pt" for face in shown
                   if getattr(face, attr) != sizes[0][1]]
        if smaller:
            out.append(f"card {what}s set smaller than the deck's {sizes[0][0]:g} pt to fit: "
                       + ", ".join(smaller))
    return out


def _cut(document: Any) -> list[tuple[str, str]]:
    """(kind, face id) of every box of `document` whose content does not fit."""
    return [(kind, face_id) for kind in KINDS for face_id in pdf.overflowing(document, kind)]


def does_not_fit(words: Words, kind: str, face_id: str) -> Diagnostic:
    """E710 for one box, located where the author changes what it prints."""
    game = words.game
    extra = next((e for e in game.sheets.extra_cards if f"extra:{e.id}" == face_id), None)
    face = (next(f for f in cards.all_faces(words) if f.id == face_id))
    what = f"extra card '{extra.id}'" if extra else f"card '{face_id}'"
    if kind == "line":
        lines = [" · ".join(face.region), " ".join(t.symbol or t.label for t in face.tags) + "  "
                 + " · ".join(face.footer), *(" · ".join(line) for line in face.more_footer)]
        shown = " / ".join(line.strip() for line in lines if line.strip())
        span = extra.span if extra else game.by_id(game.cards)[face_id].span
        return Diagnostic("E710", f"a foot line of {what} does not fit on one line in '{words.lang}' even "
                          f"at 6.5 pt: {shown}", span,
                          "shorten the labels of `sheets.card_face` in game.yaml (or their sheet.* "
                          "translations in the catalog)", phase="text")
    if kind == "title":
        key = f"sheet.extra.{extra.id}.title" if extra and extra.title else f"name.{face_id}"
        shown = face.name
    else:
        key = f"sheet.extra.{extra.id}.text" if extra else f"text.{face_id}"
        shown = "\n\n".join(face.text)
    fallback = extra.span if extra else game.by_id(game.cards)[face_id].span
    name = "name" if kind == "title" else "text"
    hint = "reword it shorter"
    if kind == "text" and not extra and translations(words.compiled, words.lang).get(key) is None:
        hint = ("the text is generated from the card's event: give the card an authored text "
                "(`text:` in its card file; its translations in the catalogs) short enough to fit")
    return Diagnostic("E710", f"the {name} of {what} does not fit on the card in '{words.lang}' even at "
                      f"6.5 pt ({len(shown)} characters): {_short(shown)}", located(words, key, fallback),
                      hint, phase="text")


def located(words: Words, key: str, fallback: Span | None) -> Span | None:
    """Where the string under `key` that this locale prints is written: its catalog entry when
    a current translation is printed, else the English in the content; else `fallback` (a card
    whose text is generated from its event)."""
    tr = translations(words.compiled, words.lang)
    if words.lang != SOURCE_LOCALE and tr.get(key) is not None and tr.catalog is not None:
        entry = tr.catalog.entries[key]
        line = entry.msgstr_lines[0] if entry.msgstr_lines else entry.line
        return Span(shown_path(catalog_path(words.compiled.folder, words.lang)), line, 1)
    source = tr.sources.get(key)
    if source is not None and source.span is not None and (key.startswith("name.") or tr.get(key)):
        return source.span
    return fallback


def _short(text: str, limit: int = 70) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"
