"""Gettext catalogs (PO files), read and written with polib, losslessly.

One entry per translatable string, keyed by its context (msgctxt); msgid is the English source.
What Kurtyna manages in an entry: msgctxt, msgid, the `#.` note for translators, the `#:`
references to the content, the `fuzzy` and `python-brace-format` flags and, for a fuzzy entry,
the previous source (`#| msgid`). Everything else is the translator's and is kept as written:
msgstr (and msgstr[n] of a plural entry), `#` comments, other flags, header fields a tool added,
obsolete entries (`#~`).

When the source of a translated entry changes, the entry keeps its translation, is marked
`fuzzy` and records the old source as `#| msgid` - what gettext's msgmerge does, and what
Poedit and Weblate show as "needs review". Catalogs are compared by content (`content`), not
bytes, so a catalog saved by Poedit or msgcat, wrapped its own way, is still current.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import polib
from babel.core import UnknownLocaleError
from babel.messages.plurals import get_plural

from compiler import game_files
from compiler.back.i18n.placeholders import has_placeholders, plain
from compiler.back.i18n.po import WRAP_WIDTH, EntryLines, parse
from compiler.back.i18n.sources import Source
from compiler.diagnostics import CompileError, Diagnostic, Span
from compiler.front.declare import shown_path

# Lets msgfmt -c and Poedit check placeholders, on the entries where it can: Python's brace
# format knows `{name}` but rejects our forms (`{r:gen}`), so the flag is set only where the
# source and the translation use bare `{name}` placeholders (docs/translating.md).
FORMAT_FLAG = "python-brace-format"
MANAGED_FLAGS = ("fuzzy", FORMAT_FLAG)


@dataclass
class Entry:
    key: str
    source: str
    translation: str = ""
    fuzzy: bool = False
    previous: str | None = None  # the source this translation was made for, when it changed
    comment: str = ""  # `#.`: Kurtyna's note for translators
    obsolete: bool = False
    line: int = 0  # the entry's first line in its file (1-based), for error messages
    notes: str = ""  # `#`: the translator's comments
    flags: tuple[str, ...] = ()  # every flag but fuzzy, as written
    references: tuple[str, ...] = ()  # `#:` content file:line
    source_plural: str | None = None  # msgid_plural, which only a translator can have added
    plural_translations: dict[int, str] = field(default_factory=dict)  # msgstr[n]
    previous_context: str | None = None
    previous_plural: str | None = None
    msgstr_lines: tuple[int, ...] = ()  # where its msgstr is, for error messages

    @property
    def done(self) -> bool:
        return bool(self.translation) and not self.fuzzy

    @property
    def translated(self) -> bool:
        return bool(self.translation) or any(self.plural_translations.values())

    @property
    def translator_wrote(self) -> bool:
        """Whether anything in the entry is the translator's (so it must not be dropped)."""
        return self.translated or bool(self.notes) or any(f not in MANAGED_FLAGS for f in self.flags)


@dataclass
class Catalog:
    lang: str | None  # None: the template (messages.pot)
    entries: dict[str, Entry] = field(default_factory=dict)
    obsolete: dict[str, Entry] = field(default_factory=dict)
    header: dict[str, str] = field(default_factory=dict)
    header_comment: str | None = None  # the `#` lines above the header, as written
    header_fuzzy: bool = False


class CatalogError(CompileError):
    """A PO file that cannot be read faithfully: its located faults (E702-E704)."""


# -- reading ---------------------------------------------------------------------------------
def game_of_catalog(path: Path) -> Path:
    """The game folder of a catalog (`<game>/locales/<lang>.po`): what its links may not leave."""
    return Path(path).parent.parent


def load_catalog(path: Path, lang: str | None, data: bytes | None = None) -> tuple[Catalog, list[Diagnostic]]:
    """The catalog at `path` (empty when there is none) and the faults that keep it from being
    read faithfully; with faults, the catalog returned is empty. `data`: the file's bytes, when
    the caller has read them already."""
    catalog = Catalog(lang)
    if not os.path.lexists(path):
        return catalog, []
    shown = shown_path(path)
    if data is None:
        try:  # a catalog lies in <game>/locales/: it must not lead out of <game>
            data = game_files.read_bytes(path, game_of_catalog(path))
        except (game_files.GameFileError, OSError) as exc:
            why = exc if isinstance(exc, game_files.GameFileError) else (exc.strerror or exc)
            return catalog, [Diagnostic("E702", f"the catalog cannot be read: {why}", Span(shown, 1, 1),
                                        "a catalog is a regular PO file inside the game folder")]
    parsed, faults = parse(path, shown, data)
    if parsed is None:
        return catalog, faults
    po = parsed.po
    catalog.header = dict(po.metadata)
    catalog.header_comment = po.header if po.header else None
    catalog.header_fuzzy = bool(po.metadata_is_fuzzy)
    first_line: dict[str, int] = {}
    forms = _plural_forms(catalog.header, lang)
    for message, where in parsed.entries:
        entry = _entry(message, where)
        if forms is not None and where.forms and not entry.obsolete:
            faults.extend(_form_faults(where, forms, shown))
        if not message.msgctxt:
            faults.append(Diagnostic("E704", f"an entry without msgctxt (msgid {message.msgid[:40]!r})",
                                     Span(shown, entry.line, 1),
                                     "every entry is keyed by its msgctxt; copy it from messages.pot, "
                                     "or remove the entry"))
            continue
        if entry.key in first_line:
            faults.append(Diagnostic("E703", f"two entries have the key '{entry.key}': lines "
                                     f"{first_line[entry.key]} and {entry.line}", Span(shown, entry.line, 1),
                                     "keep one of them (move the translation you want into it)"))
            continue
        first_line[entry.key] = entry.line
        (catalog.obsolete if entry.obsolete else catalog.entries)[entry.key] = entry
    if faults:
        return Catalog(lang), faults
    return catalog, []


def read_catalog(path: Path, lang: str | None) -> Catalog:
    """The catalog at `path`; raises CatalogError with located faults when it cannot be read."""
    catalog, faults = load_catalog(path, lang)
    if faults:
        raise CatalogError(faults)
    return catalog


def _plural_forms(header: dict[str, str], lang: str | None) -> tuple[int, str] | None:
    """How many plural forms each plural entry must have, and why: the header's nplurals (what
    msgfmt goes by), else the language's number, which `i18n update` writes into the header."""
    count = _plural_count(header.get("Plural-Forms", ""))
    if count is not None:
        return int(count), f"the header says nplurals={count}"
    if lang is None:
        return None
    try:
        number = get_plural(lang).num_plurals
    except (UnknownLocaleError, ValueError):
        return None
    return number, f"the header has no Plural-Forms, and '{lang}' has {number} plural forms"


def _form_faults(where: EntryLines, forms: tuple[int, str], shown: str) -> list[Diagnostic]:
    """E702 for an entry whose msgstr[n] are not exactly msgstr[0] to msgstr[nplurals - 1]:
    gettext's msgfmt refuses such a catalog, and which form a count would take is undefined."""
    count, why = forms
    allowed = f"msgstr[0] to msgstr[{count - 1}]" if count > 1 else "msgstr[0] only" if count else "none"
    hint = f"or correct the header's Plural-Forms: a plural entry has one msgstr[n] per form ({allowed})"
    faults = []
    for index, (line, col) in sorted(where.forms.items()):
        if index >= count:
            faults.append(Diagnostic("E702", f"msgstr[{index}] is a plural form the catalog does not have: "
                                     f"{why}", Span(shown, line, col, line, col + len(f"msgstr[{index}]")),
                                     f"remove it, {hint}"))
    missing = [i for i in range(count) if i not in where.forms]
    if missing:
        line, col = max(where.forms.values())  # the last form written: the missing one goes near it
        names = ", ".join(f"msgstr[{i}]" for i in missing)
        faults.append(Diagnostic("E702", f"the entry has no {names}: {why}", Span(shown, line, col),
                                 f"add {'it' if len(missing) == 1 else 'them'}, {hint}"))
    return faults


def _entry(message: polib.POEntry, where: EntryLines) -> Entry:
    previous = where.previous  # `#~|` lines of an obsolete entry, which polib skips
    return Entry(
        key=message.msgctxt or "",
        source=message.msgid,
        translation=message.msgstr or "",
        fuzzy="fuzzy" in message.flags,
        previous=message.previous_msgid if message.previous_msgid is not None else previous.get("msgid"),
        comment=message.comment or "",
        obsolete=bool(message.obsolete),
        line=where.first,
        notes=message.tcomment or "",
        flags=tuple(f for f in message.flags if f and f != "fuzzy"),
        # an obsolete entry points at no content (as `_obsolete` keeps it), so it is written without
        # references; read with none too, or a catalog would not read back as it was written
        references=() if message.obsolete else
        tuple(f"{path}:{line}" if line else path for path, line in message.occurrences),
        source_plural=message.msgid_plural or None,
        plural_translations=dict(message.msgstr_plural),
        previous_context=message.previous_msgctxt if message.previous_msgctxt is not None
        else previous.get("msgctxt"),
        previous_plural=message.previous_msgid_plural if message.previous_msgid_plural is not None
        else previous.get("msgid_plural"),
        msgstr_lines=tuple(where.msgstr),
    )


# -- merging ---------------------------------------------------------------------------------
def fresh_entry(src: Source, folder: Path | None) -> Entry:
    """The entry for a source, with nothing translated."""
    return _format_flag(Entry(src.key, src.text, comment=src.comment, references=_references(src, folder)))


def _format_flag(entry: Entry) -> Entry:
    """The entry with the format flag where msgfmt can check its placeholders, without it elsewhere."""
    flags = tuple(f for f in entry.flags if f != FORMAT_FLAG)
    if has_placeholders(entry.source) and entry.source_plural is None and plain(entry.source) \
            and plain(entry.translation):
        flags = (FORMAT_FLAG, *flags)
    return replace(entry, flags=flags)


def _references(src: Source, folder: Path | None) -> tuple[str, ...]:
    """`#:` the file of a source, relative to the game folder (same on every machine); the file
    alone, as `xgettext --add-location=file` writes it, so that a comment or a blank line added
    to the content does not make every catalog stale (msgctxt names the definition)."""
    if src.span is None or folder is None:
        return ()
    path = Path(src.span.path)
    try:
        shown = path.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        shown = path.as_posix()
    return (shown,)


def _carry(entry: Entry, old: Entry, was_obsolete: bool) -> Entry:
    """`entry` (fresh from its source) with everything the translator wrote in `old`."""
    kept = tuple(f for f in old.flags if f not in MANAGED_FLAGS)
    entry = replace(entry, translation=old.translation, notes=old.notes, flags=entry.flags + kept,
                    source_plural=old.source_plural, plural_translations=dict(old.plural_translations))
    if not old.translated:
        return entry
    if old.source == entry.source and not was_obsolete:
        return replace(entry, fuzzy=old.fuzzy, previous=old.previous,
                       previous_context=old.previous_context, previous_plural=old.previous_plural)
    # The source changed, or an obsolete entry came back: its translation needs a review.
    previous = old.previous if old.fuzzy and old.previous is not None else old.source
    return replace(entry, fuzzy=True, previous=None if previous == entry.source else previous)


def _retire(old: Entry) -> Entry:
    """An entry whose source is gone, kept as obsolete (`#~`) with the translator's work."""
    kept = tuple(f for f in old.flags if f != FORMAT_FLAG)
    return replace(old, obsolete=True, comment="", references=(), flags=kept)


def merge(catalog: Catalog, sources: list[Source], folder: Path | None = None) -> Catalog:
    """The catalog for the current sources: translations kept, changed sources marked fuzzy,
    entries whose source is gone kept as obsolete when the translator wrote anything in them."""
    merged = replace(catalog, entries={}, obsolete={}, header=dict(catalog.header))
    for src in sources:
        entry = fresh_entry(src, folder)
        old = catalog.entries.get(src.key)
        was_obsolete = old is None and src.key in catalog.obsolete
        if was_obsolete:
            old = catalog.obsolete[src.key]
        merged.entries[src.key] = _format_flag(_carry(entry, old, was_obsolete)) if old is not None else entry
    for key, old in {**catalog.obsolete, **catalog.entries}.items():
        if key not in merged.entries and old.translator_wrote:
            merged.obsolete[key] = _retire(old)
    return merged


def template(sources: list[Source], folder: Path | None = None) -> Catalog:
    """The template (messages.pot): every source, nothing translated."""
    return Catalog(None, {s.key: fresh_entry(s, folder) for s in sources})


# -- header ----------------------------------------------------------------------------------
def managed_header(project: str, lang: str | None) -> dict[str, str]:
    header = {"Project-Id-Version": project, "MIME-Version": "1.0",
              "Content-Type": "text/plain; charset=UTF-8", "Content-Transfer-Encoding": "8bit"}
    if lang:
        plural = get_plural(lang)
        header["Language"] = lang
        header["Plural-Forms"] = f"nplurals={plural.num_plurals}; plural={plural.plural_expr};"
    return header


def _plural_count(plural_forms: str) -> str | None:
    found = re.search(r"nplurals\s*=\s*(\d+)", plural_forms)
    return found.group(1) if found else None


def header_comment(project: str, lang: str | None) -> str:
    what = f"into '{lang}'" if lang else "(template)"
    return (f"Translations of {project} {what}.\n"
            "Edit msgstr only; `kurtyna i18n update` refreshes this file. See docs/translating.md.")


def with_header(catalog: Catalog, project: str) -> Catalog:
    """The catalog with Kurtyna's header fields; fields a tool added and the comment stay."""
    header = {**catalog.header, **managed_header(project, catalog.lang)}
    kept = catalog.header.get("Plural-Forms")
    if kept and _plural_count(kept) == _plural_count(header.get("Plural-Forms", "")):
        # Babel words the same rule differently from one release to the next; a catalog
        # whose rule has the right number of forms keeps its own words, so a new Babel
        # never makes committed catalogs stale.
        header["Plural-Forms"] = kept
    comment = catalog.header_comment if catalog.header_comment is not None else \
        header_comment(project, catalog.lang)
    return replace(catalog, header=header, header_comment=comment)


# -- writing ---------------------------------------------------------------------------------
class _PoEntry(polib.POEntry):
    """polib's entry, but comments are written as they are: polib rewraps long comment lines,
    which would change a translator's comment and make our notes differ on every read."""

    def __unicode__(self, wrapwidth: int = WRAP_WIDTH) -> str:
        notes, comment = self.tcomment, self.comment
        self.tcomment = self.comment = ""
        try:
            body = super().__unicode__(wrapwidth)
        finally:
            self.tcomment, self.comment = notes, comment
        lines = [f"# {c}".rstrip() for c in notes.split("\n")] if notes else []
        if comment and not self.obsolete:
            lines += [f"#. {c}".rstrip() for c in comment.split("\n")]
        return "\n".join(lines + [body])

    __str__ = __unicode__


def _po_entry(entry: Entry) -> polib.POEntry:
    flags = (["fuzzy"] if entry.fuzzy else []) + list(entry.flags)
    fields = dict(
        msgctxt=entry.key, msgid=entry.source, msgstr=entry.translation, tcomment=entry.notes,
        comment=entry.comment, flags=flags, obsolete=entry.obsolete,
        occurrences=[tuple(r.rsplit(":", 1)) if ":" in r else (r, "") for r in entry.references],
        previous_msgctxt=entry.previous_context, previous_msgid=entry.previous,
        previous_msgid_plural=entry.previous_plural,
    )
    if entry.source_plural is not None:
        fields.update(msgid_plural=entry.source_plural, msgstr_plural=dict(entry.plural_translations))
    return _PoEntry(**fields)


def render(catalog: Catalog) -> str:
    """The PO text of a catalog: its entries in order, then the obsolete ones by key; same
    catalog, same bytes."""
    po = polib.POFile(wrapwidth=WRAP_WIDTH)
    po.metadata = dict(catalog.header)
    po.metadata_is_fuzzy = ["fuzzy"] if catalog.header_fuzzy else 0
    for entry in catalog.entries.values():
        po.append(_po_entry(entry))
    for key in sorted(catalog.obsolete):
        po.append(_po_entry(catalog.obsolete[key]))
    body = str(po).removeprefix("#\n")  # polib writes an empty header comment as "#"
    return _header_lines(catalog.header_comment or "") + body


def _header_lines(comment: str) -> str:
    """The comment above the header, each line as `# text`: polib writes a line that starts with
    ',' or ':' as a flag or reference line, which would read back as something else."""
    if not comment:
        return ""
    return "".join(f"# {line}\n" if line else "#\n" for line in comment.split("\n"))


# -- comparing -------------------------------------------------------------------------------
def _words(text: str) -> str:
    return " ".join(text.split())


def entry_content(entry: Entry, derived: bool) -> tuple:
    """What an entry says, whatever its layout. What Kurtyna derives (the references to content
    lines, the format flag) counts only when asked: no translation depends on them."""
    flags = frozenset(entry.flags if derived else (f for f in entry.flags if f != FORMAT_FLAG))
    return (entry.key, entry.obsolete, entry.source, entry.source_plural, entry.translation,
            tuple(sorted(entry.plural_translations.items())), entry.fuzzy, flags,
            entry.previous, entry.previous_context, entry.previous_plural,
            "" if entry.obsolete else _words(entry.comment), entry.notes,
            entry.references if derived else ())


def content(catalog: Catalog, derived: bool = True) -> tuple:
    """What a catalog says, for comparison: entries by key and the header fields."""
    entries = [*catalog.entries.values(), *catalog.obsolete.values()]
    header = {k: _words(v) for k, v in catalog.header.items()}
    return (frozenset(header.items()), catalog.header_fuzzy,
            tuple(sorted((entry_content(e, derived) for e in entries), key=lambda c: (c[0], c[1]))))
