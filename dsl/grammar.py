"""The effect language's grammar (dsl/effect.lark) as Lark LALR parsers, one per start rule.

Apart from the parse entry points because the error explanation (syntax_errors.py) needs the
same parsers: it replays labelled broken snippets and names the grammar's terminals.

Building a parser's tables from the grammar takes about 0.1 s per start rule, which a short
command (`kurtyna test`, `kurtyna check`) would pay on every run. So the tables can be kept
between runs in a `TableStore` (dsl/tables.py) that the caller provides (the command line gives
the user's cache folder: compiler/cache.py). They are kept as JSON, not with Lark's own cache,
which is a pickle: reading a pickle runs whatever code it names, and JSON cannot run any. Each
entry's name holds the hash of the grammar, the start rule, the options and Lark's version, so
a changed grammar or another Lark never reads old tables; an entry that cannot be read back is
built anew.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.indenter import Indenter
from lark.lark import TerminalDef

from . import tables
from .tables import TableStore


class _Indenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB", "LBRACE"]
    CLOSE_PAREN_types = ["RPAR", "RSQB", "RBRACE"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


_OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}
built = {"grammar": 0, "tables": 0}  # parsers built from the grammar / from kept tables (tests read it)


def keep_tables_in(store: TableStore | None) -> None:
    """Keep parser tables in `store` from now on (None: build them from the grammar each run)."""
    tables.store = store
    lalr_parser.cache_clear()


@cache
def lalr_parser(start: str) -> Lark:
    """The parser for one start rule of the grammar: 'body', 'module' or 'expression'."""
    grammar = resources.files("dsl").joinpath("effect.lark").read_text("utf-8")
    store = tables.store
    if store is None:
        return _from_grammar(grammar, start)
    recipe = json.dumps([grammar, start, _OPTIONS, lark.__version__], sort_keys=True)
    name = f"lark-{start}-{hashlib.sha256(recipe.encode('utf-8')).hexdigest()[:32]}.json"
    kept = store.read(name)
    if kept is not None:
        try:
            parser = _from_tables(kept)
        except Exception:  # damaged or foreign tables (any fault of reading them): built anew below
            pass
        else:
            built["tables"] += 1
            return parser
    parser = _from_grammar(grammar, start)
    store.write(name, _tables(parser))
    return parser


def _from_grammar(grammar: str, start: str) -> Lark:
    built["grammar"] += 1
    return Lark(grammar, start=start, postlex=_Indenter(), **_OPTIONS)


# JSON has no tuples and only text keys; Lark's tables have both. They are written as objects
# with one of these keys (a NUL starts no name of Lark's).
_DICT, _TUPLE = "\x00dict", "\x00tuple"


def _tables(parser: Lark) -> str:
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k != "postlex"}  # an object: given anew
    return json.dumps(_encode([data, memo]), separators=(",", ":"))


def _from_tables(text: str) -> Lark:
    data, memo = json.loads(text, object_hook=_decode)
    parser = Lark.__new__(Lark)
    parser._load({"data": data, "memo": memo}, postlex=_Indenter())
    return parser


def _encode(value: Any) -> Any:
    if isinstance(value, dict):
        if all(isinstance(key, str) for key in value):
            return {key: _encode(item) for key, item in value.items()}
        return {_DICT: [[_encode(key), _encode(item)] for key, item in value.items()]}
    if isinstance(value, tuple):
        return {_TUPLE: [_encode(item) for item in value]}
    if isinstance(value, list):
        return [_encode(item) for item in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"parser tables hold a {type(value).__name__}, which JSON cannot keep")


def _decode(obj: dict) -> Any:
    if _DICT in obj:
        return {key: item for key, item in obj[_DICT]}
    if _TUPLE in obj:
        return tuple(obj[_TUPLE])
    return obj
