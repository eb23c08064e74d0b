"""Name and type resolution: effect text -> typed program, one module per construct family.

- resolver.py     the entry points (`resolve_program`, `resolve_statements`, `resolve_condition`)
                  and `Resolver`, which joins the families below and runs them in order
- kept_trees.py   the syntax trees of a game's texts kept between runs (the command line's cache)
- program.py      what it produces: `Program`, `Unit`, `Signature`, `Ref`, `Lasting`
- scope.py        local names (`Scope`) and what a body may do (`Context`)
- builtins.py     the built-in functions, statements, collections and aggregates (add one here)
- core.py         the state the families share; reporting, binding locals, purity
- definitions.py  procedure/function/hook/event: signatures first, then bodies
- statements.py   the statement dispatch; let, assignments (`counter[s][p] += 1`), calls on
                  their own line, require/return, actions (move, draw, shuffle, log, emit, ...)
- control.py      if, for, while, repeat, break, and the choices that run a body
- lasting.py      lasting effects (modify/forbid/when clauses, until/while) and their labels
- expressions.py  the expression dispatch: names, operators, indexing (`counter[s][p]`),
                  attributes, aggregates, comprehensions
- calls.py        calls of definitions, events and built-ins, checked against signatures

Each family is a mixin over `ResolverCore` with a table from node type to handler
(`STATEMENT_RULES`, `EXPRESSION_RULES`); they reach one another through `self`.
"""

from compiler.front.resolve.builtins import (
    AGGREGATES,
    BUILTIN_STATEMENTS,
    BUILTINS,
    COLLECTIONS,
    GRID_BUILTINS,
    REGION_BUILTIN_ATTRS,
    SPACE_BUILTIN_ATTRS,
)
from compiler.front.resolve.program import Lasting, Program, Ref, Signature, Unit
from compiler.front.resolve.resolver import (
    Resolver,
    resolve_condition,
    resolve_program,
    resolve_statements,
)
from compiler.front.resolve.scope import RESERVED_PY, Context, Scope, python_local

__all__ = [
    "AGGREGATES", "BUILTINS", "BUILTIN_STATEMENTS", "COLLECTIONS", "GRID_BUILTINS",
    "REGION_BUILTIN_ATTRS", "RESERVED_PY", "SPACE_BUILTIN_ATTRS", "Context", "Lasting", "Program",
    "Ref", "Resolver", "Scope", "Signature", "Unit", "python_local", "resolve_condition",
    "resolve_program", "resolve_statements",
]
