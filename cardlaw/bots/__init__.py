"""Bots: players that choose among legal actions, seeing only their observation.

Every game has ``random`` (uniform over the legal actions); games add their
own heuristics (Divide: ``greedy``).  A bot's ``choose`` gets the seat's
observation, the legal actions and the seat's random stream.

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


def _registry() -> dict[str, dict[str, Callable[[], Bot]]]:
    from cardlaw.bots import divide  # noqa: PLC0415  (game bots import this module)

    return {
        "divide": {"random": RandomBot, "greedy": divide.GreedyBot},
    }


def bot_names(game: AnyGame) -> tuple[str, ...]:
    """The bots that can play ``game``."""
    return tuple(_registry().get(game.name, {"random": RandomBot}))


def make_bots(game: AnyGame, names: Sequence[str]) -> list[Bot]:
    """One bot per name; an unknown name is malformed input."""
    known = _registry().get(game.name, {"random": RandomBot})
    bots = []
    for name in names:
        factory = known.get(name.strip())
        if factory is None:
            raise MalformedInput(
                f"unknown bot {name!r} for {game.name} (known: {', '.join(known)})"
            )
        bots.append(factory())
    return bots
