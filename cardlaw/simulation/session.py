"""``cardlaw simulate``'s work: one simulation, from its options to its report, tables and JSON.

The work is :func:`simulate`; what it returns (:class:`Simulated`) gives the
JSON ``--json`` prints (:meth:`Simulated.to_json`) and the tables and lines
of the readable output (:meth:`Simulated.tables`, :meth:`Simulated.footer`).
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardlaw.cluster import backend
from cardlaw.options import game_config, seat_bots
from cardlaw.progress import progress

if TYPE_CHECKING:
    from rich.table import Table

    from cardlaw.engine.api import AnyGame
    from cardlaw.engine.jsonio import JSON
    from cardlaw.simulation import Lineup, Report
    from cardlaw.simulation.claims import Facts

__all__ = ["Simulated", "simulate"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Simulated:
    """A simulation done: what was played, how, and its report.

    Attributes:
        game, title: the game's name and its rulebook's title.
        config_json: the configuration, as JSON.
        names: the bots, by seat.
        variants: the named variants asked for.
        games, seed, workers, scheduler: how many games, from which master
            seed, on how many workers (of which scheduler, if any).
        seconds: the wall-clock time the games took.
        report: the game's statistics and its document's claims.
        plots: the charts written (``--plot``), or ``None`` when none was asked for.
    """

    game: str
    title: str
    config_json: dict[str, JSON]
    names: list[str]
    variants: tuple[str, ...]
    games: int
    seed: int
    workers: int
    scheduler: str | None
    seconds: float
    report: Report
    plots: list[str] | None

    def to_json(self) -> dict[str, object]:
        """What ``cardlaw simulate --json`` prints."""
        data = {
            "game": self.game,
            "config": self.config_json,
            "bots": self.names,
            "games": self.games,
            "seed": self.seed,
            "workers": self.workers,
            **({"scheduler": self.scheduler} if self.scheduler else {}),
            "seconds": round(self.seconds, 3),
            **self.report.to_json(),
        }
        if self.plots is not None:
            data["plots"] = self.plots
        return data

    def tables(self) -> list[Table]:
        """The statistics table, and the document's claims when the game has any."""
        title = (
            f"{self.title}: {self.games:,} games, bots {', '.join(self.names)}, "
            f"variants: {', '.join(self.variants) or 'none'}, seed {self.seed}"
        )
        return tables(self.report, title)

    def footer(self, plot: Path | None = None) -> list[str]:
        """The lines after the tables: the charts written, and the games' pace."""
        lines = [f"{len(self.plots)} chart(s) written to {plot}"] if self.plots else []
        where = f" of {self.scheduler}" if self.scheduler else ""
        lines.append(
            f"{self.games:,} games in {self.seconds:.1f} s with {self.workers} worker(s)"
            f"{where} ({self.games / self.seconds:,.0f} games/s)"
        )
        return lines


def simulate(
    game_name: str,
    *,
    games: int = 1000,
    bots: str | None = None,
    players: int | None = None,
    variants: Sequence[str] = (),
    sets: Sequence[str] | None = None,
    seed: int | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    quiet: bool = False,
    plot: Path | None = None,
) -> Simulated:
    """Play ``games`` games of ``game_name`` between ``bots`` and report the game's statistics.

    ``bots`` defaults to the game's strongest bot in every seat, ``seed`` to
    one drawn from the system, ``workers`` to one per CPU; with a
    ``scheduler`` the games run on that Dask cluster instead.  ``plot``
    names a folder for SVG charts.
    """
    from cardlaw.simulation import Lineup, statistics  # noqa: PLC0415  (deferred for start-up)

    game, config = game_config(game_name, players, variants, sets)
    stats = statistics(game.name)
    workers = (os.cpu_count() or 1) if workers is None else workers
    names = _seated(game, bots, config.players)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    config_json = game.config_to_json(config)
    lineup = Lineup(game.name, config_json, tuple(names))
    start = time.perf_counter()
    facts, workers = _played(lineup, games, seed, workers, scheduler, quiet)
    seconds = time.perf_counter() - start
    report = stats.report(facts, config_json, names)
    return Simulated(
        game=game.name,
        title=game.rulebook.title,
        config_json=config_json,
        names=names,
        variants=tuple(variants),
        games=games,
        seed=seed,
        workers=workers,
        scheduler=scheduler,
        seconds=seconds,
        report=report,
        plots=None if plot is None else _plotted(report, plot, game.name),
    )


def _seated(game: AnyGame, bots: str | None, seats: int) -> list[str]:
    """The bots' names by seat (``bots``, else the game's strongest); unknown ones refused."""
    from cardlaw.bots import default_bot, make_bots  # noqa: PLC0415  (deferred for start-up)

    names = seat_bots(bots, seats, default_bot(game))
    make_bots(game, names)  # unknown bots are bad input, before any work starts
    return names


def _played(
    lineup: Lineup, games: int, seed: int, workers: int, scheduler: str | None, quiet: bool
) -> tuple[list[Facts], int]:
    """Each game's facts, played with progress on stderr, and the workers that played them.

    With a ``scheduler`` the games run on its cluster, on as many workers as it has slots.
    """
    from cardlaw.simulation import run_games  # noqa: PLC0415  (deferred for start-up)

    naming = lambda i: f"game {i + 1:,}"  # noqa: E731
    with (
        backend(scheduler, workers) as where,
        progress("simulating", total=games, unit="games", naming=naming, quiet=quiet) as bar,
    ):
        if scheduler:
            workers = where.slots
        cluster = where if scheduler else None
        facts = run_games(
            lineup, games=games, seed=seed, workers=workers, progress=bar.advance, backend=cluster
        )
    return facts, workers


def _plotted(report: Report, plot: Path, game: str) -> list[str]:
    """``--plot``: the SVG charts of ``report`` written into ``plot``."""
    from cardlaw.simulation.plots import write_plots  # noqa: PLC0415  (matplotlib)

    return [str(path) for path in write_plots(report, plot, game)]


def _figure(value: float | None, kind: str) -> str:
    if value is None or math.isnan(value):
        return "—"
    return f"{value:,.3g}" if kind == "mean" else f"{100 * value:.1f}%"


_CLAIM_COLUMNS = ("claim", "document", "bots", "measured", "95% interval", "n", "verdict", "reason")


def tables(report: Report, title: str) -> list[Table]:
    """A report as tables: its statistics, then its claims (if any) with their verdicts."""
    from rich.markup import escape  # noqa: PLC0415  (deferred for start-up)
    from rich.table import Table  # noqa: PLC0415  (deferred for start-up)

    table = Table(title=title)
    for column in ("statistic", "measured", "95% interval", "n"):
        table.add_column(column, justify="left" if column == "statistic" else "right")
    for stat in report.statistics:
        est, kind = stat.estimate, stat.kind
        interval = "" if est.n == 0 else f"{_figure(est.low, kind)} – {_figure(est.high, kind)}"
        table.add_row(escape(stat.name), _figure(est.value, kind), interval, f"{est.n:,}")
    if not report.claims:
        return [table]
    claims = Table(title="The document's claims")
    for column in _CLAIM_COLUMNS:
        claims.add_column(column)
    for claim in report.claims:
        row, est = claim.to_json(), claim.measured
        empty = row["measured"] is None
        claims.add_row(
            escape(row["claim"]),
            escape(row["document"]),
            escape(row["bots"]),
            _figure(None if empty else est.value, "proportion"),
            "" if empty else f"{_figure(est.low, 'p')} – {_figure(est.high, 'p')}",
            f"{row['n']:,}",
            row["verdict"],
            escape(row["reason"]),
        )
    return [table, claims]
