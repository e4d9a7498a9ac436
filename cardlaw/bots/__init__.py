"""Bots: players that choose among legal actions, seeing only their observation.

Every game has ``random`` (uniform over the legal actions); a game's own
bots are written in ``cardlaw/bots/<package>.py`` (a ``BOTS`` dict, Divide:
``greedy``) and named by the game's record (:data:`cardlaw.games.RECORDS`,
``bots``).  A game with no record (one registered from outside cardlaw)
plays with ``random``.
A bot's ``choose`` gets the seat's observation, the legal actions and the
seat's random stream.

>>> from cardlaw.engine.registry import get_game
>>> [bot.name for bot in make_bots(get_game("divide"), ["random", "greedy"])]
['random', 'greedy']
>>> make_bots(get_game("divide"), ["clever"])
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: unknown bot 'clever' for divide (known: random, greedy, mcts)
>>> from cardlaw.engine.registry import GAMES
>>> [default_bot(get_game(name)) for name in GAMES]
['greedy', 'exact', 'greedy', 'simple']
>>> own_bots("high-card")
{}
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypeVar

from cardlaw.bots.base import AnyBot, Bot, BotFactory
from cardlaw.engine.api import AnyGame
from cardlaw.games import record
from cardlaw.spec.errors import MalformedInput

__all__ = [
    "AnyBot",
    "Bot",
    "BotFactory",
    "RandomBot",
    "bot_names",
    "default_bot",
    "make_bots",
    "own_bots",
    "search_bot",
]

A = TypeVar("A")


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, observation: object, legal: Sequence[A], rng: random.Random) -> A:
        """A uniformly random legal action."""
        return rng.choice(legal)


def own_bots(game_name: str) -> Mapping[str, BotFactory]:
    """The game's own bots by name, weakest first (its record's), none for a game without one."""
    found = record(game_name)
    return {} if found is None else found.bots()


def search_bot() -> AnyBot:
    """``mcts``: OpenSpiel's search over sampled worlds (:mod:`cardlaw.openspiel.search`).

    Any of the four games; OpenSpiel must be installed (the ``openspiel``
    extra), else this is :class:`~cardlaw.extras.MissingExtra`.
    """
    from cardlaw.openspiel import require  # noqa: PLC0415  (OpenSpiel loads only for it)

    require("the mcts bot")
    from cardlaw.openspiel.search import SearchBot  # noqa: PLC0415

    return SearchBot()


def _known(game: AnyGame) -> dict[str, BotFactory]:
    """``random``, the game's own bots (:func:`own_bots`), then ``mcts`` where it plays.

    ``mcts`` plays every game with an adapter binding: every game with a record.
    """
    known: dict[str, BotFactory] = {"random": RandomBot, **own_bots(game.name)}
    if record(game.name) is not None:
        known["mcts"] = search_bot
    return known


def bot_names(game: AnyGame) -> tuple[str, ...]:
    """The bots that can play ``game``."""
    return tuple(_known(game))


def default_bot(game: AnyGame) -> str:
    """The bot ``cardlaw simulate`` seats by default: the game's strongest.

    A game's bots table lists its bots weakest first, so this is the last;
    ``random`` for a game with none of its own.  (``mcts``, OpenSpiel's
    search, is never the default: it needs an extra and is slow.)
    """
    return tuple({"random": RandomBot, **own_bots(game.name)})[-1]


def make_bots(game: AnyGame, names: Sequence[str]) -> list[AnyBot]:
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
