"""Paths that content names stay inside the game folder.

An `includes:` entry is text an author (or anyone who sends a game folder) wrote: `../secret`,
`/etc/passwd` or a symlink pointing out of the folder must not make Kurtyna read files
elsewhere (and show them in an error message). Paths are resolved with symlinks followed and
must land inside the resolved game folder.
"""

from __future__ import annotations

from pathlib import Path


def inside(folder: Path, relative: str | Path) -> Path | None:
    """`folder / relative` if it stays inside `folder` (symlinks followed), else None."""
    root = Path(folder).resolve()
    candidate = Path(folder) / relative
    try:
        resolved = candidate.resolve()
    except (OSError, RuntimeError):  # a symlink loop
        return None
    if resolved != root and root not in resolved.parents:
        return None
    return candidate


def leaves(folder: Path, relative: str | Path) -> bool:
    """Whether `folder / relative` exists or is a link and leads out of `folder`."""
    candidate = Path(folder) / relative
    return (candidate.exists() or candidate.is_symlink()) and inside(folder, relative) is None
