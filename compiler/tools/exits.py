"""What the exit codes 0, 1 and 2 mean, verb by verb: each verb's `--help` ends with them, and
docs/cli.md lists the same. Apart from output.py so that the command line can build its help
without loading rich."""

from __future__ import annotations

# What 0/1/2 mean, verb by verb (the top-level help and docs list the same).
EXIT_CODES: dict[str, tuple[str, str]] = {
    "kurtyna": ("success", "faults in the content (every one reported, in cause order), a failed "
                "scenario or game, or a stale build"),
    "check": ("every game checked without error", "a game has faults (all of them reported)"),
    "build": ("built (or, with --check, generated/ is fresh)",
              "a game has faults, or with --check generated/ is stale"),
    "sheets": ("sheets written", "a game has faults, a text does not fit on its card, or the PDF "
               "could not be made"),
    "card": ("card written", "the game has faults, a text of the card does not fit on it, or the PDF "
             "or PNG could not be made"),
    "test": ("every scenario passed", "a scenario failed or does not compile"),
    "sim": ("every game ended without a fault",
            "a game failed (a fault of the rules or a broken invariant), the game does not compile, "
            "or with --require-every-event some event never happened"),
    "bench": ("measured", "a game does not compile or a random game failed"),
    "play": ("the game ended or you quit", "the game does not compile or a fault of the rules "
             "stopped it"),
    "serve": ("never: the server runs until Ctrl-C ends it (130, as every verb)", "a game does not "
              "compile, or the address cannot be listened on (the port is taken)"),
    "lsp": ("the editor ended the session", "never: faults are sent to the editor as diagnostics"),
    "text": ("text printed", "the game does not compile or an item is unknown"),
    "i18n": ("status printed or catalogs refreshed", "the game or a catalog has faults"),
    "regress": ("no behaviour changed", "behaviour changed (scenarios, seeded games, outcomes or faults)"),
}
USAGE = "wrong usage (an unknown game, option or value)"
# Where 2 means more than wrong usage.
EXIT_TWO = {"regress": "wrong usage, or a side that does not build or run, or with --backend ray no Ray "
                      "installed or no cluster to reach",
            "sim": f"{USAGE}, or with --backend ray no Ray installed or no cluster to reach"}


def exit_epilog(verb: str) -> str:
    ok, faults = EXIT_CODES[verb]
    return f"exit codes: 0 {ok}; 1 {faults}; 2 {EXIT_TWO.get(verb, USAGE)}"
