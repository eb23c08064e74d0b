"""Trajectories of `kurtyna regress` (issue 16): the stable choice, and the first decision where
two versions of a game part ways."""

from __future__ import annotations

import shutil

from compiler.tools.regress.trajectory import first_divergence, play, stable_choice

from ..conftest import ROOT


def test_the_stable_choice_ignores_the_other_answers():
    answers = ("a", "b", "c", "d", "e")
    pick = answers[stable_choice(7, 3, answers)]
    others = [x for x in answers if x != pick]
    # Removing other answers, or reordering them, keeps the pick; an added answer is picked
    # only when it beats the old pick itself, never by shifting positions.
    for subset in ((pick, *others[1:]), (*others[::-1], pick), (others[2], pick)):
        assert subset[stable_choice(7, 3, subset)] == pick
    for extra in ("x", "y", "z", "w"):
        grown = (*answers, extra)
        assert grown[stable_choice(7, 3, grown)] in (pick, extra)
    assert len({answers[stable_choice(seed, 0, answers)] for seed in range(50)}) > 1  # not constant


def test_a_game_is_its_own_trajectory_and_the_same_game_does_not_diverge(compiled_packages):
    engine = compiled_packages(ROOT / "content" / "zelazna_kurtyna")
    game = engine.Game({})
    first, again = play(game, 5), play(game, 5)
    assert first == again and first.result is not None and len(first.steps) > 10
    assert first_divergence(first, again) is None


def test_a_changed_card_makes_seeds_diverge_where_the_change_shows(compiled_packages, tmp_path):
    before_folder = ROOT / "content" / "zelazna_kurtyna"
    after_folder = tmp_path / "zelazna_kurtyna"
    shutil.copytree(before_folder, after_folder)
    cards = after_folder / "cards.yaml"
    text = cards.read_text("utf-8")
    assert "gain(ussr, 1)\n      infiltrate(ussr, 2," in text
    old_event = "gain(ussr, 1)\n      infiltrate(ussr, 2,"
    new_event = "gain(ussr, 3)\n      infiltrate(ussr, 2,"
    text = text.replace(old_event, new_event)
    text = text.replace("The USSR gains 1 point and infiltrates", "The USSR gains 3 points and infiltrates")
    cards.write_text(text, "utf-8")
    shutil.rmtree(after_folder / "locales")  # the translations say 1 point; play needs none
    old = compiled_packages(before_folder).Game({})
    new = compiled_packages(after_folder).Game({})
    diverged = [d for d in (first_divergence(play(old, s), play(new, s)) for s in range(1, 13)) if d]
    assert diverged, "East Germany's 3 points never changed a game in 12 seeds"
    for d in diverged:
        assert d.why in ("log", "question", "end")
        if d.why == "log":  # the first difference is what the change did, in the log
            assert d.before.log != d.after.log and d.before.number == d.after.number
