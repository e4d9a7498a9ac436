"""Simulations: many bot games, played in parallel, reduced to statistics with 95% intervals.

``cardlaw simulate GAME`` plays ``--games`` games between bots and prints a
game's statistics (``cardlaw/simulation/<package>.py``: ``facts`` per game,
``rows`` for the table).  Each game's seed is derived from the master seed
and the game's index alone, so the results are the same for any number of
worker processes.

>>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
True
>>> wilson(59, 100).interval()
(0.492, 0.681)
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from importlib import import_module
from importlib.util import find_spec
from multiprocessing import get_context
from types import ModuleType
from typing import Any

from cardlaw.bots import make_bots
from cardlaw.sampling import play_game
from engine.registry import get_game
from spec.errors import MalformedInput

__all__ = [
    "Estimate",
    "Row",
    "game_seed",
    "mean_estimate",
    "run_games",
    "stats_module",
    "wilson",
]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``master``."""
    digest = hashlib.sha256(f"cardlaw-simulate:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True, slots=True)
class Estimate:
    """A proportion (or mean) from ``n`` observations, with a 95% interval."""

    value: float
    low: float
    high: float
    n: int

    def interval(self) -> tuple[float, float]:
        """The interval, rounded to three places."""
        return round(self.low, 3), round(self.high, 3)

    def to_json(self) -> dict[str, Any]:
        """The estimate as JSON."""
        return {
            "value": round(self.value, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
            "n": self.n,
        }


def wilson(successes: float, n: int) -> Estimate:
    """A proportion with its Wilson score interval (95%).

    >>> wilson(0, 0).n, round(wilson(10, 10).high, 9)
    (0, 1.0)
    """
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def mean_estimate(values: Sequence[float]) -> Estimate:
    """The mean of some values in [0, 1] (a score with draws as ½), normal interval.

    >>> mean_estimate([1, 0, 0.5, 1]).value
    0.625
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, 0.0, 1.0, 1)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, max(0.0, mean - half), min(1.0, mean + half), n)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a simulation's table: a statistic, our estimate, the document's figure."""

    statistic: str
    estimate: Estimate | None
    document: str
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        """The row as JSON."""
        return {
            "statistic": self.statistic,
            "estimate": None if self.estimate is None else self.estimate.to_json(),
            "document": self.document,
            "note": self.note,
        }


def stats_module(game_name: str) -> ModuleType:
    """``cardlaw/simulation/<package>.py`` of a game, which knows its statistics."""
    name = f"cardlaw.simulation.{game_name.replace('-', '_')}"
    if find_spec(name) is None:
        raise MalformedInput(f"cardlaw simulate has no statistics for {game_name}")
    return import_module(name)


def play_chunk(
    game_name: str,
    config_json: dict[str, Any],
    bot_names: Sequence[str],
    master: int,
    indices: Sequence[int],
) -> list[tuple[int, dict[str, Any]]]:
    """Play the games ``indices`` of a simulation; each game's facts, by index."""
    game = get_game(game_name)
    config = game.config_from_json(config_json)
    stats = stats_module(game_name)
    bots = make_bots(game, bot_names)
    out = []
    for index in indices:
        playout = play_game(game, config, bots, seed=game_seed(master, index))
        out.append((index, stats.facts(game, playout.final, bot_names)))
    return out


def run_games(
    game_name: str,
    config_json: dict[str, Any],
    bot_names: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Play ``games`` games and return each game's facts, in game order.

    With ``workers`` > 1 the games run in that many separate processes, in
    chunks; ``progress`` is told how many games each finished chunk held.
    """
    if workers <= 1:
        results: list[tuple[int, dict[str, Any]]] = []
        step = max(1, min(50, games // 100 or 1))
        for start in range(0, games, step):
            part = play_chunk(
                game_name, config_json, bot_names, seed, range(start, min(games, start + step))
            )
            results += part
            if progress is not None:
                progress(len(part))
        return [facts for _, facts in results]
    size = max(1, min(100, games // (workers * 8) or 1))
    chunks = [list(range(i, min(games, i + size))) for i in range(0, games, size)]
    collected: list[tuple[int, dict[str, Any]]] = []
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        futures = [
            pool.submit(play_chunk, game_name, config_json, list(bot_names), seed, chunk)
            for chunk in chunks
        ]
        for future in as_completed(futures):
            part = future.result()
            collected += part
            if progress is not None:
                progress(len(part))
    collected.sort(key=lambda item: item[0])
    return [facts for _, facts in collected]
