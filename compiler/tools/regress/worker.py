"""One side of a comparison, in its own process: `python worker.py REQUEST.json RESULT.json`.

`kurtyna regress` compares two versions of the content *and* of the compiler and runtime, so
each side must run on its own code: this script is started with the side's folder first on
`sys.path` and imports the side's `compiler` and `dsl` packages, never the caller's. It
therefore imports nothing of the caller's tree but `trajectory.py`, loaded by file path (it
is standard library only), and it only uses what the side's tree has offered for long:
`compiler.tools.engines.Engines`, `compiler.tools.test.command.run_scenario`, `compiler.back.text` and
`compiler.back.i18n.manage.game_status`.

The request names the side (code, content and scenario folders), one game, and a phase:
- `run`: build the game, then each part asked for: `text` (printed and rule texts per
  language, stale catalog entries), `scenarios` (failures of each scenario file), `games` (one
  stable-choice game per seed: a fingerprint per decision and the outcome);
- `detail`: replay given seeds and return the decisions around a given decision number.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import io
import json
import os
import signal
import sys
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent


def _trajectory_module():
    spec = importlib.util.spec_from_file_location("kurtyna_regress_trajectory", _HERE / "trajectory.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def _fingerprint(step) -> str:
    """Two short hashes: the question (who, prompt, answers) and the log before it; comparing
    them finds the first divergence without shipping whole games between processes."""
    question = hashlib.blake2b(repr(step.question).encode(), digest_size=6).hexdigest()
    log = hashlib.blake2b(repr(step.log).encode(), digest_size=6).hexdigest()
    return f"{question}{log}{hashlib.blake2b(step.chosen.encode(), digest_size=2).hexdigest()}"


def _compile_error_text(exc: Exception) -> str:
    from compiler.tools.common import report, sources_of

    out = io.StringIO()
    with contextlib.redirect_stderr(out):
        report(exc.diagnostics, sources_of(exc.diagnostics))
    return out.getvalue().rstrip()


def _texts(compiled) -> dict[str, Any]:
    from compiler.back.i18n import LOCALES
    from compiler.back.i18n.manage import game_status
    from compiler.back.text import card_text, definition_text, generated_text

    cards = {card.id: {lang: card_text(compiled, card.id, lang) for lang in LOCALES}
             for card in compiled.game.cards}
    generated = {card.id: {lang: generated_text(compiled, card.id, lang) for lang in LOCALES}
                 for card in compiled.game.cards if card.id in compiled.program.card_events}
    rules = {name: {lang: definition_text(compiled, name, lang) for lang in LOCALES}
             for name in compiled.program.defs}
    try:
        stale = {st.lang: [list(item) for item in st.stale] for st in game_status(compiled)}
    except Exception as exc:  # an unreadable catalog is reported, not fatal to the comparison
        stale = {"error": [[str(exc), "", ""]]}
    return {"cards": cards, "generated": generated, "rules": rules, "stale": stale,
            "lint": _lint(compiled, cards, generated)}


def _lint(compiled, cards: dict, generated: dict) -> dict[str, dict[str, list[str]]]:
    """What the text lint says of each authored text: a change of an effect that the printed
    text no longer matches shows here (the build's check reports it as E701)."""
    try:
        from compiler.back.i18n.lint import lint_card
    except ImportError:  # a side from before the lint
        return {}
    found: dict[str, dict[str, list[str]]] = {}
    for card, texts in cards.items():
        for lang, text in texts.items():
            if card in generated and text and text != generated[card].get(lang):
                faults = lint_card(compiled, card, lang, text)
                if faults:
                    found.setdefault(card, {})[lang] = faults
    return found


def _scenarios(request: dict, engines) -> dict[str, Any]:
    from compiler.diagnostics import CompileError
    from compiler.tools.test.command import run_scenario

    folder = Path(request["examples"]) / request["game"] if request.get("examples") else None
    out: dict[str, Any] = {}
    if folder is None or not folder.is_dir():
        return out
    content = Path(request["content"])
    here = Path.cwd()  # the side's root
    for path in sorted(folder.rglob("*.yaml")):
        key = path.relative_to(Path(request["examples"])).as_posix()
        # Named from the side's root, a failure names the file as in the user's checkout
        # (tests/examples/...), not in this run's temporary copy, which differs run to run.
        named = path.resolve().relative_to(here) if path.resolve().is_relative_to(here) else path
        try:
            outcome = run_scenario(named, engines, content)
            out[key] = {"title": outcome.title, "source": outcome.source, "failures": outcome.failures}
        except CompileError as exc:
            out[key] = {"title": path.stem, "source": "", "failures": [_compile_error_text(exc)]}
        except Exception as exc:  # a crash of the runner is a failure of this scenario, not of the run
            out[key] = {"title": path.stem, "source": "",
                        "failures": [f"{type(exc).__name__}: {exc}"]}
    return out


def _games(request: dict, module, trajectory) -> dict[str, Any]:
    game = _new_game(module, request)
    cards = list(module.SPEC.cards)
    shared = [t for t in module.SPEC.tracks if not t.per_player]
    out: dict[str, Any] = {}
    for seed in request["seeds"]:
        try:
            record = _play(game, seed, trajectory, bot=request.get("bot"))
            state = record.final
        except Exception as exc:  # an engine or rules fault on this seed: reported per seed
            out[str(seed)] = {"error": f"{type(exc).__name__}: {exc}"}
            continue
        result = record.result or {}
        # the record keeps `winners` only for a shared win (trajectory.recorded_result)
        winners = result.get("winners") or ([result["winner"]] if result.get("winner") else [])
        tracks = {t.id: state.t[t.slot] for t in shared}
        events = Counter(cards[entry[1]] for entry in state.log if entry[0] == "event")
        out[str(seed)] = {
            "fp": [_fingerprint(step) for step in record.steps] + [_end_fingerprint(record, tracks)],
            "winner": "+".join(winners) or "draw",  # a shared win: its players joined by +
            "winners": winners,
            "reason": result.get("reason") or "",
            "length": len(record.steps),
            "tracks": tracks,
            "events": dict(events),
        }
    return out


def _end_fingerprint(record, tracks: dict) -> str:
    """The end: the last log lines, the result and the shared tracks (a score that moves without
    a log line still shows)."""
    ending = repr((record.tail, record.result, sorted(tracks.items())))
    return "end:" + hashlib.blake2b(ending.encode(), digest_size=6).hexdigest()


def _play(game, seed: int, trajectory, before=None, bot: str | None = None):
    """One game, its log in words with ids (the record keeps the final state): every decision
    by the stable choice, or by this side's own `bot` (`regress --bot`) with a generator seeded
    by the game's seed, so that both sides play the same game until their rules part."""
    from dsl.runtime.log import describe

    pick = None
    if bot:
        import random

        from dsl.runtime.bots import choose

        rng = random.Random(seed ^ BOT_SEED)
        pick = lambda state, number: choose(state, bot, rng)  # noqa: E731
    return trajectory.play(game, seed, line=lambda state, entry: describe(state, entry, ids=True),
                           before=before, pick=pick)


BOT_SEED = 0xB075EED  # mixed into a game's seed for its bot's generator


def _bot_missing(bot: str | None) -> str | None:
    """Why this side cannot play `regress --bot`: a side from before bots (issue 21), or one
    whose bots do not include the one asked for; None when it can."""
    if not bot:
        return None
    try:
        from dsl.runtime.bots import check_bot
    except ImportError:
        return ("this side's runtime has no bots (dsl/runtime/bots.py): compare with --bot only "
                "revisions that have them, or leave out --bot (stable choice)")
    try:
        check_bot(bot)
    except ValueError as exc:
        return f"this side's runtime cannot play --bot {bot}: {exc}"
    return None


def _sheets(folder: Path, out: Path) -> dict[str, Any]:
    """Every sheet file in every language, page by page: the page's text and a hash of its
    image at low resolution (a moved frame or colour changes the image, not the text)."""
    from compiler.back.i18n import LOCALES
    from compiler.back.sheets.build import Options, write_sheets
    from compiler.pipeline import checked_game

    compiled = checked_game(folder)
    pages: dict[str, Any] = {}
    for lang in LOCALES:
        target = out / lang
        try:
            files, _warnings = write_sheets(compiled, lang, Options(), target)
        except Exception as exc:  # a text that no longer fits (E710) is a change to report
            pages[lang] = {"error": str(exc)}
            continue
        for path in sorted(Path(f) for f in files):
            if path.suffix == ".pdf":
                pages[f"{lang}/{path.name}"] = _pdf_pages(path)
    return pages


def _pdf_pages(path: Path) -> list[dict[str, str]]:
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    out = []
    try:
        for page in pdf:
            text = page.get_textpage().get_text_range()
            image = page.render(scale=30 / 72).to_pil().tobytes()
            out.append({"text": text, "image": hashlib.blake2b(image, digest_size=8).hexdigest()})
    finally:
        pdf.close()
    return out


def _detail(request: dict, module, trajectory) -> dict[str, Any]:
    game = _new_game(module, request)
    shared = [t for t in module.SPEC.tracks if not t.per_player]
    out: dict[str, Any] = {}
    for seed, number in request["at"]:
        where: dict[str, int] = {}

        def look(n: int, state, at: int = number, into: dict = where) -> None:
            """The shared tracks (a turn, a round...) where the sides part."""
            if n == at:
                into.update({t.id: state.t[t.slot] for t in shared})

        record = _play(game, seed, trajectory, look, bot=request.get("bot"))
        if not where:  # a game that ends before decision `number`: its end is where
            where.update({t.id: record.final.t[t.slot] for t in shared})
        start = max(0, number - trajectory.CONTEXT)
        steps = [[s.number, s.who, s.prompt, list(s.answers), s.chosen, list(s.log)]
                 for s in record.steps[start:number + 1]]
        out[str(seed)] = {"steps": steps, "result": record.result, "tail": list(record.tail),
                          "where": where}
    return out


def _new_game(module, request: dict):
    """The game with the request's options and player count; a side from before player counts
    is asked for none unless the count is given (then it cannot run, which is reported)."""
    if request.get("players") is None:
        return module.Game(request.get("options") or {})
    return module.Game(request.get("options") or {}, players=request["players"])


def _seats(module, request: dict) -> dict[str, Any]:
    """The player count of the games, where the game allows more than one."""
    seats = getattr(module.SPEC, "seats", None)
    if seats is None or seats()[0] == seats()[1]:
        return {}
    return {"players": request.get("players") or seats()[2]}


def run(request: dict) -> dict[str, Any]:
    sys.path.insert(0, request["code"])
    from compiler.diagnostics import CompileError
    from compiler.tools.engines import Engines

    trajectory = _trajectory_module()
    folder = Path(request["content"]) / request["game"]
    if not (folder / "game.yaml").is_file():
        return {"missing": True}
    engines = Engines()
    try:
        compiled, _, module = engines.get(folder)
    except CompileError as exc:
        return {"error": _compile_error_text(exc)}
    if request["phase"] == "detail" or "games" in request.get("parts", []):
        missing = _bot_missing(request.get("bot"))
        if missing:
            return {"error": missing}
        try:  # options or a player count the side's game does not take: said in words
            _new_game(module, request)
        except ValueError as exc:
            return {"error": str(exc)}
    if request["phase"] == "detail":
        return {"detail": _detail(request, module, trajectory)}
    result: dict[str, Any] = {}
    parts = request.get("parts", [])
    if "text" in parts:
        result["text"] = _texts(compiled)
    if "scenarios" in parts:
        result["scenarios"] = _scenarios(request, engines)
    if "games" in parts:
        result["games"] = _games(request, module, trajectory)
        result.update(_seats(module, request))
    if "sheets" in parts:
        result["sheets"] = _sheets(folder, Path(request["scratch"]))
    return result


def _interrupted(_signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt


def main(argv: list[str]) -> int:
    # The caller ends a worker with SIGTERM when the run is interrupted (compare.py, Workers.stop).
    # It unwinds like Ctrl-C (a file being written is removed) and then ends at once: tearing
    # down a Python that holds two engines takes most of a second, and what it would remove at
    # exit (its engines' folder) is in its TMPDIR, inside the run's scratch folder, which the
    # caller removes.
    signal.signal(signal.SIGTERM, _interrupted)
    try:
        request = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
        try:
            result = run(request)
        except Exception:  # reported by the caller as an error of this side
            result = {"error": traceback.format_exc()}
        Path(argv[2]).write_text(json.dumps(result), encoding="utf-8")
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: no answer; the caller is ending the run
        os._exit(130)
    return 0


if __name__ == "__main__":
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
    sys.exit(main(sys.argv))
