"""`kurtyna sim`: its room (command.py is the verb; the other modules are its parts)."""


def cmd_sim(args) -> int:
    """The verb, imported when it runs (importing a part of this room stays light)."""
    from compiler.tools.sim.command import cmd_sim as run

    return run(args)
