"""`kurtyna i18n status|update`: how complete each language's catalog is, and refreshing the
catalogs after the English content changed (translations of changed texts are flagged fuzzy)."""

from __future__ import annotations

from compiler.pipeline import compile_game
from compiler.tools.common import games_of, report, sources_of


def cmd_i18n(args) -> int:
    from compiler.back.i18n import LOCALES
    from compiler.back.i18n.catalog import CatalogError
    from compiler.back.i18n.manage import game_status, printed_cards, update

    status = 0
    for folder in games_of(args):
        compiled = compile_game(folder)
        try:
            if args.action == "update":
                changed = update(compiled)
                for path in changed:
                    print(f"updated {path}")
                if not changed:
                    print(f"{compiled.game.id}: catalogs up to date")
                continue
            for lang in LOCALES:
                printed = printed_cards(compiled, lang)
                print(f"{compiled.game.id} [{lang}]: printed cards: {len(printed.authored)}/{printed.total} "
                      f"with an authored, current text; {len(printed.generated)} print text generated "
                      f"from the mechanics; {len(printed.empty)} print no text")
                if args.missing:
                    for card in printed.generated:
                        print(f"  generated {card}")
                    for card in printed.empty:
                        print(f"  empty {card}")
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
