"""Options several commands share: which game, which variants, which bot in which seat.

>>> from cardlaw.engine.registry import GAMES, get_game
>>> seat_bots("greedy,random", 5)
['greedy', 'random', 'greedy', 'random', 'greedy']
>>> seat_bots(None, 4)
['random', 'random', 'random', 'random']
>>> seat_bots("a,b,c", 2)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: --bots names 3 bots for 2 seats
>>> game, config = game_config("euchre", None, ["stick-the-dealer"])
>>> config.stick_the_dealer
True
>>> game_config("euchre", None, ["stick"])
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: unknown variant 'stick' for euchre (known: stick-the-dealer, \
...)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import click

from cardlaw.engine.api import AnyGame
from cardlaw.engine.registry import GAMES, get_game
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.parameters import parse_sets
from cardlaw.usage import SET_EXAMPLE
from cardlaw.values import INT

if TYPE_CHECKING:
    from cardlaw.engine.jsonio import JSON  # annotations only: not loaded for --help

__all__ = [
    "BOTS_HELP",
    "GAME_HELP",
    "game_config",
    "json_flag",
    "leader_option",
    "rule_changes",
    "seat_bots",
    "set_option",
    "solver_flag",
    "suite_tests_flag",
    "variant_option",
]

GAME_HELP: Final = f"One of: {', '.join(GAMES)} (cardlaw games lists them)."
"""The ``GAME`` argument's help of every command that takes any game."""

BOTS_HELP = (
    "Comma-separated bots by seat; a shorter list repeats over the seats "
    "(greedy,random for 5 seats: greedy, random, greedy, random, greedy)."
)
"""The ``--bots`` help of every command that seats bots."""

json_flag: Final = click.option("--json", "json_output", is_flag=True, help="Print JSON.")
"""The ``--json`` flag of every command that prints JSON (its value: ``json_output``)."""

solver_flag: Final = click.option(
    "--solver",
    is_flag=True,
    help="Split: also time the cooperative solver (positions per second over 20 "
    "five-player deals, and the slowest of the published 200).",
)
"""``cardlaw bench``'s ``--solver`` flag (:mod:`cardlaw.bench.solver`)."""

suite_tests_flag: Final = click.option(
    "--tests/--no-tests",
    default=True,
    help="With GAME suite: time the test suite and its deep runs too (minutes), not only verify.",
)
"""``cardlaw bench suite --tests/--no-tests`` (:mod:`cardlaw.bench.suite`)."""

variant_option: Final = click.option(
    "--variant", multiple=True, metavar="NAME", help="A named rules variant (repeatable)."
)
"""The ``--variant`` option of every command that sets up a game (its value: ``variant``)."""

set_option: Final = click.option(
    "--set",
    "sets",
    multiple=True,
    metavar="NAME=VALUE",
    help=f"Change a rule parameter (repeatable), e.g. {SET_EXAMPLE}; cardlaw games lists "
    "each game's.",
)
"""The ``--set`` option of every command that sets up a game (its value: ``sets``)."""

leader_option: Final = click.option(
    "--leader", type=INT, default=0, metavar="SEAT", help="The seat that led."
)
"""The ``--leader`` option of every ``ask ... trick`` command (its value: ``leader``)."""


def seat_bots(bots: str | None, seats: int, default: str = "random") -> list[str]:
    """The bot of every seat: ``bots`` (comma-separated) repeated over the seats in order.

    More names than seats, or an empty name, is malformed input.
    """
    names = [name.strip() for name in (default if bots is None else bots).split(",")]
    if any(not name for name in names):
        raise MalformedInput(f"--bots has an empty name: {bots!r}")
    if len(names) > seats:
        raise MalformedInput(f"--bots names {len(names)} bots for {seats} seats")
    return [names[seat % len(names)] for seat in range(seats)]


def rule_changes(sets: Sequence[str] | None) -> dict[str, int]:
    """The ``--set NAME=VALUE`` options as ``{NAME: value}`` (names as the spec's constants).

    >>> rule_changes(["bonus-tokens=4"]), rule_changes(None)
    ({'BONUS_TOKENS': 4}, {})
    """
    return parse_sets(sets or ())


def game_config(
    game_name: str,
    players: int | None,
    variants: Sequence[str],
    sets: Sequence[str] | None = None,
) -> tuple[AnyGame, Any]:
    """The game named ``game_name``, configured by ``--players``, ``--variant`` and ``--set``.

    An unknown game, variant or rule parameter, a player count the game does
    not allow, or rule parameters that do not fit together is malformed input.

    >>> _, config = game_config("divide", 5, [], ["CARDS_DEALT=20"])
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: 5 players dealt CARDS_DEALT=20 cards each need 100 cards \
from a \
52-card deck [divide.deal.nine]
    """
    game = get_game(game_name)
    options: dict[str, JSON] = {}
    for variant in variants:
        known = game.variants
        if variant not in known:
            names = ", ".join(known) or "none"
            raise MalformedInput(f"unknown variant {variant!r} for {game.name} (known: {names})")
        options.update(known[variant])
    if players is not None:
        options["players"] = players
    changes = rule_changes(sets)
    if changes:
        options["rules"] = {**changes}
    return game, game.config(**options)
