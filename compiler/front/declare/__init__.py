"""Declaration: checked documents -> the game model (moved here from compiler/front/declare.py;
split by what it declares in the next commit)."""

from compiler.front.declare.declarer import load_game, outside_file, shown_path

__all__ = ["load_game", "outside_file", "shown_path"]
