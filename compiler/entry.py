"""The `kurtyna` command's entry point (pyproject.toml): Ctrl-C is one line and exit 130 from
the command's first instant.

Importing the command line (argparse, rich, the wiring of every verb) takes a tenth of a second
or more, before `cli.main` has set up its handling of Ctrl-C; an interrupt then was Python's own
KeyboardInterrupt traceback. (An interrupt while Python itself starts, before this module runs,
is beyond any program's reach.)"""

from __future__ import annotations

import sys

from compiler.interrupts import interrupted


def main() -> int:
    try:
        from compiler.cli import main as run
    except KeyboardInterrupt:
        return interrupted()
    try:
        return run()
    except KeyboardInterrupt:  # between the import and the verb's own handling: parsing arguments
        return interrupted()


if __name__ == "__main__":
    sys.exit(main())
