"""``cardlaw play GAME``: a game between bots, as a readable log, a record or JSON."""

from __future__ import annotations

import json
from pathlib import Path

import click

from cardlaw.options import BOTS_HELP, GAME_HELP, set_option, variant_option
from cardlaw.usage import argument, make_command
from cardlaw.values import INT

__all__ = ["command", "play"]


@argument("game_name", metavar="GAME", help=GAME_HELP)
@click.option("--players", type=INT, metavar="N", help="Number of players.")
@click.option("--seed", type=INT, metavar="N", help="Seed for the deal and the bots.")
@click.option("--bots", metavar="BOT,...", help=BOTS_HELP)
@click.option(
    "--record",
    type=click.Path(path_type=Path),
    metavar="FILE",
    help="Write the game record (JSON) to FILE.",
)
@variant_option
@set_option
@click.option(
    "--json",
    "json_output",
    is_flag=True,
    help="Print a JSON summary: game, config, seed, bots, result, record.",
)
def play(
    game_name: str,
    players: int | None,
    seed: int | None,
    bots: str | None,
    record: Path | None,
    variant: tuple[str, ...],
    sets: tuple[str, ...],
    json_output: bool,
) -> None:
    """Play a game between bots and print a readable log."""
    from cardlaw.output import console  # noqa: PLC0415  (deferred for start-up)
    from cardlaw.playing import play as play_game  # noqa: PLC0415

    played = play_game(
        game_name,
        players=players,
        variants=variant,
        sets=sets,
        bots=bots,
        seed=seed,
        record=record,
    )
    if json_output:
        print(json.dumps(played.summary(), ensure_ascii=False, indent=2))
        return
    out = console()
    out.print(played.header(), markup=True)
    for line in played.log_lines():
        out.print(line)
    if record is not None:
        out.print(f"Record written to {record}", markup=False)


command = make_command("play")(play)
"""``cardlaw play``."""
