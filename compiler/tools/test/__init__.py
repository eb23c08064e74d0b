"""`kurtyna test`: its room (command.py is the verb; the other modules are its parts)."""


def cmd_test(args) -> int:
    """The verb, imported when it runs (importing a part of this room stays light)."""
    from compiler.tools.test.command import cmd_test as run

    return run(args)
