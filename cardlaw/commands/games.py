"""``cardlaw games``: the games, their players, variants, bots and ask topics."""

from __future__ import annotations

import json

import click

from cardlaw.catalog import describe_games, games_text
from cardlaw.options import json_flag
from cardlaw.usage import make_command

__all__ = ["command", "games"]


@json_flag
@click.pass_context
def games(ctx: click.Context, json_output: bool) -> None:
    """List the games: players, variants and the clause each changes, bots, ask topics."""
    root = ctx.find_root()
    ask = root.command.get_command(root, "ask") if isinstance(root.command, click.Group) else None
    described = describe_games(ask)
    if json_output:
        print(json.dumps(described, ensure_ascii=False, indent=2))
        return
    from cardlaw.output import console  # noqa: PLC0415  (deferred for start-up)

    for line in games_text(described):
        console().print(line, markup=False)


command = make_command("games")(games)
"""``cardlaw games``."""
