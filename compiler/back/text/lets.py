"""Phrasing of `let`: a value is named by what it is, never by its variable name.

- a choice (`let c = p chooses one ...`) is said, and the item reads "that country" after it;
- a roll (`let r = roll(d6) - penalty(...)`) is said as an action, "Roll a die and subtract ...",
  and read as "the roll" after it (`r -= 1` is "subtract 1 from the roll"); with several rolls in
  one text, "roll 1", "roll 2";
- a random pick (`let c = random(...)`) is "Pick a random card from ...", then "that card";
- a value that later statements change, or that must be taken before effects change what it
  reads (a snapshot: `let before = gold[s][p]`, then an effect), is noted: "Note the gold in Rome",
  then "the noted number" ("number 1", "number 2" with several); a value that is no number and is
  set again later is "the noted value" (never its first value: "Note no ... Set no to yes" read
  as if `no` changed); a snapshot that is no number and is never set again is noted and then
  named by its description;
- anything else is not named at all: its description stands where it is used ("the number of
  countries adjacent to Rome").

A noted value or a roll that no printed sentence reads is not said (see `Deferred`).
"""

from __future__ import annotations

from compiler.back.text.sentence import Deferred, SentenceBuilder
from compiler.back.text.template import Arg, fixed
from dsl import ast

# Statements that change the state of the game (a snapshot taken before them can differ after).
_EFFECTS = (ast.AssignStmt, ast.MoveStmt, ast.DrawStmt, ast.ShuffleStmt, ast.OptionsStmt,
            ast.LastingStmt, ast.CancelStmt, ast.EmitStmt, ast.EndGameStmt)
# Values that read nothing of the state: literals, names of constants and bound items, arithmetic.
_STABLE = (ast.IntLit, ast.BoolLit, ast.NoneLit, ast.TextLit, ast.ListLit, ast.Binary, ast.Unary,
           ast.Compare, ast.Name)


def _is_roll(node: ast.Node) -> bool:
    return isinstance(node, ast.Dice) or (isinstance(node, ast.Call) and node.func == "roll")


def _uses(node: ast.Node, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in node.walk())


def child_blocks(stmt: ast.Stmt) -> list[tuple]:
    """The blocks of statements directly inside `stmt`."""
    out = [getattr(stmt, f) for f in ("body", "orelse") if isinstance(getattr(stmt, f, None), tuple)]
    out += [body for _cond, body in getattr(stmt, "branches", ())]
    out += [option.body for option in getattr(stmt, "options", ())]
    return out


class LetPhrasing(SentenceBuilder):
    """`stmt_LetStmt`, and the plan that names the values of a text before it is phrased."""

    def plan_lets(self, stmts: tuple) -> None:
        """Classify every `let` of a text; number the rolls and noted values when there are
        several of a kind, so that each reads as its own ("roll 1", "roll 2")."""
        self.let_kinds: dict[int, str] = {}
        self.let_numbers: dict[int, int] = {}
        self.let_values.clear()
        seen: dict[str, list[int]] = {"roll": [], "number": [], "changing": []}

        def visit(block: tuple) -> None:
            for index, s in enumerate(block):
                if isinstance(s, ast.LetStmt):
                    kind = self.let_kind(s, block[index + 1:])
                    self.let_kinds[id(s)] = kind
                    seen.setdefault(kind, []).append(id(s))
                for inner in child_blocks(s):
                    visit(inner)

        visit(stmts)
        for kind in ("roll", "number", "changing"):
            if len(seen[kind]) > 1:
                self.let_numbers.update({key: n for n, key in enumerate(seen[kind], 1)})

    def let_kind(self, s: ast.LetStmt, following: tuple) -> str:
        """choice, number_choice, roll, random, number (or value: not a number) when it must be
        named, inline when its description can stand at its uses, unused."""
        value = s.value
        if isinstance(value, ast.ChooseOne):
            return "choice"
        if isinstance(value, ast.ChooseNumber):
            return "number_choice"
        if any(_is_roll(n) for n in value.walk()):
            return "roll"
        if isinstance(value, ast.Call) and value.func == "random":
            return "random"
        uses = [i for i, later in enumerate(following) if _uses(later, s.name)]
        if not uses:
            return "unused"
        named = "number" if getattr(self.program.type_of(value), "name", "") == "int" else "value"
        reassigned = any(isinstance(n, ast.AssignStmt) and isinstance(n.target, ast.Name)
                         and n.target.id == s.name for later in following for n in later.walk())
        if reassigned:  # named by what it is, never by its first value ("Set no to yes")
            return "number" if named == "number" else "changing"
        if self._stable(value):
            return "inline"
        deferred = any(isinstance(n, ast.LastingStmt) and _uses(n, s.name)
                       for later in following for n in later.walk())
        if deferred or any(self._changes_state(later) for later in following[:max(uses)]):
            return named
        return "inline"

    def _stable(self, value: ast.Expr) -> bool:
        for n in value.walk():
            if isinstance(n, ast.Call) and n.func in ("opponent", "next_player", "previous_player"):
                continue
            if not isinstance(n, _STABLE):
                return False
            ref = self.program.refs.get(id(n)) if isinstance(n, ast.Name) else None
            if ref is not None and ref.kind not in ("constant", "local", "collection"):
                return False
        return True

    def _changes_state(self, stmt: ast.Stmt) -> bool:
        for n in stmt.walk():
            if isinstance(n, _EFFECTS) or (isinstance(n, ast.ChooseStmt) and n.body):
                return True
            if isinstance(n, ast.ExprStmt) and isinstance(n.expr, ast.Call):
                sig = self.program.defs.get(n.expr.func)
                if sig is not None and sig.kind == "procedure":
                    return True
        return False

    def _noun(self, s: ast.LetStmt, kind: str) -> Arg:
        number = self.let_numbers.get(id(s))
        single, nth = ("the_roll", "nth_roll") if kind == "roll" else ("noted_number", "nth_number")
        if number is None:
            return self.construct_arg(single)
        return self.construct_arg(nth, n=fixed(str(number), number))

    def stmt_LetStmt(self, s: ast.LetStmt) -> str | Deferred | None:
        value = s.value
        kind = getattr(self, "let_kinds", {}).get(id(s)) or self.let_kind(s, self.following())
        if kind == "choice":
            self.bind(s.name, self.var_arg(self.program.type_of(value.source)))
            return self.choose_one(value)
        if kind == "number_choice":
            self.bind(s.name, self.construct_arg("chosen_number"))
            return self.expr(value).form()  # choices.py phrases the choice
        if kind in ("inline", "unused"):
            arg = self.expr(value)
            self.bind(s.name, arg)
            self.let_values[s.name] = (value, arg)
            return None
        if kind == "random":
            source = value.args[0]
            deferred = Deferred(self.fill("let_random", item=self.type_term(self.program.type_of(source)),
                                          source=self.expr(source)))
            self.bind(s.name, deferred.mark(self.var_arg(self.program.type_of(source))))
            return deferred
        if kind == "changing":  # not a number, and set again later: "the noted value"
            number = self.let_numbers.get(id(s))
            name = (self.construct_arg("noted_value") if number is None
                    else self.construct_arg("nth_value", n=fixed(str(number), number)))
            deferred = Deferred(self.fill("let_thing_named", value=self.expr(value), name=name))
            self.bind(s.name, deferred.mark(name))
            return deferred
        if kind == "value":  # not a number: noted, then named by its description again
            described = self.expr(value)
            deferred = Deferred(self.fill("let_thing", value=described))
            self.bind(s.name, deferred.mark(described))
            return deferred
        name = self._noun(s, kind)
        named = id(s) in self.let_numbers
        text = self._roll(value, name, named) if kind == "roll" else None
        if text is None:
            text = self.fill("let_value_named" if named else "let_value", value=self.expr(value), name=name)
        deferred = Deferred(text)
        self.bind(s.name, deferred.mark(name))
        return deferred

    def _roll(self, value: ast.Expr, name: Arg, named: bool) -> str | None:
        """`roll(d6) + a - b` as "Roll a die and add a and subtract b"; None for another shape."""
        terms: list[tuple[str, ast.Expr]] = []
        node = value
        while isinstance(node, ast.Binary) and node.op in "+-":
            terms.insert(0, (node.op, node.right))
            node = node.left
        if not _is_roll(node):
            return None
        dice = self.expr(node if isinstance(node, ast.Dice) else node.args[0])
        text = self.fill("let_roll_named" if named else "let_roll", dice=dice, name=name)
        for op, term in terms:
            text += self.fill("roll_add" if op == "+" else "roll_subtract", a=self.expr(term))
        return text
