"""Split's numbers, defined once: the engine, solver, bots and tests read them here.

>>> len(WILD_NUMBERS), DECK_SIZE - len(WILD_NUMBERS)
(13, 88)
>>> CARDS_DEALT * 4 + DEALER_EXTRA
30
"""

from __future__ import annotations

from typing import Final, Literal

__all__ = [
    "AID_CARDS",
    "CARDS_DEALT",
    "COMPETITIVE_PLAYERS",
    "COOPERATIVE_PLAYERS",
    "DEALER_EXTRA",
    "DECK_SIZE",
    "DEFAULT_MAX_TURNS",
    "HIGHEST",
    "LOWEST",
    "RESET_DRAW",
    "WILD_NUMBERS",
    "Mode",
]

Mode = Literal["competitive", "cooperative"]
"""The two ways to play [split.setup.modes]."""

LOWEST: Final = 0
"""The lowest card number [split.components.deck]."""

HIGHEST: Final = 100
"""The highest card number [split.components.deck]."""

DECK_SIZE: Final = HIGHEST - LOWEST + 1
"""101 cards, one of each number from 0 to 100 [split.components.deck]."""

WILD_NUMBERS: Final[tuple[int, ...]] = tuple(
    sorted({0, 1, 99, 100} | set(range(LOWEST, HIGHEST + 1, 10)))
)
"""The thirteen Wild/Reverse cards: 0, 1, 99, 100 and every number ending in 0
[split.cards.wild]."""

COMPETITIVE_PLAYERS: Final[tuple[int, ...]] = (2, 3, 4, 5, 6)
"""Player counts of the competitive game [split.ruling.player-count]."""

COOPERATIVE_PLAYERS: Final[tuple[int, ...]] = (3, 4, 5)
"""Player counts of the cooperative game [split.coop.players]."""

CARDS_DEALT: Final = 7
"""Cards dealt to every player [split.deal.seven]."""

DEALER_EXTRA: Final = 2
"""Extra cards the dealer takes [split.deal.dealer-extra]."""

RESET_DRAW: Final = 3
"""Cards a resetting player draws [split.reset.draw-three]."""

AID_CARDS: Final[tuple[int, int]] = (0, 100)
"""The cards set aside face up in cooperative play [split.coop.aids-aside]."""

DEFAULT_MAX_TURNS: Final = 2000
"""Turns after which an unfinished competitive game is drawn [split.ruling.turn-limit]."""
