"""Euchre's numbers, defined once: the engine, proofs and tests read them here.

Cards are the shared 52-card :class:`~spec.cards.Card` objects; Euchre uses
the 24 from the Nine up, so a Euchre hand is an ``int`` mask of bits 28 to 51.

>>> DECK_SIZE == CARDS_EACH * PLAYERS + KITTY_SIZE
True
>>> from cardlaw.spec.cards import SUIT_MASKS, CardSet
>>> len(CardSet(EUCHRE_DECK)), str(CardSet(EUCHRE_DECK & SUIT_MASKS[3]))
(24, 'AS KS QS JS 10S 9S')
>>> FIRST_PACKET + SECOND_PACKET == CARDS_EACH
True
"""

from __future__ import annotations

from typing import Final

from cardlaw.spec.cards import RANK_MASKS, Rank

__all__ = [
    "ALONE_MARCH_POINTS",
    "BID_ROUNDS",
    "CARDS_EACH",
    "DECK_SIZE",
    "EUCHRE_DECK",
    "EUCHRE_POINTS",
    "EUCHRE_RANKS",
    "FIRST_PACKET",
    "HAND_POINTS",
    "KITTY_SIZE",
    "LOWEST_RANK",
    "MAJORITY",
    "MAKER_POINTS",
    "MARCH_POINTS",
    "PARTNER",
    "PLAYERS",
    "SAME_COLOUR",
    "SECOND_PACKET",
    "TARGET",
    "TEAM_OF",
    "TRICKS_PER_HAND",
]

PLAYERS: Final = 4
"""Euchre is for exactly four players [euchre.setup.players]."""

LOWEST_RANK: Final = Rank.NINE
"""The lowest rank in the Euchre deck: Nines up to Aces [euchre.components.deck]."""

EUCHRE_RANKS: Final[tuple[Rank, ...]] = tuple(Rank(r) for r in range(LOWEST_RANK, Rank.ACE + 1))
"""The six ranks in play, low to high: 9 10 J Q K A [euchre.components.deck]."""

EUCHRE_DECK: Final[int] = sum(RANK_MASKS[rank.index] for rank in EUCHRE_RANKS)
"""The mask of the 24 cards of the Euchre deck [euchre.components.deck]."""

DECK_SIZE: Final = 24
"""Cards in the Euchre deck [euchre.components.deck]."""

CARDS_EACH: Final = 5
"""Cards dealt to each player [euchre.deal.five]."""

FIRST_PACKET: Final = 3
"""Cards each player receives in the first round of the deal [euchre.ruling.deal-packets]."""

SECOND_PACKET: Final = 2
"""Cards each player receives in the second round of the deal [euchre.ruling.deal-packets]."""

KITTY_SIZE: Final = 4
"""Undealt cards, the top one turned up as the up-card [euchre.deal.up-card]."""

TRICKS_PER_HAND: Final = 5
"""Tricks in a hand [euchre.trick.count]."""

BID_ROUNDS: Final = 2
"""Rounds of bidding around the table before a hand is thrown in: the first offers the
up-card, the second the other suits [euchre.bid.first-round, euchre.bid.second-round]."""

MAJORITY: Final = 3
"""Tricks the makers need to score [euchre.score.makers]."""

MAKER_POINTS: Final = 1
"""Makers who take three or four tricks [euchre.score.makers]."""

MARCH_POINTS: Final = 2
"""Makers who take all five tricks [euchre.score.march]."""

ALONE_MARCH_POINTS: Final = 4
"""A lone maker who takes all five tricks [euchre.score.alone-march]."""

EUCHRE_POINTS: Final = 2
"""Defenders who take three or more tricks [euchre.score.euchred]."""

HAND_POINTS: Final = frozenset({MAKER_POINTS, MARCH_POINTS, ALONE_MARCH_POINTS, EUCHRE_POINTS})
"""Every score one hand can make [euchre.score.one-team]."""

TARGET: Final = 10
"""Points that win the game [euchre.end.ten]."""

TEAM_OF: Final[tuple[int, int, int, int]] = (0, 1, 0, 1)
"""The team of each seat: partners sit opposite, so seats 0 and 2 are team 0
[euchre.setup.partners]."""

PARTNER: Final[tuple[int, int, int, int]] = (2, 3, 0, 1)
"""Each seat's partner, the seat opposite [euchre.setup.partners]."""

SAME_COLOUR: Final[tuple[int, int, int, int]] = (3, 2, 1, 0)
"""The other suit of the same colour, by suit value: Clubs and Spades are black,
Diamonds and Hearts red [euchre.cards.left-bower]."""
