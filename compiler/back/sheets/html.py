"""Jinja2 templates of the sheets (templates/*.j2), with autoescaping on: every name and text
from content is escaped, so a card called `<b> & co` prints as written.

Every value a template outputs passes through `_finalize` first, which sets its typography
in the sheet's language (typography.py) before Jinja escapes it; a CSS string (`css_string`,
the running footers) is typeset the same way before it is quoted.
"""

from __future__ import annotations

from functools import cache

import jinja2
from markupsafe import Markup

from compiler.back.sheets.typography import typeset


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


def _typeset(context: jinja2.runtime.Context, value: str) -> str:
    """`value` typeset in the language of the sheet being rendered (its `words`)."""
    words = context.get("words")
    if words is None:
        return value
    return typeset(value, words.lang, words.units)


@jinja2.pass_context
def _finalize(context: jinja2.runtime.Context, value: object) -> object:
    # Markup is HTML already (css_string's output): only plain text is typeset, then escaped.
    if isinstance(value, str) and not isinstance(value, Markup):
        return _typeset(context, value)
    return value


@jinja2.pass_context
def _css_text(context: jinja2.runtime.Context, value: object) -> Markup:
    return css_string(_typeset(context, str(value)))


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.PackageLoader("compiler.back.sheets", "templates"),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined,
                             finalize=_finalize)
    env.filters["mm"] = mm
    env.filters["css_string"] = _css_text
    return env


def render(template: str, **context: object) -> str:
    """Render templates/<template> with `context`."""
    return environment().get_template(template).render(**context)
