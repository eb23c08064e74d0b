"""`kurtyna play`: a person plays a compiled game in the terminal against a bot.

The terminal knows no game. What it shows comes from the player's view (`state.view(player)`),
the game's `play` section of game.yaml (tracks, zones, how spaces are grouped, the columns of
spaces and cards), and the game's words in the chosen language: names, prompts and log lines from
text.yaml and the catalogs, printed card texts. Modules:

    words.py    the game's and the terminal's words in one language
    answers.py  the answers to a decision with stable keys, and reading what the player types
    board.py    rich tables: tracks, the board by group, the zones, a hand, the answers
    session.py  the loop: the bot's turns, the player's decisions, commands (help, undo, ...)
"""
