"""The sentence builder: what every phrasing family shares.

It fills the construct templates (the game's catalog, else compiler/back/text/locales/<lang>.yaml)
and the game's phrases (text.yaml, translated in the catalogs) with arguments in the case and
count forms they ask for, names the items of a type by their glossary terms, keeps the scopes of
bound names ("that country", "the roll"), joins lists and clauses, and turns a block of statements
into sentences. Every word comes through `words.py`, which records what is missing.

It also holds the two dispatch tables of the renderer: `stmt` calls `stmt_<NodeClass>` and `expr`
calls `expr_<NodeClass>`; the phrasing families (statements, lets, choices, lasting, expressions,
calls, conditions) supply those handlers, and `compiler/back/text/render.py` assembles them. It is
separate so that a family module holds only the words of its constructs.
"""

from __future__ import annotations

import re
from typing import Any

from compiler.back.text.locales import SOURCE, constructs
from compiler.back.text.template import Arg, Filler, fixed
from compiler.back.text.words import Words, human
from dsl import ast

__all__ = ["PLACE_FORMS", "SentenceBuilder", "Deferred", "constructs", "element", "human"]

# Forms of a bound name (loop or choice variable) that its template gives; others map to these.
PLACE_FORMS = ("nom", "gen", "loc", "to", "from")


def element(typ: Any, whole: bool = False) -> str:
    """The type name of the items of `typ`: a list's elements, a region's spaces (unless the
    region itself is meant: `whole`), else itself."""
    name = getattr(typ, "name", "")
    if name == "list" and typ.arg is not None:
        return _type_name(typ.arg)
    if name == "zone" and not whole:  # what a zone holds are cards
        return "card"
    return "space" if name == "region" and not whole else _type_name(typ)


def _type_name(typ: Any) -> str:
    """An enum's constants are named by the enum (text.yaml `types: {suit: ...}`)."""
    name = getattr(typ, "name", "")
    return (getattr(typ, "ref", None) or name) if name == "enum" else name


# A one-letter preposition takes a vowel before a word that starts with a cluster it would merge
# into ("ze stosu", "we Francji"; Czech "ze stolu", "ve vlaku", "se soupeřem", "ke kartě"): templates
# put a preposition before words they do not know, so the rule is applied to the sentence.
_CONSONANT = "bcćdfghjklłmnńpqrsśtvwxzźżčďňřšťž"


def _vocalising(preposition: str, before: str) -> tuple[re.Pattern, str]:
    return (re.compile(rf"\b({preposition}) (?=[{before}][{_CONSONANT}])", re.I), r"\1e ")


_VOCALISED = {
    "pl": (_vocalising("z", "szśźż"), _vocalising("w", "wf")),
    "cs": (_vocalising("z", "szšž"), _vocalising("s", "szšž"), _vocalising("v", "vf"),
           _vocalising("k", "kg")),
}


def _capital(text: str) -> str:
    """The text with its first letter upper-case."""
    return text[:1].upper() + text[1:] if text else text


def _inherit(arg: Arg, form: str) -> Arg:
    """`arg`, giving `form` where its nominative is asked for."""
    if form == "nom":
        return arg
    return Arg(lambda f: arg.form(form if f == "nom" else f), arg.count, arg.prefix, arg.plural)


class Deferred:
    """A sentence printed only if what it names is read later in its block: a `let` whose value
    no printed sentence mentions says nothing."""

    def __init__(self, text: str):
        self.text = text
        self.used = False

    def mark(self, arg: Arg) -> Arg:
        """`arg`, noting when it is read."""

        def text(form: str) -> str:
            self.used = True
            return arg.form(form)

        return Arg(text, arg.count, arg.prefix, arg.plural)


class SentenceBuilder:
    """Templates, phrases, terms and bound names for one game in one locale; the dispatch of
    statements and expressions to the handlers of the phrasing families."""

    def __init__(self, compiled: Any, lang: str):
        self.compiled = compiled
        self.game = compiled.game
        self.program = compiled.program
        self.lang = lang
        self.words = Words(compiled, lang)
        self.tr = self.words.tr
        self.c = self.words.templates
        self.filler = Filler(self.tr.plural, self.words.term, self._unknown_count)
        self.bound: list[dict[str, Arg]] = [{}]
        self.blocks: list[tuple] = []  # the blocks being phrased, innermost last
        self.positions: list[int] = []  # the index of the statement being phrased in each
        self.let_values: dict = {}  # a `let` phrased at its uses: name -> (value, its bound Arg)
        self.kinds = {
            x.id: kind
            for kind, items in (
                ("player", self.game.players),
                ("space", self.game.spaces),
                ("region", self.game.regions),
                ("card", self.game.cards),
                ("track", self.game.tracks),
                ("counter", self.game.counters),
                ("variable", self.game.variables),
                ("zone", self.game.zones),
            )
            for x in items
        }
        self.counters = self.game.by_id(self.game.counters)

    @property
    def gaps(self) -> list:
        return self.words.gaps

    # ---- templates and phrases ---------------------------------------------------------

    def fill(self, construct: str, /, **args: Arg | str) -> str:
        template = self.c[construct]
        if isinstance(template, dict):
            template = template.get("nom") or next(iter(template.values()))
        return self.filler.fill(template, {k: fixed(v) if isinstance(v, str) else v for k, v in args.items()})

    def construct_arg(self, construct: str, /, plural: bool = False, **args: Arg) -> Arg:
        """A construct used as a noun phrase, in the form a template asks for (its `nom` for a
        form it does not give)."""
        forms = self.c[construct]
        if isinstance(forms, str):
            # No forms of its own ("{a} minus {b}"): its bare arguments take the form asked for.
            return Arg(lambda form: self.filler.fill(forms, {k: _inherit(a, form) for k, a in args.items()}),
                       plural=plural)
        return Arg(lambda form: self.filler.fill(forms.get(form, forms["nom"]), args), plural=plural)

    def _unknown_count(self, arg: Arg, term: str, case: str) -> str:
        return self.filler.fill(
            self.c["count_unknown"],
            {
                # "tyle punktów, ile..." / "as many VP as ...": the genitive plural, or the abbreviation
                "term": fixed(
                    self.words.term(
                        term, "abbr" if case == "abbr" else "nom_pl" if self.lang == "en" else "gen_pl"
                    )
                ),
                "n": arg,
            },
        )

    def phrase(self, item_id: str, use: str, args: dict[str, Arg]) -> str | None:
        template = self.words.phrase(item_id, use)
        return None if template is None else self.filler.fill(template, args)

    def phrase_arg(self, item_id: str, args: dict[str, Arg], plural: bool = False) -> Arg | None:
        """A phrase used as a noun phrase: `nom` (or the plain string) and its case variants."""
        if not self.words.has_phrase(item_id) and not self.words.has_phrase(item_id, "nom"):
            return None

        def text(form: str) -> str:
            use = next(u for u in (form, "nom", "") if self.words.has_phrase(item_id, u))
            return self.filler.fill(self.words.phrase(item_id, use) or "", args)

        return Arg(text, plural=plural)

    def stand_in(self, code: str, key: str, detail: str, text: str) -> Arg:
        """Words for something missing, recorded as a gap (words.py) when they are printed."""

        def printed(form: str) -> str:
            self.words.gap(code, key, detail)
            return text

        return Arg(printed)

    def term_of(self, name: str, what: str) -> str | None:
        """The glossary term of a type or attribute (text.yaml `types`, `attributes`); a missing
        one is recorded (E721)."""
        table = self.tr.text.types if what == "type" else self.tr.text.attributes
        return table.get(name)

    def type_term(self, typ: Any, plural: bool = False, whole: bool = False, term: str | None = None) -> Arg:
        """The glossary term for the items of type `typ` (or of the collection `typ`), or `term`."""
        name = element(typ, whole) or "item"
        term = term or self.term_of(name, "type")
        number = "pl" if plural else "sg"
        if term is None and f"type_{name}" in constructs(SOURCE):  # a type of the language (int)
            forms = self.c[f"type_{name}"]
            return Arg(lambda form: forms.get(self._term_form(form, number))
                       or forms.get(f"nom_{number}") or forms["nom_sg"], plural=plural)
        if term is None:
            return self.stand_in("E721", name, "type", human(name))

        return Arg(lambda form: self.words.term(term, self._term_form(form, number)), plural=plural)

    @staticmethod
    def _term_form(form: str, number: str) -> str:
        """A template's form as a term's form: `gen` -> `gen_sg` (or `_pl`); `gen_pl` and `abbr` stay."""
        if "_" in form or form == "abbr":
            return form
        known = form in ("nom", "gen", "dat", "acc", "loc", "ins")
        return f"{form if known else 'nom' if form == 'or' else 'gen'}_{number}"

    def counted(self, count: Arg, typ: Any, case: str = "acc", term: str | None = None) -> Arg:
        """A number of items of type `typ` (or `term`) in the form the count needs ("5 państw")."""
        term = term or self.term_of(element(typ) or "item", "type")
        if term is None:
            word = self.stand_in("E721", element(typ) or "item", "type", human(element(typ) or "item"))
            return Arg(lambda form: f"{count.form()} {word.form()}", count.count)
        return Arg(lambda form: self.filler.fill(f"{{n|{term}:{case}}}", {"n": count}), count.count,
                   plural=count.count != 1)

    def bind(self, name: str, arg: Arg) -> None:
        self.bound[-1][name] = arg

    def var_arg(self, typ: Any, whole: bool = False) -> Arg:
        """A bound item ("that country"): the game's `this_<term>` phrase, which can agree in
        gender and take the right prepositions, else the locale's generic form. `typ` is the
        collection the item comes from, or with `whole` the item's own type (a parameter)."""
        name = element(typ, whole)
        term = self.tr.text.types.get(name)
        if term is not None and self.words.has_phrase(f"this_{term}", "nom"):
            return self.phrase_arg(f"this_{term}", {})
        if term is None and f"var_{name}" in constructs(SOURCE):  # a type of the language (int)
            return self.construct_arg(f"var_{name}")
        return self.construct_arg("var", item=self.type_term(typ, whole=whole))

    def nth_arg(self, typ: Any, n: int, whole: bool = False) -> Arg:
        """One of several bound items of one type, by its number ("player 1", "player 2")."""
        return self.construct_arg("nth_item", item=self.type_term(typ, whole=whole), n=fixed(str(n), n))

    def lookup(self, name: str) -> Arg | None:
        for scope in reversed(self.bound):
            if name in scope:
                return scope[name]
        return None

    def label(self, label: str) -> str:
        """A lasting-effect label or an item without a name: the game's phrase for it."""
        found = self.phrase(label, "", {})
        if found is None:
            self.words.gap("E720", label, "label")
            return human(label)
        return found

    def join(self, parts: list[str], last: str) -> str:
        """Parts as a list: "a, b and c", with the locale's `last` connective before the last."""
        if len(parts) <= 1:
            return "".join(parts)
        return self.c["list_and"].join(parts[:-1]) + self.c[last] + parts[-1]

    # ---- sentences and dispatch --------------------------------------------------------

    def sentences(self, stmts: tuple) -> str:
        """A block of statements as sentences, capitalised and closed, in a scope of its own."""
        self.bound.append({})
        self.blocks.append(stmts)
        self.positions.append(0)
        try:
            out: list[str | Deferred] = []
            for index, s in enumerate(stmts):
                self.positions[-1] = index
                text = self.stmt(s)
                if isinstance(text, Deferred):
                    out.append(text)
                elif text:
                    out.append(self.finish(text))
            return " ".join(t if isinstance(t, str) else self.finish(t.text) for t in out
                            if isinstance(t, str) or t.used)
        finally:
            self.bound.pop()
            self.blocks.pop()
            self.positions.pop()

    def following(self) -> tuple:
        """The statements after the one being phrased, in its block."""
        return self.blocks[-1][self.positions[-1] + 1:] if self.blocks else ()

    def finish(self, text: str) -> str:
        """A statement's words as a sentence: spaces tidied, capitalised, closed."""
        # An empty placeholder leaves a space before punctuation or a double space.
        text = re.sub(r" +([:,.])", r"\1", re.sub(r"  +", " ", text))
        for pattern, vowelled in _VOCALISED.get(self.lang, ()):
            text = pattern.sub(vowelled, text)
        text = _capital(text.strip())
        if not text.endswith((".", ":", "!", "?")):
            text += self.c["sentence_end"]
        return text

    def stmt(self, s: ast.Stmt) -> str | Deferred | None:
        """A statement by its `stmt_<Node>` handler; None for one that says nothing."""
        method = getattr(self, "stmt_" + type(s).__name__, None)
        if method is None:
            return None
        return method(s)

    def inlined(self, e: ast.Expr) -> ast.Expr:
        """The value a name stands for when its `let` is phrased at its uses, else `e` itself."""
        while isinstance(e, ast.Name) and e.id in self.let_values:
            value, arg = self.let_values[e.id]
            if self.lookup(e.id) is not arg:  # the name is bound to something else here
                break
            e = value
        return e

    def expr(self, e: ast.Expr | None) -> Arg:
        """An expression by its `expr_<Node>` handler (an unknown node is recorded, E724)."""
        if e is None:
            return fixed(self.c["none"])
        method = getattr(self, "expr_" + type(e).__name__, None)
        if method is None:
            return self.stand_in("E724", type(e).__name__, "", type(e).__name__)
        return method(e)

    # ---- supplied by the phrasing families (see render.py) ------------------------------

    def cond(self, e: ast.Expr) -> Arg:
        """A condition as a clause (conditions.py)."""
        raise NotImplementedError

    def relative(self, var: str, cond: ast.Expr) -> str | None:
        """A condition on a bound item as a postmodifier (conditions.py)."""
        raise NotImplementedError

    def where(self, var: str, source: ast.Expr, cond: ast.Expr | None, one: bool = False) -> Arg:
        """The items of a collection that meet a condition (conditions.py)."""
        raise NotImplementedError

    def collection_scope(self, source: ast.Expr) -> Arg:
        """Where the items of a collection are (conditions.py)."""
        raise NotImplementedError

    def attribute_term(self, attr: str) -> Arg:
        """An attribute's glossary term, in the form asked for (conditions.py)."""
        raise NotImplementedError

    def noun_of(self, var: str, cond: ast.Expr | None) -> tuple[str | None, ast.Expr | None]:
        """The term that names the items a condition keeps, and the rest of it (conditions.py)."""
        raise NotImplementedError

    def place_of(self, target: ast.Expr) -> tuple[str | None, dict[str, Arg]]:
        """The counter, track or variable an index chain names (expressions.py)."""
        raise NotImplementedError

    def call_statement(self, e: ast.Call) -> str:
        """A call made for its effect (calls.py)."""
        raise NotImplementedError

    def named_args(self, call: ast.Call) -> dict[str, Arg]:
        """A call's arguments by parameter name (calls.py)."""
        raise NotImplementedError

    def choose_one(self, c: ast.ChooseOne) -> str:
        """A choice of one item (choices.py)."""
        raise NotImplementedError
