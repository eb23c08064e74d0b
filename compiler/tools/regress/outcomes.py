"""Outcomes of paired games: each metric before and after, the difference, its interval and
p-value, and whether it stays significant when all metrics are tested together (Holm).

A game record (from the worker) has the winner (`draw`, a player, or the players of a shared win
joined by `+`), the winners (a list; absent from the records of a side older than shared wins),
the end reason, the length in decisions, the final value of every shared track and how often
each card's event was resolved. Only seeds that both sides finished are paired; a seed that
faults on a side is reported elsewhere.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from statistics import fmean
from typing import Any

from compiler.tools.regress.stats import Estimate, bootstrap_mean, holm, mcnemar, paired_mean, wilcoxon


@dataclass(frozen=True)
class Metric:
    name: str  # "winner: us", "shared win: us", "end: nuclear_war", "length", "track: T", "event: CARD"
    kind: str  # "share" (a yes/no outcome's share of games) or "mean" (per game)
    before: float
    after: float
    diff: float
    low: float
    high: float
    p: float
    significant: bool  # the interval excludes 0 and the p-value survives Holm's correction in its family

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def paired_seeds(before: dict[str, dict], after: dict[str, dict]) -> list[str]:
    return [seed for seed in before if seed in after and "error" not in before[seed]
            and "error" not in after[seed]]


def metrics(before: dict[str, dict], after: dict[str, dict], alpha: float = 0.05) -> list[Metric]:
    """Every outcome metric over the paired seeds, significant ones first."""
    seeds = paired_seeds(before, after)
    if not seeds:
        return []
    old = [before[s] for s in seeds]
    new = [after[s] for s in seeds]
    found: list[tuple[str, str, list[float], list[float], Estimate]] = []

    def share(name: str, test) -> None:
        x = [bool(test(r)) for r in old]
        y = [bool(test(r)) for r in new]
        if any(x) or any(y):
            found.append((name, "share", [float(v) for v in x], [float(v) for v in y], mcnemar(x, y, alpha)))

    def mean(name: str, value, robust: bool = False) -> None:
        x = [float(value(r)) for r in old]
        y = [float(value(r)) for r in new]
        if not any(x) and not any(y):
            return
        estimate = paired_mean(x, y, alpha)
        if robust:  # lengths are skewed: a bootstrap interval and the signed-rank test
            boot = bootstrap_mean(x, y, alpha)
            estimate = Estimate(boot.delta, boot.low, boot.high, wilcoxon(x, y), boot.n)
        found.append((name, "mean", x, y, estimate))

    for winner in sorted({r["winner"] for r in old + new}):
        share(f"winner: {winner}", lambda r, w=winner: r["winner"] == w)
    # each player's shared wins, whoever it shared them with (the rows above split them by group)
    for player in sorted({p for r in old + new for p in _shared(r)}):
        share(f"shared win: {player}", lambda r, p=player: p in _shared(r))
    for reason in sorted({r["reason"] for r in old + new}):
        share(f"end: {reason}", lambda r, e=reason: r["reason"] == e)
    mean("length", lambda r: r["length"], robust=True)
    for track in sorted({t for r in old + new for t in r["tracks"]}):
        mean(f"track: {track}", lambda r, t=track: r["tracks"].get(t, 0))
    for card in sorted({c for r in old + new for c in r["events"]}):
        mean(f"event: {card}", lambda r, c=card: r["events"].get(c, 0))

    # Two families, each corrected on its own: the game's outcomes (winners, ends, length,
    # tracks) and the card events; a hundred card events would otherwise hide a real shift of
    # the outcomes behind a threshold a hundred times stricter.
    kept = set()
    for family in (True, False):
        kept |= holm({name: est.p for name, _, _, _, est in found if name.startswith("event:") == family},
                     alpha)
    out = [Metric(name, kind, fmean(x), fmean(y), est.delta, est.low, est.high, est.p,
                  name in kept and est.significant)
           for name, kind, x, y, est in found]
    return sorted(out, key=lambda m: (not m.significant, m.name.split(":")[0] == "event", m.name))


def _shared(record: dict) -> list[str]:
    """The players who shared the win of a game; none when one won, or nobody."""
    winners = record.get("winners") or []
    return winners if len(winners) > 1 else []


def any_significant(found: list[Metric]) -> bool:
    return any(m.significant for m in found)
