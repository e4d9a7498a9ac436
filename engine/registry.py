"""The games cardlaw knows, by name.

>>> get_game("divide").name
'divide'
>>> get_game("poker")
Traceback (most recent call last):
...
spec.errors.MalformedInput: unknown game 'poker' (known: divide)
"""

from __future__ import annotations

from importlib import import_module
from typing import Final

from engine.api import AnyGame
from spec.errors import MalformedInput

__all__ = ["GAMES", "get_game"]

GAMES: Final[dict[str, str]] = {
    "divide": "engine.divide.game:DIVIDE",
}
"""Game name -> ``module:object`` of its Game API object."""


def get_game(name: str) -> AnyGame:
    """The game called ``name``; an unknown name is malformed input."""
    target = GAMES.get(name)
    if target is None:
        raise MalformedInput(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    module, _, attribute = target.partition(":")
    game: AnyGame = getattr(import_module(module), attribute)
    return game
