"""The text and translation commands: `kurtyna text` and `kurtyna i18n status|update`."""

from __future__ import annotations

import sys

from compiler.tools.common import report, sources_of


def _compile(folder):
    from compiler.pipeline import compile_game

    return compile_game(folder)


def cmd_text(args, find_game) -> int:
    from compiler.back.i18n import LOCALES
    from compiler.back.text import card_text, definition_text, generated_text

    compiled = _compile(find_game(args.game))
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
                    print(f"kurtyna: card '{item}' has no event", file=sys.stderr)
                    status = 1
                    continue
            elif item in compiled.program.defs:
                text = definition_text(compiled, item, lang)
            else:
                from compiler.diagnostics import did_you_mean

                hint = did_you_mean(item, list(cards) + list(compiled.program.defs))
                print(
                    f"kurtyna: '{item}' is neither a card nor a rule of {compiled.game.id}"
                    + (f" ({hint})" if hint else ""),
                    file=sys.stderr,
                )
                return 1
            prefix = f"{item} [{lang}]: " if len(targets) > 1 or len(langs) > 1 else ""
            print(prefix + text)
    return status


def cmd_i18n(args, games) -> int:
    from compiler.back.i18n.catalog import CatalogError
    from compiler.back.i18n.manage import game_status, update
    status = 0
    for folder in games(args):
        compiled = _compile(folder)
        try:
            if args.action == "update":
                changed = update(compiled)
                for path in changed:
                    print(f"updated {path}")
                if not changed:
                    print(f"{compiled.game.id}: catalogs up to date")
                continue
            for st in game_status(compiled):
                print(
                    f"{compiled.game.id} [{st.lang}]: {st.done}/{st.total} translated ({st.percent:.0f}%), "
                    f"{len(st.stale)} stale, {len(st.missing)} missing"
                )
                for key, old, new in st.stale:
                    print(f"  stale {key}: source changed from {old!r} to {new!r}")
                if args.missing:
                    for key in st.missing:
                        print(f"  missing {key}")
        except CatalogError as exc:  # located faults; nothing was written
            report(exc.diagnostics, sources_of(exc.diagnostics))
            status = 1
    return status


def add_parsers(sub, find_game, games) -> None:
    from compiler.back.i18n import LOCALES

    text = sub.add_parser("text", help="print card or rule text in a language")
    text.add_argument("game", help="game name or path")
    text.add_argument(
        "item", nargs="*", help="card ids or rule procedures (default: every card with an event)"
    )
    text.add_argument("--lang", default="en", choices=list(LOCALES) + ["all"], help="language (default en)")
    text.add_argument(
        "--generated",
        action="store_true",
        help="the text generated from the mechanics, even where the card has a printed text",
    )
    text.set_defaults(func=lambda a: cmd_text(a, find_game))

    i18n = sub.add_parser("i18n", help="translation catalogs: completeness, stale entries, refresh")
    i18n.add_argument(
        "action",
        choices=["status", "update"],
        help="status: per-locale completeness and stale entries; update: refresh the catalogs",
    )
    i18n.add_argument("game", nargs="*", help="game name (folder under content/) or path")
    i18n.add_argument("--all", action="store_true", help="every game under content/")
    i18n.add_argument("--missing", action="store_true", help="with status: list untranslated keys too")
    i18n.set_defaults(func=lambda a: cmd_i18n(a, games))

