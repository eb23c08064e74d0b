"""Every scenario under tests/examples/ passes (the rulebooks' worked examples)."""

from __future__ import annotations

import pytest

from compiler.tools.test.command import Engines, run_scenario

from ..conftest import CONTENT, ROOT

EXAMPLES = sorted((ROOT / "tests" / "examples").rglob("*.yaml"))


@pytest.fixture(scope="module")
def engines():
    return Engines()


def test_there_are_examples():
    assert len(EXAMPLES) >= 7


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT / "tests" / "examples")))
def test_example(path, engines):
    text = path.read_text("utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    outcome = run_scenario(path, engines, CONTENT)
    # a rulebook example cites its seed file; a house card (not in any rulebook) says so
    assert outcome.source.startswith(("002", "003", "000", "001", "004", "house card ")), "cite the seed file"
    assert outcome.ok, "\n".join(outcome.failures)
