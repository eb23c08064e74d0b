"""Check a loaded document against the JSON Schema of its kind, in plain words.

jsonschema says "Additional properties are not allowed ('stabilty' was unexpected)" and points
nowhere. Here every fault is reported at the offending node's line and column, phrased for an
author, with a hint where one helps.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

import jsonschema

from compiler import memo
from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front.loader import Document

KINDS = ("game", "map", "tracks", "cards", "rules", "scenario", "text")

_TYPE_WORDS = {
    "object": "a mapping (key: value)",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "nothing (null)",
}


def schema_path(kind: str) -> str:
    return f"dsl/schemas/{kind}.schema.json"


@cache
def load_schema(kind: str) -> dict[str, Any]:
    text = resources.files("dsl").joinpath("schemas", f"{kind}.schema.json").read_text("utf-8")
    return json.loads(text)


def _key_fits(key: object, names: dict) -> bool:
    """Whether a mapping key that YAML read as a value (1, true, null, 1.5) may stand here:
    only a whole number, and only where the key pattern asks for numbers (track notes)."""
    if isinstance(key, bool) or not isinstance(key, int):
        return False
    pattern = names.get("pattern")
    return pattern is not None and re.search(pattern, str(key)) is not None


def _type_and_keys(validator, types, instance, schema):
    """Draft 7's `type`, and for a mapping also its keys: JSON Schema knows only text keys, so
    `propertyNames` never sees a key YAML read as a number, true/false or null."""
    yield from _DRAFT7_TYPE(validator, types, instance, schema)
    if not isinstance(instance, dict) or "object" not in (types if isinstance(types, list) else [types]):
        return
    for key in instance:
        if not isinstance(key, str) and not _key_fits(key, schema.get("propertyNames", {})):
            yield jsonschema.ValidationError(f"key {key!r} is not a name", validator="key_type",
                                             path=(key,), instance=key)


_DRAFT7_TYPE = jsonschema.Draft7Validator.VALIDATORS["type"]


@cache
def _compiled_pattern(pattern: str) -> re.Pattern[str]:
    # JSON Schema patterns are ECMA-262 regexes, where `$` is the end of the text; Python's `$`
    # also matches before a final newline, which would let an id like "north\n" through.
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + r"\Z"
    return re.compile(pattern)


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Any:
    if validator.is_type(instance, "string") and not _compiled_pattern(pattern).search(instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


# Draft 7, with the keys of every mapping checked and patterns anchored as the standard means them.
Validator = jsonschema.validators.extend(jsonschema.Draft7Validator,
                                        {"type": _type_and_keys, "pattern": _pattern})


@cache
def _validator(kind: str) -> jsonschema.Draft7Validator:
    return Validator(load_schema(kind))


def _relaxed(node: Any) -> Any:
    """A copy of a schema that tolerates unknown fields (used to salvage items)."""
    if isinstance(node, dict):
        return {k: _relaxed(v) for k, v in node.items() if k != "additionalProperties" or v is not False}
    if isinstance(node, list):
        return [_relaxed(v) for v in node]
    return node


@cache
def _item_validator(kind: str, key: str) -> jsonschema.Draft7Validator:
    items = load_schema(kind)["properties"][key]["items"]
    return Validator(_relaxed(items))


# Kept for a check after an edit (compiler/memo.py): a Document's faults and its usable items
# depend on its file's path and text alone (the loader keeps one Document per path and text).
_CHECKED = memo.table("schema", 64)
_USABLE = memo.table("schema-items", 128)


def _valid(doc: Document, kind: str, key: str) -> list[bool]:
    """For each item of list `key`, whether it is well-formed enough to read."""
    data = doc.data if isinstance(doc.data, dict) else {}
    items = data.get(key)
    if not isinstance(items, list):
        return []

    def make() -> list[bool]:
        validator = _item_validator(kind, key)
        return [validator.is_valid(item) for item in items]

    return _USABLE.kept((doc.path, doc.text, kind, key), make)


def usable_items(doc: Document, kind: str, key: str) -> list[tuple[int, dict]]:
    """The items of list `key` that are well-formed enough to read, with their indices.

    Faults were reported by `check`; this lets the rest of a file with one bad item (or one
    unknown field) still be declared, so one typo does not cascade into dozens of errors.
    """
    valid = _valid(doc, kind, key)
    return [(i, item) for i, item in enumerate(doc.data[key]) if valid[i]] if valid else []


def unusable_ids(doc: Document, kind: str, key: str) -> list[str]:
    """Ids of the items of list `key` that are too malformed to read (their faults are reported)."""
    valid = _valid(doc, kind, key)
    return [item["id"] for i, item in enumerate(doc.data[key]) if not valid[i]
            and isinstance(item, dict) and isinstance(item.get("id"), str)] if valid else []


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    for py, word in ((dict, "object"), (list, "array"), (str, "string"), (int, "integer"),
                     (float, "number"), (type(None), "null")):
        if isinstance(value, py):
            return _TYPE_WORDS[word]
    return type(value).__name__


def _key_word(key: object) -> str:
    if isinstance(key, bool):
        return "true" if key else "false"
    return "null" if key is None else str(key)


def _where(path: tuple) -> str:
    named = [str(p) for p in path if isinstance(p, str)]
    return f"'{named[-1]}'" if named else "the file"


def check(doc: Document, kind: str, diags: Diagnostics) -> bool:
    """Validate `doc` as a file of `kind`; return True when it holds no schema fault."""
    with diags.phase("schema"):
        key = (doc.path, doc.text, kind)
        return memo.recorded(_CHECKED, key, diags, lambda sink: _check(doc, kind, sink))


def _check(doc: Document, kind: str, diags: Diagnostics) -> bool:
    if doc.data is None and not doc.text.strip():
        diags.error("E201", f"the file is empty; a {kind} file needs content", doc.span(()),
                    f"see {schema_path(kind)} for what a {kind} file holds")
        return False
    before = len(diags)
    errors = _validator(kind).iter_errors(doc.data)
    for error in sorted(errors, key=lambda e: list(map(str, e.absolute_path))):
        _report(doc, error, diags)
    return len(diags) == before


def _report(doc: Document, error: jsonschema.ValidationError, diags: Diagnostics) -> None:
    path = tuple(error.absolute_path)
    validator = error.validator
    schema = error.schema
    instance = error.instance
    if validator == "required":
        missing = [name for name in schema.get("required", []) if name not in instance]
        for name in missing:
            what = schema.get("properties", {}).get(name, {}).get("description", "")
            diags.error("E201", f"missing required field '{name}' in {_where(path) if path else 'the file'}",
                        doc.key_span(path) if path else doc.span(path),
                        f"add '{name}:' here" + (f" ({what.rstrip('.')})" if what else ""))
        return
    if validator == "key_type":
        diags.error("E206", f"key {_key_word(instance)} in {_where(path[:-1])} is not a name",
                    doc.key_span(path),
                    "YAML reads 1, 1.5, true, false, null and ~ as values; keys here are names "
                    "(lowercase letters, digits and '_')")
        return
    if validator == "additionalProperties":
        known = list(schema.get("properties", {}))
        for key in instance:
            if isinstance(key, str) and key not in known:  # other keys: E206 above
                hint = did_you_mean(str(key), known) or (
                    "known fields: " + ", ".join(known) if known else None)
                diags.error("E203", f"unknown field '{key}'", doc.key_span(path + (key,)), hint)
        return
    if validator == "type":
        expected = error.validator_value
        expected = expected if isinstance(expected, list) else [expected]
        words = " or ".join(_TYPE_WORDS.get(t, t) for t in expected)
        hint = None
        if "string" in expected and isinstance(instance, int | float) and not isinstance(instance, bool):
            raw = doc.text.splitlines()[doc.span(path).line - 1][doc.span(path).col - 1:].split()[0]
            hint = f"YAML reads {raw} as a number; write it in quotes: '{raw}'"
        diags.error("E202", f"{_where(path)} should be {words}, not {_describe(instance)}", doc.span(path),
                    hint)
        return
    if validator == "enum":
        choices = [str(c) for c in error.validator_value]
        diags.error("E204", f"{_where(path)} must be one of: {', '.join(choices)} (got '{instance}')",
                    doc.span(path), did_you_mean(str(instance), choices))
        return
    if validator == "pattern" and isinstance(instance, str):
        pattern = error.validator_value
        if pattern == "^[a-z][a-z0-9_]*$":
            fixed = "".join(ch if ch.isalnum() else "_" for ch in instance.lower()).strip("_") or "name"
            diags.error("E205", f"{instance!r} is not a valid id", doc.span(path),
                        f"ids use lowercase letters, digits and '_' and start with a letter, e.g. '{fixed}'")
        else:
            diags.error("E205", f"{instance!r} does not match the expected form {pattern}", doc.span(path))
        return
    if validator == "propertyNames":
        diags.error("E205", f"{error.message}", doc.span(path))
        return
    messages = {
        "minimum": lambda: f"{_where(path)} must be at least {error.validator_value} (got {instance})",
        "maximum": lambda: f"{_where(path)} must be at most {error.validator_value} (got {instance})",
        "minItems": lambda: f"{_where(path)} needs at least {error.validator_value} item(s)",
        "uniqueItems": lambda: f"{_where(path)} lists the same item twice",
        "minLength": lambda: f"{_where(path)} must not be empty",
    }
    message = messages.get(validator, lambda: f"{_where(path)}: {error.message}")()
    diags.error("E205", message, doc.span(path))
