"""Divide's numbers, defined once: the engine, proofs and tests read them here.

>>> CARDS_DEALT - OFFERING_SIZE == HAND_SIZE == SECURE_SIZE + 2 * (KEEP_SIZE + 1)
True
>>> SUIT_TOKENS_PER_SUIT * len(SUIT_STRENGTH), BONUS_TOKENS
(12, 5)
"""

from __future__ import annotations

from typing import Final

from cardlaw.spec.cards import Suit

PLAYER_COUNTS: Final[tuple[int, ...]] = (4, 5)
"""Divide is for 4 or 5 players [divide.setup.players]."""

DECK_SIZE: Final = 52
"""One standard 52-card deck [divide.components.deck]."""

CARDS_DEALT: Final = 9
"""Cards dealt to each player every round [divide.deal.nine]."""

OFFERING_SIZE: Final = 1
"""Cards each player gives up as a Trump Offering [divide.divide.offering]."""

SECURE_SIZE: Final = 2
"""Cards each player secures [divide.divide.secure]."""

OFFER_SIZE: Final = 3
"""Cards in each of a player's two offers [divide.divide.offers]."""

KEEP_SIZE: Final = 2
"""Cards kept from each offer received; the rest of the offer goes back [divide.divide.choose]."""

HAND_SIZE: Final = 8
"""Cards in the hand each player plays the tricks with [divide.divide.final-hand]."""

TRICKS_PER_ROUND: Final = 8
"""Tricks in a round [divide.trick.count]."""

SUIT_TOKENS_PER_SUIT: Final = 3
"""2-point tokens in each suit's stack at the start of a round [divide.components.tokens]."""

SUIT_TOKEN_POINTS: Final = 2
"""Points a suit token is worth [divide.score.suit-token]."""

BONUS_TOKENS: Final = 5
"""5-point tokens in the shared bonus supply at the start of a round [divide.components.tokens]."""

BONUS_TOKEN_POINTS: Final = 5
"""Points a bonus token is worth [divide.score.bonus-token]."""

ROUNDS: Final = 4
"""Rounds in a game [divide.end.four-rounds]."""

SUIT_STRENGTH: Final[dict[Suit, int]] = {
    Suit.SPADES: 3,
    Suit.HEARTS: 2,
    Suit.DIAMONDS: 1,
    Suit.CLUBS: 0,
}
"""How suits rank when cards of one rank are compared: Spades > Hearts >
Diamonds > Clubs [divide.cards.suit-order]."""

RANK_STRENGTH: Final[tuple[int, ...]] = tuple(range(13))
"""Strength of each rank index (0 = the Two ... 12 = the Ace): A > K > ... > 2
[divide.cards.rank-order]."""
