"""Hover, definition, references, completion and rename: the requests about names.

Each answers from the names of the game's latest check that compiled (symbols.py), found at the
cursor of the document as the editor has it now; a file of no game, or a game that never
compiled, gets no answer (None), never an error.
"""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from compiler.tools.lsp.builtins_doc import builtin_at, builtin_hover
from compiler.tools.lsp.complete import complete
from compiler.tools.lsp.convert import column_of, lines_of, position
from compiler.tools.lsp.files import path_of, uri_of
from compiler.tools.lsp.hover import hover_text
from compiler.tools.lsp.rename import RenameRefused, rename_edit
from compiler.tools.lsp.symbols import Place, Symbol, Symbols


class Requests:
    """What the requests share: the session's symbols, positions both ways."""

    def __init__(self, server, session) -> None:
        self.server = server
        self.session = session

    def lines(self, uri: str) -> list[str]:
        return lines_of(self.server.workspace.get_text_document(uri).source)

    def at(self, params) -> tuple[Symbols, Symbol, Place] | None:
        """The name under the cursor, with the game's symbols."""
        uri = params.text_document.uri
        symbols, path = self.session.symbols_of(uri), path_of(uri)
        if symbols is None or path is None:
            return None
        line, col = column_of(self.lines(uri), params.position, self.server.workspace.position_codec)
        found = symbols.find(path, line, col)
        return (symbols, *found) if found is not None else None

    def range(self, symbols: Symbols, place: Place) -> types.Range:
        lines, codec = symbols.lines(place.path), self.server.workspace.position_codec
        return types.Range(position(lines, place.line, place.col, codec),
                           position(lines, place.line, place.end_col, codec))

    def location(self, symbols: Symbols, place: Place) -> types.Location:
        return types.Location(uri_of(place.path), self.range(symbols, place))

    # -- the requests
    def hover(self, params: types.HoverParams) -> types.Hover | None:
        found = self.at(params)
        if found is None:
            return self.builtin(params)
        symbols, symbol, place = found
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, hover_text(symbols, symbol, place)),
                           self.range(symbols, place))

    def builtin(self, params: types.HoverParams) -> types.Hover | None:
        """Over a built-in function called in effect text: its signature and its docs line."""
        uri = params.text_document.uri
        if self.session.game_of(uri) is None:
            return None
        lines = self.lines(uri)
        line, col = column_of(lines, params.position, self.server.workspace.position_codec)
        name = builtin_at(lines[line - 1], col) if 0 < line <= len(lines) else None
        if name is None:
            return None
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, builtin_hover(name)))

    def definition(self, params: types.DefinitionParams) -> types.Location | None:
        found = self.at(params)
        if found is None or found[1].declared is None:
            return None
        return self.location(found[0], found[1].declared)

    def references(self, params: types.ReferenceParams) -> list[types.Location] | None:
        found = self.at(params)
        if found is None:
            return None
        symbols, symbol, _ = found
        places = symbol.places if params.context.include_declaration else sorted(symbol.uses)
        return [self.location(symbols, place) for place in places]

    def completion(self, params: types.CompletionParams) -> types.CompletionList | None:
        uri = params.text_document.uri
        path = path_of(uri)
        if path is None or self.session.game_of(uri) is None:
            return None
        lines = self.lines(uri)
        line, col = column_of(lines, params.position, self.server.workspace.position_codec)
        items = complete(self.session.symbols_of(uri), lines, line - 1, col - 1, Path(path).suffix)
        return types.CompletionList(is_incomplete=False, items=items)

    def prepare_rename(self, params: types.PrepareRenameParams) -> types.Range | None:
        found = self.at(params)
        return self.range(found[0], found[2]) if found is not None else None

    def rename(self, params: types.RenameParams) -> types.WorkspaceEdit | None:
        found = self.at(params)
        if found is None:
            return None
        symbols, symbol, _ = found
        try:
            return rename_edit(symbols, symbol, params.new_name, lambda p: self.range(symbols, p), uri_of)
        except RenameRefused as exc:
            raise JsonRpcInvalidParams(str(exc)) from None


def register(server, session, guarded) -> None:
    requests = Requests(server, session)
    for method, handler, options in (
            (types.TEXT_DOCUMENT_HOVER, requests.hover, None),
            (types.TEXT_DOCUMENT_DEFINITION, requests.definition, None),
            (types.TEXT_DOCUMENT_REFERENCES, requests.references, None),
            (types.TEXT_DOCUMENT_COMPLETION, requests.completion,
             types.CompletionOptions(trigger_characters=[".", "[", "{", ":", "@"])),
            (types.TEXT_DOCUMENT_PREPARE_RENAME, requests.prepare_rename, None),
            (types.TEXT_DOCUMENT_RENAME, requests.rename, types.RenameOptions(prepare_provider=True))):
        server.feature(method, options)(guarded(handler))
