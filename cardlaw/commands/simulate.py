"""``cardlaw simulate GAME``: many bot games in parallel, summarised with 95% intervals.

The statistics are the game's own (``cardlaw/simulation/<package>.py``);
Divided Ranks reports the figures of its document's prototype notes beside
our measurements.  Every game's seed comes from ``--seed`` and the game's
index, so the table is the same for any ``--workers``.
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cardlaw.cluster import SchedulerOption, backend
from cardlaw.options import BOTS_HELP, JsonFlag, SetOption, VariantOption, game_config, seat_bots
from cardlaw.progress import QuietFlag, progress
from engine.registry import GAMES

if TYPE_CHECKING:
    from rich.table import Table

    from cardlaw.simulation import Report

__all__ = ["register"]


def _figure(value: float | None, kind: str) -> str:
    if value is None or math.isnan(value):
        return "—"
    return f"{value:,.3g}" if kind == "mean" else f"{100 * value:.1f}%"


def _tables(report: Report, title: str) -> list[Table]:
    from rich.markup import escape  # noqa: PLC0415  (deferred for start-up)
    from rich.table import Table  # noqa: PLC0415  (deferred for start-up)

    table = Table(title=title)
    for column in ("statistic", "measured", "95% interval", "n"):
        table.add_column(column, justify="left" if column == "statistic" else "right")
    for stat in report.statistics:
        est, kind = stat.estimate, stat.kind
        interval = "" if est.n == 0 else f"{_figure(est.low, kind)} – {_figure(est.high, kind)}"
        table.add_row(escape(stat.name), _figure(est.value, kind), interval, f"{est.n:,}")
    tables = [table]
    if report.claims:
        claims = Table(title="The document's claims")
        columns = (
            "claim",
            "document",
            "bots",
            "measured",
            "95% interval",
            "n",
            "verdict",
            "reason",
        )
        for column in columns:
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
        tables.append(claims)
    return tables


def simulate(
    game_name: Annotated[
        str,
        typer.Argument(metavar="GAME", help=f"One of: {', '.join(GAMES)} (cardlaw games)."),
    ],
    games: Annotated[int, typer.Option(metavar="N", help="Number of games to play.")] = 1000,
    bots: Annotated[
        str | None,
        typer.Option(metavar="BOT,...", help=f"{BOTS_HELP} Default: the game's strongest bot."),
    ] = None,
    players: Annotated[int | None, typer.Option(metavar="N", help="Number of players.")] = None,
    variant: VariantOption = None,
    sets: SetOption = None,
    seed: Annotated[
        int | None, typer.Option(metavar="N", help="Master seed (random if omitted).")
    ] = None,
    workers: Annotated[
        int | None, typer.Option(metavar="N", help="Worker processes (default: one per CPU).")
    ] = None,
    scheduler: SchedulerOption = None,
    json_output: JsonFlag = False,
    quiet: QuietFlag = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help="Also write SVG charts into DIR (needs matplotlib: the plots extra).",
        ),
    ] = None,
) -> None:
    """Play many games between bots and print statistics with 95% intervals."""
    # Deferred for start-up: the bots, the simulation and rich load only to simulate.
    from rich.console import Console  # noqa: PLC0415

    from cardlaw.bots import default_bot, make_bots  # noqa: PLC0415
    from cardlaw.output import print_table  # noqa: PLC0415
    from cardlaw.simulation import Lineup, run_games, statistics  # noqa: PLC0415

    out = Console(highlight=False, soft_wrap=True)
    game, config = game_config(game_name, players, variant or [], sets)
    stats = statistics(game.name)
    if workers is None:
        workers = os.cpu_count() or 1
    names = seat_bots(bots, config.players, default_bot(game))
    make_bots(game, names)  # unknown bots are bad input, before any work starts
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    config_json = game.config_to_json(config)
    lineup = Lineup(game.name, config_json, tuple(names))
    start = time.perf_counter()
    with (
        backend(scheduler, workers) as where,
        progress(
            "simulating", total=games, unit="games", naming=lambda i: f"game {i + 1:,}", quiet=quiet
        ) as bar,
    ):
        if scheduler:
            workers = where.slots
        facts = run_games(
            lineup,
            games=games,
            seed=seed,
            workers=workers,
            progress=bar.advance,
            backend=where if scheduler else None,
        )
    seconds = time.perf_counter() - start
    report = stats.report(facts, config_json, names)
    written: list[str] = []
    if plot is not None:
        from cardlaw.simulation.plots import write_plots  # noqa: PLC0415  (matplotlib)

        written = [str(path) for path in write_plots(report, plot, game.name)]
    if json_output:
        data = {
            "game": game.name,
            "config": config_json,
            "bots": names,
            "games": games,
            "seed": seed,
            "workers": workers,
            **({"scheduler": scheduler} if scheduler else {}),
            "seconds": round(seconds, 3),
            **report.to_json(),
        }
        if plot is not None:
            data["plots"] = written
        out.print_json(json.dumps(data))
        return
    title = (
        f"{game.rulebook.title}: {games:,} games, bots {', '.join(names)}, "
        f"variants: {', '.join(variant or []) or 'none'}, seed {seed}"
    )
    for table in _tables(report, title):
        print_table(table, out)
    if written:
        out.print(f"{len(written)} chart(s) written to {plot}")
    out.print(
        f"{games:,} games in {seconds:.1f} s with {workers} worker(s)"
        f"{f' of {scheduler}' if scheduler else ''} "
        f"({games / seconds:,.0f} games/s)"
    )


def register(app: typer.Typer) -> None:
    """Add ``cardlaw simulate``."""
    app.command(name="simulate")(simulate)
