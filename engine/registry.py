"""The games cardlaw knows, by name.

A game lives in ``engine/<package>/game.py`` and exposes its Game API object
as ``GAME``; the registry finds every such package, so adding a game touches
no shared file.  Its command-line name is ``GAME.name`` (``divided-ranks``
for the package ``divided_ranks``).

>>> get_game("divide").name
'divide'
>>> get_game("poker")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spec.errors.MalformedInput: unknown game 'poker' (known: divide...)
"""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Final

from engine.api import AnyGame
from spec.errors import MalformedInput

__all__ = ["GAMES", "all_games", "get_game"]

ORDER: Final = ("divide", "divided-ranks", "split", "euchre")
"""The order games are listed in (the order of the mission); others follow by name."""


def _discover() -> dict[str, str]:
    found = {}
    root = Path(__file__).parent
    for info in pkgutil.iter_modules([str(root)]):
        if info.ispkg and (root / info.name / "game.py").exists():
            found[info.name.replace("_", "-")] = f"engine.{info.name}.game"
    ranked = sorted(found, key=lambda name: (ORDER.index(name) if name in ORDER else 99, name))
    return {name: found[name] for name in ranked}


GAMES: Final[dict[str, str]] = _discover()
"""Game name -> module holding its ``GAME`` object."""


@cache
def get_game(name: str) -> AnyGame:
    """The game called ``name``; an unknown name is malformed input."""
    module = GAMES.get(name)
    if module is None:
        raise MalformedInput(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    game: AnyGame = import_module(module).GAME
    return game


def all_games() -> list[AnyGame]:
    """Every registered game, in listing order."""
    return [get_game(name) for name in GAMES]
