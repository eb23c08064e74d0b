"""The web app of `kurtyna serve`: pages to start and play a game, and a small JSON API.

    GET  /                          the games, a form to start a table, a form to load a save
    POST /new                       start a table (form), then go to the host's page
    POST /load                      start a table from a save file (form)
    GET  /table/{id}/{token}        a seat's page (the host's: every person's seat, hot seat)
    GET  /api/{id}/{token}/state    the page's data (?since=N waits up to 15 s for a change)
    POST /api/{id}/{token}/answer   {"decision": N, "answer": I}
    POST /api/{id}/{token}/undo
    GET  /api/{id}/{token}/save     the save file (the host only)
    GET  /card/{game}/{lang}/{card}.png   a card's printed face
    GET  /preview/{game}            the author's preview (`--watch`): faces, sheets, faults
    GET  /api/preview/{game}/state  its data (?lang=, ?since=N waits for the next version)

A request that changes a game must come from a page of this server (its Origin, or the
browser's Sec-Fetch-Site, says so) and carry a seat's token; the token lives in the page's
address only, and pages are sent with a policy that keeps it out of Referer headers. Content
reaches HTML only through Jinja2's autoescaping and the page's script sets text, never HTML.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from compiler.tools.serve.games import Served, ServedGame, StartError
from compiler.tools.serve.payload import payload
from compiler.tools.serve.tables import Table, TableError

WAIT_SECONDS = 15.0  # how long a page's request for news waits before it answers "no change"
MAX_FORM = 64 * 1024 * 1024  # bytes of a request (a save file is the largest)
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "same-origin",  # the seat's token is in the page's address: never sent elsewhere
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                               "script-src 'self'; frame-ancestors 'none'; form-action 'self'",
}

_templates = Environment(loader=PackageLoader("compiler.tools.serve", "templates"),
                         autoescape=select_autoescape(default=True, default_for_string=True))


def page(name: str, status: int = 200, **values: Any) -> HTMLResponse:
    return HTMLResponse(_templates.get_template(name).render(**values), status_code=status, headers=HEADERS)


def sheet_page(html: str) -> HTMLResponse:
    """A sheet's own page (a board, a reference sheet): its styles inline as printed, no script at
    all, framed by this server's pages only."""
    return HTMLResponse(html, headers={**HEADERS, "X-Frame-Options": "SAMEORIGIN",
                                       "Content-Security-Policy": "default-src 'none'; style-src "
                                       "'unsafe-inline'; img-src data:; font-src data:; "
                                       "frame-ancestors 'self'"})


def problem(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=HEADERS)


def create_app(served: Served) -> Starlette:
    async def index(request: Request) -> Response:
        return page("index.html.j2", games=served.games.values(), langs=("en", "pl", "cs"))

    async def new_table(request: Request) -> Response:
        return await _open_table(request, lambda form, data: served.start(_fields(form)))

    async def load_table(request: Request) -> Response:
        return await _open_table(request, lambda form, data: served.load(data, _fields(form)))

    async def _open_table(request: Request, opened) -> Response:
        """A table started from the form (and its save file, if one came): the host's page, or
        the start page again with what is wrong."""
        refused = _cross_site(request)
        if refused:
            return refused
        form = await request.form(max_part_size=MAX_FORM)
        upload = form.get("save")
        data = await upload.read(MAX_FORM + 1) if hasattr(upload, "read") else b""
        try:
            table = opened(form, data)
        except StartError as exc:
            return page("index.html.j2", status=400, games=served.games.values(), langs=("en", "pl", "cs"),
                        error=str(exc))
        table.start_bots()
        return RedirectResponse(f"/table/{table.id}/{table.host_token}", status_code=303, headers=HEADERS)

    async def table_page(request: Request) -> Response:
        table, access = _find(request)
        if table is None:
            return page("missing.html.j2", status=404)
        game = served.games[table.game_id]
        links = [(s.player, f"/table/{table.id}/{s.token}") for s in table.seats if s.bot is None] \
            if access.host else []
        words = game.shown(table.lang).words
        return page("table.html.j2", table=table, game_name=game.name(table.lang), links=links,
                    ui=words, web={**words.english["web"], **words.words.get("web", {})})

    async def state(request: Request) -> Response:
        table, access = _find(request)
        if table is None:
            return problem("no such table or seat", 404)
        await _news(lambda: table.version, request, served)
        shown = served.games[table.game_id].shown(table.lang)
        with table.lock:
            data = payload(table, access, shown)
        return JSONResponse(data, headers=HEADERS)

    async def answer(request: Request) -> Response:
        return await _change(request, lambda table, access, body: table.answer(
            access, _int(body.get("decision"), -1), _int(body.get("answer"), -1)))

    async def undo(request: Request) -> Response:
        return await _change(request, lambda table, access, body: table.undo(access))

    async def _change(request: Request, change) -> Response:
        refused = _cross_site(request)
        if refused:
            return refused
        table, access = _find(request)
        if table is None:
            return problem("no such table or seat", 404)
        try:
            body = json.loads(await request.body() or b"{}")
            if not isinstance(body, dict):
                raise ValueError("not an object")
        except ValueError:
            return problem("the request is not a JSON object", 400)
        try:
            change(table, access, body)
        except TableError as exc:
            return problem(str(exc), exc.status)
        table.start_bots()
        return JSONResponse({"version": table.version}, headers=HEADERS)

    async def face(request: Request) -> Response:
        """A card's printed face (public: every card of the game is in its printed deck)."""
        game = served.games.get(request.path_params["game"])
        lang, card = request.path_params["lang"], request.path_params["card"]
        if game is None or lang not in ("en", "pl", "cs"):
            return problem("no such game or language", 404)
        data = await anyio.to_thread.run_sync(served.faces.png, game, lang, card)
        if data is None:
            return problem("no printed face for that card", 404)
        return Response(data, media_type="image/png", headers={**HEADERS, "Cache-Control": "max-age=3600"})

    async def board(request: Request) -> Response:
        """A game's printed board, untiled, for a page to show its state on (public, as printed)."""
        game = served.games.get(request.path_params["game"])
        lang = request.path_params["lang"]
        if game is None or lang not in ("en", "pl", "cs"):
            return problem("no such game or language", 404)
        html = await anyio.to_thread.run_sync(lambda: game.shown(lang).board_html)
        if html is None:
            return problem("this game has no printed board", 404)
        return sheet_page(html)

    async def preview_page(request: Request) -> Response:
        preview = served.previews.get(request.path_params["game"])
        if preview is None:
            return page("missing.html.j2", status=404)
        return page("preview.html.j2", preview=preview, langs=("en", "pl", "cs"))

    async def preview_state(request: Request) -> Response:
        preview = served.previews.get(request.path_params["game"])
        lang = request.query_params.get("lang", "en")
        if preview is None or lang not in ("en", "pl", "cs"):
            return problem("no such preview or language", 404)
        await _news(lambda: preview.version, request, served)
        return JSONResponse(await anyio.to_thread.run_sync(preview.state, lang), headers=HEADERS)

    async def preview_card(request: Request) -> Response:
        preview = served.previews.get(request.path_params["game"])
        found = await anyio.to_thread.run_sync(preview.card, request.path_params["card"]) if preview else None
        if found is None:
            return problem("no such card", 404)
        return JSONResponse(found, headers=HEADERS)

    async def preview_face(request: Request) -> Response:
        preview = served.previews.get(request.path_params["game"])
        lang = request.path_params["lang"]
        if preview is None or lang not in ("en", "pl", "cs"):
            return problem("no such preview or language", 404)
        faces = preview.faces  # this version's: an old page's picture is made for the current one
        data = await anyio.to_thread.run_sync(faces.png, preview, lang, request.path_params["card"])
        if data is None:
            return problem("no printed face for that card", 404)
        return Response(data, media_type="image/png", headers=HEADERS)

    async def preview_sheet(request: Request) -> Response:
        preview = served.previews.get(request.path_params["game"])
        lang, name = request.path_params["lang"], request.path_params["sheet"]
        if preview is None or lang not in ("en", "pl", "cs") or name not in ("reference", "board"):
            return problem("no such sheet", 404)
        html = await anyio.to_thread.run_sync(preview.sheet, name, lang)
        if html is None:
            return problem("this game has no such sheet", 404)
        return sheet_page(html)

    async def save(request: Request) -> Response:
        table, access = _find(request)
        if table is None:
            return problem("no such table or seat", 404)
        if not access.host:
            return problem("only the host's page saves the game (a save shows every hand)", 403)
        with table.lock:
            text = table.state.to_json()
        return Response(text, media_type="application/json", headers={
            **HEADERS, "Content-Disposition": f'attachment; filename="{table.game_id}-save.json"'})

    def _find(request: Request) -> tuple[Table | None, Any]:
        table = served.tables.get(request.path_params["table"])
        if table is None:
            return None, None
        try:
            return table, table.access(request.path_params["token"])
        except TableError:
            return None, None

    routes = [
        Route("/", index),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/new", new_table, methods=["POST"]),
        Route("/load", load_table, methods=["POST"]),
        # the preview's before the tables': /api/preview/... is not a table's API
        Route("/preview/{game}", preview_page),
        Route("/api/preview/{game}/state", preview_state),
        Route("/api/preview/{game}/card/{card}", preview_card),
        Route("/preview-card/{game}/{version}/{lang}/{card}.png", preview_face),
        Route("/preview-sheet/{game}/{version}/{lang}/{sheet}.html", preview_sheet),
        Route("/table/{table}/{token}", table_page),
        Route("/api/{table}/{token}/state", state),
        Route("/api/{table}/{token}/answer", answer, methods=["POST"]),
        Route("/api/{table}/{token}/undo", undo, methods=["POST"]),
        Route("/api/{table}/{token}/save", save),
        Route("/card/{game}/{lang}/{card}.png", face),
        Route("/board/{game}/{lang}.html", board),
        Mount("/static", StaticFiles(packages=[("compiler.tools.serve", "static")]), name="static"),
    ]
    return Starlette(routes=routes)


async def _news(version, request: Request, served: Served) -> None:
    """Wait while `version()` is at most the page's `?since=` (WAIT_SECONDS at most; at once when
    the server stops): a page asks for news and is answered when there is some."""
    since = _int(request.query_params.get("since"), -1)
    waited = 0.0
    while version() <= since and waited < WAIT_SECONDS and not served.stopping:
        await anyio.sleep(0.1)
        waited += 0.1


def _cross_site(request: Request) -> Response | None:
    """A change must come from this server's pages. A browser says where a request comes from in
    Sec-Fetch-Site; one that does not send it is judged by its Origin (absent from non-browser
    clients, which need a seat's token all the same)."""
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        return None if site in ("same-origin", "none") else problem(CROSS_SITE, 403)
    origin = request.headers.get("origin")
    host = request.headers.get("host", "")
    if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
        return problem(CROSS_SITE, 403)
    return None


CROSS_SITE = "this request comes from another site; it is refused"


def _fields(form: Any) -> dict[str, str]:
    return {key: value for key, value in form.items() if isinstance(value, str)}


def _int(value: Any, default: int) -> int:
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 20:
        return int(value)
    return default


def game_folders(paths: list[Path]) -> list[Path]:
    """Each path a game folder (game.yaml) or a folder of games."""
    out = []
    for path in paths:
        if (path / "game.yaml").is_file():
            out.append(path)
        elif path.is_dir():
            out += sorted(p for p in path.iterdir() if (p / "game.yaml").is_file())
    return out


__all__ = ["ServedGame", "create_app", "game_folders"]
