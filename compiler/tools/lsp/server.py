"""The language server: which LSP message goes where.

Every handler is wrapped (`guarded`) so that a Kurtyna bug in one answer is logged and answered
with nothing, never a crash of the server: whatever the editor sends, it keeps serving.
"""

from __future__ import annotations

import functools
import logging
import traceback
from collections.abc import Callable
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer

from compiler.tools.lsp.session import DEBOUNCE, Session

log = logging.getLogger(__name__)


def guarded(handler: Callable[..., Any]) -> Callable[..., Any]:
    """`handler`, answering None (and logging why) where it would raise."""

    @functools.wraps(handler)
    def run(params: Any) -> Any:
        try:
            return handler(params)
        except JsonRpcException:  # an answer of its own (a rename refused): the editor shows it
            raise
        except Exception:  # a bug of ours must not take the editor's server down
            log.error("%s failed:\n%s", handler.__name__, traceback.format_exc())
            return None

    return run


def make_server(version: str) -> LanguageServer:
    server = LanguageServer("kurtyna", version,
                            text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
    session = Session(server)
    server.kurtyna = session  # type: ignore[attr-defined]  # tests in-process reach it here

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @guarded
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        session.request(params.text_document.uri, 0, reuse=True)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @guarded
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        session.request(params.text_document.uri, DEBOUNCE)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    @guarded
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        session.request(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @guarded
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        session.request(params.text_document.uri, DEBOUNCE)  # its buffer no longer counts: the disk does

    @server.feature(types.SHUTDOWN)
    @guarded
    def shutdown(params: None) -> None:
        session.shutdown()

    from compiler.tools.lsp.features import register

    register(server, session, guarded)
    return server
