"""The editors/ folder of issue 45: the effect language's TextMate grammar and the VS Code extension.

The grammar (editors/syntaxes/kurtyna-effect.tmLanguage.json) is run with a TextMate tokenizer from
PyPI, textmate-grammar-python (a port of VS Code's vscode-textmate on Oniguruma), over every card
event and every rule's code of the four games: no token may have an `invalid` scope, every piece of
text gets a scope of its own, and keywords, strings, comments and numbers get the scopes themes
colour.

The injections into YAML are not run through that tokenizer: it knows only a grammar's own
`injections` key, not an injection grammar's `injectionSelector`, and it gives injected patterns
the lowest priority where VS Code gives an `L:` injection the highest. So this file runs the
injection grammars' begin/end/while rules itself, line by line with Oniguruma (onigurumacffi, the
tokenizer's engine), as VS Code applies them, over every YAML file that holds effect text (games
and scenarios), and compares what each embeds with the effect texts a YAML parser reads there.
(By hand, vscode-textmate 9 with VS Code's YAML grammar and with textmate/yaml.tmbundle's embedded
exactly those lines of the same files, with no `invalid` scope: docs/editors.md.)
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import onigurumacffi
import pytest
import yaml
from textmate_grammar.parsers.base import LanguageParser

from compiler.front.resolve.builtins import AGGREGATES, BUILTINS

ROOT = Path(__file__).resolve().parents[2]
EDITORS = ROOT / "editors"
SYNTAXES = EDITORS / "syntaxes"
VSCODE = EDITORS / "vscode"
GAMES = ("zimna_wojna", "zelazna_kurtyna", "cia_kgb", "mocarstwo")
EFFECT_KEYS = {"event", "code", "do"}  # cards.schema.json, rules.schema.json, scenario.schema.json
ROOT_SCOPES = {"source.kurtyna-effect", "meta.function.definition.kurtyna-effect"}
NAME_SCOPES = ("variable.other.declaration.", "variable.parameter.", "entity.name.")


def _grammar(name: str) -> dict:
    return json.loads((SYNTAXES / name).read_text("utf-8"))


@cache
def _parser() -> LanguageParser:
    return LanguageParser(_grammar("kurtyna-effect.tmLanguage.json"))


def _tokens(text: str) -> list[tuple[int, int, str, list[str]]]:
    """(line, column, text, scopes) of each token, as the PyPI tokenizer gives them."""
    element = _parser().parse_string(text)
    assert element is not None, text
    return [(line, column, token, scopes) for (line, column), token, scopes in element.flatten()]


def _effect_texts() -> list[tuple[str, str, str]]:
    """(game, card or rule id, text) of every card event and rule code of the four games."""
    texts = []
    for game in GAMES:
        for path in sorted((ROOT / "content" / game).glob("*.yaml")):
            data = yaml.safe_load(path.read_text("utf-8"))
            if not isinstance(data, dict):
                continue
            for section, key in (("cards", "event"), ("rules", "code")):
                for item in data.get(section) or []:
                    if isinstance(item, dict) and isinstance(item.get(key), str):
                        texts.append((game, f"{path.name}:{item['id']}", item[key]))
    return texts


def _lark_keywords() -> set[str]:
    grammar = (ROOT / "dsl" / "effect.lark").read_text("utf-8")
    words = set(re.findall(r'"([a-z]+)"', grammar))
    for terminal in ("POSITION", "SECRETLY"):
        line = re.search(rf"^{terminal}: (.*)$", grammar, re.M)
        assert line, terminal
        words |= set(re.findall(r'"([a-z]+)"', line.group(1)))
    return words


def test_the_grammar_highlights_every_effect_of_the_four_games_without_an_invalid_scope():
    texts = _effect_texts()
    per_game = {game: sum(1 for g, _, _ in texts if g == game) for game in GAMES}
    assert all(n > 0 for n in per_game.values()), per_game
    assert len(texts) >= 200, per_game
    keywords = _lark_keywords() - {"top", "bottom"}  # also built-in functions: a test below
    seen = {"keyword": 0, "string": 0, "comment": 0, "number": 0}
    for game, where, text in texts:
        tokens = _tokens(text)
        assert "".join(t for _, _, t, _ in tokens).replace("\n", "") == text.replace("\n", ""), where
        previous = ""
        for line, column, token, scopes in tokens:
            place = f"{game} {where} line {line + 1} column {column + 1}: {token!r} {scopes}"
            assert not any("invalid" in scope for scope in scopes), place
            own = [s for s in scopes if s not in ROOT_SCOPES]
            if token.strip():
                assert own, f"nothing matched {place}"  # every piece of text is recognised
            # A keyword may be a name where it cannot be read as the keyword (`let winner = ...`):
            # the grammar scopes the name where it is declared, and the keyword everywhere else.
            words = not any(s.startswith(("string.", "comment.")) for s in own)
            if token in keywords and words and previous != "." and not own[-1].startswith(NAME_SCOPES):
                assert own[-1].startswith(("keyword.", "constant.language.")), place
                seen["keyword"] += 1
            if token.startswith('"'):
                assert any(s.startswith("string.quoted.double.") for s in scopes), place
                seen["string"] += 1
            if token.startswith("#"):
                assert any(s.startswith("comment.line.number-sign.") for s in scopes), place
                seen["comment"] += 1
            if token.isdigit() and words and previous != ".":
                assert own[-1].startswith("constant.numeric."), place
                seen["number"] += 1
            if token.strip():
                previous = token
    assert all(n > 10 for n in seen.values()), seen


def _scope_of(text: str, token: str) -> str:
    for _, _, t, scopes in _tokens(text):
        if t == token:
            return scopes[-1]
    raise AssertionError(f"{token!r} is no token of {text!r}")


def test_every_keyword_of_the_language_is_a_keyword_and_the_builtins_are_the_compilers():
    for word in sorted(_lark_keywords() - {"top", "bottom"}):
        assert _scope_of(f"{word}\n", word).startswith(("keyword.", "constant.language.")), word
    for word in ("top", "bottom"):
        assert _scope_of(f"move c to deck at {word}\n", word) == "constant.language.position.kurtyna-effect"
        assert _scope_of(f"let c = {word}(deck)\n", word) == "support.function.builtin.kurtyna-effect"
    grammar = json.dumps(_grammar("kurtyna-effect.tmLanguage.json"))
    listed = re.search(r'\\\\b\(((?:[a-z_]+\|)+[a-z_]+)\)\\\\s\*\(\?=\\\\\(\)', grammar)
    assert listed, "the built-in functions' pattern"
    assert set(listed.group(1).split("|")) == set(BUILTINS) | set(AGGREGATES)


IF_LINE = "if x >= 2: military_ops[player] += ops  # note\n"


@pytest.mark.parametrize("text, token, scope", [
    ("procedure coup(player: player, target: space, ops: int = 1) -> list[card]:\n", "coup",
     "entity.name.function.kurtyna-effect"),
    ("procedure coup(player: player, target: space, ops: int = 1) -> list[card]:\n", "target",
     "variable.parameter.kurtyna-effect"),
    ("procedure coup(player: player, target: space, ops: int = 1) -> list[card]:\n", "space",
     "support.type.builtin.kurtyna-effect"),
    ("function f() -> period:\n", "period", "entity.name.type.kurtyna-effect"),
    (IF_LINE, "if", "keyword.control.conditional.kurtyna-effect"),
    (IF_LINE, "+=", "keyword.operator.assignment.compound.kurtyna-effect"),
    (IF_LINE, " note", "comment.line.number-sign.kurtyna-effect"),
    ("for s in europe where s.number > 0:\n", "for", "keyword.control.loop.kurtyna-effect"),
    ("for s in europe where s.number > 0:\n", "number", "variable.other.property.kurtyna-effect"),
    ('log "coup" with player=p, roll=roll(2d6)\n', "coup", "string.quoted.double.kurtyna-effect"),
    ('log "coup" with player=p, roll=roll(2d6)\n', "2d6", "constant.numeric.dice.kurtyna-effect"),
    ('log "coup" with player=p, roll=roll(2d6)\n', "roll", "variable.other.kurtyna-effect"),
    ("let c = us secretly chooses one c in hand[us] where c.ops >= 2\n", "secretly",
     "keyword.other.choice.kurtyna-effect"),
    ("lasting containment forever:\n", "containment", "entity.name.label.kurtyna-effect"),
    ("end game winner none because \"nuclear_war\"\n", "none", "constant.language.kurtyna-effect"),
    ("emit coup_made(player, target)\n", "coup_made", "entity.name.function.call.kurtyna-effect"),
])
def test_constructs_get_the_scopes_themes_colour(text, token, scope):
    assert _scope_of(text, token) == scope


def test_half_typed_text_stays_on_its_line_and_is_never_invalid():
    text = 'procedure p(a: int = f(1\n    log "unclosed\n    x = ]) } ! $ ; @\n    if x:\n'
    tokens = _tokens(text)
    assert not any("invalid" in s for _, _, _, scopes in tokens for s in scopes)
    # neither the open parameter list nor the open string runs on into the next line
    assert _scope_of(text, "if") == "keyword.control.conditional.kurtyna-effect"
    assert all("meta.function.definition.kurtyna-effect" not in scopes for line, _, _, scopes in tokens
               if line > 0)


# -- the injections into YAML, run rule by rule with Oniguruma


def _onig(pattern: str):
    return onigurumacffi.compile(pattern)


def _with_backreferences(pattern: str, groups: dict[int, str]) -> str:
    """An end pattern with \\N replaced by what the begin pattern captured, escaped (as VS Code)."""
    return re.sub(r"\\(\d)", lambda m: re.sub(r"([^\w\s])", r"\\\1", groups[int(m.group(1))]), pattern)


def _embedded_by_line_start_grammar(lines: list[str]) -> list[int]:
    """Lines the line-start injection embeds: begin at column 0, end tried at each next line."""
    rules = _grammar("kurtyna-effect.injection-line-start.tmLanguage.json")["repository"].values()
    compiled = [(_onig(rule["begin"]), rule["end"]) for rule in rules]
    embedded, number = [], 0
    while number < len(lines):
        for begin, end in compiled:
            match = begin.search(lines[number] + "\n", 0)
            if match is not None and match.start() == 0:
                groups = {n: match.group(n) or "" for n in range(1, 4)}
                end_rule = _onig(_with_backreferences(end, groups))
                number += 1
                while number < len(lines):
                    stop = end_rule.search(lines[number] + "\n", 0)
                    if stop is not None and stop.start() == 0:
                        break
                    embedded.append(number)
                    number += 1
                break
        else:
            number += 1
    return embedded


def _embedded_by_while_grammar(lines: list[str]) -> list[int]:
    """Lines the injection for VS Code's YAML grammar embeds. That grammar's begin/while rules
    take each line's indentation, and a sequence item's dash, before anything else is tried: the
    injection's begin is tried where the key starts; on the next lines the enclosing mapping's
    while rule takes the key's indentation (or fails on a line indented less, which ends every
    rule inside it) and the injection's while rule is tried on the rest of the line."""
    rule = _grammar("kurtyna-effect.injection.tmLanguage.json")["repository"]["effect-block"]
    begin, keep = _onig(rule["begin"]), _onig(rule["while"])
    embedded, number = [], 0
    while number < len(lines):
        line = lines[number]
        key = re.match(r"[ \t]*(?:-[ \t]+)*", line).end()
        match = begin.search(line + "\n", key)
        number += 1
        if match is None or match.start() != key:
            continue
        while number < len(lines):
            line = lines[number]
            indent = len(line) - len(line.lstrip(" "))
            if line.strip() and indent < key:
                break
            rest = line[key:] if line.strip() else ""
            kept = keep.search(rest + "\n", 0)
            if kept is None or kept.start() != 0:
                break
            embedded.append(number)
            number += 1
    return embedded


def _effect_yaml_files() -> list[Path]:
    found = []
    for folder in (ROOT / "content", ROOT / "tests"):
        for path in sorted(folder.rglob("*.yaml")):
            text = path.read_text("utf-8")
            if re.search(r"^[ \t]*(?:- )?(?:event|code|do):[ \t]*[|>]", text, re.M):
                found.append(path)
    return found


def _texts_in(data) -> list[str]:
    """Every multi-line value of an effect key, as YAML reads it."""
    if isinstance(data, dict):
        found = [v for k, v in data.items() if k in EFFECT_KEYS and isinstance(v, str) and "\n" in v]
        return found + [t for v in data.values() for t in _texts_in(v)]
    if isinstance(data, list):
        return [t for v in data for t in _texts_in(v)]
    return []


@pytest.mark.parametrize("embed", [_embedded_by_while_grammar, _embedded_by_line_start_grammar],
                         ids=["vscode-yaml-grammar", "line-start-yaml-grammar"])
def test_the_injections_embed_exactly_the_effect_texts_of_every_yaml_file(embed):
    files = _effect_yaml_files()
    assert len(files) >= 100  # the games' cards and rules, and the scenarios' steps
    lines_embedded = 0
    for path in files:
        lines = path.read_text("utf-8").split("\n")
        embedded = [lines[n] for n in embed(lines) if lines[n].strip()]
        expected = [line for text in _texts_in(yaml.safe_load("\n".join(lines)))
                    for line in text.split("\n") if line.strip()]
        assert [line.strip() for line in embedded] == [line.strip() for line in expected], path
        lines_embedded += len(embedded)
    assert lines_embedded > 3000


def test_a_block_ends_at_its_keys_level_and_keeps_blank_lines():
    lines = ["cards:", "  - id: a", "    event: |", "      if x:", "", "          y = 1",
             "      # a comment", "    names: {en: A}", "  - event: |-  # the second", "      pass", "",
             "    text: {en: B}", "rules:", "  - id: r", "    code: >", "      event e()", "other: 1"]
    for embed in (_embedded_by_while_grammar, _embedded_by_line_start_grammar):
        assert embed(lines) == [3, 4, 5, 6, 9, 10, 15], embed.__name__


# -- the VS Code extension folder


def test_the_vscode_extension_names_files_that_exist_and_its_script_is_valid_javascript():
    manifest = json.loads((VSCODE / "package.json").read_text("utf-8"))
    assert (VSCODE / manifest["main"]).is_file()
    assert "workspaceContains:**/game.yaml" in manifest["activationEvents"]
    contributes = manifest["contributes"]
    language = contributes["languages"][0]
    assert language["id"] == "kurtyna-effect"
    assert json.loads((VSCODE / language["configuration"]).read_text("utf-8"))["comments"] == {
        "lineComment": "#"}
    scopes = {}
    for entry in contributes["grammars"]:
        path = VSCODE / entry["path"]
        assert path.resolve().is_relative_to(VSCODE.resolve()), entry  # vsce packs the folder only
        grammar = json.loads(path.read_text("utf-8"))
        assert grammar["scopeName"] == entry["scopeName"]
        scopes[entry["scopeName"]] = entry
        assert (SYNTAXES / path.name).read_bytes() == path.read_bytes()  # editors/syntaxes is the same
    assert scopes["source.kurtyna-effect"]["language"] == "kurtyna-effect"
    for injection in ("kurtyna-effect.injection", "kurtyna-effect.injection-line-start"):
        assert scopes[injection]["injectTo"] == ["source.yaml"]
        embedded = scopes[injection]["embeddedLanguages"]
        assert embedded == {"meta.embedded.block.kurtyna-effect": "kurtyna-effect"}
    settings = contributes["configuration"]["properties"]
    assert settings["kurtyna.server.command"]["default"] == "kurtyna"

    script = (VSCODE / "extension.js").read_text("utf-8")
    required = set(re.findall(r'require\("([^"]+)"\)', script))
    assert required == {"vscode", "vscode-languageclient/node"}
    assert "vscode-languageclient" in manifest["dependencies"]
    assert 'args: ["lsp"]' in script and 'get("server.command")' in script
    node = shutil.which("node")
    assert node, "node (Node.js) is needed to check editors/vscode/extension.js"
    checked = subprocess.run([node, "--check", str(VSCODE / "extension.js")], capture_output=True,
                             text=True, timeout=60)
    assert checked.returncode == 0, checked.stderr
