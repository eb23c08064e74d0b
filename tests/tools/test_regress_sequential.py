"""`--until-significant`: more seeds are played in batches until an outcome is significant or
`--max-games` is reached, each look tested at alpha divided by the number of looks."""

from __future__ import annotations

from concurrent.futures import Future

from compiler.tools.regress.compare import Settings, _compare_game
from compiler.tools.regress.sides import Side


def _record(winner: str) -> dict:
    return {"fp": ["x", "end:1"], "winner": winner, "reason": "points", "length": 100, "tracks": {},
            "events": {}}


def _games(seeds: list[int], head: bool) -> dict:
    # The head loses every third game the base wins: 1 in 3 seeds differs.
    return {str(s): _record("blue" if head and s % 3 == 0 else "red") for s in seeds}


class FakeWorkers:
    """Answers the worker requests of one side pair from the rule above, counting the batches."""

    def __init__(self) -> None:
        self.batches = 0

    def submit(self, side: Side, game: str, **request) -> Future:
        future: Future = Future()
        head = side.label == "head"
        if request["phase"] == "run":
            self.batches += not head
            future.set_result({"games": _games(request["seeds"], head)})
        else:
            future.set_result({"detail": {}})
        return future


def _sides() -> tuple[Side, Side]:
    return (Side("base", None, None, None), Side("head", None, None, None))  # type: ignore[arg-type]


def _first(settings: Settings, workers: FakeWorkers) -> dict:
    base, head = _sides()
    seeds = list(range(1, settings.games + 1))
    empty = {"cards": {}, "rules": {}, "stale": {}}
    before = {"text": empty, "scenarios": {}, "games": _games(seeds, False)}
    after = {"text": empty, "scenarios": {}, "games": _games(seeds, True)}
    return _compare_game("g", before, after, base, head, settings, workers)  # type: ignore[arg-type]


def test_batches_are_added_until_the_change_is_significant():
    workers = FakeWorkers()
    report = _first(Settings(games=10, until_significant=True, max_games=200), workers)
    outcome = report["outcomes"]
    assert outcome["looks"] > 1 and outcome["games"] == 10 * outcome["looks"]
    assert outcome["alpha"] == 0.05 / outcome["looks"]
    assert any(m["significant"] for m in outcome["metrics"])
    assert workers.batches == outcome["looks"] - 1  # the first batch came with the first run


def test_the_search_stops_at_max_games_without_significance():
    workers = FakeWorkers()
    report = _first(Settings(games=10, until_significant=True, max_games=20), workers)
    assert report["outcomes"]["games"] == 20 and report["outcomes"]["looks"] == 2
    assert not any(m["significant"] for m in report["outcomes"]["metrics"])


def test_without_the_option_one_batch_is_all():
    workers = FakeWorkers()
    report = _first(Settings(games=10), workers)
    assert report["outcomes"]["looks"] == 1 and workers.batches == 0
