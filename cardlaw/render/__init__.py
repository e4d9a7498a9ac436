"""Readable logs of games for the terminal (rich markup), one module per game.

``cardlaw/render/<package>.py`` provides ``log_lines(states, actions, events,
players)`` and is listed in :data:`RENDERERS`, keyed by game name; a game with
no entry there (one registered from outside cardlaw) gets the generic log of
:mod:`cardlaw.render.generic`.

>>> renderer("divide") is divide.log_lines, renderer("high-card") is generic.log_lines
(True, True)
>>> from engine.registry import GAMES
>>> [name for name in RENDERERS if name not in GAMES]  # every entry is a game's
[]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

from cardlaw.render import divide, divided_ranks, euchre, generic, split
from cardlaw.render.common import Events, Players
from cardlaw.render.markup import card_markup, cards_markup

__all__ = ["RENDERERS", "LogLines", "card_markup", "cards_markup", "renderer"]

LogLines = Callable[[Sequence[Any], Sequence[Any], Events, Players], Iterator[str]]
"""A game's log: ``(states, actions, events, players)`` to lines of rich markup."""

RENDERERS: Final[Mapping[str, LogLines]] = MappingProxyType(
    {
        "divide": divide.log_lines,
        "divided-ranks": divided_ranks.log_lines,
        "split": split.log_lines,
        "euchre": euchre.log_lines,
    }
)
"""Game name -> the function that writes the log of one of its games."""


def renderer(game: str) -> LogLines:
    """The log of game ``game``: its own from :data:`RENDERERS`, else the generic one."""
    return RENDERERS.get(game, generic.log_lines)
