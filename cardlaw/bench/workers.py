"""``cardlaw bench GAME --workers N``: how ``cardlaw simulate`` scales with worker processes.

The same simulation (the same games, bots and master seed) is run with one
worker and with ``N``, alternating, three repeats; the figure is the median
games per second of each and their ratio (the *speed-up*; ``N`` × 100% is
ideal).  Each run is timed as ``cardlaw simulate`` spends it, the worker pool's
start included, and the two runs must return the same facts, game for game
(the seeds come from each game's index, never from a worker): a run that
differs is reported, never timed.

With a scheduler (``--scheduler ADDRESS``, :mod:`cardlaw.cluster`) a third
run goes through its workers, in the same rotation: the cluster is started
(or reached) once and warmed by one untimed run, so its figure is the play
through Dask, not the cluster's start.

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
from typing import NotRequired, TypedDict

from cardlaw.bots import default_bot, make_bots
from cardlaw.cluster import Backend, DaskBackend, backend
from cardlaw.engine.registry import get_game
from cardlaw.simulation import Lineup, run_games, statistics
from cardlaw.simulation.claims import Facts
from cardlaw.spec.errors import MalformedInput

__all__ = ["WorkersJSON", "WorkersReport", "bench_workers"]

SEED = 20261202
"""The master seed of every timed simulation (any fixed seed: each run plays the same games)."""


class WorkersJSON(TypedDict):
    """The report as JSON (:meth:`WorkersReport.to_json`); with a scheduler, its figures too."""

    game: str
    bots: list[str]
    games: int
    workers: int
    repeats: int
    one_worker: list[float]
    with_workers: list[float]
    speed_up: float
    efficiency: float
    identical: bool
    scheduler: NotRequired[str]
    on_cluster: NotRequired[list[float]]
    cluster_speed_up: NotRequired[float]


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
    scheduler: str | None = None
    """The Dask scheduler of the third run, if any."""
    on_cluster: tuple[float, ...] = ()
    """Games per second through the scheduler's workers, each repeat."""

    @property
    def speed_up(self) -> float:
        """The median games/s with ``workers`` over the median with one."""
        return median(self.with_workers) / median(self.one_worker)

    @property
    def efficiency(self) -> float:
        """The speed-up per worker (1.0 is ideal)."""
        return self.speed_up / self.workers

    def to_json(self) -> WorkersJSON:
        """The report as JSON: every repeat's games/s, the medians' ratio."""
        data: WorkersJSON = {
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
        if self.scheduler:
            data["scheduler"] = self.scheduler
            data["on_cluster"] = [round(rate, 1) for rate in self.on_cluster]
            data["cluster_speed_up"] = round(median(self.on_cluster) / median(self.one_worker), 3)
        return data

    def lines(self) -> list[str]:
        """The report in words, one figure a line."""
        return [
            f"cardlaw simulate {self.game}: {self.games:,} games a run, bots "
            f"{','.join(self.bots)}, {len(self.one_worker)} repeats alternating, median",
            f"  --workers 1: {median(self.one_worker):,.1f} games/s",
            f"  --workers {self.workers}: {median(self.with_workers):,.1f} games/s",
            *(
                [
                    f"  --scheduler {self.scheduler}: {median(self.on_cluster):,.1f} games/s "
                    f"(speed-up {median(self.on_cluster) / median(self.one_worker):.2f}×)"
                ]
                if self.scheduler
                else []
            ),
            f"  speed-up {self.speed_up:.2f}× ({self.efficiency:.0%} per worker; "
            f"ideal {self.workers}×)",
            "  results identical for both worker counts"
            if self.identical
            else "  RESULTS DIFFER between worker counts",
        ]


def bench_workers(
    game_name: str,
    *,
    games: int,
    workers: int,
    bots: str | None = None,
    repeats: int = 3,
    scheduler: str | None = None,
) -> WorkersReport:
    """Time ``cardlaw simulate GAME`` with one worker and with ``workers``, alternating.

    ``bots`` is one bot for every seat (by default ``cardlaw simulate``'s,
    the game's strongest bot).  The game must have statistics.  With a
    ``scheduler``, also through its workers (see the module's docstring).
    """
    with backend(scheduler, workers) as where:
        return _bench(game_name, games, workers, bots, repeats, where if scheduler else None)


def _bench(
    game_name: str,
    games: int,
    workers: int,
    bots: str | None,
    repeats: int,
    cluster: DaskBackend | Backend | None,
) -> WorkersReport:
    if workers < 2:
        raise MalformedInput(f"--workers must be at least 2 to measure scaling, not {workers}")
    game = get_game(game_name)
    statistics(game.name)  # a game without statistics is bad input, as for simulate
    config = game.config()
    names = tuple([bots or default_bot(game)] * config.players)
    make_bots(game, names)  # an unknown bot is bad input, before any work starts
    lineup = Lineup(game.name, game.config_to_json(config), names)
    run_games(lineup, games=1, seed=SEED, workers=1)  # untimed: first-use loading is not play
    if cluster is not None:  # untimed: the workers' first imports are not play
        run_games(lineup, games=cluster.slots, seed=SEED, workers=1, backend=cluster)
    rates: dict[int, list[float]] = {1: [], workers: [], 0: []}
    baseline: list[Facts] | None = None
    identical = True
    sides = [1, workers] + ([0] if cluster is not None else [])  # 0: through the cluster
    for repeat in range(repeats):
        order = sides[repeat % len(sides) :] + sides[: repeat % len(sides)]
        for count in order:
            start = time.perf_counter()
            facts = run_games(
                lineup,
                games=games,
                seed=SEED,
                workers=count or 1,
                backend=cluster if count == 0 else None,
            )
            rates[count].append(games / (time.perf_counter() - start))
            if baseline is None:
                baseline = facts
            identical = identical and facts == baseline
    return WorkersReport(
        game.name,
        names,
        games,
        workers,
        tuple(rates[1]),
        tuple(rates[workers]),
        identical,
        scheduler=cluster.address if isinstance(cluster, DaskBackend) else None,
        on_cluster=tuple(rates[0]),
    )
