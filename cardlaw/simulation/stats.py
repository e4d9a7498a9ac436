"""The statistics of a simulation: proportions and means with 95% intervals, table rows.

Each game's seed in a simulation is derived from the master seed and the
game's index alone (:func:`game_seed`), so the results are the same for any
number of worker processes.

>>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
True
>>> wilson(59, 100).interval()
(0.492, 0.681)
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Z95", "Estimate", "Row", "game_seed", "mean_estimate", "wilson"]

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
