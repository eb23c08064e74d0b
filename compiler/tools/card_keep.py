"""What `kurtyna card` keeps between runs: each card face it rendered, as the bytes it wrote.

Laying out a face takes WeasyPrint, whose import alone takes most of a second, and the game's
model; the bytes it gives depend on nothing else than what the key and the witnesses below
cover, so a second run with nothing changed writes the kept bytes and loads neither.

- **Key** (the entry's name, `card-<hash>.bin` in the user cache folder, the newest KEEP kept):
  the input key of the game (compiler/tools/stamps.py `input_key`: every file of the game folder,
  catalogs included, the folder as named, the compiler's files and templates, Python's version
  and the installed distributions with their versions: WeasyPrint, pypdfium2, Pillow, fontTools),
  the folder's own place (as compiler/tools/models.py keys a model: catalogs are read from it),
  the card, the language, the format, the bleed and the resolution, and the environment the
  renderer reads (SOURCE_DATE_EPOCH stamps the fonts of a PDF, fontconfig's variables choose
  fonts).
- **Witnesses** (inside the entry): what the renderer read that no distribution's version
  names: the system's libraries (Pango, HarfBuzz, FreeType, fontconfig), the font files and
  fontconfig's caches, as this process had them mapped once the card was laid out
  (`/proc/self/maps`), the folders of those fonts and of the user's fonts, and fontconfig's
  configuration. Each is recorded by device, inode, size, modification and change time (or as
  missing); an entry is used only while every one is the same. Where there is no
  `/proc/self/maps` (not Linux), or a mapped file was replaced while the card was laid out,
  nothing is kept: the card is laid out each time.

Only a card written without faults is kept: a game with faults, or a text that does not fit, is
checked and reported in full every time. The entry is plain bytes with a JSON header (read with
`json.loads`, which runs no code), read only under the checks of compiler/cache.py; a damaged,
truncated or foreign entry (its length or hash differ) is ignored and the card laid out anew.
Under `--follow-links` nothing is kept (what the links lead to is in no key).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from compiler import game_files
from compiler.cache import UserCache, user_cache
from compiler.tools import stamps

FORMAT = 1
MAGIC = b"kurtyna-card %d\n" % FORMAT
KEEP = 32  # cards kept, of every game: the few an author goes back and forth between, in each format
MAPS = Path("/proc/self/maps")
# What the renderer reads from the environment: the fonts' time stamp in a PDF, and what
# fontconfig, Pango and HarfBuzz read to find and choose fonts.
ENV_NAMES = ("SOURCE_DATE_EPOCH", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS",
             "XDG_CACHE_HOME", "LANG", "LC_ALL", "LC_CTYPE")
ENV_PREFIXES = ("FONTCONFIG", "FC_", "PANGO", "HB_", "FREETYPE", "WEASYPRINT")
FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc", ".pfb", ".pfa", ".woff", ".woff2")


@dataclass(frozen=True)
class Request:
    """One card to render: everything its bytes depend on that the command line gives."""

    folder: Path
    card: str
    lang: str
    fmt: str  # png, pdf or html
    bleed: float
    dpi: int


def cache() -> UserCache | None:
    """The user cache, unless nothing may be kept (`KURTYNA_CACHE=off`, `--follow-links`)."""
    return None if game_files.links_out_allowed() else user_cache()


def entry_name(request: Request) -> str:
    """The entry's name: the hash of everything the card's bytes depend on (the witnesses aside)."""
    place = str(request.folder.resolve()).encode("utf-8", "surrogateescape")
    env = sorted((name, value) for name, value in os.environ.items()
                 if name in ENV_NAMES or name.startswith(ENV_PREFIXES))
    facts = [FORMAT, request.card, request.lang, request.fmt, repr(request.bleed), request.dpi, env]
    digest = hashlib.sha256(stamps.input_key(request.folder).encode() + b"\0" + place + b"\0")
    digest.update(json.dumps(facts).encode("utf-8", "surrogateescape"))
    return f"card-{digest.hexdigest()}.bin"


def read(request: Request) -> tuple[str, bytes] | None:
    """The game id and the bytes kept for this request, when they are still what a run would
    write; None otherwise."""
    kept = cache()
    blob = kept.read_bytes(entry_name(request)) if kept is not None else None
    if blob is None or not blob.startswith(MAGIC):
        return None
    header, _, data = blob[len(MAGIC):].partition(b"\n")
    try:
        facts = json.loads(header)
        game, size, sha, witnesses = facts["game"], facts["size"], facts["sha256"], facts["witnesses"]
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(game, str) or not isinstance(witnesses, list) or len(data) != size:
        return None
    if hashlib.sha256(data).hexdigest() != sha or not all(_unchanged(w) for w in witnesses):
        return None
    return game, data


def keep(request: Request, game: str, data: bytes) -> None:
    """Keep what was written for this request, with the witnesses of this process."""
    kept = cache()
    found = witnesses() if kept is not None else None
    if kept is None or found is None:
        return
    header = json.dumps({"game": game, "size": len(data), "sha256": hashlib.sha256(data).hexdigest(),
                         "witnesses": found}, sort_keys=True)
    kept.write_bytes(entry_name(request), MAGIC + header.encode("utf-8") + b"\n" + data, keep=KEEP)


def _identity(path: str) -> list | None:
    """What stands for a file (or folder) in a witness: device, inode, size, times; None if missing."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return [info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns]


def _unchanged(witness: object) -> bool:
    if not (isinstance(witness, list) and len(witness) == 2 and isinstance(witness[0], str)):
        return False
    return _identity(witness[0]) == witness[1]


def witnesses() -> list[list] | None:
    """The files the renderer read outside the key, each with its identity; None when they
    cannot be known here (no /proc/self/maps) or one was replaced while it was used."""
    try:
        lines = MAPS.read_text("utf-8", errors="surrogateescape").splitlines()
    except OSError:
        return None
    mapped: set[str] = set()
    for line in lines:
        fields = line.split(None, 5)
        if len(fields) < 6 or not fields[5].startswith("/"):
            continue  # anonymous memory, the heap, the stack
        if fields[5].endswith(" (deleted)"):
            return None  # replaced meanwhile (a library upgraded during the run): what was read is gone
        mapped.add(fields[5])
    files = {path for path in mapped if os.path.isfile(path)}
    folders = {os.path.dirname(path) for path in files if path.lower().endswith(FONT_SUFFIXES)}
    paths = sorted(files | folders | set(_font_settings()))
    return [[path, _identity(path)] for path in paths]


def _font_settings() -> list[str]:
    """fontconfig's configuration, system and user, and the user's font folders, each entry of a
    configuration folder too: a font added or a rule changed there may change the fonts chosen."""
    home = os.path.expanduser("~")
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
    places = ["/etc/fonts/fonts.conf", "/etc/fonts/local.conf", "/etc/fonts/conf.d",
              os.path.join(config, "fontconfig"), os.path.join(config, "fontconfig", "conf.d"),
              os.path.join(home, ".fonts.conf"), os.path.join(home, ".fonts.conf.d"),
              os.path.join(data, "fonts"), os.path.join(home, ".fonts")]
    for name in ("FONTCONFIG_FILE", "FONTCONFIG_PATH"):
        places += [p for p in os.environ.get(name, "").split(os.pathsep) if p]
    found = list(places)
    for place in places:
        if os.path.isdir(place) and "conf" in os.path.basename(place):
            try:
                found += [os.path.join(place, name) for name in sorted(os.listdir(place))]
            except OSError:
                continue
    return found
