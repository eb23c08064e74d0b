"""`kurtyna bench --against PATH`: another engine to measure a game against, in the same run.

A peer is somebody else's engine, imported at run time from the folder given (never a part of
Kurtyna). Kurtyna drives it through an adapter: `peers/<package>.py` in the checkout, named
after the peer's package folder found in PATH, holding

    GAME = "<the id of the Kurtyna game it plays>"
    def play(seed, stop=None) -> (state, decisions)   # uniform-random, public API only
    def copy(state) -> state                          # a bot's copy of a state
    def save(state) -> str                            # the state as text
    def load(text) -> state                           # and back

(the four of state.Subject). The adapters are the only code that knows a peer's API; this
module and state.py know none.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from compiler.tools.common import CHECKOUT, UsageError

PEER_VARIABLE = "KURTYNA_PEER"  # the folder of a peer when --against is not given
ADAPTERS = CHECKOUT / "peers"
NEEDED = ("GAME", "play", "copy", "save", "load")


@dataclass
class Peer:
    """A peer engine: its name (its package's), the folder it came from, and its adapter."""

    name: str
    folder: Path
    adapter: ModuleType

    @property
    def game(self) -> str:
        return self.adapter.GAME

    def play(self, seed: int, stop: int | None = None):
        return self.adapter.play(seed, stop)

    def copy(self, state):
        return self.adapter.copy(state)

    def save(self, state) -> str:
        return self.adapter.save(state)

    def load(self, text: str):
        return self.adapter.load(text)


def known_adapters() -> list[Path]:
    return sorted(p for p in ADAPTERS.glob("*.py") if not p.name.startswith("_"))


def peer_from(against: str | None) -> Peer | None:
    """The peer `--against` (else $KURTYNA_PEER) names; None when neither is given. A folder that
    holds no peer Kurtyna can drive, or one that does not import, is a UsageError (exit 2)."""
    where = "--against"
    if against is None:
        against = os.environ.get(PEER_VARIABLE) or None
        where = f"${PEER_VARIABLE}"
    if against is None:
        return None
    folder = Path(against)
    if not folder.is_dir():
        raise UsageError(f"{where} {against}: no such folder (give the folder that holds the peer's "
                         "package, e.g. ../shared/peers/struggler/src)")
    adapters = known_adapters()
    found = [a for a in adapters if (folder / a.stem).is_dir()]
    if not found:
        known = ", ".join(f"{a.stem} ({a.relative_to(CHECKOUT)})" for a in adapters) or "none"
        raise UsageError(f"{where} {against}: no peer Kurtyna can drive is there (it drives: {known}; "
                         "the folder must hold the peer's package folder of that name)")
    adapter_file = found[0]
    return Peer(adapter_file.stem, folder.resolve(), _import(adapter_file, folder.resolve(), where, against))


def _import(adapter_file: Path, folder: Path, where: str, against: str) -> ModuleType:
    """The adapter, with the peer's folder first on the import path."""
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location(f"kurtyna_peer_{adapter_file.stem}", adapter_file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # the peer's own code: whatever it raises, say it plainly
        raise UsageError(f"{where} {against}: the peer {adapter_file.stem} does not load "
                         f"({type(exc).__name__}: {exc})") from None
    missing = [name for name in NEEDED if not hasattr(module, name)]
    if missing:
        raise UsageError(f"{adapter_file}: a peer adapter needs {', '.join(missing)}")
    return module
