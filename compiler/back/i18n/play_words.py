"""The words of `kurtyna play` in text.yaml, checked against the rules: `prompts:` (what each
decision asks) and `log:` (how each logged message reads). Part of `kurtyna check`
(compiler.pipeline.checked_game); docs/play.md."""

from __future__ import annotations

from typing import Any

from compiler.back.i18n.placeholders import placeholders
from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front.prompts import decision_points, log_points
from compiler.front.text import TextFile


def check_play_words(program: Any, text: TextFile | None, diags: Diagnostics) -> None:
    """text.yaml's `prompts:` and `log:` word what the rules ask and log: each key must be a
    decision or a message of the rules (E301); once a section is there, every decision or message
    needs its words (E726, at the choice or the `log`), so a player never reads a raw key."""
    if text is None or text.doc is None or program is None:
        return
    logged = {p.message: p for p in log_points(program)}
    sections = (("prompts", "decision", {p.key: p.span for p in decision_points(program)}),
                ("log", "logged message", {m: p.span for m, p in logged.items()}))
    for section, what, known in sections:
        worded = getattr(text, section)
        for key in worded:
            if key not in known:
                diags.error("E301", f"text.yaml words the {what} '{key}', which the rules do not have",
                            text.doc.key_span((section, key)), did_you_mean(key, sorted(known)) or
                            f"the rules have: {', '.join(sorted(known)) or 'none'}")
        if section not in text.doc.data:
            continue
        for key, span in known.items():
            if key not in worded:
                diags.error("E726", f"the {what} '{key}' has no words in text.yaml '{section}:'", span,
                            f"add '{key}: ...' under '{section}:' in text.yaml (docs/translating.md)")
    for message, template in text.log.items():
        if message in logged:
            _check_log_template(message, template, logged[message].args, text, diags)


def _check_log_template(message: str, template: str, args: tuple[str, ...], text: TextFile,
                        diags: Diagnostics) -> None:
    for p in placeholders(template):
        span = text.span("log", message)
        if not p.valid:
            diags.error("E708", f"'{p.text}' in the log message '{message}' is no placeholder", span,
                        "write {x}, {x:form}, {x|term} or {@term}; see docs/translating.md")
        elif p.argument and p.argument not in args:
            diags.error("E708", f"the log message '{message}' has the placeholder '{p.text}', but the "
                        f"rules log no '{p.argument}' with it", span,
                        did_you_mean(p.argument, list(args)) or f"its arguments: {', '.join(args) or 'none'}")
        if p.term and p.term not in text.terms:
            diags.error("E709", f"'{p.text}' names the glossary term '{p.term}', which text.yaml does "
                        "not declare", span,
                        did_you_mean(p.term, list(text.terms)) or "declare it under 'terms'")
