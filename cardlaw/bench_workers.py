"""``cardlaw bench GAME --workers N``: how ``cardlaw simulate`` scales with worker processes.

The same simulation (the same games, bots and master seed) is run with one
worker and with ``N``, alternating, three repeats; the figure is the median
games per second of each and their ratio (the *speed-up*; ``N`` × 100% is
ideal).  Each run is timed as ``cardlaw simulate`` spends it, the worker pool's
start included, and the two runs must return the same facts, game for game
(the seeds come from each game's index, never from a worker): a run that
differs is reported, never timed.

>>> report = bench_workers("divided-ranks", games=4, workers=2, repeats=1)
>>> report.workers, report.games, report.identical
(2, 4, True)
>>> sorted(report.to_json())  # doctest: +NORMALIZE_WHITESPACE
['bots', 'efficiency', 'game', 'games', 'identical', 'one_worker', 'repeats',
 'speed_up', 'with_workers', 'workers']
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from statistics import median
from typing import Any

from cardlaw.bots import default_bot, make_bots
from cardlaw.simulation import Lineup, run_games, statistics
from engine.registry import get_game
from spec.errors import MalformedInput

__all__ = ["WorkersReport", "bench_workers"]

SEED = 20261202
"""The master seed of every timed simulation (any fixed seed: each run plays the same games)."""


@dataclass(frozen=True, slots=True)
class WorkersReport:
    """The games per second of one simulation run with one worker and with ``workers``."""

    game: str
    bots: tuple[str, ...]
    games: int
    workers: int
    one_worker: tuple[float, ...]
    """Games per second with one worker, each repeat."""
    with_workers: tuple[float, ...]
    """Games per second with ``workers`` workers, each repeat."""
    identical: bool
    """Whether every run returned the same facts, game for game."""

    @property
    def speed_up(self) -> float:
        """The median games/s with ``workers`` over the median with one."""
        return median(self.with_workers) / median(self.one_worker)

    @property
    def efficiency(self) -> float:
        """The speed-up per worker (1.0 is ideal)."""
        return self.speed_up / self.workers

    def to_json(self) -> dict[str, Any]:
        """The report as JSON: every repeat's games/s, the medians' ratio."""
        return {
            "game": self.game,
            "bots": list(self.bots),
            "games": self.games,
            "workers": self.workers,
            "repeats": len(self.one_worker),
            "one_worker": [round(rate, 1) for rate in self.one_worker],
            "with_workers": [round(rate, 1) for rate in self.with_workers],
            "speed_up": round(self.speed_up, 3),
            "efficiency": round(self.efficiency, 3),
            "identical": self.identical,
        }

    def lines(self) -> list[str]:
        """The report in words, one figure a line."""
        return [
            f"cardlaw simulate {self.game}: {self.games:,} games a run, bots "
            f"{','.join(self.bots)}, {len(self.one_worker)} repeats alternating, median",
            f"  --workers 1: {median(self.one_worker):,.1f} games/s",
            f"  --workers {self.workers}: {median(self.with_workers):,.1f} games/s",
            f"  speed-up {self.speed_up:.2f}× ({self.efficiency:.0%} per worker; "
            f"ideal {self.workers}×)",
            "  results identical for both worker counts"
            if self.identical
            else "  RESULTS DIFFER between worker counts",
        ]


def bench_workers(
    game_name: str, *, games: int, workers: int, bots: str | None = None, repeats: int = 3
) -> WorkersReport:
    """Time ``cardlaw simulate GAME`` with one worker and with ``workers``, alternating.

    ``bots`` is one bot for every seat (by default ``cardlaw simulate``'s,
    the game's strongest bot).  The game must have statistics.
    """
    if workers < 2:
        raise MalformedInput(f"--workers must be at least 2 to measure scaling, not {workers}")
    game = get_game(game_name)
    statistics(game.name)  # a game without statistics is bad input, as for simulate
    config = game.config()
    names = tuple([bots or default_bot(game)] * config.players)
    make_bots(game, names)  # an unknown bot is bad input, before any work starts
    lineup = Lineup(game.name, game.config_to_json(config), names)
    run_games(lineup, games=1, seed=SEED, workers=1)  # untimed: first-use loading is not play
    one: list[float] = []
    many: list[float] = []
    baseline: list[dict[str, Any]] | None = None
    identical = True
    for repeat in range(repeats):
        order = (1, workers) if repeat % 2 == 0 else (workers, 1)
        for count in order:
            start = time.perf_counter()
            facts = run_games(lineup, games=games, seed=SEED, workers=count)
            rate = games / (time.perf_counter() - start)
            (one if count == 1 else many).append(rate)
            if baseline is None:
                baseline = facts
            identical = identical and facts == baseline
    return WorkersReport(game.name, names, games, workers, tuple(one), tuple(many), identical)
