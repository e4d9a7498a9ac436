"""Bots: players that choose among legal actions, seeing only their observation.

Every game has ``random`` (uniform over the legal actions); a game adds its
own in ``cardlaw/bots/<package>.py`` as a ``BOTS`` dict (Divide: ``greedy``).
A bot's ``choose`` gets the seat's observation, the legal actions and the
seat's random stream.

>>> from engine.registry import get_game
>>> [bot.name for bot in make_bots(get_game("divide"), ["random", "greedy"])]
['random', 'greedy']
>>> make_bots(get_game("divide"), ["clever"])
Traceback (most recent call last):
...
spec.errors.MalformedInput: unknown bot 'clever' for divide (known: random, greedy)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from importlib import import_module
from importlib.util import find_spec
from typing import Any, Protocol, TypeVar

from engine.api import AnyGame
from spec.errors import MalformedInput

__all__ = ["Bot", "RandomBot", "bot_names", "make_bots"]

A = TypeVar("A")


class Bot(Protocol):
    """A player: picks one of the legal actions from what its seat may know."""

    @property
    def name(self) -> str:
        """The bot's name on the command line."""
        ...

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal``."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, observation: object, legal: Sequence[A], rng: random.Random) -> A:
        """A uniformly random legal action."""
        return rng.choice(legal)


def _known(game: AnyGame) -> dict[str, Callable[[], Bot]]:
    """``random``, then the bots of ``cardlaw/bots/<package>.py`` (its ``BOTS`` dict)."""
    known: dict[str, Callable[[], Bot]] = {"random": RandomBot}
    name = f"cardlaw.bots.{game.name.replace('-', '_')}"
    if find_spec(name) is not None:
        known.update(import_module(name).BOTS)
    return known


def bot_names(game: AnyGame) -> tuple[str, ...]:
    """The bots that can play ``game``."""
    return tuple(_known(game))


def make_bots(game: AnyGame, names: Sequence[str]) -> list[Bot]:
    """One bot per name; an unknown name is malformed input."""
    known = _known(game)
    bots = []
    for name in names:
        factory = known.get(name.strip())
        if factory is None:
            raise MalformedInput(
                f"unknown bot {name!r} for {game.name} (known: {', '.join(known)})"
            )
        bots.append(factory())
    return bots
