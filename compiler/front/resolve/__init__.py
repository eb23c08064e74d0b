"""Name and type resolution: effect text -> typed program (moved here from compiler/front/resolve.py;
split by construct family in the next commit)."""

from compiler.front.resolve.resolver import (
    AGGREGATES,
    BUILTIN_STATEMENTS,
    BUILTINS,
    COLLECTIONS,
    GRID_BUILTINS,
    REGION_BUILTIN_ATTRS,
    RESERVED_PY,
    SPACE_BUILTIN_ATTRS,
    Context,
    Lasting,
    Program,
    Ref,
    Resolver,
    Scope,
    Signature,
    Unit,
    python_local,
    resolve_condition,
    resolve_program,
    resolve_statements,
)

__all__ = [
    "AGGREGATES", "BUILTINS", "BUILTIN_STATEMENTS", "COLLECTIONS", "GRID_BUILTINS",
    "REGION_BUILTIN_ATTRS", "RESERVED_PY", "SPACE_BUILTIN_ATTRS", "Context", "Lasting", "Program",
    "Ref", "Resolver", "Scope", "Signature", "Unit", "python_local", "resolve_condition",
    "resolve_program", "resolve_statements",
]
