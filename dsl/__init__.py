"""The Kurtyna effect language: grammar, schemas, syntax tree, and the runtime engines import.

    effect.lark, grammar.py  the grammar, and Lark LALR parsers built from it
    ast.py                   the typed syntax tree, with spans
    parser.py                parse_body / parse_module / parse_expression: the entry points
    build_tree/              Lark's tree -> ast nodes, one module per node family
    syntax_errors.py         EffectSyntaxError, and parse faults in the author's words
    limits.py                refused characters, deepest nesting allowed
    schemas/                 JSON Schemas of content and scenario files
    runtime/                 what generated engines import (state, decisions, lasting effects...)
"""
