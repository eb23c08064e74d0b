"""The report of `kurtyna regress` for people: rich tables in the terminal, or one HTML page to
share (Jinja2 with autoescaping: card texts and log lines from content never become markup).
In the terminal, every string of the report is shown through `terminal_safe` first
(dsl/printable.py): a card name, a text, a diff or log line, a side's error message comes from
content someone else may have written, and it shows there, never controls the terminal."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape
from rich.console import Console
from rich.markup import escape as plain
from rich.table import Table

from dsl.printable import terminal_safe

# How many rows of a long list the terminal shows (the JSON and HTML have them all).
SHOWN = 10
EXAMPLES = 5  # divergences shown in full


def _fmt(value: float, kind: str) -> str:
    return f"{value:.1%}" if kind == "share" else f"{value:.2f}"


def _signed(value: float, kind: str) -> str:
    return f"{value:+.1%}" if kind == "share" else f"{value:+.2f}"


def interval(metric: dict) -> str:
    kind = metric["kind"]
    return f"[{_signed(metric['low'], kind)}, {_signed(metric['high'], kind)}]"


def for_terminal(value: Any) -> Any:
    """`value` (the report, or any part of it) with every string, keys included, made safe for
    a terminal: controls, bidirectional overrides and the like written as visible escapes."""
    if isinstance(value, str):
        return terminal_safe(value)
    if isinstance(value, dict):
        return {for_terminal(key): for_terminal(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [for_terminal(item) for item in value]
    return value


def _options_said(options: dict[str, Any] | None) -> str:
    """ ' (reading_x=second)': the options one side's games ran with, when the sides differ."""
    if not options:
        return ""
    return " (" + ", ".join(f"{plain(k)}={plain(str(v).lower() if isinstance(v, bool) else v)}"
                            for k, v in sorted(options.items())) + ")"


def print_report(report: dict[str, Any], console: Console, all_metrics: bool = False) -> None:
    report = for_terminal(report)  # the JSON and the HTML page escape in their own way
    if "same_tree" in report["verdict"]:  # nothing was compared: the one line that says why
        console.print(report["verdict"]["same_tree"], markup=False, highlight=False, soft_wrap=True)
        return
    settings = report["settings"]
    console.print(f"[bold]kurtyna regress[/bold]  {plain(report['base']['label'])}"
                  f"{_options_said(settings.get('base_options'))} → "
                  f"{plain(report['head']['label'])}{_options_said(settings.get('head_options'))}")
    for game in report["games"]:
        seats = f" ({game['players']} players)" if "players" in game else ""  # a game of several counts
        console.rule(f"[bold]{plain(game['game'])}{seats}[/bold]")
        if "missing" in game:
            console.print(f"the game is missing on: {', '.join(game['missing'])}")
            continue
        if "errors" in game:
            for side, error in game["errors"].items():
                console.print(f"[red]{side} could not be built or run:[/red]")
                console.print(error, markup=False, highlight=False)
            continue
        _scenarios(game["scenarios"], console)
        policy = plain(report["settings"].get("policy", "stable choice"))
        _playthroughs(game["playthroughs"], console, policy)
        _outcomes(game["outcomes"], console, all_metrics, policy)
        _text(game["text"], console)
        if "sheets" in game:
            _sheets(game["sheets"], console)
    v = report["verdict"]
    console.rule()
    console.print(f"verdict: {v['newly_failing']} newly failing, {v['newly_passing']} newly passing "
                  f"scenarios; {v['diverged']} diverged seeds; {v['faults']} changed faults; "
                  f"{v['significant']} significant outcomes → exit {v['exit']}")


def _scenarios(s: dict, console: Console) -> None:
    console.print(f"[bold]scenarios[/bold]  {s['run']} run: {len(s['newly_failing'])} newly failing, "
                  f"{len(s['newly_passing'])} newly passing, {s['unchanged']} unchanged, "
                  f"{len(s['added'])} added, {len(s['removed'])} removed")
    for label, rows in (("FAIL", s["newly_failing"]), ("PASS", s["newly_passing"])):
        for row in rows[:SHOWN]:
            console.print(f"  {label} {row['path']}  {row['title']} [{row['source']}]", markup=False)
            if label == "FAIL":
                for failure in row["failures"]:
                    console.print(f"       {failure}", markup=False, highlight=False)


def _playthroughs(p: dict, console: Console, policy: str) -> None:
    console.print(f"[bold]playthroughs[/bold]  {p['seeds']} seeds ({policy}): {p['identical']} "
                  f"identical, {p['diverged']} diverged, {len(p['faults'])} with a changed fault")
    for fault in p["faults"][:SHOWN]:
        console.print(f"  seed {fault['seed']}: before: {fault['before'] or 'ok'}; "
                      f"after: {fault['after'] or 'ok'}", markup=False)
    for old, count, heads, more in divergence_groups(p)[:SHOWN]:
        others = ", ".join(f"{new} {n}×" for new, n in heads)
        console.print(f"  {count:5} × first differ where base asks {old}; head asks "
                      f"{others}{' …' if more else ''}", markup=False)
    for d in p["divergences"][:EXAMPLES]:
        note = f" ({d['note']})" if d.get("note") else ""
        when = ", ".join(f"{track} {value}" for track, value in d.get("where", {}).items())
        when = f" ({when})" if when else ""
        console.print(f"  seed {d['seed']}, decision {d['decision']}{when}: {_why(d)}{note}", markup=False)
        for line in d.get("context", [])[-3:]:
            console.print(f"      | {line}", markup=False, highlight=False)
        for name in ("before", "after"):
            step = d.get(name)
            if step is not None:
                console.print(f"      {name:6}: {step['who']} asked {step['prompt']}: "
                              f"{_answers(step['answers'])}  → {step['chosen']}",
                              markup=False, highlight=False)
    if p["diverged"] > EXAMPLES:
        console.print(f"  … and {p['diverged'] - EXAMPLES} more (all in --json and --html)")


def divergence_groups(p: dict) -> list[tuple[str, int, list[tuple[str, int]], bool]]:
    """The divergences grouped by where the base side was when they parted, most first: the
    base's question, how many, the head's questions there (the four commonest, with counts) and
    whether there were more."""
    where: dict[str, Counter] = {}
    for d in p["divergences"]:
        where.setdefault(_prompt(d["before"]), Counter())[_prompt(d["after"], who=False)] += 1
    return [(old, sum(heads.values()), heads.most_common(4), len(heads) > 4)
            for old, heads in sorted(where.items(), key=lambda kv: -sum(kv[1].values()))]


def _prompt(step: dict | None, who: bool = True) -> str:
    if step is None:
        return "nothing (the game is over)"
    return f"{step['prompt']} ({step['who']})" if who else step["prompt"]


def _why(d: dict) -> str:
    return {"question": "a different question or answers", "log": "different things happened before it",
            "end": "one game ends here"}.get(d["why"], d["why"])


def _answers(answers: list[str], most: int = 8) -> str:
    shown = ", ".join(answers[:most])
    return shown + (f", … ({len(answers)} answers)" if len(answers) > most else "")


def shown_metrics(metrics: list[dict], all_metrics: bool = False) -> tuple[list[dict], list[dict]]:
    """The metrics shown first (the game's outcomes, and the card events whose change is
    significant) and the rest (card events that did not change significantly)."""
    first: list[dict] = []
    rest: list[dict] = []
    for m in metrics:
        shown = all_metrics or m["significant"] or not m["name"].startswith("event:")
        (first if shown else rest).append(m)
    return first, rest


def _outcomes(o: dict, console: Console, all_metrics: bool, policy: str) -> None:
    shown, hidden = shown_metrics(o["metrics"], all_metrics)
    table = Table(title=f"outcomes over {o['games']} paired games, {policy} "
                        f"({1 - o['alpha']:.0%} intervals; * significant after Holm's correction)",
                  title_justify="left")
    for column in ("metric", "before", "after", "difference", "interval", "p", ""):
        table.add_column(column, justify="left" if column == "metric" else "right")
    for m in shown:
        table.add_row(plain(m["name"]), _fmt(m["before"], m["kind"]), _fmt(m["after"], m["kind"]),
                      _signed(m["diff"], m["kind"]), interval(m), f"{m['p']:.3f}",
                      "*" if m["significant"] else "")
    console.print(table)
    if hidden:
        console.print(f"  ({len(hidden)} card events without a significant change not shown; "
                      "--all-metrics shows them)")


def text_summary(t: dict) -> str:
    """The text section's first line, the same in the terminal and the HTML page."""
    printed = {row["card"] for row in t["cards"]}
    generated = {row["card"] for row in t["generated"]}
    rules = {row["rule"] for row in t["rules"]}
    return (f"printed text of {len(printed)} card(s), text generated from the mechanics of "
            f"{len(generated)} card(s) and of {len(rules)} rule(s) changed")


def new_contradictions(t: dict) -> list[dict[str, str]]:
    """Each fault the text lint finds on the head side and not on the base side: an authored
    text that now contradicts its effect (the build's E701)."""
    return [{"card": row["card"], "lang": row["lang"], "fault": fault}
            for row in t["lint"] for fault in row["after"] if fault not in row["before"]]


def _text(t: dict, console: Console) -> None:
    console.print(f"[bold]text[/bold]  {text_summary(t)}")
    for label, rows in (("printed", t["cards"]), ("generated", t["generated"]), ("rule", t["rules"])):
        for row in rows[:SHOWN * 2]:
            name = row.get("card") or row.get("rule")
            console.print(f"  {label} {name} [{row['lang']}]: {row['diff']}", markup=False, highlight=False)
    for found in new_contradictions(t):
        console.print(f"  [yellow]now contradicts its effect[/yellow] "
                      f"{plain(found['card'])} {plain('[' + found['lang'] + ']')}: {plain(found['fault'])}",
                      highlight=False)
    for lang, entries in t["became_stale"].items():
        keys = ", ".join(e["key"] for e in entries[:SHOWN])
        console.print(f"  catalog {lang}: {len(entries)} entr{'y' if len(entries) == 1 else 'ies'} "
                      f"to translate again: {keys}", markup=False)


def _sheets(s: dict, console: Console) -> None:
    changed = s["pages_changed"]
    console.print(f"[bold]sheets[/bold]  {len(changed)} page(s) changed, {s['pages_unchanged']} unchanged")
    for row in changed[:SHOWN * 2]:
        kinds = (("text", row["text_changed"]), ("image", row["image_changed"]))
        what = " and ".join(k for k, v in kinds if v)
        where = f" (only {row['only']})" if "only" in row else ""
        console.print(f"  {row['file']} page {row['page']}{where}: {what}", markup=False)
        if row.get("diff"):
            console.print(f"      {row['diff']}", markup=False, highlight=False)
    for name, error in s["errors"].items():
        console.print(f"  {name}: before: {error['before'] or 'ok'}; after: {error['after'] or 'ok'}",
                      markup=False, highlight=False)


DIVERGENCES_SHOWN = 20  # rows of the HTML page's divergence table before the rest is folded


def html_page(report: dict[str, Any]) -> str:
    """The report as one page, first things first: the verdict, then per game the outcomes,
    scenarios, text (printed, generated, rule text, contradictions, catalog entries to translate
    again) and sheets, and the divergences last, the first DIVERGENCES_SHOWN rows open and the
    rest folded."""
    env = Environment(loader=PackageLoader("compiler.tools.regress", "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    env.filters["interval"] = interval
    env.filters["fmt"] = lambda m, key: _fmt(m[key], m["kind"])
    env.filters["signed"] = lambda m: _signed(m["diff"], m["kind"])
    env.filters["worddiff"] = word_diff_markup
    env.globals.update(text_summary=text_summary, new_contradictions=new_contradictions,
                       shown_metrics=shown_metrics, divergence_groups=divergence_groups,
                       shown=DIVERGENCES_SHOWN)
    return env.get_template("report.html.j2").render(report=report)


_MARKS = re.compile(r"\[-(.*?)-\]|\{\+(.*?)\+\}")


def word_diff_markup(diff: str) -> Markup:
    """A word diff with <del> and <ins>; every piece of text is escaped first."""
    out, last = [], 0
    for match in _MARKS.finditer(diff):
        out.append(escape(diff[last:match.start()]))
        removed, added = match.groups()
        out.append(Markup("<del>{}</del>").format(removed) if removed is not None
                   else Markup("<ins>{}</ins>").format(added))
        last = match.end()
    out.append(escape(diff[last:]))
    return Markup("").join(out)
