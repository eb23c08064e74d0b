"""What a card's effect says beyond numbers and places, for the authored-text lint: whether a
player may decline something, how long its lasting effects last, whether it depends on a
condition, which optional rules it depends on, and what it changes in the game.

For may/must, conditions and optional rules only the card's own effect and the definitions it
calls directly are read: a text describes what the card does, not what the rules it calls do
deep inside (a placement rule may test an optional rule, but no card that places counters
through it mentions that rule).

What it changes (`changes_of`): every statement of the card's own effect that changes the game
(a track, a counter, a card moved to a zone, a lasting effect, a die roll) is something its
text must say, whatever branch it sits in; a called definition adds what it surely does, on
every path through it (a rule that lowers a track and then tests it claims the track; a rule
that moves a card to one of three zones by its kind claims no zone). Not asked for: a die
rolled inside a called rule (a battle's roll is said by "battle"); a variable (the rules' own
bookkeeping: whose turn it is, a flag); a card moving itself (out of play when its effect ends:
the sheet prints its removal mark). Which way a number moves ("up", "down") is asked for when
it is known: an amount that cannot be negative, on a track that does not count below zero (on
a signed track "up" is one side's gain, "down" the other's); an assignment of any value but
zero sets the number ("set"), which says both ways at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dsl import ast

# A definition's body is read this many calls deep for what it surely changes (a scoring card
# calls the scoring rule, which calls the rule that moves the points).
CHANGE_DEPTH = 4


@dataclass
class Claims:
    optional: bool = False  # some player may decline a choice (a `pass` option, `up to`, from 0)
    choice: bool = False  # some player chooses something (so "may choose" can be said)
    until_turn_end: bool = False  # a lasting effect ends with an event text.yaml calls the turn's end
    conditional: bool = False  # an `if` or `require` on the game state
    options: set[str] = field(default_factory=set)  # optional rules it depends on
    moves_itself: bool = False  # it moves its own card (out of play, to the removed cards...)
    changes: dict[tuple[str, str], Change] = field(default_factory=dict)  # what it changes (below)


@dataclass(frozen=True)
class Change:
    """One thing the effect changes, which its text must name: `kind` is track, counter, zone (a
    card moved there), lasting (a lasting effect) or roll (a die roll); `subject` the item's id
    ("" for a lasting effect or a roll)."""

    kind: str
    subject: str
    directions: frozenset[str] = frozenset()  # "up", "down", "set": which way a number surely moves
    via: frozenset[str] = frozenset()  # the called definitions it is made in (their phrases name it too)

    def merged(self, other: Change) -> Change:
        return Change(self.kind, self.subject, self.directions | other.directions, self.via | other.via)


def _is_pass(body: tuple) -> bool:
    return all(isinstance(s, ast.PassStmt) for s in body)


def _optional(node: Any) -> bool:
    if isinstance(node, ast.OptionsStmt):
        return any(_is_pass(o.body) for o in node.options)
    if isinstance(node, ast.ChooseStmt):
        return node.up_to or (isinstance(node.count, ast.IntLit) and node.count.value == 0)
    if isinstance(node, ast.ChooseNumber):
        return isinstance(node.low, ast.IntLit) and node.low.value == 0
    return False


def _chooses(node: Any) -> bool:
    return isinstance(node, (ast.OptionsStmt, ast.ChooseStmt, ast.ChooseNumber, ast.ChooseOne))


def _states_condition(node: Any) -> bool:
    """An `if`/`require` a card text states: not the test whether a choice found anything
    (`if target == none`), which the text says as "choose a country" or not at all."""
    conds = [c for c, _ in node.branches] if isinstance(node, ast.IfStmt) else [node.cond]
    return any(not _about_none(c) for c in conds)


def _about_none(cond: Any) -> bool:
    """A test whether a choice found anything, or which optional rule is in play: the text says
    the first as "choose a country" and names the second (checked on its own)."""
    if isinstance(cond, ast.Compare) and any(isinstance(n, ast.NoneLit) for n in cond.walk()):
        return True
    return _option_named(cond) is not None


def _option_named(node: Any) -> str | None:
    if isinstance(node, ast.Call) and node.func == "option" and node.args:
        arg = node.args[0]
        if isinstance(arg, ast.Name):
            return arg.id
    return None


def _read(tree: Any, claims: Claims, called: set[str], program: Any, durations: dict[str, str]) -> None:
    for node in tree.walk():
        claims.choice |= _chooses(node)
        if _optional(node):
            claims.optional = True
        elif isinstance(node, ast.LastingStmt):
            if node.duration.kind == "until" and durations.get(node.duration.event) == "turn":
                claims.until_turn_end = True
        elif isinstance(node, (ast.IfStmt, ast.RequireStmt)) and _states_condition(node):
            claims.conditional = True
        elif isinstance(node, ast.Call):
            option = _option_named(node)
            if option is not None:
                claims.options.add(option)
            elif node.func in program.defs:
                called.add(node.func)


def claims_of(compiled: Any, card_id: str) -> Claims:
    """What the card's effect claims, read from its event and the definitions it calls."""
    program = compiled.program
    claims = Claims()
    called: set[str] = set()
    tree = program.card_events[card_id].tree
    durations = compiled.text.durations if compiled.text is not None else {}
    _read(tree, claims, called, program, durations)
    claims.moves_itself = any(isinstance(n, ast.MoveStmt) and isinstance(n.card, ast.Name)
                              and n.card.id == card_id for n in tree.walk())
    for name in sorted(called):
        node = program.defs[name].node
        if node is None:
            continue
        inner = Claims()
        _read(node, inner, set(), program, durations)
        # A called definition's choice counts: `defuse(p)` asking whether to defuse is the card's.
        claims.optional |= inner.optional
        claims.choice |= inner.choice
        claims.options |= inner.options
    claims.changes = changes_of(compiled, card_id)
    return claims


Changes = dict[tuple[str, str], Change]


def _add(into: Changes, change: Change) -> None:
    key = (change.kind, change.subject)
    into[key] = into[key].merged(change) if key in into else change


def _common(blocks: list[Changes]) -> Changes:
    """What every one of several paths changes: the subjects all of them change, each moved the
    ways all of them move it (up on one branch and down on another is no known way)."""
    if not blocks:
        return {}
    keys = set(blocks[0]).intersection(*blocks[1:])
    out: Changes = {}
    for key in keys:
        found = [b[key] for b in blocks]
        directions = frozenset.intersection(*(f.directions for f in found))
        via = frozenset().union(*(f.via for f in found))
        out[key] = Change(key[0], key[1], directions, via)
    return out


def _is_roll(node: Any) -> bool:
    return isinstance(node, ast.Dice) or (isinstance(node, ast.Call) and node.func == "roll")


_NON_NEGATIVE = (ast.IntLit, ast.Name, ast.Attribute, ast.Index, ast.Call, ast.Aggregate, ast.Dice)


def _non_negative(node: Any) -> bool:
    """Whether an amount cannot be negative, as far as its shape tells: a count, a parameter, a
    sum or product of such (a difference or a negation may be either)."""
    if isinstance(node, ast.IntLit):
        return node.value >= 0
    if isinstance(node, ast.Binary):
        return node.op in ("+", "*", "/") and _non_negative(node.left) and _non_negative(node.right)
    return isinstance(node, _NON_NEGATIVE)


class _Reader:
    """Reads what statements change, with what a called definition surely changes, kept once
    per definition."""

    def __init__(self, compiled: Any):
        self.program = compiled.program
        self.game = compiled.game
        self.signed = {t.id for t in self.game.tracks if t.min is not None and t.min < 0}
        self.kept: dict[tuple[str, int], Changes] = compiled.__dict__.setdefault("_sure_changes", {})

    def item(self, target: Any) -> tuple[str, str] | None:
        """The kind and id of the item a target (`tension`, `gold[s][p]`, `hand[p]`) names."""
        node = target
        while isinstance(node, ast.Index):
            node = node.obj
        ref = self.program.refs.get(id(node))
        if ref is None or ref.kind not in ("track", "track_family", "counter", "zone", "zone_family"):
            return None
        return ref.kind.removesuffix("_family"), ref.name

    def direction(self, stmt: ast.AssignStmt, kind: str, subject: str) -> frozenset[str]:
        if kind not in ("track", "counter") or subject in self.signed:
            return frozenset()
        if stmt.op == "=":  # set to zero: all of it removed; to anything else: set
            zero = isinstance(stmt.value, ast.IntLit) and stmt.value.value == 0
            return frozenset({"down" if zero else "set"})
        value = stmt.value
        flipped = isinstance(value, ast.Unary) and value.op == "-"
        if flipped:
            value = value.operand
        elif isinstance(value, ast.IntLit) and value.value < 0:
            value, flipped = ast.IntLit(-value.value), True
        if not _non_negative(value):
            return frozenset()
        return frozenset({"up" if (stmt.op == "+=") != flipped else "down"})

    def own(self, s: Any) -> Changes:
        """What a statement changes by itself: the item it assigns, the zone it moves a card to,
        a lasting effect."""
        out: Changes = {}
        if isinstance(s, ast.AssignStmt):
            found = self.item(s.target)
            if found is not None:
                _add(out, Change(*found, self.direction(s, *found)))
        elif isinstance(s, (ast.MoveStmt, ast.DrawStmt)):
            found = self.item(s.zone if isinstance(s, ast.MoveStmt) else s.dest)
            if found is not None and found[0] == "zone":
                _add(out, Change(*found))
        elif isinstance(s, ast.LastingStmt):
            _add(out, Change("lasting", ""))
        return out

    def statement(self, s: Any, depth: int) -> Changes:
        """What one statement surely changes: itself, the rolls and calls of its expressions, and
        what every path through its blocks changes."""
        out = self.own(s)
        blocks: list[tuple] = []
        exprs: list[Any] = []
        if isinstance(s, ast.IfStmt):
            exprs.append(s.branches[0][0])  # later conditions are not always evaluated
            blocks = [body for _cond, body in s.branches] + [s.orelse]
        elif isinstance(s, ast.OptionsStmt):
            blocks = [o.body for o in s.options]
        elif isinstance(s, (ast.ForStmt, ast.RepeatStmt, ast.WhileStmt, ast.ChooseStmt)):
            # A loop is read as running: a rule that adds a counter to each chosen country
            # claims the counter, though a choice from nothing adds none.
            exprs += [getattr(s, f, None) for f in ("source", "count", "cond")]
            blocks = [s.body]
        elif not isinstance(s, ast.LastingStmt):  # a lasting effect's body runs later, if ever
            exprs += [c for c in s.children() if isinstance(c, ast.Expr)]
        for expr in exprs:
            if expr is not None:
                for change in self.expression(expr, depth).values():
                    _add(out, change)
        if len(blocks) == 1:
            for change in self.block(blocks[0], depth).values():
                _add(out, change)
        elif blocks:
            for change in _common([self.block(b, depth) for b in blocks]).values():
                _add(out, change)
        return out

    def expression(self, expr: Any, depth: int) -> Changes:
        out: Changes = {}
        for node in expr.walk():
            for change in self.expression_node(node, depth).values():
                _add(out, change)
        return out

    def expression_node(self, node: Any, depth: int) -> Changes:
        """A roll of the card's own effect, or a call with what its definition surely changes
        (not the nodes inside)."""
        if _is_roll(node) and depth == 0:
            return {("roll", ""): Change("roll", "")}
        if isinstance(node, ast.Call) and node.func in self.program.defs:
            return {key: Change(c.kind, c.subject, c.directions, c.via | {node.func})
                    for key, c in self.definition(node.func, depth + 1).items()}
        return {}

    def block(self, body: tuple, depth: int) -> Changes:
        out: Changes = {}
        for s in body:
            for change in self.statement(s, depth).values():
                _add(out, change)
        return out

    def definition(self, name: str, depth: int) -> Changes:
        """What a definition surely changes, read down to CHANGE_DEPTH calls below the card (a
        recursion reads as changing nothing more). Kept by name and depth: the answer never
        depends on which card asked first."""
        if depth > CHANGE_DEPTH:
            return {}
        key = (name, depth)
        if key not in self.kept:
            node = self.program.defs[name].node
            self.kept[key] = self.block(getattr(node, "body", ()), depth) if node is not None else {}
        return self.kept[key]

    def everything(self, tree: Any, card_id: str) -> Changes:
        """What a card's own effect changes on any path: every statement anywhere in it (a
        lasting effect's clauses included), every roll, each call with what its definition
        surely does; not the card moving itself (the sheet's removal mark says that)."""
        out: Changes = {}
        for node in tree.walk():
            if isinstance(node, ast.MoveStmt) and isinstance(node.card, ast.Name) and node.card.id == card_id:
                continue
            if isinstance(node, ast.Stmt):
                found = self.own(node)
            elif isinstance(node, ast.Expr):
                found = self.expression_node(node, 0)
            else:
                continue
            for change in found.values():
                _add(out, change)
        return out


def sure_changes(compiled: Any) -> dict[str, Changes]:
    """What each definition of the game surely changes (the words of its phrase may say a
    change of what it changes)."""
    kept = compiled.__dict__.get("_sure_of_defs")
    if kept is None:
        reader = _Reader(compiled)
        kept = {name: reader.definition(name, 1) for name in sorted(compiled.program.defs)}
        compiled.__dict__["_sure_of_defs"] = kept
    return kept


def changes_of(compiled: Any, card_id: str) -> Changes:
    """Every change of the game a card's text must name (see the module's docstring)."""
    kept = compiled.__dict__.setdefault("_card_changes", {})
    if card_id not in kept:
        kept[card_id] = _Reader(compiled).everything(compiled.program.card_events[card_id].tree, card_id)
    return kept[card_id]
