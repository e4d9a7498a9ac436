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
import sys
import time
from typing import TYPE_CHECKING, Annotated

import typer

from cardlaw.options import BOTS_HELP, JsonFlag, SetOption, VariantOption, game_config, seat_bots
from engine.registry import GAMES
from spec.errors import MalformedInput

if TYPE_CHECKING:
    from rich.table import Table

    from cardlaw.simulation import Row

__all__ = ["register"]


def _percent(value: float) -> str:
    return "—" if math.isnan(value) else f"{100 * value:.1f}%"


def _table(rows: list[Row], title: str) -> Table:
    from rich.markup import escape  # noqa: PLC0415  (deferred for start-up)
    from rich.table import Table  # noqa: PLC0415  (deferred for start-up)

    table = Table(title=title)
    table.add_column("statistic")
    table.add_column("measured", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("n", justify="right")
    table.add_column("document")
    for row in rows:
        est = row.estimate
        if est is None or est.n == 0:
            table.add_row(escape(row.statistic), "—", "", "0", escape(row.document))
            continue
        document = escape(row.document + (f" [{row.note}]" if row.note else ""))
        table.add_row(
            escape(row.statistic),
            _percent(est.value),
            f"{_percent(est.low)} – {_percent(est.high)}",
            f"{est.n:,}",
            document,
        )
    return table


def simulate(
    game_name: Annotated[
        str,
        typer.Argument(metavar="GAME", help=f"One of: {', '.join(GAMES)} (cardlaw games)."),
    ],
    games: Annotated[int, typer.Option(metavar="N", help="Number of games to play.")] = 1000,
    bots: Annotated[str, typer.Option(metavar="BOT,...", help=BOTS_HELP)] = "expert",
    variant: VariantOption = None,
    sets: SetOption = None,
    seed: Annotated[
        int | None, typer.Option(metavar="N", help="Master seed (random if omitted).")
    ] = None,
    workers: Annotated[
        int | None, typer.Option(metavar="N", help="Worker processes (default: one per CPU).")
    ] = None,
    json_output: JsonFlag = False,
) -> None:
    """Play many games between bots and print statistics with 95% intervals."""
    # Deferred for start-up: the bots, the simulation and rich load only to simulate.
    from rich.console import Console  # noqa: PLC0415
    from rich.progress import (  # noqa: PLC0415
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TimeRemainingColumn,
    )

    from cardlaw.bots import make_bots  # noqa: PLC0415
    from cardlaw.output import print_table  # noqa: PLC0415
    from cardlaw.simulation import Lineup, run_games, statistics  # noqa: PLC0415

    out = Console(highlight=False, soft_wrap=True)
    game, config = game_config(game_name, None, variant or [], sets)
    stats = statistics(game.name)
    if games < 1:
        raise MalformedInput(f"--games must be at least 1, not {games}")
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise MalformedInput(f"--workers must be at least 1, not {workers}")
    names = seat_bots(bots, config.players)
    make_bots(game, names)  # unknown bots are bad input, before any work starts
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    config_json = game.config_to_json(config)
    lineup = Lineup(game.name, config_json, tuple(names))
    start = time.perf_counter()
    if sys.stderr.isatty():
        progress = Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        with progress:
            task = progress.add_task("games", total=games)
            facts = run_games(
                lineup,
                games=games,
                seed=seed,
                workers=workers,
                progress=lambda done: progress.advance(task, done),
            )
    else:
        facts = run_games(lineup, games=games, seed=seed, workers=workers)
    seconds = time.perf_counter() - start
    rows = stats.rows(facts, config_json, names)
    if json_output:
        data = {
            "game": game.name,
            "config": config_json,
            "bots": names,
            "games": games,
            "seed": seed,
            "workers": workers,
            "seconds": round(seconds, 3),
            "rows": [row.to_json() for row in rows],
        }
        out.print_json(json.dumps(data))
        return
    title = (
        f"{game.rulebook.title}: {games:,} games, bots {', '.join(names)}, "
        f"variants: {', '.join(variant or []) or 'none'}, seed {seed}"
    )
    print_table(_table(rows, title), out)
    out.print(
        f"{games:,} games in {seconds:.1f} s with {workers} worker(s) "
        f"({games / seconds:,.0f} games/s)"
    )


def register(app: typer.Typer) -> None:
    """Add ``cardlaw simulate``."""
    app.command(name="simulate")(simulate)
