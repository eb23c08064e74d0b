"""What the editor shows over a built-in function (`size`, `roll`, `top` ...): its signature, from
the compiler's table of built-ins, and its line of docs/language.md where that file is at hand (a
checkout; a pip-installed Kurtyna carries no docs, so there the signature alone)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from compiler.front.resolve.builtins import BUILTINS, GRID_BUILTINS

CHECKOUT = Path(__file__).resolve().parents[3]
# only a checkout's own docs (an installed package's parent folder is site-packages, whose docs/
# would be some other package's)
LANGUAGE_DOC = CHECKOUT / "docs" / "language.md" if (CHECKOUT / "pyproject.toml").is_file() else None
_ROW = re.compile(r"^\|\s*(`[^|]*`(?:,\s*`[^|]*`)*)\s*\|\s*(.*?)\s*\|\s*$")
_CALL = re.compile(r"`([a-z_]+)\(")
_WORD = re.compile(r"[a-z_][a-z0-9_]*")


@cache
def documented() -> dict[str, tuple[str, str]]:
    """Built-in name -> (the row's first cell as written, its meaning), from docs/language.md."""
    if LANGUAGE_DOC is None:
        return {}
    try:
        text = LANGUAGE_DOC.read_text("utf-8")
    except OSError:
        return {}
    out: dict[str, tuple[str, str]] = {}
    for line in text.splitlines():
        row = _ROW.match(line)
        if row is None:
            continue
        for name in _CALL.findall(row.group(1)):
            if name in BUILTINS or name in GRID_BUILTINS:
                out.setdefault(name, (row.group(1), row.group(2).replace("\\|", "|")))
    return out


def builtin_at(line: str, col: int) -> str | None:
    """The built-in function named at 1-based `col` of `line`, if the word there is one and is called."""
    for word in _WORD.finditer(line):
        name = word.group()
        if word.start() < col <= word.end() + 1 and (name in BUILTINS or name in GRID_BUILTINS):
            return name if line[word.end():].lstrip().startswith("(") else None
    return None


def builtin_hover(name: str) -> str:
    params, returns, pure = BUILTINS.get(name) or GRID_BUILTINS[name]
    shown = "any numbers" if params is None else ", ".join(map(str, params))
    lines = [f"built-in `{name}({shown}) -> {returns}`" + ("" if pure else " (not in functions: it "
                                                                   "draws on chance or changes the game)")]
    if name in GRID_BUILTINS:
        lines.append("*only in games laid on a grid (`layout: grid`)*")
    found = documented().get(name)
    if found is not None:
        lines += ["", f"{found[0]}: {found[1]}", "", "*docs/language.md*"]
    return "\n".join(lines)
