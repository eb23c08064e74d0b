"""`kurtyna bench`: its room (command.py is the verb; the other modules are its parts)."""


def cmd_bench(args) -> int:
    """The verb, imported when it runs (importing a part of this room stays light)."""
    from compiler.tools.bench.command import cmd_bench as run

    return run(args)
