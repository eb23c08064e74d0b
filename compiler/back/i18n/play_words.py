"""The words of `kurtyna play` in text.yaml, checked against the rules: `prompts:` (what each
decision asks), `answered:` (how an answer reads in the log), `log:` (how each logged message
reads) and `reasons:` (why a game ended). Part of `kurtyna check`
(compiler.pipeline.checked_game); docs/play.md."""

from __future__ import annotations

from typing import Any

from compiler.back.i18n.placeholders import placeholders
from compiler.diagnostics import Diagnostics, did_you_mean
from compiler.front.prompts import decision_points, end_reasons, log_points
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
            _check_template("log", message, template, logged[message].args, text, diags)
    _check_answered_and_reasons(program, text, diags)


def _check_answered_and_reasons(program: Any, text: TextFile, diags: Diagnostics) -> None:
    """`answered:` and `reasons:` are optional (a line without words reads as the prompt quoted,
    a reason as its id): each key must be one the rules have, each line use {player} and
    {answer} only."""
    asked = {p.key for p in decision_points(program)}
    for key, template in text.answered.items():
        if key not in asked:
            diags.error("E301", f"text.yaml words the answer to '{key}', which the rules do not ask",
                        text.doc.key_span(("answered", key)), did_you_mean(key, sorted(asked)) or
                        "a key of 'answered:' is a prompt key, as under 'prompts:'")
        elif template is not False:  # false: no line, the rules log what the answer did
            _check_template("answered", key, template, ANSWER_ARGS, text, diags)
    reasons = end_reasons(program)
    for reason in text.reasons:
        if reason not in reasons:
            diags.error("E301", f"text.yaml words the reason '{reason}', which no 'end game ... because' "
                        "of the rules gives", text.doc.key_span(("reasons", reason)),
                        did_you_mean(reason, sorted(reasons)) or
                        f"the rules' reasons: {', '.join(sorted(reasons)) or 'none'}")


ANSWER_ARGS = ("player", "answer")  # what a line of `answered:` may name


def _check_template(section: str, key: str, template: str, args: tuple[str, ...], text: TextFile,
                    diags: Diagnostics) -> None:
    what = "log message" if section == "log" else "line of the answer to"
    for p in placeholders(template):
        span = text.span(section, key)
        if not p.valid:
            diags.error("E708", f"'{p.text}' in the {what} '{key}' is no placeholder", span,
                        "write {x}, {x:form}, {x|term} or {@term}; see docs/translating.md")
        elif p.argument and p.argument not in args:
            given = "the rules log no" if section == "log" else "an answer's line has no"
            diags.error("E708", f"the {what} '{key}' has the placeholder '{p.text}', but {given} "
                        f"'{p.argument}' with it", span,
                        did_you_mean(p.argument, list(args)) or f"its arguments: {', '.join(args) or 'none'}")
        if p.term and p.term not in text.terms:
            diags.error("E709", f"'{p.text}' names the glossary term '{p.term}', which text.yaml does "
                        "not declare", span,
                        did_you_mean(p.term, list(text.terms)) or "declare it under 'terms'")
