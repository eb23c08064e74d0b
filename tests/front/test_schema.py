"""JSON Schemas: described for editors, referenced by content, and reported in plain words."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from compiler.diagnostics import Diagnostics
from compiler.front.loader import parse_text
from compiler.front.schema import KINDS, check, load_schema

from ..conftest import CONTENT, FIXTURES, ROOT


def _properties(node, path=()):
    """Every (path, property schema) pair in a schema."""
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            yield path + (name,), sub
        for key, sub in node.items():
            if key in ("properties",):
                for name, prop in sub.items():
                    yield from _properties(prop, path + (name,))
            elif isinstance(sub, dict | list):
                yield from _properties(sub, path + (key,))
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            yield from _properties(sub, path + (i,))


@pytest.mark.parametrize("kind", KINDS)
def test_schema_is_valid_draft7_with_a_description_on_every_property(kind):
    schema = load_schema(kind)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)
    missing = [".".join(map(str, p)) for p, sub in _properties(schema) if "description" not in sub]
    assert not missing, f"properties without description: {missing}"


def _content_files():
    return sorted(list(CONTENT.rglob("*.yaml")) + list((FIXTURES / "games").rglob("*.yaml"))
                  + list((FIXTURES / "scenarios").rglob("*.yaml")))


@pytest.mark.parametrize("path", _content_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_content_file_names_its_schema_for_the_editor(path: Path):
    first = path.read_text("utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    target = (path.parent / first.split("=", 1)[1]).resolve()
    assert target.is_file() and target.parent == ROOT / "dsl" / "schemas"
    kind = target.name.split(".")[0]
    diags = Diagnostics()
    doc = parse_text(str(path), path.read_text("utf-8"), diags)
    assert check(doc, kind, diags), [d.render() for d in diags.items]


def errors_of(kind: str, text: str):
    diags = Diagnostics()
    doc = parse_text("f.yaml", text, diags)
    check(doc, kind, diags)
    return diags.sorted()


def test_missing_required_field_is_reported_on_the_item():
    [error] = errors_of("tracks", "tracks:\n  - id: score\n    min: 0\n")
    assert (error.code, error.span.line) == ("E201", 2)
    assert "missing required field 'max'" in error.message


def test_unknown_field_points_at_the_key_and_suggests_the_right_one():
    [error] = errors_of("tracks", "tracks:\n  - id: score\n    min: 0\n    maks: 3\n    max: 4\n")
    assert (error.code, error.span.line, error.span.col) == ("E203", 4, 5)
    assert error.hint == "did you mean 'max'?"


def test_wrong_type_is_said_in_plain_words():
    [error] = errors_of("tracks", "tracks:\n  - {id: score, min: low, max: 4}\n")
    assert error.code == "E202"
    assert error.message == "'min' should be a whole number, not text"
    assert (error.span.line, error.span.col) == (2, 22)


def test_bad_id_suggests_a_valid_one():
    [error] = errors_of("cards", "cards:\n  - id: Red Scare\n")
    assert error.code == "E205" and "red_scare" in error.hint


def test_enum_value_suggests_the_closest():
    [error] = errors_of("tracks", "tracks:\n  - {id: s, min: 0, max: 4, overflow: clmap}\n")
    assert error.code == "E204" and error.hint == "did you mean 'clamp'?"


def test_schemas_are_loadable_as_json_files():
    for kind in KINDS:
        json.loads((ROOT / "dsl" / "schemas" / f"{kind}.schema.json").read_text("utf-8"))


def test_a_number_where_text_is_expected_suggests_quotes():
    [error] = errors_of("rules", "source: 002\nrules: []\n")
    assert error.code == "E202" and error.hint == "YAML reads 002 as a number; write it in quotes: '002'"
