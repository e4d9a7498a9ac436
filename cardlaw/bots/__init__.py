"""Bots: players that choose among legal actions, seeing only their observation.

Every game has ``random`` (uniform over the legal actions); a game's own
bots are written in ``cardlaw/bots/<package>.py`` (a ``BOTS`` dict, Divide:
``greedy``) and listed in :data:`BOTS`, keyed by game name.  A game with no
entry there (one registered from outside cardlaw) plays with ``random``.
A bot's ``choose`` gets the seat's observation, the legal actions and the
seat's random stream.

>>> from engine.registry import get_game
>>> [bot.name for bot in make_bots(get_game("divide"), ["random", "greedy"])]
['random', 'greedy']
>>> make_bots(get_game("divide"), ["clever"])
Traceback (most recent call last):
...
spec.errors.MalformedInput: unknown bot 'clever' for divide (known: random, greedy, mcts)
>>> from engine.registry import GAMES
>>> [default_bot(get_game(name)) for name in GAMES]
['greedy', 'exact', 'greedy', 'simple']
>>> [name for name in BOTS if name not in GAMES]  # every entry is a game's
[]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, Protocol, TypeVar

from cardlaw.bots import divide, divided_ranks, divided_ranks_exact, euchre, split
from engine.api import AnyGame
from spec.errors import MalformedInput

__all__ = [
    "BOTS",
    "SEARCH_GAMES",
    "Bot",
    "BotFactory",
    "RandomBot",
    "bot_names",
    "default_bot",
    "make_bots",
    "search_bot",
]

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


BotFactory = Callable[[], Bot]
"""What a bots table holds: a bot's class (or anything that makes a fresh bot)."""

BOTS: Final[Mapping[str, Mapping[str, BotFactory]]] = MappingProxyType(
    {
        "divide": divide.BOTS,
        "divided-ranks": {
            "skilled": divided_ranks.SkilledBot,
            "expert": divided_ranks.ExpertBot,
            "exact": divided_ranks_exact.ExactBot,
        },
        "split": split.BOTS,
        "euchre": euchre.BOTS,
    }
)
"""Game name -> that game's own bots, by bot name (``random`` comes first for every game)."""


def search_bot() -> Bot:
    """``mcts``: OpenSpiel's search over sampled worlds (:mod:`cardlaw.openspiel.search`).

    Any of the four games; OpenSpiel must be installed (the ``openspiel``
    extra), else this is :class:`~cardlaw.extras.MissingExtra`.
    """
    from cardlaw.openspiel import require  # noqa: PLC0415  (OpenSpiel loads only for it)

    require("the mcts bot")
    from cardlaw.openspiel.search import SearchBot  # noqa: PLC0415

    return SearchBot()


SEARCH_GAMES: Final = frozenset({"divide", "divided-ranks", "split", "euchre"})
"""The games ``mcts`` plays (those with an adapter binding)."""


def _known(game: AnyGame) -> dict[str, BotFactory]:
    """``random``, the game's own bots from :data:`BOTS`, then ``mcts`` where it plays."""
    known: dict[str, BotFactory] = {"random": RandomBot, **BOTS.get(game.name, {})}
    if game.name in SEARCH_GAMES:
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
    return tuple({"random": RandomBot, **BOTS.get(game.name, {})})[-1]


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
