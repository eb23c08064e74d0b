"""`kurtyna text`: a card's or a rule's text in a language, authored or generated from the mechanics."""

from __future__ import annotations

import sys

from compiler.pipeline import compile_game
from compiler.tools.common import find_game
from dsl.printable import terminal_safe


def cmd_text(args) -> int:
    from compiler.back.i18n import LOCALES
    from compiler.back.text import card_text, definition_text, generated_text

    compiled = compile_game(find_game(args.game))
    langs = LOCALES if args.lang == "all" else (args.lang,)
    cards = compiled.game.by_id(compiled.game.cards)
    targets = args.item or [c.id for c in compiled.game.cards if c.id in compiled.program.card_events]
    status = 0
    for item in targets:
        for lang in langs:
            if item in cards:
                text = (
                    generated_text(compiled, item, lang)
                    if args.generated
                    else card_text(compiled, item, lang)
                )
                if text is None:
                    print(terminal_safe(f"kurtyna: card '{item}' has no event", keep=""), file=sys.stderr)
                    status = 1
                    continue
            elif item in compiled.program.defs:
                text = definition_text(compiled, item, lang)
            else:
                from compiler.diagnostics import did_you_mean

                hint = did_you_mean(item, list(cards) + list(compiled.program.defs))
                print(
                    terminal_safe(f"kurtyna: '{item}' is neither a card nor a rule of {compiled.game.id}"
                                  + (f" ({hint})" if hint else ""), keep=""),
                    file=sys.stderr,
                )
                return 1
            prefix = f"{item} [{lang}]: " if len(targets) > 1 or len(langs) > 1 else ""
            # names and texts come from content and catalogs: shown, never obeyed by the terminal
            print(terminal_safe(prefix + text))
    return status
