"""Jinja2 templates of the sheets (templates/*.j2), with autoescaping on: every name and text
from content is escaped, so a card called `<b> & co` prints as written."""

from __future__ import annotations

from functools import cache

import jinja2
from markupsafe import Markup


def mm(value: float) -> str:
    """A length as written into HTML and SVG: at most three decimals, no '-0'.

    >>> mm(215.9 / 2), mm(-0.0), mm(3)
    ('107.95', '0', '3')
    """
    text = f"{round(value, 3):.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def css_string(text: str) -> Markup:
    """Text as a quoted CSS string, safe inside a <style> element (no HTML escaping applies there).

    >>> print(css_string('<b> & "x"'))
    "\\3c b\\3e  \\26  \\22 x\\22 "
    """
    escaped = "".join(f"\\{ord(c):x} " if c in '"\'\\<>&' or not c.isprintable() else c for c in str(text))
    return Markup(f'"{escaped}"')


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.PackageLoader("compiler.back.sheets", "templates"),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    env.filters["mm"] = mm
    env.filters["css_string"] = css_string
    return env


def render(template: str, **context: object) -> str:
    """Render templates/<template> with `context`."""
    return environment().get_template(template).render(**context)
