"""Where scenarios come from and which game they name: the files `kurtyna test` runs (a game's
scenarios, a folder, files; never a game's own folder), and a scenario's `game:` looked up next
to the scenario, under `--content`, under ./content and in the checkout's content folder."""

from __future__ import annotations

from pathlib import Path

from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front.loader import Document
from compiler.tools.common import CHECKOUT, UsageError, content_roots

EXAMPLES = Path("tests") / "examples"


def game_folders(path: Path, content: Path | None) -> list[tuple[Path, str]]:
    """Where the `game:` of the scenario at `path` may be, in the order looked, each with what it
    is: the scenario's folder, `--content`, then where a game named on the command line is looked
    for (./content, $KURTYNA_CONTENT, the checkout's content folder)."""
    roots = [(path.parent, "next to the scenario")]
    if content is not None:
        roots.append((content, "--content"))
    return roots + content_roots()


def find_scenario_game(doc: Document, path: Path, content: Path | None, diags: Diagnostics) -> Path | None:
    """The folder of the scenario's game, or None after an E301 at `game:` saying where it looked."""
    name = doc.data["game"]
    fault = _name_fault(name)
    if fault is not None:  # no folder has such a name: the system would refuse to look it up
        diags.error("E205", f"'game' {fault}", doc.span(("game",)),
                    "name the game's folder (its id), or give its path relative to the scenario")
        return None
    looked: list[str] = []
    seen: set[Path] = set()
    for root, what in game_folders(path, content):
        folder = root / name
        if _is_game(folder):
            return folder
        if folder.resolve() not in seen:
            seen.add(folder.resolve())
            looked.append(f"{folder} ({what})")
    known = sorted({p.name for root, _ in game_folders(path, content) if root.is_dir()
                    for p in root.iterdir() if _is_game(p)})
    hint = did_you_mean(name, known) or (f"games found: {', '.join(known)}" if known else
                                         "give the game's folder as a path relative to the scenario, "
                                         "or the folder holding it with --content")
    diags.error("E301", f"unknown game '{name}': no game.yaml in {'; '.join(looked)}",
                doc.span(("game",)), hint)
    return None


MAX_NAME_BYTES = 255  # of one folder's name, on the file systems in use (NAME_MAX)
MAX_PATH_BYTES = 4096  # of a path (PATH_MAX)


def _name_fault(name: str) -> str | None:
    """What makes `name` no name of a folder, if anything: a NUL, or a length no file system takes
    (looking such a name up fails with an OSError, not a missing folder)."""
    if "\0" in name:
        return "holds a NUL character, which no folder's name holds"
    size = len(name.encode("utf-8", "surrogatepass"))
    longest = max(len(part.encode("utf-8", "surrogatepass")) for part in name.split("/"))
    if size > MAX_PATH_BYTES or longest > MAX_NAME_BYTES:
        return (f"is {len(name):,} characters long; a folder's name has at most {MAX_NAME_BYTES} bytes "
                f"and a path at most {MAX_PATH_BYTES}")
    return None


def _is_game(folder: Path) -> bool:
    """Whether `folder` holds a game.yaml; False where the system cannot even look (a folder that
    may not be read, a name it refuses)."""
    try:
        return (folder / "game.yaml").is_file()
    except (OSError, ValueError):
        return False


def example_roots() -> list[Path]:
    """The scenario folders that exist: ./tests/examples, then the checkout's."""
    return [root for root in (EXAMPLES, CHECKOUT / EXAMPLES) if root.is_dir()]


def scenario_targets(args: list[str] | None) -> list[Path]:
    """The scenario files named on the command line (default: every example); UsageError for a
    name with no scenarios and for a game's own folder or files."""
    examples = example_roots()
    targets: list[Path] = []
    for arg in args or []:
        path = Path(arg)
        if path.exists():
            _refuse_game_files(arg, path)
            targets.append(path)
            continue
        found = next((root / arg for root in examples if (root / arg).is_dir()), None)
        if found is None:
            raise UsageError(f"no scenarios at '{arg}': name a game with scenarios under {EXAMPLES}/, "
                             "a folder, or a scenario file")
        targets.append(found)
    if not args:
        targets = examples[:1]  # ./tests/examples, or the checkout's when run elsewhere
    files: list[Path] = []
    for target in targets:
        files.extend(_scenarios_in(target) if target.is_dir() else [target])
    if not files:
        raise UsageError("no scenario files found")
    return files


def _scenarios_in(folder: Path) -> list[Path]:
    """The YAML files under `folder`, leaving out the files of games kept beside scenarios (a
    scenario may name a game by a path relative to itself)."""
    games = {p.parent for p in folder.rglob("game.yaml")}
    return [p for p in sorted(folder.rglob("*.yaml")) if not games.intersection(p.parents)]


def _refuse_game_files(arg: str, path: Path) -> None:
    """A game's folder, or a file in it, holds no scenarios."""
    folder = path if path.is_dir() else path.parent
    if (folder / "game.yaml").is_file():
        game = folder.resolve().name
        raise UsageError(f"'{arg}' is {'the folder' if path.is_dir() else 'a file'} of the game "
                         f"'{game}', not scenarios; hint: `kurtyna test {game}` runs its scenarios "
                         f"from {EXAMPLES / game}/")
