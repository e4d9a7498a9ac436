"""The games cardlaw knows, listed by name: the one place a game is added to the engine.

Each game declares its :class:`~engine.manifest.Manifest` in
``engine/<package>/game.py`` and is listed here, in the order the games are
shown everywhere (the order of the mission).  A game defined outside cardlaw
— a designer's own, or the toy game of the tests — joins with
:func:`register`.  Nothing is found by path or by name at run time.

A built-in game's module is imported the first time the game itself is
wanted (:func:`get_game`, ``GAMES[name]``), not with this module: listing the
names costs nothing, so a command about one game loads only that game.

>>> get_game("divide").name
'divide'
>>> list(GAMES)
['divide', 'divided-ranks', 'split', 'euchre']
>>> get_game("poker")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: unknown game 'poker' (known: divide...)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Final, overload

from cardlaw.engine.api import AnyGame
from cardlaw.spec.errors import MalformedInput

__all__ = ["BUILT_IN", "GAMES", "all_games", "get_game", "register", "unregister"]


# Each loader imports its game's module when the game is first wanted (deferred for start-up).
def _divide() -> AnyGame:
    from cardlaw.engine.divide.game import DIVIDE  # noqa: PLC0415

    return DIVIDE


def _divided_ranks() -> AnyGame:
    from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS  # noqa: PLC0415

    return DIVIDED_RANKS


def _split() -> AnyGame:
    from cardlaw.engine.split.game import SPLIT  # noqa: PLC0415

    return SPLIT


def _euchre() -> AnyGame:
    from cardlaw.engine.euchre.game import EUCHRE  # noqa: PLC0415

    return EUCHRE


_BUILT_IN: Final[Mapping[str, Callable[[], AnyGame]]] = {
    "divide": _divide,
    "divided-ranks": _divided_ranks,
    "split": _split,
    "euchre": _euchre,
}
"""cardlaw's own games, in listing order: name -> the loader of the game."""

_LOADERS: dict[str, Callable[[], AnyGame]] = dict(_BUILT_IN)
"""Every registered game, in listing order: name -> the loader of the game."""

_LOADED: dict[str, AnyGame] = {}
"""The games loaded so far, by name."""


def _load(name: str) -> AnyGame:
    """The game called ``name``, loading it on first use (``KeyError`` if there is none)."""
    game = _LOADED.get(name)
    if game is None:
        game = _LOADERS[name]()
        if game.name != name:  # a loader listed under the wrong name: a bug in this table
            raise RuntimeError(f"the game listed as {name!r} calls itself {game.name!r}")
        _LOADED[name] = game
    return game


class _Games(Mapping[str, AnyGame]):
    """Game name -> game, in listing order: a read-only view whose games load when looked up."""

    def __getitem__(self, name: str) -> AnyGame:
        return _load(name)

    def __iter__(self) -> Iterator[str]:
        return iter(list(_LOADERS))

    def __len__(self) -> int:
        return len(_LOADERS)

    def __contains__(self, name: object) -> bool:
        return name in _LOADERS

    def __repr__(self) -> str:
        return f"GAMES({', '.join(_LOADERS)})"


class _BuiltIn(Sequence[AnyGame]):
    """cardlaw's own games, in listing order: a tuple-like view whose games load when read."""

    @overload
    def __getitem__(self, index: int) -> AnyGame: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[AnyGame, ...]: ...
    def __getitem__(self, index: int | slice) -> AnyGame | tuple[AnyGame, ...]:
        games = tuple(_load(name) for name in _BUILT_IN)
        return games[index]

    def __len__(self) -> int:
        return len(_BUILT_IN)


GAMES: Final[Mapping[str, AnyGame]] = _Games()
"""Game name -> game, in listing order (a read-only view; :func:`register` adds to it)."""

BUILT_IN: Final[Sequence[AnyGame]] = _BuiltIn()
"""cardlaw's own games, in listing order (each loaded when first read)."""


def get_game(name: str) -> AnyGame:
    """The game called ``name``; an unknown name is malformed input."""
    if name not in _LOADERS:
        raise MalformedInput(f"unknown game {name!r} (known: {', '.join(_LOADERS)})")
    return _load(name)


def all_games() -> list[AnyGame]:
    """Every registered game, in listing order."""
    return [_load(name) for name in _LOADERS]


def register(game: AnyGame) -> None:
    """Add a game defined outside cardlaw; it is listed after the others.

    Its name must be new: a built-in game cannot be replaced.
    """
    if game.name in _LOADERS and _load(game.name) is not game:
        raise ValueError(f"a game called {game.name!r} is already registered")
    _LOADED[game.name] = game
    _LOADERS.setdefault(game.name, lambda: game)


def unregister(name: str) -> None:
    """Remove a game :func:`register` added (built-in games stay)."""
    if name in _BUILT_IN:
        raise ValueError(f"{name!r} is one of cardlaw's own games")
    _LOADERS.pop(name, None)
    _LOADED.pop(name, None)
