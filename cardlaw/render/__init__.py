"""Readable logs of games for the terminal (rich markup), one module per game.

``cardlaw/render/<package>.py`` provides ``log_lines(states, actions, events,
players)`` and is named by the game's record (:data:`cardlaw.games.RECORDS`,
``renderer``); a game with no record (one registered from outside cardlaw)
gets the generic log of :mod:`cardlaw.render.generic`.

>>> from cardlaw.render import divide
>>> renderer("divide") is divide.log_lines, renderer("high-card") is generic.log_lines
(True, True)
"""

from __future__ import annotations

from cardlaw.games import record
from cardlaw.render import generic
from cardlaw.render.common import LogLines
from cardlaw.render.markup import card_markup, cards_markup

__all__ = ["LogLines", "card_markup", "cards_markup", "renderer"]


def renderer(game: str) -> LogLines:
    """The log of game ``game``: its own (its record's), else the generic one."""
    found = record(game)
    return generic.log_lines if found is None else found.renderer()
