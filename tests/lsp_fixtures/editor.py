"""An editor driving `kurtyna lsp` as a process, for tests: pytest-lsp's client, run on an event
loop of its own so that tests stay plain functions (open, type, ask, wait for the diagnostics)."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Any

from lsprotocol import types
from pytest_lsp import make_test_lsp_client

from ..conftest import ROOT

CHECKED = "$/kurtyna/checked"


class Editor:
    """A client session with one `kurtyna lsp` process."""

    def __init__(self, cwd: Path = ROOT, timeout: float = 120) -> None:
        self.loop = asyncio.new_event_loop()
        self.timeout = timeout
        self.client = make_test_lsp_client()
        self.checks: list[dict] = []  # every `$/kurtyna/checked` the server sent, in order
        self.versions: dict[str, int] = {}

        @self.client.feature(CHECKED)
        def checked(params: Any) -> None:
            self.checks.append({"folder": params.folder, "files": params.files})

        self.run(self.client.start_io(sys.executable, "-m", "compiler.cli", "lsp", cwd=str(cwd)))
        self.run(self.client.initialize_session(types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=cwd.as_uri())))

    def run(self, awaitable: Any) -> Any:
        return self.loop.run_until_complete(asyncio.wait_for(awaitable, self.timeout))

    def pause(self, seconds: float) -> None:
        self.run(asyncio.sleep(seconds))

    def close(self) -> None:
        try:
            self.run(self.client.shutdown_session())
        finally:
            self.loop.close()

    @property
    def alive(self) -> bool:
        server = self.client._server
        return server is not None and server.returncode is None

    # -- documents
    def open(self, path: Path, text: str | None = None) -> str:
        uri = path.as_uri()
        text = path.read_text("utf-8", errors="replace") if text is None else text
        self.versions[uri] = 1
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri, "yaml" if path.suffix == ".yaml" else "po", 1, text)))
        return uri

    def change(self, path: Path, text: str) -> None:
        uri = path.as_uri()
        self.versions[uri] = self.versions.get(uri, 1) + 1
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=self.versions[uri], uri=uri),
            [types.TextDocumentContentChangeWholeDocument(text)]))

    def save(self, path: Path) -> None:
        self.client.text_document_did_save(types.DidSaveTextDocumentParams(
            types.TextDocumentIdentifier(path.as_uri())))

    def close_doc(self, path: Path) -> None:
        self.client.text_document_did_close(types.DidCloseTextDocumentParams(
            types.TextDocumentIdentifier(path.as_uri())))

    # -- diagnostics
    def wait_checked(self, since: int, folder: Path, timeout: float | None = None) -> dict:
        """The first check of the game in `folder` the server reports after `since` checks."""
        end = time.monotonic() + (timeout or self.timeout)
        while True:
            for check in self.checks[since:]:
                if Path(check["folder"]) == folder:
                    return check
            if time.monotonic() > end:
                raise TimeoutError(f"the server reported no check of {folder}")
            self.pause(0.02)

    def open_and_check(self, path: Path, text: str | None = None) -> None:
        since = len(self.checks)
        self.open(path, text)
        self.wait_checked(since, game_of(path))

    def change_and_check(self, path: Path, text: str) -> float:
        """Type `text` into the open document; the seconds until the game's faults came."""
        since, start = len(self.checks), time.monotonic()
        self.change(path, text)
        self.wait_checked(since, game_of(path))
        return time.monotonic() - start

    def diagnostics(self, folder: Path) -> dict[Path, list[types.Diagnostic]]:
        """What the server published last for each file under `folder`."""
        out = {}
        for uri, found in self.client.diagnostics.items():
            path = Path(uri.removeprefix("file://"))
            if folder.resolve() in path.parents:
                out[path] = list(found)
        return out

    # -- requests
    def at(self, path: Path, line: int, character: int) -> dict:
        return {"text_document": types.TextDocumentIdentifier(path.as_uri()),
                "position": types.Position(line, character)}

    def hover(self, path: Path, line: int, character: int) -> types.Hover | None:
        return self.run(self.client.text_document_hover_async(
            types.HoverParams(**self.at(path, line, character))))

    def definition(self, path: Path, line: int, character: int) -> Any:
        return self.run(self.client.text_document_definition_async(
            types.DefinitionParams(**self.at(path, line, character))))

    def references(self, path: Path, line: int, character: int) -> list[types.Location] | None:
        return self.run(self.client.text_document_references_async(types.ReferenceParams(
            context=types.ReferenceContext(include_declaration=True), **self.at(path, line, character))))

    def completion(self, path: Path, line: int, character: int) -> Any:
        return self.run(self.client.text_document_completion_async(
            types.CompletionParams(**self.at(path, line, character))))

    def rename(self, path: Path, line: int, character: int, new_name: str) -> types.WorkspaceEdit | None:
        return self.run(self.client.text_document_rename_async(
            types.RenameParams(new_name=new_name, **self.at(path, line, character))))


def game_of(path: Path) -> Path:
    return next(p for p in path.parents if (p / "game.yaml").is_file())


def where(path: Path, needle: str, nth: int = 0, offset: int = 0) -> tuple[int, int]:
    """The 0-based line and character of the `nth` occurrence of `needle` in a file (plus `offset`
    characters)."""
    seen = 0
    for number, line in enumerate(path.read_text("utf-8").splitlines()):
        start = line.find(needle)
        while start >= 0:
            if seen == nth:
                return number, start + offset
            seen += 1
            start = line.find(needle, start + 1)
    raise AssertionError(f"{needle!r} not in {path}")
