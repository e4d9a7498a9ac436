"""``cardlaw ask GAME ...``: questions about one game, one module per game.

``cardlaw/ask/<package>.py`` defines ``app``, a ``typer.Typer`` whose
commands answer questions about that game (``cardlaw ask divided-ranks
census``); :data:`TOPICS` lists them, keyed by game name, and
:mod:`cardlaw.commands.ask` puts each under ``cardlaw ask GAME``, beside
``legal`` for every game that reads positions.

>>> from engine.registry import GAMES
>>> [name for name in TOPICS if name not in GAMES]  # every entry is a game's
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import typer

from cardlaw.ask import divide, divided_ranks, euchre, split

__all__ = ["TOPICS"]

TOPICS: Final[Mapping[str, typer.Typer]] = MappingProxyType(
    {
        "divide": divide.app,
        "divided-ranks": divided_ranks.app,
        "split": split.app,
        "euchre": euchre.app,
    }
)
"""Game name -> the questions of that game's own (its ``app``)."""
