"""``cardlaw ask GAME ...``: questions about one game, one module per game.

``cardlaw/ask/<package>.py`` defines ``app``, a ``typer.Typer`` whose
commands answer questions about that game (``cardlaw ask divided-ranks
census``); :data:`TOPICS` lists them, keyed by game name, and
:mod:`cardlaw.commands.ask` puts each under ``cardlaw ask GAME``, beside
``legal`` for every game that reads positions.  Each entry is a function
that imports its module and returns its ``app``, so a question about one
game loads only that game's questions.

>>> from engine.registry import GAMES
>>> [name for name in TOPICS if name not in GAMES]  # every entry is a game's
[]
>>> TOPICS["euchre"]().info.help
'Questions about Euchre.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final

import typer

__all__ = ["TOPICS"]


# Each loader imports its game's questions when they are first asked for (deferred for start-up).
def _divide() -> typer.Typer:
    from cardlaw.ask import divide  # noqa: PLC0415

    return divide.app


def _divided_ranks() -> typer.Typer:
    from cardlaw.ask import divided_ranks  # noqa: PLC0415

    return divided_ranks.app


def _split() -> typer.Typer:
    from cardlaw.ask import split  # noqa: PLC0415

    return split.app


def _euchre() -> typer.Typer:
    from cardlaw.ask import euchre  # noqa: PLC0415

    return euchre.app


TOPICS: Final[Mapping[str, Callable[[], typer.Typer]]] = MappingProxyType(
    {
        "divide": _divide,
        "divided-ranks": _divided_ranks,
        "split": _split,
        "euchre": _euchre,
    }
)
"""Game name -> the loader of that game's own questions (its ``app``)."""
