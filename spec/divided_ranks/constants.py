"""Divided Ranks' numbers, defined once: the engine, bots and tests read them here.

The pack is the Ten to the Ace of each suit and one Joker: 21 cards, card
indices 32 to 52 of :mod:`spec.cards`.

>>> PACK_SIZE, len(PACK), RESERVE_SIZE + STOCK_SIZE == PACK_SIZE
(21, 21, True)
>>> ROUNDS * SPLIT_SIZE == STOCK_SIZE and ROUNDS * PAIR_SIZE == HOLDING_SIZE
True
>>> [c.label for c in Category][:3], Category.ROYAL_FLUSH > Category.FOUR_OF_A_KIND
(['pair', 'two pair', 'three of a kind'], True)
"""

from __future__ import annotations

from enum import IntEnum
from math import comb
from typing import Final

from cardlaw.spec.cards import ALL_CARDS, JOKER, Card, Rank

__all__ = [
    "BUILDS_PER_HOLDING",
    "HAND_SIZE",
    "HOLDINGS",
    "HOLDING_SIZE",
    "JOKER_LOW",
    "PACK",
    "PACK_MASK",
    "PACK_RANKS",
    "PACK_SIZE",
    "PAIR_SIZE",
    "PLAYERS",
    "RANK_VALUE",
    "RESERVE_SIZE",
    "RESERVE_TURNS",
    "ROUNDS",
    "SPLITS",
    "SPLIT_SIZE",
    "STOCK_SIZE",
    "Category",
]

PLAYERS: Final = 2
"""Divided Ranks is for two players [divided-ranks.setup.players]."""

PACK_RANKS: Final[tuple[Rank, ...]] = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
"""The five ranks of the pack, lowest first [divided-ranks.cards.pack]."""

PACK: Final[tuple[Card, ...]] = tuple(
    ALL_CARDS[rank.index * 4 + suit] for rank in PACK_RANKS for suit in range(4)
) + (JOKER,)
"""The 21 cards: Ten to Ace of each suit, then the Joker [divided-ranks.cards.pack]."""

PACK_MASK: Final[int] = sum(1 << card for card in PACK)
"""The mask of the whole pack."""

PACK_SIZE: Final = 21
RESERVE_SIZE: Final = 1
"""Cards dealt face down as the reserve [divided-ranks.setup.reserve]."""
STOCK_SIZE: Final = 20
"""Cards in the stock after the reserve is dealt [divided-ranks.setup.reserve]."""
ROUNDS: Final = 5
"""Split rounds in the draft [divided-ranks.draft.rounds]."""
SPLIT_SIZE: Final = 4
"""Cards the splitter draws each round [divided-ranks.draft.split]."""
PAIR_SIZE: Final = 2
"""Cards in each of the two pairs of a split [divided-ranks.draft.split]."""
HOLDING_SIZE: Final = 10
"""Cards each player holds after the draft [divided-ranks.draft.end]."""
HAND_SIZE: Final = 5
"""Cards in each of the two hands of a build [divided-ranks.build.two-hands]."""
BUILDS_PER_HOLDING: Final = comb(HOLDING_SIZE, HAND_SIZE) // 2
"""Ways to divide ten cards into two unordered hands of five: 126."""
HOLDINGS: Final = comb(PACK_SIZE, HOLDING_SIZE)
"""Different ten-card holdings the pack allows: 352,716."""
SPLITS: Final[tuple[int, int]] = (3, 2)
"""Rounds split by the first splitter and by the other player [divided-ranks.draft.rounds]."""
RESERVE_TURNS: Final = 2
"""One reserve turn each [divided-ranks.reserve.turns]."""

RANK_VALUE: Final[dict[Rank, int]] = {rank: value for value, rank in enumerate(PACK_RANKS, 1)}
"""A rank's value in card-for-card comparisons: Ten 1 up to Ace 5
[divided-ranks.ruling.card-for-card]."""

JOKER_LOW: Final = 0
"""The value of a Joker that is not wild: below the Ten [divided-ranks.hands.joker-low]."""


class Category(IntEnum):
    """The seven hand categories of the pack, weakest first [divided-ranks.hands.categories].

    There is no high card and no plain flush [divided-ranks.hands.no-high-card].

    >>> Category.STRAIGHT.label, Category(6).name
    ('straight', 'ROYAL_FLUSH')
    """

    PAIR = 0
    TWO_PAIR = 1
    THREE_OF_A_KIND = 2
    STRAIGHT = 3
    FULL_HOUSE = 4
    FOUR_OF_A_KIND = 5
    ROYAL_FLUSH = 6

    @property
    def label(self) -> str:
        """The category's name in lower case: ``'full house'``."""
        return self.name.lower().replace("_", " ")

    @classmethod
    def parse(cls, text: str) -> Category:
        """A category from its label or name.

        >>> Category.parse("full house"), Category.parse("FOUR_OF_A_KIND")
        (<Category.FULL_HOUSE: 4>, <Category.FOUR_OF_A_KIND: 5>)
        """
        key = text.strip().upper().replace(" ", "_").replace("-", "_")
        if key not in cls.__members__:
            raise ValueError(f"unknown hand category {text!r}")
        return cls[key]
