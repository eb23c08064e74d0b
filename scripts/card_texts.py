"""Write a batch of authored card texts into a game: English into the card's YAML, Polish and
Czech into the catalogs (as done, current translations).

    python scripts/card_texts.py import content/zimna_wojna batch.yaml
    python scripts/card_texts.py export content/zimna_wojna [CARD ...] > batch.yaml

A batch is a YAML mapping of card id to {en, pl, cs} (any of them). `import` rewrites the
English `text:` block of each card (or adds one after its `- id:` line), refreshes the
catalogs like `kurtyna i18n update`, and sets the `text.<card>` entry of each language. Then
run `kurtyna check` to lint the texts against the effects. Used to bring texts written in a
batch (by a writer or a translator outside Poedit) into the content in one step.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import replace
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from compiler import fsio  # noqa: E402
from compiler.back.i18n.catalog import read_catalog, render  # noqa: E402
from compiler.back.i18n.manage import TARGET_LOCALES, update  # noqa: E402
from compiler.back.i18n.translations import catalog_path, translations  # noqa: E402
from compiler.pipeline import compile_game  # noqa: E402


def _card_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.yaml"))


def set_english(folder: Path, card_id: str, text: str) -> None:
    """Replace (or add) the card's `text:` block with `en: <text>`, keeping every other line."""
    start = re.compile(rf"^(\s*)- id: {re.escape(card_id)}\s*$")
    for path in _card_files(folder):
        lines = path.read_text("utf-8").splitlines(keepends=True)
        for i, line in enumerate(lines):
            m = start.match(line)
            if not m:
                continue
            indent = m.group(1) + "  "
            end = i + 1
            while end < len(lines) and (lines[end].startswith(indent) or not lines[end].strip()):
                end += 1
            body = lines[i + 1:end]
            kept, skipping = [], False
            for b in body:
                if b.startswith(indent + "text:"):
                    skipping = True
                    continue
                if skipping and (b.startswith(indent + " ") or not b.strip()):
                    continue
                skipping = False
                kept.append(b)
            block = [f"{indent}text:\n", f"{indent}  en: {json.dumps(text, ensure_ascii=False)}\n"]
            lines[i + 1:end] = block + kept
            fsio.write_text(path, "".join(lines))
            return
    raise SystemExit(f"no card '{card_id}' in {folder}")


def import_batch(folder: Path, batch: dict) -> None:
    for card_id, texts in batch.items():
        if texts.get("en"):
            set_english(folder, card_id, texts["en"].strip())
    compiled = compile_game(folder)
    update(compiled)
    for lang in TARGET_LOCALES:
        path = catalog_path(folder, lang)
        catalog = read_catalog(path, lang)
        for card_id, texts in batch.items():
            key = f"text.{card_id}"
            if texts.get(lang) and key in catalog.entries:
                catalog.entries[key] = replace(catalog.entries[key], translation=texts[lang].strip(),
                                               fuzzy=False, previous=None)
        fsio.write_text(path, render(catalog))


def export(folder: Path, ids: list[str]) -> dict:
    compiled = compile_game(folder)
    out = {}
    for card in compiled.game.cards:
        if ids and card.id not in ids:
            continue
        out[card.id] = {lang: translations(compiled, lang).authored_text(card.id) or ""
                        for lang in ("en", *TARGET_LOCALES)}
    return out


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("import", "export"):
        print(__doc__)
        return 2
    folder = Path(argv[1])
    if argv[0] == "import":
        import_batch(folder, yaml.safe_load(Path(argv[2]).read_text("utf-8")))
    else:
        print(yaml.safe_dump(export(folder, argv[2:]), allow_unicode=True, sort_keys=False, width=100))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
