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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict, cast

__all__ = [
    "Z95",
    "Estimate",
    "Statistic",
    "StatisticJSON",
    "distribution",
    "game_seed",
    "mean_estimate",
    "mean_t",
    "median_interval",
    "t95",
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

    def to_json(self) -> dict[str, float]:
        """The estimate as JSON."""
        return {
            "value": round(self.value, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
            "n": self.n,
        }


def wilson(successes: float, n: int) -> Estimate:
    """A proportion with its Wilson score interval (95%).

    >>> wilson(0, 0).n, wilson(66, 66).high
    (0, 1.0)
    """
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # clamped to hold p: at p = 0 or 1 rounding can leave the bound a hair inside
    return Estimate(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)), n)


def mean_estimate(values: Sequence[float]) -> Estimate:
    """The mean of some values in [0, 1] (a score with draws as ½), t interval clipped to [0, 1].

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
    half = t95(n - 1) * math.sqrt(variance / n)
    return Estimate(mean, max(0.0, mean - half), min(1.0, mean + half), n)


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom.

    Exact to three places from a table for small ``df``, then the
    Cornish-Fisher expansion around the normal quantile.

    >>> t95(1), t95(10), round(t95(1000), 3)
    (12.706, 2.228, 1.962)
    """
    table = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228)
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if df <= len(table):
        return table[df - 1]
    z = Z95
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def mean_t(values: Sequence[float]) -> Estimate:
    """The mean of any values with its Student t interval (95%).

    >>> est = mean_t([2, 4, 4, 6])
    >>> est.value, est.interval()
    (4.0, (1.402, 6.598))
    >>> mean_t([3]).interval()
    (3.0, 3.0)
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t95(n - 1) * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def median_interval(values: Sequence[float]) -> Estimate:
    """The median of any values with its distribution-free 95% interval (order statistics).

    The interval runs from the ``j``-th smallest value to the ``j``-th largest,
    ``j`` the largest for which a Binomial(n, 1/2) count falls below ``j`` with
    probability at most 2.5%: it holds the median of any continuous
    distribution with probability at least 95% (all the values below 6 of
    them), assumes nothing about the distribution's shape, and never leaves
    the range of the values.  For a heavy-tailed count (positions searched,
    from a handful to millions) a t interval around the mean can fall below
    zero; this one cannot.

    >>> est = median_interval([5, 1, 9, 3, 7, 2, 8, 4, 6, 100])
    >>> est.value, est.interval()
    (5.5, (2.0, 9.0))
    >>> median_interval([3]).interval()
    (3.0, 3.0)
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    ordered = sorted(values)
    middle = n // 2
    median = ordered[middle] if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    below, j = 0, 0  # below: how many of the 2**n outcomes fall below j + 1
    while True:
        below += math.comb(n, j)
        if below * 40 > 2**n:  # P(count <= j) > 2.5%: j + 1 is one too many
            break
        j += 1
    j = max(j, 1)
    return Estimate(median, float(ordered[j - 1]), float(ordered[n - j]), n)


def distribution(values: Sequence[int]) -> dict[str, int]:
    """How many times each value occurs, in increasing order (JSON keys are strings).

    >>> distribution([3, 1, 3])
    {'1': 1, '3': 2}
    """
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return {str(value): counts[value] for value in sorted(counts)}


def _rounded(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 4)


class StatisticJSON(TypedDict):
    """A statistic as JSON (:meth:`Statistic.to_json`); its ``extra`` keys besides these."""

    name: str
    value: float | None
    ci: list[float | None]
    n: int
    kind: str
    group: NotRequired[str]
    distribution: NotRequired[dict[str, int]]


@dataclass(frozen=True, slots=True)
class Statistic:
    """One measured figure of a simulation: a name, an estimate with its interval.

    Attributes:
        name: what is measured, in words.
        estimate: the value, its 95% interval and ``n``.
        kind: ``"proportion"`` (Wilson interval), ``"score"`` (a mean of
            values in [0, 1]), ``"mean"`` (t interval) or ``"median"``
            (order-statistics interval, :func:`median_interval`).
        group: statistics plotted together (``"win share by seat"``), or "".
        extra: more JSON (a ``"distribution"``, a solver ``"budget"``...).
    """

    name: str
    estimate: Estimate
    kind: str = "proportion"
    group: str = ""
    extra: Mapping[str, object] = field(default_factory=dict)

    def to_json(self) -> StatisticJSON:
        """The statistic as JSON: ``name``, ``value``, ``ci``, ``n`` and the rest.

        >>> Statistic("heads", wilson(1, 2)).to_json()["ci"]
        [0.0945, 0.9055]
        """
        est = self.estimate
        out: dict[str, object] = {
            "name": self.name,
            "value": _rounded(est.value),
            "ci": [_rounded(est.low), _rounded(est.high)],
            "n": est.n,
            "kind": self.kind,
        }
        if self.group:
            out["group"] = self.group
        out.update(self.extra)
        return cast(StatisticJSON, out)
