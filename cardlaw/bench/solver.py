"""``cardlaw bench split --solver``: how fast the cooperative solver searches.

The figures are those of the published five-player batch (``cardlaw ask split
solve --deals 200 --players 5 --seed 1``, both aids, the deals of
``docs/findings/split.json``):

* **positions per second** over its first :data:`RATE_DEALS` deals, each
  solved :data:`REPEATS` times in turn; the fastest pass counts (the least
  disturbed by load);
* **the slowest deal** of the 200 (:data:`SLOWEST_DEAL`), solved once: its
  positions and seconds.

The positions searched never depend on the machine, so a change in them is a
change of the search; the seconds are the machine's (run it on an idle one).

>>> report = bench_solver(deals=2, slowest=1)
>>> sorted(report)[:3], report["deals"], report["slowest_deal"]
(['deals', 'players', 'positions'], 2, 1)
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Final, TypedDict

from cardlaw.ask.split_deals import deal
from cardlaw.engine.split.game import SPLIT
from cardlaw.engine.split.solver import solve

if TYPE_CHECKING:
    from rich.table import Table

__all__ = [
    "PLAYERS",
    "RATE_DEALS",
    "REPEATS",
    "SEED",
    "SLOWEST_DEAL",
    "SolverJSON",
    "bench_solver",
    "table",
]

PLAYERS: Final = 5
"""The batch's players (with both aids, the 0 and the 100)."""

SEED: Final = 1
"""The batch's seed: the published batch."""

RATE_DEALS: Final = 20
"""How many of the batch's first deals the rate is measured over."""

REPEATS: Final = 3
"""How many times those deals are solved; the fastest pass counts."""

SLOWEST_DEAL: Final = 56
"""The deal of the batch the solver took longest over, of the 200 (ask split solve --deals 200
--players 5 --seed 1, solved with this solver; docs/findings/README.md)."""


class SolverJSON(TypedDict):
    """The solver's figures (:func:`bench_solver`)."""

    players: int
    seed: int
    deals: int
    repeats: int
    positions: int
    seconds: float
    positions_per_second: float | None
    slowest_deal: int
    slowest_winnable: bool | None
    slowest_positions: int
    slowest_seconds: float


def bench_solver(deals: int | None = None, slowest: int | None = None) -> SolverJSON:
    """Solve the batch's first ``deals`` deals (best of :data:`REPEATS`) and deal ``slowest``.

    By default :data:`RATE_DEALS` and :data:`SLOWEST_DEAL`.

    Returns the figures as JSON: ``positions_per_second`` (and the ``positions``
    and ``seconds`` of the fastest pass), ``slowest_positions`` and
    ``slowest_seconds``, with the batch's ``players``, ``seed`` and ``deals``.
    """
    deals = RATE_DEALS if deals is None else deals
    slowest = SLOWEST_DEAL if slowest is None else slowest
    config = SPLIT.config_to_json(SPLIT.config(mode="cooperative", players=PLAYERS))
    states = [deal(config, SEED, index) for index in range(deals)]
    positions = 0
    best = float("inf")
    for _ in range(REPEATS):
        positions = 0
        start = time.perf_counter()
        for state in states:
            positions += solve(state, max_states=None).explored
        best = min(best, time.perf_counter() - start)
    state = deal(config, SEED, slowest)
    start = time.perf_counter()
    solution = solve(state, max_states=None)
    seconds = time.perf_counter() - start
    return {
        "players": PLAYERS,
        "seed": SEED,
        "deals": deals,
        "repeats": REPEATS,
        "positions": positions,
        "seconds": round(best, 3),
        "positions_per_second": round(positions / best, 1) if best > 0 else None,
        "slowest_deal": slowest,
        "slowest_winnable": solution.winnable,
        "slowest_positions": solution.explored,
        "slowest_seconds": round(seconds, 3),
    }


def table(report: SolverJSON) -> Table:
    """The figures of :func:`bench_solver` as a table beside the playout table."""
    from rich.table import Table  # noqa: PLC0415  (only when printed)

    out = Table(
        title=f"cooperative solver: {report['players']} players, both aids, "
        f"seed {report['seed']} (ask split solve --deals)"
    )
    for header in ("solved", "positions", "seconds", "positions/s"):
        out.add_column(header, justify="left" if header == "solved" else "right")
    rate = report["positions_per_second"]
    out.add_row(
        f"deals 0-{report['deals'] - 1}, best of {report['repeats']}",
        f"{report['positions']:,}",
        f"{report['seconds']:.2f}",
        "—" if rate is None else f"{rate:,.0f}",
    )
    seconds = report["slowest_seconds"]
    out.add_row(
        f"deal {report['slowest_deal']} (the slowest of 200)",
        f"{report['slowest_positions']:,}",
        f"{seconds:.2f}",
        f"{report['slowest_positions'] / seconds:,.0f}" if seconds > 0 else "—",
    )
    return out
