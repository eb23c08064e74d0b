"""`kurtyna text`: a card's or a rule's text in a language, authored or generated from the mechanics.

A language the game has no catalog for, or a text that needs entries its catalog does not
translate yet, is refused with the entries to translate, never printed half in English."""

from __future__ import annotations

import sys

from compiler.pipeline import compile_game
from compiler.tools.common import find_game
from dsl.printable import terminal_safe


def cmd_text(args) -> int:
    from compiler.back.i18n import LOCALES, translations
    from compiler.back.i18n.translations import SOURCE_LOCALE, catalog_path
    from compiler.back.text.render import Renderer

    compiled = compile_game(find_game(args.game))
    langs = LOCALES if args.lang == "all" else (args.lang,)
    for lang in langs:
        if lang != SOURCE_LOCALE and not catalog_path(compiled.folder, lang).is_file():
            start = f"kurtyna i18n init {compiled.folder.name} {lang}"
            print(terminal_safe(f"kurtyna: {compiled.game.id} has no {lang} catalog yet: start one with "
                                f"`{start}`", keep=""), file=sys.stderr)
            return 1
    cards = compiled.game.by_id(compiled.game.cards)
    targets = args.item or [c.id for c in compiled.game.cards if c.id in compiled.program.card_events]
    status = 0
    for item in targets:
        for lang in langs:
            renderer = Renderer(compiled, lang)
            if item in cards:
                authored = None if args.generated else translations(compiled, lang).authored_text(item)
                text = authored or renderer.card(item)
                if text is None:
                    print(terminal_safe(f"kurtyna: card '{item}' has no event", keep=""), file=sys.stderr)
                    status = 1
                    continue
            elif item in compiled.program.defs:
                text = renderer.definition(item)
            else:
                from compiler.diagnostics import did_you_mean

                hint = did_you_mean(item, list(cards) + list(compiled.program.defs))
                print(
                    terminal_safe(f"kurtyna: '{item}' is neither a card nor a rule of {compiled.game.id}"
                                  + (f" ({hint})" if hint else ""), keep=""),
                    file=sys.stderr,
                )
                return 1
            untranslated = sorted({gap.key for gap in renderer.gaps if gap.code == "E722"})
            if untranslated:  # the text would mix languages: say what to translate instead
                shown = ", ".join(untranslated[:12]) + (f" and {len(untranslated) - 12} more"
                                                        if len(untranslated) > 12 else "")
                print(terminal_safe(f"kurtyna: the {lang} text of '{item}' needs entries that "
                                    f"{catalog_path(compiled.folder, lang).name} does not translate "
                                    f"(or whose English changed): {shown}", keep=""), file=sys.stderr)
                status = 1
                continue
            prefix = f"{item} [{lang}]: " if len(targets) > 1 or len(langs) > 1 else ""
            # names and texts come from content and catalogs: shown, never obeyed by the terminal
            print(terminal_safe(prefix + text))
    return status
