"""Which printed sheet pages changed between two sides (`kurtyna regress --sheets`): per file
and page, whether its text changed (with a word diff) and whether its image did."""

from __future__ import annotations

from typing import Any

from compiler.tools.regress.textdiff import word_diff


def sheet_changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    changed: list[dict[str, Any]] = []
    errors: dict[str, dict[str, str | None]] = {}
    same = 0
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name), after.get(name)
        if isinstance(old, dict) or isinstance(new, dict):  # a language whose sheets failed
            old_error = old.get("error") if isinstance(old, dict) else None
            new_error = new.get("error") if isinstance(new, dict) else None
            if old_error != new_error:
                errors[name] = {"before": old_error, "after": new_error}
            continue
        old, new = old or [], new or []
        for number in range(max(len(old), len(new))):
            page_old = old[number] if number < len(old) else None
            page_new = new[number] if number < len(new) else None
            if page_old == page_new:
                same += 1
                continue
            a, b = page_old or {}, page_new or {}
            row: dict[str, Any] = {"file": name, "page": number + 1,
                                   "text_changed": a.get("text") != b.get("text"),
                                   "image_changed": a.get("image") != b.get("image")}
            if page_old is None or page_new is None:
                row["only"] = "after" if page_old is None else "before"
            elif row["text_changed"]:
                row["diff"] = _short(word_diff(page_old["text"], page_new["text"]))
            changed.append(row)
    return {"pages_unchanged": same, "pages_changed": changed, "errors": errors}


def _short(diff: str, around: int = 8) -> str:
    """The changed words with a few words around each change; a sheet page is long."""
    words = diff.split(" ")
    keep = [i for i, w in enumerate(words) if w.startswith(("[-", "{+")) or w.endswith(("-]", "+}"))]
    shown = sorted({j for i in keep for j in range(max(0, i - around), min(len(words), i + around + 1))})
    out, last = [], -1
    for i in shown:
        if i != last + 1:
            out.append("…")
        out.append(words[i])
        last = i
    return " ".join(out + (["…"] if last < len(words) - 1 else []))
