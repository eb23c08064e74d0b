"""Fixtures of the tools' tests: `place`, a copy of a game beside a home folder (hostile.py)."""

from .hostile import place as place  # noqa: F401 - a fixture, found by pytest under its name
