"""Golden playthroughs (issue 16): every file under tests/playthroughs/ replays exactly against
the engine compiled from content/, and a change that alters play fails the replay, naming the
decision with the legal answers or the log line that differs."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from compiler.tools.regress.playthroughs import _scalar, record, replay, update, update_playthroughs

from ..conftest import CONTENT, FIXTURES, ROOT

PLAYTHROUGHS = ROOT / "tests" / "playthroughs"
GOLDEN = sorted(PLAYTHROUGHS.glob("*/seed-*.yaml"))
TINY = FIXTURES / "games" / "tiny"


def test_the_games_have_golden_playthroughs():
    games = {path.parent.name for path in GOLDEN}
    assert {"zimna_wojna", "zelazna_kurtyna", "cia_kgb", "mocarstwo"} <= games
    for game in games:
        assert (CONTENT / game).is_dir(), f"tests/playthroughs/{game}: no such game under content/"


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_golden_playthrough_replays_exactly(compiled_packages, path: Path):
    engine = compiled_packages(CONTENT / path.parent.name)
    problems = replay(engine, path)
    assert not problems, (f"{path.relative_to(ROOT)} no longer replays:\n" + "\n".join(problems)
                          + f"\nIf the change is meant, regenerate: kurtyna regress --update-playthroughs "
                          f"{path.parent.name} (docs/regress.md)")


def changed_game(tmp_path: Path, event: tuple[str, str], text: tuple[str, str]) -> Path:
    """A copy of Żelazna Kurtyna with one card's event (and its English text) changed."""
    folder = tmp_path / "zelazna_kurtyna"
    shutil.copytree(CONTENT / "zelazna_kurtyna", folder)
    cards = folder / "cards.yaml"
    source = cards.read_text("utf-8")
    assert source.count(event[0]) == 1 and source.count(text[0]) == 1
    cards.write_text(source.replace(*event).replace(*text), "utf-8")
    shutil.rmtree(folder / "locales")  # the translations say the old text; play needs none
    return folder


def replays_of(engine) -> list[list[str]]:
    return [replay(engine, path) for path in sorted(PLAYTHROUGHS.glob("zelazna_kurtyna/seed-*.yaml"))]


def test_a_changed_choice_stops_the_replay_at_the_decision_with_the_legal_answers(compiled_packages,
                                                                                   tmp_path):
    # Poland's event infiltrates into any other card instead of into Poland.
    folder = changed_game(tmp_path, ("infiltrate(ussr, 1, [poland])",
                                     "infiltrate(ussr, 1, {s in spaces where on_grid(s) and s != poland})"),
                          ("infiltrates 1 cube into Poland.",
                           "infiltrates 1 cube into a card on the table other than Poland."))
    failed = [problems for problems in replays_of(compiled_packages(folder)) if problems]
    assert failed, "a changed Poland never changed a golden game"
    for problems in failed:
        text = "\n".join(problems)
        assert re.search(r"^decision \d+: the recorded answer 'poland' to 'infiltrate\.s' \(ussr\) "
                         r"is not legal; legal: \(\d+\) \w+, \w+", text, re.M), text
        assert re.search(r"^decision \d+: \d+ legal answers to 'infiltrate\.s'; the file has 1$", text, re.M)


def test_a_changed_effect_stops_the_replay_at_the_log_line_that_differs(compiled_packages, tmp_path):
    # East Germany's event gives the USSR 3 points instead of 1.
    folder = changed_game(tmp_path, ("gain(ussr, 1)\n      infiltrate(ussr, 2,",
                                     "gain(ussr, 3)\n      infiltrate(ussr, 2,"),
                          ("The USSR gains 1 point and infiltrates",
                           "The USSR gains 3 points and infiltrates"))
    failed = [problems for problems in replays_of(compiled_packages(folder)) if problems]
    assert failed, "East Germany's 3 points never changed a golden game"
    text = "\n".join(problem for problems in failed for problem in problems)
    assert re.search(r"^(decision \d+|the end \(after decision \d+\)): log line \d+ (since the previous "
                     r"decision|after the last decision) differs\n(  after: .*\n)?  recorded: .+\n  now: .+",
                     text, re.M), text


def test_record_then_replay_is_exact_and_record_is_byte_deterministic(compiled_packages, tiny):
    engine = compiled_packages(CONTENT / "zelazna_kurtyna")
    for game, game_id, options in ((engine, "zelazna_kurtyna", {}), (tiny, "tiny", {"rounds": 2}),
                                   (tiny, "tiny", {"island": True})):
        for seed in (4, 11):
            text = record(game, game_id, seed, options)
            assert record(game, game_id, seed, options) == text
            assert replay(game, text) == []
            data = yaml.safe_load(text)
            assert data["options"] == options and data["seed"] == seed and data["game"] == game_id
            assert [d["n"] for d in data["decisions"]] == list(range(len(data["decisions"])))
    with pytest.raises(ValueError, match="plays 'tiny'"):
        record(tiny, "other", 1, {})


def test_the_replay_reports_a_damaged_file(tiny):
    text = record(tiny, "tiny", 2, {})
    data = yaml.safe_load(text)
    last = len(data["decisions"]) - 1

    def damaged(change) -> list[str]:
        copy = yaml.safe_load(text)
        change(copy)
        return replay(tiny, copy)

    problems = damaged(lambda d: d["decisions"].pop())
    assert all(p.startswith(f"the end (after decision {last - 1})") for p in problems)
    assert "but it goes on" in problems[-1] and "legal: (" in problems[-1]
    problems = damaged(lambda d: d["decisions"].append({**d["decisions"][-1], "n": last + 1, "log": []}))
    assert any(f"decision {last + 1}: the game is over" in p for p in problems)
    problems = damaged(lambda d: d["decisions"][0].update(legal=99, who="nobody"))
    assert problems[0].startswith("decision 0: ") and "the file has nobody asked" in problems[0]
    assert "the file has 99" in problems[1]
    problems = damaged(lambda d: d["end"]["result"].update(reason="other"))
    assert problems and "the result differs" in problems[0] and "reason=other" in problems[0]
    problems = damaged(lambda d: d["end"]["log"].append("one more line"))
    assert "recorded: one more line\n  now:      (no line)" in problems[0]
    assert replay(tiny, "- just a list") == [
        "not a playthrough: a playthrough is a mapping with game, seed, options, decisions and end"]
    assert replay(tiny, ": : bad\n  yaml")[0].startswith("not a playthrough: not YAML")
    assert "the game does not start" in damaged(lambda d: d.update(options={"nonsense": 1}))[0]


def test_update_keeps_the_seeds_and_options_of_a_folder_and_returns_what_changed(tiny, tmp_path):
    written = update({"tiny": tiny}, tmp_path)
    assert written == [tmp_path / "tiny" / f"seed-{n}.yaml" for n in (1, 2, 3)]
    assert update({"tiny": tiny}, tmp_path) == []
    # A folder's own seeds (and the options in their headers) are kept; others are not added.
    for path in written:
        path.unlink()
    own = tmp_path / "tiny" / "seed-9.yaml"
    own.write_text(record(tiny, "tiny", 9, {"rounds": 2}).replace("- n: 1\n", "- n: 1 \n"), "utf-8")
    assert update({"tiny": tiny}, tmp_path) == [own]
    assert own.read_text("utf-8") == record(tiny, "tiny", 9, {"rounds": 2})
    assert sorted(p.name for p in (tmp_path / "tiny").iterdir()) == ["seed-9.yaml"]  # no temporary left
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny"]  # nor a lock


def test_update_playthroughs_compiles_the_game_folders(tmp_path):
    assert update_playthroughs([TINY], tmp_path / "out") == [
        tmp_path / "out" / "tiny" / f"seed-{n}.yaml" for n in (1, 2, 3)]


@given(st.one_of(st.text(), st.integers(), st.booleans(), st.none()))
def test_a_scalar_reads_back_as_it_was_written(value):
    assert yaml.safe_load(f"key: {_scalar(value)}\n") == {"key": value}
