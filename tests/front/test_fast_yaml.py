"""YAML through libyaml (PyYAML's C parser) gives exactly what the pure-Python parser gives: the
same events at the same lines and columns, so every fault reads and is placed as before; where
the two differ the pure parser is used (compiler/front/loader.py `_events`)."""

from __future__ import annotations

import random

import pytest
import yaml

from compiler.diagnostics import Diagnostics
from compiler.front import loader

from ..conftest import ROOT


def _shape(event: yaml.Event) -> tuple:
    return (type(event).__name__, getattr(event, "value", None), getattr(event, "style", None) or None,
            getattr(event, "implicit", None), getattr(event, "anchor", None), getattr(event, "tag", None),
            event.start_mark.line, event.start_mark.column, event.end_mark.line, event.end_mark.column)


def _pure(text: str) -> list | str:
    try:
        return [_shape(e) for e in yaml.parse(text, Loader=yaml.SafeLoader)]
    except yaml.YAMLError as exc:
        return f"{type(exc).__name__}: {exc}"


def _fast(text: str) -> list | str:
    try:
        return [_shape(e) for e in loader._events(text)]
    except yaml.YAMLError as exc:
        return f"{type(exc).__name__}: {exc}"


def _yaml_files() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for top in ("content", "tests", "compiler")
                  for p in (ROOT / top).rglob("*.yaml"))


def test_libyaml_is_used_where_it_is_installed():
    assert yaml.__with_libyaml__ and loader.FAST_LOADER is yaml.CSafeLoader


def test_every_yaml_file_of_the_project_gives_the_same_events_both_ways():
    files = _yaml_files()
    assert len(files) > 400
    for name in files:
        text = (ROOT / name).read_text("utf-8")
        assert _fast(text) == _pure(text), name


# Pieces that broke the equivalence once, and ordinary YAML punctuation.
_PIECES = list(":-[]{},#&*!|>'\"%@` \n\r?.~\\") + [
    "\x85", "\u2028", "\u00a0", "ą", "😀", "\ufeff", "\x07", "\t", "---", "...", "- ", "  ", "no", "0o7",
    "\r\n", '"\\u2028"', "\n  ", "\n- ", ": ", " #", "? ", "!!str ", "&a ", "*a", "%YAML 1.1\n", "|", ">",
    "|-", ">+", "|2", "! ", " |#", ": |\n  x\n", "{a: }", "[a?b]"]


def _mutants(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    sources = [(ROOT / name).read_text("utf-8") for name in _yaml_files()]
    sources = [s for s in sources if len(s) < 3000]
    out = []
    for _ in range(count):
        text = rng.choice(sources)
        for _ in range(rng.randint(1, 5)):
            at = rng.randrange(len(text) + 1)
            roll = rng.random()
            if roll < 0.5:
                text = text[:at] + rng.choice(_PIECES) + text[at:]
            elif roll < 0.8:
                text = text[:at] + text[at + rng.randint(1, 3):]
            else:
                text = text[:at] + rng.choice(_PIECES) + text[at + 1:]
        out.append(text)
    return out


def test_damaged_files_give_the_same_events_or_the_same_fault_both_ways():
    # 48,000 such files were compared when the rules of `_events` were written; these keep them.
    for text in _mutants(1000, seed=20):
        assert _fast(text) == _pure(text), repr(text)


@pytest.mark.parametrize("text", [
    "a: \tb\n",  # a tab libyaml takes and the pure parser refuses
    "a: [inve?t]\n",  # `?` inside a flow value
    "a: |#\n  x\n",  # a block scalar header
    "a: {b: }\n",  # an empty value in brackets: its mark
    "a:\n  - x\n  - y",  # no final line break: the marks of the ends
    "a: ! {b: 1}\n",  # a tag
    "a: b\ufeffc\n",  # a byte order mark past the start
])
def test_the_cases_where_the_parsers_differ_go_to_the_pure_one(text):
    assert _fast(text) == _pure(text)


@pytest.mark.parametrize("text", [
    "a: 1\nb: [x, y\nc: 2\n", "a:\n\t- 1\n", "a: 'open\n", "a: b: c\n", "a: \x07\n", "- a\nb: 1\n",
    "a: 1\na: 2\n", "k: &x 1\nl: *x\n", "a: !!str 1\n", "a: 1\n---\nb: 2\n", 'a: "\\ud800"\n',
])
def test_faults_read_and_are_placed_the_same_with_and_without_libyaml(text, monkeypatch):
    def faults() -> list[tuple]:
        diags = Diagnostics()
        loader.parse_text("f.yaml", text, diags)
        return [(d.code, d.message, d.hint, d.span.line, d.span.col, d.span.end_col) for d in diags.sorted()]

    with_libyaml = faults()
    monkeypatch.setattr(loader, "FAST_LOADER", None)  # as where PyYAML was built without libyaml
    assert with_libyaml and faults() == with_libyaml


def test_without_libyaml_documents_are_the_same(monkeypatch):
    def documents() -> list:
        out = []
        for name in _yaml_files()[::7]:
            doc = loader.parse_text(name, (ROOT / name).read_text("utf-8"), Diagnostics())
            out.append((doc.data, doc.spans, doc.key_spans, doc.origins))
        return out

    fast = documents()
    monkeypatch.setattr(loader, "FAST_LOADER", None)
    assert documents() == fast
