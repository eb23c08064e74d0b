"""Declaration: checked documents -> the game model, one module per part of the content.

- declarer.py   `load_game` and `Declarer`, which joins the parts below and runs them in order
- files.py      the game folder's files: `shown_path`, `outside_file`, the included files read
- core.py       the state the parts share: the one namespace of ids, unknown names, typed values
- game_file.py  game.yaml: id, players, options, enums, space kinds, entry, limits
- attributes.py attributes of spaces, regions and cards: declarations, values, types
- map.py        regions and spaces, and the references between them
- tracks.py     tracks, counters, variables, zones and tables, with their start values
- cards.py      cards and the options they name
Rules are kept as written (declarer.py) for compiler.front.resolve; sheets are declared by
compiler.front.declare.sheets.
"""

from compiler.front.declare.declarer import load_game
from compiler.front.declare.files import outside_file, shown_path

__all__ = ["load_game", "outside_file", "shown_path"]
