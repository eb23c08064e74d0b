"""The YAML loader: positions for every node, and refusal of what content must not hold."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.diagnostics import Diagnostics
from compiler.front.loader import load_file, parse_text


def parse(text: str):
    diags = Diagnostics()
    doc = parse_text("f.yaml", text, diags)
    return doc, diags.sorted()


def test_every_value_and_key_has_its_position():
    doc, errors = parse("name: x\nlist:\n  - a\n  - {id: b, n: 2}\n")
    assert not errors
    assert doc.data == {"name": "x", "list": ["a", {"id": "b", "n": 2}]}
    assert (doc.spans[("list", 1, "n")].line, doc.spans[("list", 1, "n")].col) == (4, 16)
    assert (doc.key_spans[("list",)].line, doc.key_spans[("list",)].col) == (2, 1)


def test_yaml_1_2_scalars_keep_no_and_on_as_text():
    doc, _ = parse("a: no\nb: on\nc: yes\nd: true\ne: null\nf: 012\ng: 1.5\nh: '3'\n")
    assert doc.data == {"a": "no", "b": "on", "c": "yes", "d": True, "e": None, "f": 12,
                        "g": 1.5, "h": "3"}


def test_duplicate_key_is_an_error_at_the_second_key():
    _, errors = parse("a: 1\nb: 2\na: 3\n")
    assert [(e.code, e.span.line, e.span.col) for e in errors] == [("E103", 3, 1)]
    assert "first defined at line 1" in errors[0].message


def test_anchors_aliases_and_merge_keys_are_refused():
    _, errors = parse("base: &b {x: 1}\nother: *b\nmerged:\n  <<: {y: 2}\n")
    assert [e.code for e in errors] == ["E104", "E104", "E104"]
    assert [e.span.line for e in errors] == [1, 2, 4]


def test_tags_are_refused():
    _, errors = parse("a: !!python/object:os.system x\nb: !!str 1\n")
    assert [e.code for e in errors] == ["E105", "E105"]


def test_syntax_error_has_a_position():
    _, errors = parse("a: [1, 2\nb: 3\n")
    assert errors[0].code == "E102" and errors[0].span.line >= 2


def test_tab_indentation_gets_a_hint():
    _, errors = parse("a:\n\tb: 1\n")
    assert errors[0].code == "E102"
    assert "spaces" in (errors[0].hint or "")


def test_second_document_is_refused():
    _, errors = parse("a: 1\n---\nb: 2\n")
    assert [(e.code, e.span.line) for e in errors] == [("E102", 2)]


def test_file_must_be_utf8(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_bytes("name: Kraków\n".encode() + b"other: \xff\n")
    diags = Diagnostics()
    assert load_file(path, "bad.yaml", diags) is None
    [error] = diags.sorted()
    assert (error.code, error.span.line, error.span.col) == ("E101", 2, 8)


def test_block_text_origin_maps_lines_inside_the_text():
    doc, _ = parse("event: |\n  first line\n  second line\n")
    span = doc.text_span(("event",), 2, 3, 7)
    assert (span.line, span.col, span.end_col) == (3, 5, 9)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_never_crash_the_loader(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "f.yaml"
    path.write_bytes(data)
    diags = Diagnostics()
    load_file(path, "f.yaml", diags)  # only diagnostics, never an exception
    for error in diags.items:
        assert error.code in {"E101", "E102", "E103", "E104", "E105", "E202"}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab:-[]{}&*!|>'\"\n #,?%@`\t0123", max_size=200))
def test_random_yaml_like_text_never_crashes_the_loader(text):
    parse(text)
