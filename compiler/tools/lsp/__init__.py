"""`kurtyna lsp`: a language server for a game's files, over stdio (docs/editors.md).

An editor opens a file of a game folder (game.yaml, its included YAML files, text.yaml, the PO
catalogs); the server checks the game as `kurtyna check` does, with the editor's unsaved
buffers standing in for the files on disk, and publishes the faults for every file of the game.
Modules, one job each:

    command.py       the verb: start the server on stdin and stdout
    server.py        the pygls server: the document messages, and every handler guarded
    files.py         which game a file is of, the files of a game, URIs and paths
    checking.py      one check of a game with buffers, as `kurtyna check` reports it
    convert.py       Kurtyna's diagnostics and spans (1-based) as LSP's (0-based, UTF-16)
    session.py       the games open in the editor: debounced checks, what was published
    symbols.py       the names of a game: where each is declared and used (YAML, PO)
    effect_names.py  ... and where effect text uses them (the resolver's references)
    features.py      hover, definition, references, completion, rename: the requests
    hover.py         what a name is: a card's texts, a space's facts, a definition's signature
    complete.py      the names valid at the cursor
    rename.py        one name renamed across every file of the game, as one workspace edit
"""


def cmd_lsp(args) -> int:
    """The verb, imported when it runs."""
    from compiler.tools.lsp.command import cmd_lsp as run

    return run(args)
