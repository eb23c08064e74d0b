"""Paired statistics of `kurtyna regress` (issue 16): each checked against a computation made
here independently (by hand, or a bootstrap written out in the test)."""

from __future__ import annotations

import math
import random
from statistics import NormalDist, fmean

import pytest

from compiler.tools.regress.stats import (
    bootstrap_mean,
    holm,
    mcnemar,
    paired_mean,
    sign_test,
    wilcoxon,
    wilson,
)


def synthetic_pair(n: int = 300, before: float = 0.45, shift: float = 0.04, seed: int = 11):
    """Paired win (1), draw (1/2), loss (0) scores: the change flips some losses to wins."""
    rng = random.Random(seed)
    old, new = [], []
    for _ in range(n):
        x = rng.choices([1.0, 0.5, 0.0], weights=[before, 0.02, 1 - before - 0.02])[0]
        y = x
        if rng.random() < 0.15:  # the seeds the change reaches play out anew
            y = rng.choices([1.0, 0.5, 0.0], weights=[before + shift * 6.7, 0.02,
                                                      1 - before - shift * 6.7 - 0.02])[0]
        old.append(x)
        new.append(y)
    return old, new


def test_the_bootstrap_interval_matches_an_independent_bootstrap():
    old, new = synthetic_pair()
    got = bootstrap_mean(old, new, resamples=4000, seed=1)
    diffs = [y - x for x, y in zip(old, new, strict=True)]
    rng = random.Random(12345)  # another stream: agreement is statistical, not identical draws
    means = sorted(sum(rng.choice(diffs) for _ in diffs) / len(diffs) for _ in range(4000))
    assert got.delta == pytest.approx(fmean(diffs))
    assert got.low == pytest.approx(means[int(0.025 * 3999)], abs=0.006)
    assert got.high == pytest.approx(means[int(math.ceil(0.975 * 3999))], abs=0.006)
    # The normal interval of the same differences agrees with both.
    normal = paired_mean(old, new)
    assert normal.low == pytest.approx(got.low, abs=0.008)
    assert normal.high == pytest.approx(got.high, abs=0.008)


def test_a_shift_of_a_few_points_is_found_and_no_change_is_not():
    old, new = synthetic_pair(n=300, shift=0.04)
    moved = paired_mean(old, new)
    assert 0 < moved.delta < 0.1
    same = paired_mean(old, old)
    assert (same.delta, same.low, same.high, same.p, same.significant) == (0, 0, 0, 1.0, False)
    assert bootstrap_mean(old, old).significant is False


def test_mcnemar_uses_the_exact_sign_test_for_few_discordant_pairs():
    # b = 3 (yes before, no after), c = 12; 85 concordant pairs.
    before = [True] * 3 + [False] * 12 + [True] * 40 + [False] * 45
    after = [False] * 3 + [True] * 12 + [True] * 40 + [False] * 45
    est = mcnemar(before, after)
    by_hand = 2 * (1 + 15 + 105 + 455) / 2 ** 15  # 2 * P(Bin(15, 1/2) <= 3)
    assert est.p == pytest.approx(by_hand) == pytest.approx(0.03515625)
    assert est.delta == pytest.approx(9 / 100)
    assert sign_test(3, 12) == sign_test(12, 3)


def test_mcnemar_interval_and_normal_p_for_many_discordant_pairs():
    b, c, n = 40, 70, 300
    before = [True] * b + [False] * c + [False] * (n - b - c)
    after = [False] * b + [True] * c + [False] * (n - b - c)
    est = mcnemar(before, after)
    se = math.sqrt(b + c - (c - b) ** 2 / n) / n
    assert est.delta == pytest.approx(0.1)
    assert (est.low, est.high) == (pytest.approx(0.1 - 1.959964 * se), pytest.approx(0.1 + 1.959964 * se))
    z = (c - b) / math.sqrt(b + c)
    assert est.p == pytest.approx(math.erfc(z / math.sqrt(2)))
    assert est.significant


def test_wilcoxon_on_darwins_paired_plants():
    """Darwin's 15 paired differences (cross- minus self-fertilised, eighths of an inch): W+ = 96,
    E = 60, Var = 310, z = (36 - 1/2) / sqrt(310) = 2.0162, p = 0.0438 (normal approximation)."""
    diffs = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]
    p = wilcoxon([0] * len(diffs), diffs)
    assert p == pytest.approx(math.erfc((35.5 / math.sqrt(310)) / math.sqrt(2)))
    assert p == pytest.approx(0.0438, abs=0.0002)
    assert wilcoxon([1, 2, 3], [1, 2, 3]) == 1.0


def test_holm_keeps_only_what_survives_the_step_down():
    assert holm({"a": 0.01, "b": 0.04, "c": 0.03}) == {"a"}
    assert holm({"a": 0.001, "b": 0.02, "c": 0.04}) == {"a", "b", "c"}
    assert holm({"a": 0.2}) == set()


def test_lists_of_different_lengths_are_refused():
    with pytest.raises(ValueError):
        paired_mean([1.0], [1.0, 0.0])
    with pytest.raises(ValueError):
        mcnemar([], [])


def test_wilson_interval_at_the_ends_and_in_the_middle():
    """Closed forms: for 0 of n the upper bound is z^2/(n+z^2), for n of n the lower is n/(n+z^2);
    in the middle it is near the normal interval and never leaves 0..1."""
    z2 = NormalDist().inv_cdf(0.975) ** 2
    low, high = wilson(0, 10)
    assert math.isclose(low, 0, abs_tol=1e-12) and math.isclose(high, z2 / (10 + z2))
    low, high = wilson(10, 10)
    assert math.isclose(high, 1) and math.isclose(low, 10 / (10 + z2))
    low, high = wilson(500, 1000)
    assert math.isclose(high - 0.5, 0.5 - low)
    assert abs((high - low) / 2 - 1.96 * math.sqrt(0.25 / 1000)) < 1e-3
    assert wilson(0, 0) == (0.0, 1.0)
