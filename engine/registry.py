"""The games cardlaw knows, listed by name: the one place a game is added to the engine.

Each game declares its :class:`~engine.manifest.Manifest` in
``engine/<package>/game.py`` and is listed here, in the order the games are
shown everywhere (the order of the mission).  A game defined outside cardlaw
— a designer's own, or the toy game of the tests — joins with
:func:`register`.  Nothing is found by path or by name at run time.

>>> get_game("divide").name
'divide'
>>> list(GAMES)
['divide', 'divided-ranks', 'split', 'euchre']
>>> get_game("poker")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spec.errors.MalformedInput: unknown game 'poker' (known: divide...)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from engine.api import AnyGame
from engine.divide.game import DIVIDE
from engine.divided_ranks.game import DIVIDED_RANKS
from engine.euchre.game import EUCHRE
from engine.split.game import SPLIT
from spec.errors import MalformedInput

__all__ = ["GAMES", "all_games", "get_game", "register", "unregister"]

BUILT_IN: Final[tuple[AnyGame, ...]] = (DIVIDE, DIVIDED_RANKS, SPLIT, EUCHRE)
"""cardlaw's own games, in listing order."""

_GAMES: dict[str, AnyGame] = {game.name: game for game in BUILT_IN}

GAMES: Final[Mapping[str, AnyGame]] = MappingProxyType(_GAMES)
"""Game name -> game, in listing order (a read-only view; :func:`register` adds to it)."""


def get_game(name: str) -> AnyGame:
    """The game called ``name``; an unknown name is malformed input."""
    game = _GAMES.get(name)
    if game is None:
        raise MalformedInput(f"unknown game {name!r} (known: {', '.join(_GAMES)})")
    return game


def all_games() -> list[AnyGame]:
    """Every registered game, in listing order."""
    return list(_GAMES.values())


def register(game: AnyGame) -> None:
    """Add a game defined outside cardlaw; it is listed after the others.

    Its name must be new: a built-in game cannot be replaced.
    """
    if game.name in _GAMES and _GAMES[game.name] is not game:
        raise ValueError(f"a game called {game.name!r} is already registered")
    _GAMES[game.name] = game


def unregister(name: str) -> None:
    """Remove a game :func:`register` added (built-in games stay)."""
    if any(game.name == name for game in BUILT_IN):
        raise ValueError(f"{name!r} is one of cardlaw's own games")
    _GAMES.pop(name, None)
