"""What every `kurtyna` verb shares: finding games, reporting diagnostics, parsing options and
seeds, the one-line summary of a compiled game. Exit codes: 0 success, 1 faults in the content
(all of them reported, in cause order), 2 wrong usage (`UsageError`)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import compiler
from compiler import game_files
from compiler.diagnostics import Diagnostic

CONTENT = Path("content")
CHECKOUT = Path(compiler.__file__).resolve().parents[1]  # the folder holding the compiler package
# Folders of games besides ./content, separated like PATH (`:` on Linux, `;` on Windows).
CONTENT_PATH = "KURTYNA_CONTENT"


class UsageError(Exception):
    pass


def content_roots() -> list[tuple[Path, str]]:
    """Where a game named by its name is looked for, in order, each with what it is: ./content,
    each folder of $KURTYNA_CONTENT, and the content folder of the checkout Kurtyna runs from."""
    roots = [(CONTENT, "./content")]
    roots += [(Path(p), f"${CONTENT_PATH}") for p in os.environ.get(CONTENT_PATH, "").split(os.pathsep) if p]
    roots.append((CHECKOUT / "content", "the checkout's content"))
    out, seen = [], set()
    for root, what in roots:
        if root.resolve() not in seen:
            seen.add(root.resolve())
            out.append((root, what))
    return out


def find_game(arg: str) -> Path:
    """A game folder from a path (`content/my_game`, `.../game.yaml`) or a name looked up in
    `content_roots()`; a UsageError that says where it looked and what games it found."""
    path = Path(arg)
    if _is_file(path / "game.yaml"):
        return path
    if path.name == "game.yaml" and _is_file(path):
        return path.parent
    if path.name == arg:  # a bare name, not a path
        for root, _ in content_roots():
            if _is_file(root / arg / "game.yaml"):
                return root / arg
    looked = "; ".join(f"{root}/ ({what})" for root, what in content_roots())
    names = ", ".join(sorted({g.name for g in all_games()})) or "none"
    shown = arg if len(arg) <= 200 else f"{arg[:200]}... ({len(arg):,} characters)"
    raise UsageError(f"no game '{shown}': not a folder holding game.yaml, nor a game under {looked} "
                     f"(games found: {names}; set ${CONTENT_PATH} to a folder of games to add it)")


def _is_file(path: Path) -> bool:
    """Path.is_file, where a name no folder can hold (5,000 characters, ENAMETOOLONG) is no file."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def all_games() -> list[Path]:
    """Every game of the first root that has any (./content in a checkout), so `--all` means the
    games of the project you are in, not every game on the machine."""
    for root, _ in content_roots():
        if root.is_dir():
            games = sorted(p for p in root.iterdir() if (p / "game.yaml").is_file())
            if games:
                return games
    return []


def game_names() -> list[str]:
    """The names a game can be given by, from every folder `find_game` looks in (shell completion)."""
    names = set()
    for root, _ in content_roots():
        if root.is_dir():
            names.update(p.name for p in root.iterdir() if (p / "game.yaml").is_file())
    return sorted(names)


def report(diagnostics: list[Diagnostic], sources: dict[str, str]) -> None:
    """Each fault on stderr as Diagnostic.render writes it (every part terminal-safe), then the count."""
    for diagnostic in diagnostics:
        print(diagnostic.render(sources), file=sys.stderr)
        print(file=sys.stderr)
    count = sum(1 for d in diagnostics if d.severity == "error")
    print(f"{count} error{'s' if count != 1 else ''}", file=sys.stderr)


def sources_of(diagnostics: list[Diagnostic]) -> dict[str, str]:
    """The text of each file the faults are in, to show their lines; a file that must not be read
    for that is left out (its faults are shown without a line)."""
    out: dict[str, str] = {}
    for d in diagnostics:
        if d.span and d.span.path not in out:
            text = _shown_source(Path(d.span.path))
            if text is not None:
                out[d.span.path] = text
    return out


def _shown_source(path: Path) -> str | None:
    """A file's text, or None for a link (it may lead out of the game: E306), a FIFO or a device
    (reading would wait for a writer, or never end) and a file too large to be content."""
    if path.is_symlink():
        return None
    try:
        return game_files.read_bytes(path).decode("utf-8", errors="replace")
    except (game_files.GameFileError, OSError, ValueError):  # ValueError: a NUL in the name
        return None


def games_of(args) -> list[Path]:
    if getattr(args, "all", False):
        games = all_games()
        if not games:
            raise UsageError(f"no games under {CONTENT}/ or ${CONTENT_PATH} (a folder of games)")
        return games
    if not args.game:
        raise UsageError("name a game (a folder under content/) or use --all")
    return [find_game(g) for g in args.game]


def counts(compiled) -> dict:
    """What a compiled game declares, counted (`kurtyna check` prints it, --json gives it)."""
    game = compiled.game
    program = compiled.program
    kinds: dict[str, int] = {}
    for space in game.spaces:
        kinds[space.kind or "space"] = kinds.get(space.kind or "space", 0) + 1
    return {"players": len(game.players), "spaces": len(game.spaces), "space_kinds": kinds,
            "links": sum(len(s.adjacent) for s in game.spaces) // 2, "regions": len(game.regions),
            "tracks": len(game.tracks), "cards": sum(c.copies for c in game.cards),
            "card_kinds": len(game.cards),  # an entry with `copies` is one kind of N cards
            "events": sum(c.copies for c in game.cards if c.id in program.card_events) if program else 0,
            "provisional": sum(c.copies for c in game.cards if c.provisional),
            "definitions": len(program.defs) if program else 0,
            **_seats(game)}


def _seats(game) -> dict:
    """How many of the players may sit at the table, for a game that seats several counts."""
    low, high, default = game.seats()
    return {} if low == high else {"player_count": {"min": low, "max": high, "default": default}}


def summary(compiled) -> str:
    n = counts(compiled)
    spaces = ", ".join(f"{count} {kind}" for kind, count in n["space_kinds"].items())
    # cards the rulebook does not give, designed to keep the game playable (docs/authoring.md)
    provisional = f", {n['provisional']} provisional" if n["provisional"] else ""
    kinds = f" of {n['card_kinds']} kinds" if n["card_kinds"] != n["cards"] else ""  # some have copies
    seats = n.get("player_count")  # a game that seats several counts says them
    seated = f" ({seats['min']} to {seats['max']} at the table, {seats['default']} by default)" \
        if seats else ""
    return (f"{compiled.game.id}: ok - {n['players']} players{seated}, {n['spaces']} spaces ({spaces}), "
            f"{n['links']} links, {n['regions']} regions, {n['tracks']} tracks, "
            f"{n['cards']} cards{kinds} ({n['events']} with events{provisional}), "
            f"{n['definitions']} definitions{_readings(compiled.game)}")


def _readings(game) -> str:
    """One line per choice option, so a table finds the readings it may choose (`--option id=value`)."""
    return "".join(f"\n  option {o.id}: " + " | ".join(f"{c} (default)" if c == o.default else c
                                                       for c in game.enums[o.choices])
                   for o in game.options if o.choices is not None)


def parse_options(pairs: list[str]) -> dict:
    """`--option variant=true --option bonus=2` as a dict; the game checks the values."""
    out: dict = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            raise UsageError(f"--option takes name=value, not '{pair}'")
        out[key.strip()] = _option_value(value.strip())
    return out


def _option_value(text: str) -> bool | int | str:
    """true/false, a whole number in ASCII digits (not '²' or '1_000'), or the text as given."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    digits = text[1:] if text[:1] in "+-" else text
    if digits.isascii() and digits.isdigit() and len(digits) <= 40:
        return int(text)
    return text


def parse_seed(text: str) -> int:
    """A --seed value: a whole number 0..2**63-1, as saves hold seeds."""
    from dsl.runtime.save import SEED_MAX

    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if not 0 <= seed <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"{seed} is outside 0..{SEED_MAX}")
    return seed
