"""Tree-building rules for what a text holds at the top: the start rules (a rule file's module,
a card's body, a lone expression) and definitions (procedures, functions, hooks, events with
their parameters and types).

Separate from statements and expressions because only rule files (`parse_module`) reach them.
"""

from __future__ import annotations

from lark import Transformer_NonRecursive, v_args

from .. import ast
from .spans import pos


@v_args(meta=True)
class DefinitionRules(Transformer_NonRecursive):
    """Start rules and definitions -> ast.Module, ast.Body, ast.ProcedureDef, ast.Param, ...
    One method per grammar rule, named after it."""

    def module(self, meta, items):
        return ast.Module(tuple(items), span=pos(meta))

    def body(self, meta, items):
        return ast.Body(tuple(items), span=pos(meta))

    def expression(self, meta, items):
        return items[0]

    def _definition(self, cls, meta, items):
        name, params, returns, suite = items
        return cls(str(name), params, returns, suite, span=pos(meta))

    def procedure_def(self, meta, items):
        return self._definition(ast.ProcedureDef, meta, items)

    def function_def(self, meta, items):
        return self._definition(ast.FunctionDef, meta, items)

    def hook_def(self, meta, items):
        return self._definition(ast.HookDef, meta, items)

    def event_def(self, meta, items):
        return ast.EventDef(str(items[0]), items[1], span=pos(meta))

    def returns(self, meta, items):
        return items[0] if items else None

    def params(self, meta, items):
        return tuple(i for i in items if i is not None)

    def param(self, meta, items):
        default = items[2] if len(items) > 2 else None
        return ast.Param(str(items[0]), items[1], default, span=pos(meta))

    def type_ref(self, meta, items):
        return ast.TypeRef(str(items[0]), items[1] if len(items) > 1 else None, span=pos(meta))

    def suite(self, meta, items):
        return tuple(items)
