"""The text backend: card events and rule procedures from the typed IR, in words.

Every construct of the effect language has a template per locale (compiler/back/text/locales);
every game item (procedure, function, counter, track, variable) reads as its phrase from the
game's text.yaml, translated in the game's catalogs. Names come in the case form a template
asks for; numbers take their glossary term in the count form of the locale's plural rules.
An item without a phrase still renders, by its name (English words in other languages).
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
_PLACE_FORMS = ("nom", "gen", "loc", "to", "from")


@cache
def constructs(lang: str) -> dict[str, Any]:
    text = resources.files("compiler.back.text").joinpath("locales", f"{lang}.yaml").read_text("utf-8")
    return yaml.safe_load(text)


def _human(identifier: str) -> str:
    return identifier.replace("_", " ")


def _has_chance(node: ast.Node) -> bool:
    return any(
        isinstance(n, (ast.Dice, ast.ChooseOne, ast.ChooseNumber))
        or (isinstance(n, ast.Call) and n.func in ("roll", "random"))
        for n in node.walk()
    )


def _indexed_by(node: ast.Expr, var: str) -> bool:
    """`node` is an index chain (`gold[s][p]`) with `var` among its keys."""
    while isinstance(node, ast.Index):
        if isinstance(node.key, ast.Name) and node.key.id == var:
            return True
        node = node.obj
    return False


def _element(typ: Any, whole: bool = False) -> str:
    """The type name of the items of `typ`: a list's elements, a region's spaces (unless the
    region itself is meant: `whole`), else itself."""
    name = getattr(typ, "name", "")
    if name == "list" and typ.arg is not None:
        return typ.arg.name
    return "space" if name == "region" and not whole else name


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


class Renderer:
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

    # ---- entry points ------------------------------------------------------------------

    def card(self, card_id: str) -> str | None:
        unit = self.program.card_events.get(card_id)
        if unit is None or unit.tree is None:
            return None
        self.bound = [{"player": self._construct_arg("event_player"), "card": fixed(self.c["this_card"])}]
        return self.sentences(unit.tree.statements)

    def definition(self, name: str) -> str | None:
        sig = self.program.defs.get(name)
        if sig is None or sig.node is None:
            return None
        node = sig.node
        self.bound = [{p.name: fixed(_human(p.name)) for p in node.params}]
        return self.sentences(node.body)

    # ---- helpers -----------------------------------------------------------------------

    def fill(self, construct: str, /, **args: Arg | str) -> str:
        template = self.c[construct]
        return self.filler.fill(template, {k: fixed(v) if isinstance(v, str) else v for k, v in args.items()})

    def _construct_arg(self, key: str, **args: Arg) -> Arg:
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

    def _phrase_arg(self, item_id: str, args: dict[str, Arg]) -> Arg | None:
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
            word = _human(name or "item")
            return fixed(word + ("s" if plural else ""))

        def text(form: str) -> str:
            if form in _PLACE_FORMS or form == "acc":
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
            return self._phrase_arg(f"this_{term}", {})
        return self._construct_arg("var", item=self.type_term(typ, whole=whole))

    def lookup(self, name: str) -> Arg | None:
        for scope in reversed(self.bound):
            if name in scope:
                return scope[name]
        return None

    # ---- statements --------------------------------------------------------------------

    def sentences(self, stmts: tuple) -> str:
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
        method = getattr(self, "stmt_" + type(s).__name__, None)
        if method is None:
            return None
        return method(s)

    def stmt_LetStmt(self, s: ast.LetStmt) -> str | None:
        value = s.value
        if isinstance(value, ast.ChooseOne):
            self.bind(s.name, self.var_arg(self.program.type_of(value.source)))
            return self._choose_one(value)
        if isinstance(value, ast.ChooseNumber):
            self.bind(s.name, fixed(self.c["chosen_number"]))
            return self.fill(
                "choose_number",
                chooser=self.expr(value.chooser),
                low=self.expr(value.low),
                high=self.expr(value.high),
            )
        if isinstance(value, (ast.Name, ast.IntLit, ast.Comprehension, ast.ListLit)) or (
            isinstance(value, ast.Call)
            and not _has_chance(value)
            and all(isinstance(a, (ast.Name, ast.IntLit)) for a in value.args)
        ):
            self.bind(s.name, self.expr(value))
            return None
        # A compound or random value is named once, not repeated (a roll happens once).
        name = self.c["quotes"][0] + _human(s.name) + self.c["quotes"][1]
        text = self.fill("let", name=name, value=self.expr(value))
        self.bind(s.name, fixed(name))
        return text

    def _choose_one(self, c: ast.ChooseOne) -> str:
        self.bound.append({c.var: self.var_arg(self.program.type_of(c.source))})
        try:
            item = self.type_term(self.program.type_of(c.source))
            if c.cond is None and self._is_collection_phrase(c.source):
                text = self.fill("choose_one_of", chooser=self.expr(c.chooser), source=self.expr(c.source))
            else:
                text = self.fill(
                    "choose_one",
                    chooser=self.expr(c.chooser),
                    item=item,
                    source=self.where(c.var, c.source, c.cond),
                )
        finally:
            self.bound.pop()
        return text + (self.c["secretly"] if c.secret else "")

    def _is_collection_phrase(self, source: ast.Expr) -> bool:
        """A comprehension, or a local bound to one: its words already name the items."""
        if isinstance(source, ast.Comprehension):
            return True
        ref = self.program.refs.get(id(source)) if isinstance(source, ast.Name) else None
        return getattr(ref, "kind", None) == "local" and self.lookup(source.id) is not None

    def stmt_ExprStmt(self, s: ast.ExprStmt) -> str | None:
        e = s.expr
        if isinstance(e, ast.Call):
            return self.call_statement(e)
        if isinstance(e, (ast.ChooseOne,)):
            return self._choose_one(e)
        return self.expr(e).form()

    def call_statement(self, e: ast.Call) -> str:
        sig = self.program.defs.get(e.func)
        if sig is not None:
            args = self.call_args(sig, e.args)
            text = self.phrase(e.func, "do", args) or self.phrase(e.func, "", args)
            if text is not None:
                return text
            return self.fill("call", name=_human(e.func), args=", ".join(a.form() for a in args.values()))
        return self.expr(e).form()

    def named_args(self, call: ast.Call) -> dict[str, Arg]:
        """A call's arguments by parameter name; built-ins without signatures name them a, b, c."""
        sig = self.program.defs.get(call.func)
        if sig is not None:
            return self.call_args(sig, call.args)
        return dict(zip(("a", "b", "c"), [self.expr(a) for a in call.args], strict=False))

    def call_args(self, sig: Any, args: tuple) -> dict[str, Arg]:
        out: dict[str, Arg] = {}
        for (pname, _ptype, default), arg in zip(
            sig.params, list(args) + [None] * len(sig.params), strict=False
        ):
            if arg is not None:
                out[pname] = self.expr(arg)
            elif default is not None:
                out[pname] = self.expr(default)
        return out

    def stmt_AssignStmt(self, s: ast.AssignStmt) -> str | None:
        item_id, args = self.place_of(s.target)
        op = {"+=": "add", "-=": "remove", "=": "set"}[s.op]
        amount = self.amount(s.value, s.target if s.op == "-=" else None)
        if s.op != "=" and amount.count is not None and amount.count < 0:
            op = "remove" if op == "add" else "add"
            amount = Arg(amount.text, -amount.count, amount.prefix)
        if item_id is not None:
            text = self.phrase(item_id, op, {**args, "amount": amount, "value": amount})
            if text is not None:
                return text
        target = self.expr(s.target)
        key = {"add": "add", "remove": "subtract", "set": "set"}[op]
        return self.fill(key, amount=amount, target=target, value=amount)

    def amount(self, value: ast.Expr, taken_from: ast.Expr | None) -> Arg:
        """`x -= min(n, x)` reads "remove up to n"."""
        if (
            taken_from is not None
            and isinstance(value, ast.Call)
            and value.func == "min"
            and len(value.args) == 2
            and any(a == taken_from for a in value.args)
        ):
            other = value.args[0] if value.args[1] == taken_from else value.args[1]
            arg = self.expr(other)
            prefix = self.c["up_to_prefix"]
            return Arg(lambda form: prefix + arg.form(form), arg.count, prefix)
        return self.expr(value)

    def place_of(self, target: ast.Expr) -> tuple[str | None, dict[str, Arg]]:
        """The counter, track or variable an assignment changes, with its indices as arguments."""
        indices: list[ast.Expr] = []
        node = target
        while isinstance(node, ast.Index):
            indices.insert(0, node.key)
            node = node.obj
        if not isinstance(node, ast.Name):
            return None, {}
        ref = self.program.refs.get(id(node))
        kind = getattr(ref, "kind", None)
        if kind not in ("counter", "track", "track_family", "variable"):
            return None, {}
        names: tuple[str, ...] = ("player",)
        if node.id in self.counters:
            names = ("space", "player")
        return node.id, {n: self.expr(i) for n, i in zip(names, indices, strict=False)}

    def stmt_RequireStmt(self, s: ast.RequireStmt) -> str:
        return self.fill("require", cond=self.cond(s.cond))

    def stmt_ReturnStmt(self, s: ast.ReturnStmt) -> str | None:
        return self.fill("return", value=self.expr(s.value)) if s.value is not None else None

    def stmt_MoveStmt(self, s: ast.MoveStmt) -> str:
        zone = self.expr(s.zone)
        key = "move_bottom" if s.position == "bottom" else "move"
        return self.fill(key, card=self.expr(s.card), zone=fixed(zone.form("to")))

    def stmt_DrawStmt(self, s: ast.DrawStmt) -> str:
        return self.fill("draw", count=self.expr(s.count), source=self.expr(s.source), dest=self.expr(s.dest))

    def stmt_ShuffleStmt(self, s: ast.ShuffleStmt) -> str:
        return self.fill("shuffle", zone=self.expr(s.zone))

    def stmt_EndGameStmt(self, s: ast.EndGameStmt) -> str:
        if s.winner is None:
            return self.fill("draw_game")
        return self.fill("win", winner=self.expr(s.winner))

    def stmt_BreakStmt(self, s: ast.BreakStmt) -> str:
        return self.fill("stop")

    def stmt_CancelStmt(self, s: ast.CancelStmt) -> str:
        return self.fill("cancel", label=self._label(s.label))

    def _label(self, label: str) -> str:
        """An option, lasting-effect or event label: the game's phrase for it, else its words."""
        return self.phrase(label, "", {}) or _human(label)

    def stmt_IfStmt(self, s: ast.IfStmt) -> str:
        parts = []
        for i, (cond, body) in enumerate(s.branches):
            parts.append(
                self.fill("if" if i == 0 else "elif", cond=self.cond(cond), body=self.sentences(body))
            )
        if s.orelse:
            parts.append(self.fill("else", body=self.sentences(s.orelse)))
        return " ".join(parts)

    def stmt_ForStmt(self, s: ast.ForStmt) -> str:
        typ = self.program.type_of(s.source)
        self.bound.append({s.var: self.var_arg(typ)})
        try:
            item = self.type_term(typ)
            source = self.collection_scope(s.source)
            body = self.sentences(s.body)
            if s.cond is None:
                return self.fill("for", item=item, source=fixed(source.form().strip()), body=body)
            relative = self.relative(s.var, s.cond)
            if relative is not None:
                return self.fill(
                    "for", item=item, source=fixed(f"{source.form()} {relative}".strip()), body=body
                )
            return self.fill("for_where", item=item, source=source, cond=self.cond(s.cond), body=body)
        finally:
            self.bound.pop()

    def stmt_RepeatStmt(self, s: ast.RepeatStmt) -> str:
        return self.fill("repeat", count=self.expr(s.count), body=self.sentences(s.body))

    def stmt_WhileStmt(self, s: ast.WhileStmt) -> str:
        return self.fill("while", cond=self.cond(s.cond), body=self.sentences(s.body))

    def stmt_ChooseStmt(self, s: ast.ChooseStmt) -> str:
        typ = self.program.type_of(s.source)
        self.bound.append({s.var: self.var_arg(typ)})
        try:
            count = self.expr(s.count)
            items = self.type_term(typ, plural=count.count != 1)
            text = self.fill(
                "choose_up_to" if s.up_to else "choose",
                chooser=self.expr(s.chooser),
                count=count,
                items=items,
                source=self.where(s.var, s.source, s.cond),
            )
            if s.each_limit is not None:
                text += self.fill("choose_each_limit", limit=self.expr(s.each_limit))
            if s.secret:
                text += self.c["secretly"]
            if s.body:
                text += self.fill("choose_then", body=self.sentences(s.body))
            return text
        finally:
            self.bound.pop()

    def stmt_OptionsStmt(self, s: ast.OptionsStmt) -> str:
        options = []
        for o in s.options:
            label = self._label(o.label)
            body = self.sentences(o.body)
            if o.cond is not None:
                options.append(self.fill("option_if", label=label, cond=self.cond(o.cond), body=body))
            else:
                options.append(self.fill("option", label=label, body=body))
        text = self.fill("options", chooser=self.expr(s.chooser), options=" ".join(options))
        return text + (self.c["secretly"] if s.secret else "")

    def stmt_LastingStmt(self, s: ast.LastingStmt) -> str:
        body = self.sentences(s.body)
        d = s.duration
        if d.kind == "until":
            return self.fill("lasting_until", event=self._label(d.event), body=body)
        if d.kind == "while":
            return self.fill("lasting_while", cond=self.cond(d.cond), body=body)
        return self.fill("lasting_forever" if d.kind == "forever" else "lasting_once", body=body)

    def _hook(self, hook: str, names: tuple[str, ...]) -> Arg:
        sig = self.program.defs.get(hook)
        args = {p: self.var_arg(ptype, whole=True) for p, ptype, _d in (sig.params if sig else [])}
        for pname, local in zip(args, names, strict=False):
            self.bind(local, args[pname])
        return self._phrase_arg(hook, args) or fixed(_human(hook))

    def stmt_ModifyClause(self, s: ast.ModifyClause) -> str:
        hook = self._hook(s.hook, s.names)
        amount = self.expr(s.amount)
        signed = Arg(
            lambda form: f"+{amount.count}" if amount.count and amount.count > 0 else amount.form(form),
            amount.count,
        )
        if s.cond is not None:
            return self.fill("modify_if", hook=hook, amount=signed, cond=self.cond(s.cond))
        return self.fill("modify", hook=hook, amount=signed)

    def stmt_ForbidClause(self, s: ast.ForbidClause) -> str:
        hook = self._hook(s.hook, s.names)
        if s.cond is not None:
            return self.fill("forbid_if", hook=hook, cond=self.cond(s.cond))
        return self.fill("forbid", hook=hook)

    def stmt_WhenClause(self, s: ast.WhenClause) -> str:
        sig = self.program.events.get(s.event)
        for (_pname, ptype, _d), local in zip(sig.params if sig else [], s.names, strict=False):
            self.bind(local, self.var_arg(ptype, whole=True))
        event = self._phrase_arg(
            s.event,
            {
                p: self.lookup(n) or fixed(n)
                for (p, _t, _d), n in zip(sig.params if sig else [], s.names, strict=False)
            },
        )
        event_text = event.form() if event else _human(s.event)
        body = self.sentences(s.body)
        if s.cond is not None:
            return self.fill("when_if", event=event_text, cond=self.cond(s.cond), body=body)
        return self.fill("when", event=event_text, body=body)

    # ---- expressions -------------------------------------------------------------------

    def expr(self, e: ast.Expr | None) -> Arg:
        if e is None:
            return fixed(self.c["none"])
        method = getattr(self, "expr_" + type(e).__name__, None)
        if method is None:
            return fixed(type(e).__name__)
        return method(e)

    def expr_IntLit(self, e: ast.IntLit) -> Arg:
        return fixed(str(e.value), e.value)

    def expr_BoolLit(self, e: ast.BoolLit) -> Arg:
        return fixed(self.c["yes"] if e.value else self.c["no"])

    def expr_NoneLit(self, e: ast.NoneLit) -> Arg:
        return fixed(self.c["none"])

    def expr_TextLit(self, e: ast.TextLit) -> Arg:
        return fixed(e.value)

    def expr_Dice(self, e: ast.Dice) -> Arg:
        if e.count == 1:
            return fixed(self.c["die"])
        return fixed(self.fill("dice", count=fixed(str(e.count), e.count), sides=str(e.sides)))

    def expr_Name(self, e: ast.Name) -> Arg:
        bound = self.lookup(e.id)
        if bound is not None:
            return bound
        ref = self.program.refs.get(id(e))
        kind = getattr(ref, "kind", None)
        if kind == "constant":
            return self.constant(e.id)
        if kind == "collection":
            return self._construct_arg(
                "all_items", item=self.type_term(self.program.type_of(e).arg or ref.type)
            )
        if kind in ("track", "variable", "zone", "table", "counter", "track_family", "zone_family"):
            return self._phrase_arg(e.id, {}) or Arg(lambda form: self.tr.name(e.id, form))
        return fixed(_human(e.id))

    def constant(self, item_id: str) -> Arg:
        kind = self.kinds.get(item_id)
        if kind in ("player", "space", "region"):
            article = "the " if self.lang == "en" and item_id in self.tr.text.the else ""

            def name(form: str) -> str:
                form = form if form in _PLACE_FORMS else "nom"
                return (article if form == "nom" else "") + self.tr.name(item_id, form)

            return Arg(name)
        if kind == "card":
            left, right = self.c["quotes"]
            return fixed(f"{left}{self.tr.name(item_id)}{right}")
        phrase = self._phrase_arg(item_id, {}) if self.tr.phrase(item_id) else None
        return phrase or fixed(_human(item_id))

    def expr_ListLit(self, e: ast.ListLit) -> Arg:
        items = [self.expr(i) for i in e.items]
        if len(items) == 1:
            return items[0]
        return Arg(lambda form: self.join([i.form(form) for i in items], "list_last_and"))

    def join(self, parts: list[str], last: str) -> str:
        if len(parts) <= 1:
            return "".join(parts)
        return self.c["list_and"].join(parts[:-1]) + self.c[last] + parts[-1]

    def expr_Call(self, e: ast.Call) -> Arg:
        sig = self.program.defs.get(e.func)
        if sig is not None:
            args = self.call_args(sig, e.args)
            return self._phrase_arg(e.func, args) or fixed(
                self.fill("call", name=_human(e.func), args=", ".join(a.form() for a in args.values()))
            )
        args = [self.expr(a) for a in e.args]
        f = e.func
        if f in ("min", "max") and len(args) == 2:
            literal = [a for a in args if a.count is not None]
            if len(literal) == 1:
                other = args[1] if args[0] is literal[0] else args[0]
                return fixed(self.fill("at_most" if f == "min" else "at_least", a=other, b=literal[0]))
            return fixed(self.fill(f, a=args[0], b=args[1]))
        if f == "opponent":
            return self._construct_arg("opponent", a=args[0])
        if f == "roll":
            return fixed(self.fill("roll", dice=args[0]))
        if f == "adjacent":
            return fixed(self.fill("adjacent_to", a=args[0], b=args[1]))
        if f == "option":
            return fixed(self.fill("option_value", a=fixed(self._label(e.args[0].id))))
        if f == "active":
            return fixed(self.fill("active", a=fixed(self._label(e.args[0].id))))
        if f in ("abs", "size", "random", "first", "top", "has_event"):
            return fixed(self.fill(f, a=args[0]))
        if f in ("event_possible", "play_event"):
            return fixed(self.fill(f, a=args[0], b=args[1]))
        # The grid built-ins and anything else: the game's phrase, if it gives one.
        return self._phrase_arg(f, self.named_args(e)) or fixed(
            self.fill("call", name=_human(f), args=", ".join(a.form() for a in args))
        )

    def expr_Attribute(self, e: ast.Attribute) -> Arg:
        obj = self.expr(e.obj)
        if e.attr == "adjacent":
            return self._construct_arg(
                "adjacent", items=self.type_term(self.program.type_of(e), plural=True), obj=obj
            )
        if e.attr == "regions":
            return fixed(self.fill("regions_of", obj=obj))
        if e.attr == "spaces":
            return self._construct_arg(
                "spaces_of", items=self.type_term(self.program.type_of(e), plural=True), obj=obj
            )
        if e.attr == "kind":
            return fixed(self.fill("kind_of", obj=obj))
        term = self.tr.text.attributes.get(e.attr)
        attr = Arg(lambda form: self.tr.term(term, "nom_sg")) if term else fixed(_human(e.attr))
        return self._construct_arg("attribute", attr=attr, obj=obj)

    def expr_Index(self, e: ast.Index) -> Arg:
        item_id, args = self.place_of(e)
        if item_id is not None:
            phrase = self._phrase_arg(item_id, args)
            if phrase is not None:
                return phrase
        return fixed(self.fill("index", obj=self.expr(e.obj), key=self.expr(e.key)))

    def expr_Unary(self, e: ast.Unary) -> Arg:
        if e.op != "-":  # `not`: the operand is read once, as a condition (twice would be exponential)
            return fixed(self.fill("not", a=self.cond(e.operand)))
        a = self.expr(e.operand)
        if a.count is not None:
            return fixed(str(-a.count), -a.count)
        return fixed(self.fill("neg", a=a))

    def expr_Binary(self, e: ast.Binary) -> Arg:
        if e.op in ("and", "or"):
            return fixed(self.fill(e.op, a=self.cond(e.left), b=self.cond(e.right)))
        a, b = self.expr(e.left), self.expr(e.right)
        if a.count is not None and b.count is not None and e.op in "+-*":
            value = {"+": a.count + b.count, "-": a.count - b.count, "*": a.count * b.count}[e.op]
            return fixed(str(value), value)
        key = {
            "+": "plus",
            "-": "minus",
            "*": "times",
            "/": "divided",
            "%": "modulo",
            "|": "union",
            "&": "intersection",
        }[e.op]
        return fixed(self.fill(key, a=a, b=b))

    def expr_Compare(self, e: ast.Compare) -> Arg:
        parts = []
        left = e.first
        for op, right in zip(e.ops, e.rest, strict=False):
            if isinstance(right, ast.NoneLit) and op in ("==", "!="):
                parts.append(
                    self.fill(
                        "is_none" if op == "==" else "is_some",
                        item=self.type_term(self.program.type_of(left)),
                    )
                )
            else:
                parts.append(self.fill(op, a=self.expr(left), b=self.expr(right)))
            left = right
        return fixed(self.join(parts, "list_last_and"))

    def expr_Member(self, e: ast.Member) -> Arg:
        return fixed(
            self.fill("not_in" if e.negated else "in", a=self.expr(e.item), b=self.expr(e.collection))
        )

    def expr_Comprehension(self, e: ast.Comprehension) -> Arg:
        typ = self.program.type_of(e.source)
        self.bound.append({e.var: self.var_arg(typ)})
        try:
            scope = self.collection_scope(e.source)
            items = self.type_term(typ, plural=True)
            relative = self.relative(e.var, e.cond)
            if relative is not None:
                rel = relative
                return Arg(lambda form: f"{items.form(form)} {scope.form()} {rel}".replace("  ", " ").strip())
            cond = self.cond(e.cond)
            return Arg(
                lambda form: self.fill(
                    "where", source=fixed(f"{items.form(form)} {scope.form()}".strip()), cond=cond
                )
            )
        finally:
            self.bound.pop()

    def expr_Aggregate(self, e: ast.Aggregate) -> Arg:
        typ = self.program.type_of(e.source)
        self.bound.append({e.var: self.var_arg(typ)})
        try:
            items = self.type_term(typ, plural=True)
            scope = self.collection_scope(e.source)
            source = fixed(f"{items.form()} {scope.form()}".strip())
            if e.cond is not None:
                relative = self.relative(e.var, e.cond)
                source = fixed(
                    f"{source.form()} {relative}"
                    if relative
                    else self.fill("where", source=source, cond=self.cond(e.cond))
                )
            if e.func in ("any", "all"):
                return fixed(self.fill(e.func, source=source, cond=self.cond(e.value)))
            key = {"sum": "sum", "min": "min_of", "max": "max_of"}[e.func]
            return fixed(self.fill(key, value=self.expr(e.value), source=source))
        finally:
            self.bound.pop()

    def expr_ChooseOne(self, e: ast.ChooseOne) -> Arg:
        return fixed(self._choose_one(e))

    def expr_ChooseNumber(self, e: ast.ChooseNumber) -> Arg:
        return fixed(
            self.fill(
                "choose_number", chooser=self.expr(e.chooser), low=self.expr(e.low), high=self.expr(e.high)
            )
        )

    # ---- conditions and collections ----------------------------------------------------

    def cond(self, e: ast.Expr) -> Arg:
        """A condition as a clause: a function's `is` phrase when it has one."""
        if isinstance(e, ast.Attribute) and self.program.type_of(e).name == "bool":
            term = self.tr.text.attributes.get(e.attr)
            attr = self.tr.term(term, "nom_sg") if term else _human(e.attr)
            return fixed(self.fill("attribute_is", obj=self.expr(e.obj), attr=attr))
        call, use = e, "is"
        if isinstance(e, ast.Unary) and e.op == "not":
            call, use = e.operand, "is_not"
        if isinstance(call, ast.Call):
            text = self.phrase(call.func, use, self.named_args(call))
            if text is not None:
                return fixed(text)
        return self.expr(e)

    def relative(self, var: str, cond: ast.Expr) -> str | None:
        """A condition on `var` as a postmodifier ("on the table"), from `that` phrases; None
        when some part has no such phrase."""
        if isinstance(cond, ast.Binary) and cond.op == "and":
            left, right = self.relative(var, cond.left), self.relative(var, cond.right)
            if left is None or right is None:
                return None
            return f"{left}{self.c['list_and']}{right}"
        if (
            isinstance(cond, ast.Call)
            and cond.args
            and isinstance(cond.args[0], ast.Name)
            and cond.args[0].id == var
        ):
            return self.phrase(cond.func, "that", self.named_args(cond))
        if (
            isinstance(cond, ast.Compare)
            and len(cond.ops) == 1
            and cond.ops[0] == "!="
            and isinstance(cond.first, ast.Name)
            and cond.first.id == var
        ):
            return self.fill("other_than", b=self.expr(cond.rest[0]))
        if (
            isinstance(cond, ast.Compare)
            and len(cond.ops) == 1
            and cond.ops[0] == "=="
            and isinstance(cond.first, ast.Attribute)
            and isinstance(cond.first.obj, ast.Name)
            and cond.first.obj.id == var
            and isinstance(cond.rest[0], ast.Name)
        ):
            return self.phrase(cond.rest[0].id, "that", {})
        # counter[var][p] > 0 reads "with ...", == 0 "without ..."
        if (
            isinstance(cond, ast.Compare)
            and cond.ops in (("==",), (">",))
            and isinstance(cond.rest[0], ast.IntLit)
            and cond.rest[0].value == 0
            and _indexed_by(cond.first, var)
        ):
            item_id, args = self.place_of(cond.first)
            if item_id is not None:
                return self.phrase(item_id, "that" if cond.ops == (">",) else "without", args)
        return None

    def where(self, var: str, source: ast.Expr, cond: ast.Expr | None) -> Arg:
        scope = self.collection_scope(source)
        if cond is None:
            return scope
        relative = self.relative(var, cond)
        if relative is not None:
            return fixed(f"{scope.form()} {relative}".strip())
        return fixed((scope.form() + self.fill("choose_where", cond=self.cond(cond))).strip())

    def collection_scope(self, source: ast.Expr) -> Arg:
        """Where the items of a collection are, as a phrase after their noun: "in Gaul",
        "adjacent to Rome", "" for all of them."""
        ref = self.program.refs.get(id(source)) if isinstance(source, ast.Name) else None
        if ref is not None and ref.kind == "collection":
            return fixed("")
        if ref is not None and ref.kind == "constant" and self.kinds.get(source.id) == "region":
            return Arg(lambda form: self.tr.name(source.id, "loc"))
        if isinstance(source, ast.Attribute) and source.attr == "adjacent":
            return fixed(self.fill("adjacent", items=fixed(""), obj=self.expr(source.obj)).strip())
        return fixed(self.fill("among", a=self.expr(source)))
