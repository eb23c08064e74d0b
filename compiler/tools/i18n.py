"""`kurtyna i18n status|update|init`: how complete each language's catalog is, refreshing the
catalogs after the English content changed (translations of changed texts are flagged fuzzy),
and starting the catalog of a new language (only its own strings: Kurtyna's constructs are
translated in Kurtyna's own catalogs, compiler/back/i18n/own.py)."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from compiler.diagnostics import CompileError
from compiler.pipeline import compile_game
from compiler.tools.common import UsageError, games_of, report, sources_of
from compiler.tools.output import console, diagnostic_json, print_json, table
from dsl.printable import terminal_safe


def cmd_i18n(args) -> int:
    from compiler.back.i18n.catalog import CatalogError
    from compiler.back.i18n.manage import update

    if args.json and args.action != "status":
        raise UsageError("--json works with 'i18n status' only")
    start = _started_language(args)
    status = 0
    games: list[dict[str, Any]] = []
    for folder in games_of(args):
        try:
            compiled = compile_game(folder)
            if args.action in ("update", "init"):
                changed = update(compiled, start)
                for path in changed:  # a path under the game's folder, whose name is anyone's
                    print(terminal_safe(f"updated {path}", keep=""))
                if not changed:
                    print(terminal_safe(f"{compiled.game.id}: catalogs up to date", keep=""))
                continue
            games.append(game_status_report(compiled))
        except (CatalogError, CompileError) as exc:  # located faults; nothing was written
            status = 1
            games.append({"game": folder.name, "languages": [],
                          "diagnostics": [diagnostic_json(d) for d in exc.diagnostics]})
            if not args.json:
                report(exc.diagnostics, sources_of(exc.diagnostics))
            continue
        if not args.json:
            print_status(games[-1], args.missing)
    if args.json:
        print_json({"games": games, "exit": status})
    return status


def _started_language(args) -> tuple[str, ...]:
    """`i18n init GAME LANG`: the language whose catalog to start (the last word), taken off the
    games; () for the other actions."""
    if args.action != "init":
        return ()
    from compiler.back.i18n.manage import TARGET_LOCALES

    if args.all or len(args.game) != 2:
        raise UsageError("usage: kurtyna i18n init GAME LANG (one game, then one of "
                         f"{', '.join(TARGET_LOCALES)})")
    lang = args.game.pop()
    if lang not in TARGET_LOCALES:
        raise UsageError(f"unknown language '{lang}': choose one of {', '.join(TARGET_LOCALES)} "
                         "(English is the content itself)")
    return (lang,)


def game_status_report(compiled) -> dict[str, Any]:
    """Per language: the printed cards (authored, generated from the mechanics, empty) and the
    catalog (translated, stale, missing entries); English has no catalog."""
    from compiler.back.i18n import LOCALES
    from compiler.back.i18n.manage import game_status, printed_cards

    catalogs = {st.lang: st for st in game_status(compiled)}
    languages = []
    for lang in LOCALES:
        printed = printed_cards(compiled, lang)
        row: dict[str, Any] = {"lang": lang, "cards": printed.total, "authored": printed.authored,
                               "generated": printed.generated, "empty": printed.empty, "catalog": None}
        st = catalogs.get(lang)
        if st is not None:
            row["catalog"] = {"total": st.total, "translated": st.done, "percent": st.percent,
                              "stale": [{"key": k, "old": old, "new": new} for k, old, new in st.stale],
                              "missing": st.missing}
        languages.append(row)
    return {"game": compiled.game.id, "languages": languages, "diagnostics": []}


def print_status(game: dict[str, Any], missing: bool) -> None:
    """The status as a table and lines; keys and texts from the catalogs are written terminal-safe."""
    shown = table(escape(_safe(f"{game['game']}: printed cards and catalog entries per language")),
                  [("language", "left"), ("authored (cards)", "right"),
                   ("generated (cards)", "right"), ("no text (cards)", "right"),
                   ("translated (entries)", "right"), ("done (%)", "right"),
                   ("stale (entries)", "right"), ("missing (entries)", "right")])
    for row in game["languages"]:
        catalog = row["catalog"]
        entries = (["-"] * 4 if catalog is None else
                   [f"{catalog['translated']}/{catalog['total']}", f"{catalog['percent']:.0f}",
                    str(len(catalog["stale"])), str(len(catalog["missing"]))])
        shown.add_row(escape(_safe(row["lang"])), f"{len(row['authored'])}/{row['cards']}",
                      str(len(row["generated"])),
                      str(len(row["empty"])), *entries)
    console().print(shown)
    print("legend: authored: cards that print an authored, current text in that language; generated: "
          "cards that print text generated from their mechanics; no text: cards that print none; stale: "
          "catalog entries whose English source changed; English has no catalog")
    for row in game["languages"]:
        catalog = row["catalog"] or {"stale": [], "missing": []}
        lines = [f"  stale {s['key']}: source changed from {s['old']!r} to {s['new']!r}"
                 for s in catalog["stale"]]
        if missing:
            lines += [f"  generated {card}" for card in row["generated"]]
            lines += [f"  empty {card}" for card in row["empty"]]
            lines += [f"  missing {key}" for key in catalog["missing"]]
        if lines:
            print(_safe(f"{game['game']} [{row['lang']}]:"))
            print("\n".join(_safe(line) for line in lines))


def _safe(text: str) -> str:
    return terminal_safe(text, keep="")
