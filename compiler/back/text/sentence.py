"""The sentence builder: what every phrasing family shares.

It fills the locale's construct templates (compiler/back/text/locales/<lang>.yaml) and the game's
phrases (text.yaml, translated in the catalogs) with arguments in the case and count forms they
ask for, names the items of a type by their glossary terms, keeps the scopes of bound names
("that country"), joins lists and clauses, and turns a block of statements into sentences.

It also holds the two dispatch tables of the renderer: `stmt` calls `stmt_<NodeClass>` and `expr`
calls `expr_<NodeClass>`; the phrasing families (statements, choices, lasting, expressions, calls,
conditions) supply those handlers, and `compiler/back/text/render.py` assembles them. It is
separate so that a family module holds only the words of its constructs.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

import yaml

from compiler.back.i18n import translations
from compiler.back.text.template import Arg, Filler, fixed
from dsl import ast

# Forms of a bound name (loop or choice variable) that its template gives; others map to these.
PLACE_FORMS = ("nom", "gen", "loc", "to", "from")


@cache
def constructs(lang: str) -> dict[str, Any]:
    """The locale's construct templates (locales/<lang>.yaml), read once."""
    text = resources.files("compiler.back.text").joinpath("locales", f"{lang}.yaml").read_text("utf-8")
    return yaml.safe_load(text)


def human(identifier: str) -> str:
    """An identifier as words: `draw_pile` -> "draw pile"."""
    return identifier.replace("_", " ")


def _element(typ: Any, whole: bool = False) -> str:
    """The type name of the items of `typ`: a list's elements, a region's spaces (unless the
    region itself is meant: `whole`), else itself."""
    name = getattr(typ, "name", "")
    if name == "list" and typ.arg is not None:
        return typ.arg.name
    return "space" if name == "region" and not whole else name


def _capital(text: str) -> str:
    """The text with its first letter upper-case."""
    return text[:1].upper() + text[1:] if text else text


class SentenceBuilder:
    """Templates, phrases, terms and bound names for one game in one locale; the dispatch of
    statements and expressions to the handlers of the phrasing families."""

    def __init__(self, compiled: Any, lang: str):
        self.compiled = compiled
        self.game = compiled.game
        self.program = compiled.program
        self.lang = lang
        self.tr = translations(compiled, lang)
        self.c = constructs(lang)
        self.filler = Filler(self.tr.plural, self.tr.term, self._unknown_count)
        self.bound: list[dict[str, Arg]] = [{}]
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

    # ---- templates and phrases ---------------------------------------------------------

    def fill(self, construct: str, /, **args: Arg | str) -> str:
        template = self.c[construct]
        return self.filler.fill(template, {k: fixed(v) if isinstance(v, str) else v for k, v in args.items()})

    def construct_arg(self, key: str, **args: Arg) -> Arg:
        forms = self.c[key]
        if isinstance(forms, str):
            return Arg(lambda form: self.filler.fill(forms, args))
        return Arg(lambda form: self.filler.fill(forms.get(form, forms["nom"]), args))

    def _unknown_count(self, arg: Arg, term: str, case: str) -> str:
        return self.filler.fill(
            self.c["count_unknown"],
            {
                # "tyle punktów, ile..." / "VP equal to ...": the genitive plural, or the abbreviation
                "term": fixed(
                    self.tr.term(
                        term, "abbr" if case == "abbr" else "nom_pl" if self.lang == "en" else "gen_pl"
                    )
                ),
                "n": arg,
            },
        )

    def phrase(self, item_id: str, use: str, args: dict[str, Arg]) -> str | None:
        template = self.tr.phrase(item_id, use)
        return None if template is None else self.filler.fill(template, args)

    def phrase_arg(self, item_id: str, args: dict[str, Arg]) -> Arg | None:
        """A phrase used as a noun phrase: `nom` (or the plain string) and its case variants."""
        if self.tr.phrase(item_id, "") is None and self.tr.phrase(item_id, "nom") is None:
            return None

        def text(form: str) -> str:
            template = (
                self.tr.phrase(item_id, form) or self.tr.phrase(item_id, "nom") or self.tr.phrase(item_id, "")
            )
            return self.filler.fill(template, args)

        return Arg(text)

    def type_term(self, typ: Any, plural: bool = False, whole: bool = False) -> Arg:
        """The glossary term for the items of type `typ` (or of the collection `typ`)."""
        name = _element(typ, whole)
        term = self.tr.text.types.get(name)
        if term is None:
            word = human(name or "item")
            return fixed(word + ("s" if plural else ""))

        def text(form: str) -> str:
            if form in PLACE_FORMS or form == "acc":
                form = f"{form if form in ('nom', 'gen', 'acc', 'loc') else 'gen'}_{'pl' if plural else 'sg'}"
            return self.tr.term(term, form)

        return Arg(text)

    def bind(self, name: str, arg: Arg) -> None:
        self.bound[-1][name] = arg

    def var_arg(self, typ: Any, whole: bool = False) -> Arg:
        """A bound item ("that country"): the game's `this_<term>` phrase, which can agree in
        gender and take the right prepositions, else the locale's generic form. `typ` is the
        collection the item comes from, or with `whole` the item's own type (a parameter)."""
        term = self.tr.text.types.get(_element(typ, whole))
        if term is not None and self.tr.phrase(f"this_{term}", "nom") is not None:
            return self.phrase_arg(f"this_{term}", {})
        return self.construct_arg("var", item=self.type_term(typ, whole=whole))

    def lookup(self, name: str) -> Arg | None:
        for scope in reversed(self.bound):
            if name in scope:
                return scope[name]
        return None

    def label(self, label: str) -> str:
        """An option, lasting-effect or event label: the game's phrase for it, else its words."""
        return self.phrase(label, "", {}) or human(label)

    def join(self, parts: list[str], last: str) -> str:
        """Parts as a list: "a, b and c", with the locale's `last` connective before the last."""
        if len(parts) <= 1:
            return "".join(parts)
        return self.c["list_and"].join(parts[:-1]) + self.c[last] + parts[-1]

    # ---- sentences and dispatch --------------------------------------------------------

    def sentences(self, stmts: tuple) -> str:
        """A block of statements as sentences, capitalised and closed, in a scope of its own."""
        self.bound.append({})
        try:
            out = []
            for s in stmts:
                text = self.stmt(s)
                if text:
                    # An empty placeholder leaves a space before punctuation or a double space.
                    text = re.sub(r" +([:,.])", r"\1", re.sub(r"  +", " ", text))
                    text = _capital(text.strip())
                    if not text.endswith((".", ":", "!", "?")):
                        text += self.c["sentence_end"]
                    out.append(text)
            return " ".join(out)
        finally:
            self.bound.pop()

    def stmt(self, s: ast.Stmt) -> str | None:
        """A statement by its `stmt_<Node>` handler; None for one that says nothing."""
        method = getattr(self, "stmt_" + type(s).__name__, None)
        if method is None:
            return None
        return method(s)

    def expr(self, e: ast.Expr | None) -> Arg:
        """An expression by its `expr_<Node>` handler (an unknown node reads as its class name)."""
        if e is None:
            return fixed(self.c["none"])
        method = getattr(self, "expr_" + type(e).__name__, None)
        if method is None:
            return fixed(type(e).__name__)
        return method(e)

    # ---- supplied by the phrasing families (see render.py) ------------------------------

    def cond(self, e: ast.Expr) -> Arg:
        """A condition as a clause (conditions.py)."""
        raise NotImplementedError

    def relative(self, var: str, cond: ast.Expr) -> str | None:
        """A condition on a bound item as a postmodifier (conditions.py)."""
        raise NotImplementedError

    def where(self, var: str, source: ast.Expr, cond: ast.Expr | None) -> Arg:
        """The items of a collection that meet a condition (conditions.py)."""
        raise NotImplementedError

    def collection_scope(self, source: ast.Expr) -> Arg:
        """Where the items of a collection are (conditions.py)."""
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
