"""Outcome metrics of paired games: a win rate moved by a few points on 300 paired games is
reported with an interval that matches a bootstrap computed here independently."""

from __future__ import annotations

import random

from compiler.tools.regress.outcomes import metrics


def _record(winner: str, length: int, events: dict | None = None) -> dict:
    return {"winner": winner, "reason": "points", "length": length, "tracks": {"score": 0},
            "events": events or {}}


def _pairs(n: int = 300, flips: int = 22, back: int = 4, seed: int = 7) -> tuple[dict, dict]:
    """n paired games; `flips` games the red side lost before and wins after, `back` the reverse."""
    rng = random.Random(seed)
    before, after = {}, {}
    order = list(range(n))
    rng.shuffle(order)
    red_wins = set(order[: n // 2])
    gained, lost = set(order[n // 2: n // 2 + flips]), set(order[: back])
    for i in range(n):
        old = "red" if i in red_wins else "blue"
        new = "red" if (i in red_wins and i not in lost) or i in gained else "blue"
        before[str(i)] = _record(old, 100 + rng.randrange(50))
        after[str(i)] = _record(new, 100 + rng.randrange(50))
    return before, after


def _independent_bootstrap(before: dict, after: dict, resamples: int = 20000) -> tuple[float, float]:
    diffs = [(after[s]["winner"] == "red") - (before[s]["winner"] == "red") for s in before]
    rng = random.Random(12345)
    means = sorted(sum(rng.choice(diffs) for _ in diffs) / len(diffs) for _ in range(resamples))
    return means[int(0.025 * resamples)], means[int(0.975 * resamples)]


def test_a_few_points_of_win_rate_on_300_pairs_match_an_independent_bootstrap():
    before, after = _pairs()
    found = {m.name: m for m in metrics(before, after)}
    red = found["winner: red"]
    assert red.before == 0.5 and abs(red.after - (150 - 4 + 22) / 300) < 1e-9
    assert abs(red.diff - 18 / 300) < 1e-9
    low, high = _independent_bootstrap(before, after)
    assert abs(red.low - low) < 0.006 and abs(red.high - high) < 0.006
    assert red.p < 0.001 and red.significant  # 22 against 4 discordant pairs survive Holm
    assert found["winner: blue"].diff == -red.diff


def test_an_interval_excluding_0_is_not_enough_when_many_metrics_are_tested():
    before, after = _pairs(flips=18, back=6)  # p about 0.02 for each side's win rate
    red = {m.name: m for m in metrics(before, after)}["winner: red"]
    assert red.low > 0 and 0.01 < red.p < 0.05
    assert not red.significant  # Holm over the 5 metrics asks for p < 0.01 first


def test_no_change_is_not_significant_and_lengths_use_a_robust_interval():
    before, _ = _pairs(flips=0, back=0)
    same = {s: dict(r) for s, r in before.items()}
    found = {m.name: m for m in metrics(before, same)}
    assert not any(m.significant for m in found.values())
    assert found["winner: red"].diff == 0 and found["winner: red"].p == 1.0
    assert found["length"].kind == "mean" and found["length"].low == found["length"].high == 0


def test_a_card_played_more_often_is_flagged_and_faulty_seeds_are_left_out():
    before = {str(i): _record("red", 100, {"bridge": i % 2}) for i in range(200)}
    after = {str(i): _record("red", 100, {"bridge": 1 + i % 2}) for i in range(200)}
    after["0"] = {"error": "RuleError: boom"}
    found = {m.name: m for m in metrics(before, after)}
    bridge = found["event: bridge"]
    assert bridge.significant and abs(bridge.diff - 1.0) < 1e-9
    assert found["winner: red"].p == 1.0
    ordered = metrics(before, after)
    assert ordered[0].name == "event: bridge"  # significant ones come first
