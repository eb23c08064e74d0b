"""The generic runtime that generated engines import. It knows no game.

Generated code imports names from here explicitly (never `import *`), so a reader can see where
each one lives.
"""

from .decisions import DONE, Decision, IllegalAnswer
from .game import Game
from .options import OptionError
from .save import SaveError
from .spec import CounterSpec, GameSpec, LastingSpec, TrackSpec, ZoneSpec
from .state import GameOver, State

__all__ = ["DONE", "CounterSpec", "Decision", "Game", "GameOver", "GameSpec", "IllegalAnswer",
           "LastingSpec", "OptionError", "SaveError", "State", "TrackSpec", "ZoneSpec"]
