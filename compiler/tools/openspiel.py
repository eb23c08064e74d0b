"""Every game under content/ as an OpenSpiel game (the optional extra `kurtyna[openspiel]`;
dsl/adapters/openspiel.py does the work, docs/openspiel.md shows the use).

    from compiler.tools.openspiel import register_content
    names = register_content()          # ["kurtyna_<game>", ...]
    game = pyspiel.load_game(names[0])
"""

from __future__ import annotations

from pathlib import Path

from compiler.tools.common import all_games
from compiler.tools.engines import Engines

_ENGINES: list[Engines] = []  # kept for the life of the process: their packages stay importable


def register_content(folders: list[Path] | None = None) -> list[str]:
    """Compile each game folder (default: every game of `kurtyna build --all`) once and register it
    with pyspiel; the names registered, in the folders' order. CompileError for content that does
    not compile; ImportError when pyspiel is not installed."""
    from dsl.adapters.openspiel import register  # only here: pyspiel is an optional extra

    if not _ENGINES:
        _ENGINES.append(Engines())
    engines = _ENGINES[0]
    return [register(engines.get(folder)[2]) for folder in (all_games() if folders is None else folders)]
