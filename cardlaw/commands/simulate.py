"""``cardlaw simulate GAME``: many bot games in parallel, summarised with 95% intervals.

The statistics are the game's own (``cardlaw/simulation/<package>.py``);
Divided Ranks reports the figures of its document's prototype notes beside
our measurements.  Every game's seed comes from ``--seed`` and the game's
index, so the table is the same for any ``--workers``.  The work is
:func:`cardlaw.simulation.session.simulate`.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from cardlaw.cluster import scheduler_option
from cardlaw.engine.registry import GAMES
from cardlaw.options import BOTS_HELP, json_flag, set_option, variant_option
from cardlaw.progress import quiet_flag
from cardlaw.usage import argument, make_command
from cardlaw.values import INT

__all__ = ["command", "simulate"]


@argument("game_name", metavar="GAME", help=f"One of: {', '.join(GAMES)} (cardlaw games).")
@click.option("--games", type=INT, default=1000, metavar="N", help="Number of games to play.")
@click.option("--bots", metavar="BOT,...", help=f"{BOTS_HELP} Default: the game's strongest bot.")
@click.option("--players", type=INT, metavar="N", help="Number of players.")
@variant_option
@set_option
@click.option("--seed", type=INT, metavar="N", help="Master seed (random if omitted).")
@click.option("--workers", type=INT, metavar="N", help="Worker processes (default: one per CPU).")
@scheduler_option
@json_flag
@quiet_flag
@click.option(
    "--plot",
    type=click.Path(path_type=Path),
    metavar="DIR",
    help="Also write SVG charts into DIR (needs matplotlib: the plots extra).",
)
def simulate(
    game_name: str,
    games: int,
    bots: str | None,
    players: int | None,
    variant: tuple[str, ...],
    sets: tuple[str, ...],
    seed: int | None,
    workers: int | None,
    scheduler: str | None,
    json_output: bool,
    quiet: bool,
    plot: Path | None,
) -> None:
    """Play many games between bots and print statistics with 95% intervals."""
    # Deferred for start-up: the bots, the simulation and rich load only to simulate.
    from cardlaw.output import console, print_table  # noqa: PLC0415
    from cardlaw.simulation.session import simulate as run  # noqa: PLC0415

    done = run(
        game_name,
        games=games,
        bots=bots,
        players=players,
        variants=variant,
        sets=sets,
        seed=seed,
        workers=workers,
        scheduler=scheduler,
        quiet=quiet,
        plot=plot,
    )
    out = console()
    if json_output:
        out.print_json(json.dumps(done.to_json()))
        return
    for table in done.tables():
        print_table(table, out)
    for line in done.footer(plot):
        out.print(line)


command = make_command("simulate")(simulate)
"""``cardlaw simulate``."""
