"""`kurtyna serve`: play any compiled game in a browser (docs/play.md, "In the browser").

The server knows no game: what a page shows is one seat's view (`state.view(seat)`) in the
words `kurtyna play` uses. Modules:

    command.py  the verb: which games, where to listen, starting uvicorn
    games.py    the games served and the tables held; starting a table from a form or a save
    tables.py   one game in progress: seats, tokens, answers, undo, the bots' worker thread
    payload.py  what a seat's page gets: its view in words, as JSON
    app.py      the Starlette app: pages, the JSON API, origin and token checks
    templates/, static/   the pages and their one script and stylesheet (no build step, no CDN)
"""



def cmd_serve(args) -> int:
    """The verb, imported when it runs (cli.py imports only command.py's arguments)."""
    from compiler.tools.serve.command import cmd_serve as run

    return run(args)
