"""Text that changed between two sides: printed card texts and rule texts per language, as
word diffs, and catalog entries that became stale (a translator's work to redo)."""

from __future__ import annotations

import difflib
from typing import Any


def word_diff(before: str, after: str) -> str:
    """`git diff --word-diff` style: `[-removed-]{+added+}` around the changed words."""
    old, new = before.split(), after.split()
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if op == "equal":
            out.extend(old[i1:i2])
            continue
        if i2 > i1:
            out.append("[-" + " ".join(old[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(new[j1:j2]) + "+}")
    return " ".join(out)


def _changes(before: dict[str, dict], after: dict[str, dict], key: str) -> list[dict[str, Any]]:
    rows = []
    for item in sorted(set(before) | set(after)):
        old_langs, new_langs = before.get(item, {}), after.get(item, {})
        for lang in sorted(set(old_langs) | set(new_langs)):
            old, new = old_langs.get(lang), new_langs.get(lang)
            if old != new:
                rows.append({key: item, "lang": lang, "before": old, "after": new,
                             "diff": word_diff(old or "", new or "")})
    return rows


def text_changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    stale: dict[str, list] = {}
    for lang, entries in after["stale"].items():
        known = {tuple(e) for e in before["stale"].get(lang, [])}
        fresh = [{"key": k, "source_before": old, "source_after": new}
                 for k, old, new in entries if (k, old, new) not in known]
        if fresh:
            stale[lang] = fresh
    lint = []
    for card in sorted(set(before.get("lint", {})) | set(after.get("lint", {}))):
        old, new = before.get("lint", {}).get(card, {}), after.get("lint", {}).get(card, {})
        for lang in sorted(set(old) | set(new)):
            if old.get(lang) != new.get(lang):
                lint.append({"card": card, "lang": lang, "before": old.get(lang, []),
                             "after": new.get(lang, [])})
    return {"cards": _changes(before["cards"], after["cards"], "card"),
            "generated": _changes(before.get("generated", {}), after.get("generated", {}), "card"),
            "lint": lint,
            "rules": _changes(before["rules"], after["rules"], "rule"),
            "became_stale": stale}
