"""``cardlaw ask GAME QUESTION``: settle a dispute at the table.

Every game with positions gets ``legal``::

    cardlaw ask divide legal --position spot.json [--player P] [--action "play JD"]

and each game adds short forms in ``cardlaw/ask/<package>.py`` (its
``COMMANDS``, named by its record: :data:`cardlaw.games.RECORDS`).  Every
answer gives the verdict, the reasoning step by step and the clauses with
their text; ``--json`` for programs.

The group of each game is built the first time it is looked up (``cardlaw
ask divide ...`` loads Divide's questions alone).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardlaw.engine.api import AnyGame
from cardlaw.engine.registry import GAMES
from cardlaw.options import json_flag, rule_changes, set_option
from cardlaw.spec.errors import MalformedInput
from cardlaw.usage import ACTION_EXAMPLE, Group, Listed, make_command
from cardlaw.values import INT

if TYPE_CHECKING:
    from cardlaw.engine.jsonio import JSON

__all__ = ["command", "game_group", "legal_command"]


def legal_command(game: AnyGame) -> click.Command:
    """``cardlaw ask GAME legal`` for a game that reads positions (:attr:`judged`)."""

    @click.option(
        "--position",
        type=click.Path(path_type=Path),
        metavar="FILE",
        help="The position file (JSON, or TOML if .toml).",
    )
    @click.option(
        "--player", type=INT, metavar="SEAT", help="Ask about this seat (default: the seat to act)."
    )
    @click.option(
        "--action", metavar="ACTION", help=f'An action to judge, e.g. "{ACTION_EXAMPLE}".'
    )
    @click.option(
        "--example", is_flag=True, help="Print an example position file to start from, and exit."
    )
    @set_option
    @json_flag
    def legal(
        position: Path | None,
        player: int | None,
        action: str | None,
        example: bool,
        sets: tuple[str, ...],
        json_output: bool,
    ) -> None:
        """The legal actions in a position, or whether one action is legal and why.

        ``--set`` judges the position under changed rule parameters (added to the
        position's own ``rules``).
        """
        if example:
            _print_example(game, position, player, action)
        else:
            _judge(game, position, player, action, sets, json_output)

    return make_command("legal")(legal)


def _print_example(
    game: AnyGame, position: Path | None, player: int | None, action: str | None
) -> None:
    """``--example``: print the game's example position file (it takes no other option)."""
    if position is not None or player is not None or action is not None:
        raise MalformedInput("--example takes no other option")
    print(json.dumps(dict(game.position_example), ensure_ascii=False, indent=2))


def _judge(
    game: AnyGame,
    position: Path | None,
    player: int | None,
    action: str | None,
    sets: tuple[str, ...],
    json_output: bool,
) -> None:
    """Print the answer about ``position``, under its rules changed by ``sets``."""
    from cardlaw.answers.legal import legal as legal_answer  # noqa: PLC0415
    from cardlaw.ask import load_position, print_answer  # noqa: PLC0415

    if position is None:
        raise MalformedInput("--position FILE is needed (--example prints one to start from)")
    data = load_position(position)
    changes = rule_changes(sets)
    if changes:
        given = data.get("rules", {})
        rules: dict[str, JSON] = {**given, **changes} if isinstance(given, dict) else {**changes}
        data["rules"] = rules
    print_answer(legal_answer(game, data, player, action), json_output)


@cache
def game_group(name: str) -> Listed:
    """``cardlaw ask NAME``: the game's own questions (its record's), then ``legal`` if judged."""
    from cardlaw.games import record  # noqa: PLC0415

    game = GAMES[name]
    found = record(name)
    commands = list(found.questions() if found is not None else ())
    if game.judged:
        commands.append(legal_command(game))
    return Listed(name=name, commands=commands, help=f"Questions about {game.rulebook.title}.")


def _games() -> Mapping[str, Callable[[], click.Command]]:
    """The games under ``cardlaw ask``, in the registry's order: those with any question."""
    from cardlaw.games import record  # noqa: PLC0415

    listed = [name for name in GAMES if record(name) is not None or GAMES[name].judged]
    return {name: partial(game_group, name) for name in listed}


command = Group(
    name="ask",
    loaders=_games,
    help="Settle a dispute: is this legal and why, who wins this trick, ... "
    "(answered with exit 0, whatever the answer).",
)
"""``cardlaw ask``: a group per game, each built when looked up."""
