"""Euchre's trick rules: the effective suit of a card, legal plays, the trick winner.

Pure functions over card indices (``rank * 4 + suit``, see :mod:`spec.cards`),
hand masks and a trump suit (``0`` Clubs to ``3`` Spades), backed by tables
computed once.  The left bower counts as a trump everywhere.

>>> from cardlaw.spec.cards import Card, CardSet, Suit
>>> effective_suit(Card("JC"), Suit.SPADES) == Suit.SPADES
True
>>> hand = CardSet("JC 9C AH").mask
>>> CardSet(legal_plays(hand, Card("AC"), Suit.SPADES))   # J♣ is a Spade: 9♣ must follow
CardSet('9C')
>>> CardSet(legal_plays(hand, Card("KS"), Suit.SPADES))   # a Spade lead asks for J♣
CardSet('JC')
>>> trick = tuple(Card(c) for c in ("KS", "10D", "JS", "JC"))
>>> trick[trick_winner(trick, Suit.SPADES)]
Card('JS')
"""

from __future__ import annotations

from typing import Final

from cardlaw.spec.cards import CARD_BITS, Card, CardSet, Rank
from cardlaw.spec.domain import CardId, CardMask
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.euchre.constants import EUCHRE_DECK, SAME_COLOUR
from cardlaw.spec.trace import enforces

__all__ = [
    "FOLLOW",
    "LEFT_BOWER",
    "RIGHT_BOWER",
    "effective_suit",
    "explain_illegal_play",
    "follow_mask",
    "legal_plays",
    "suit_cards",
    "trick_winner",
    "winning_value",
]

_JACK: Final = Rank.JACK.index

RIGHT_BOWER: Final[tuple[int, ...]] = tuple(_JACK * 4 + trump for trump in range(4))
"""The right bower (the Jack of trump) of each trump suit [euchre.cards.trump-order]."""

LEFT_BOWER: Final[tuple[int, ...]] = tuple(_JACK * 4 + SAME_COLOUR[trump] for trump in range(4))
"""The left bower (the other Jack of trump's colour) of each trump suit
[euchre.cards.trump-order]."""


def effective_suit(card: CardId, trump: int) -> int:
    """The suit ``card`` belongs to for following suit and for winning.

    Its printed suit, except that the left bower belongs to trump.  With no
    trump (``trump < 0``) every card keeps its printed suit.

    >>> from cardlaw.spec.cards import Card, Suit
    >>> [effective_suit(Card(c), Suit.HEARTS) for c in ("JD", "JH", "QD", "JS")]
    [2, 2, 1, 3]
    """
    if trump >= 0 and card == LEFT_BOWER[trump]:
        return int(trump)
    return card & 3


# Tagged by a call, not a decorator, so that compiled code calls it directly (engine.compiled).
enforces("euchre.cards.left-bower")(effective_suit)


def _suit_cards_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for trump in range(4):
        row = [0, 0, 0, 0]
        for card in range(52):
            if EUCHRE_DECK >> card & 1:
                row[effective_suit(card, trump)] |= CARD_BITS[card]
        table.append(tuple(row))
    return tuple(table)


_SUIT_CARDS: Final = _suit_cards_table()


def suit_cards(suit: int, trump: int) -> CardMask:
    """The mask of Euchre cards whose effective suit is ``suit`` when ``trump`` is trump.

    >>> from cardlaw.spec.cards import CardSet, Suit
    >>> str(CardSet(suit_cards(Suit.SPADES, Suit.SPADES)))
    'AS KS QS JS 10S 9S JC'
    >>> str(CardSet(suit_cards(Suit.CLUBS, Suit.SPADES)))
    'AC KC QC 10C 9C'
    """
    return _SUIT_CARDS[trump][suit]


FOLLOW: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        _SUIT_CARDS[trump][effective_suit(led, trump)] if EUCHRE_DECK >> led & 1 else 0
        for led in range(52)
    )
    for trump in range(4)
)
"""``FOLLOW[trump][led]``: the cards that follow the led card ``led`` (:func:`follow_mask`)."""


def follow_mask(led: CardId, trump: int) -> CardMask:
    """The cards that follow a lead of ``led``: those of its effective suit.

    >>> from cardlaw.spec.cards import Card, CardSet, Suit
    >>> str(CardSet(follow_mask(Card("JD"), Suit.HEARTS)))   # the left bower leads trump
    'AH KH QH JH 10H 9H JD'
    """
    return FOLLOW[trump][led]


def legal_plays(hand: CardMask, led: CardId, trump: int) -> CardMask:
    """The mask of cards ``hand`` may play when ``led`` was led (``-1``: leading).

    A leader may lead any card.  A follower must play a card of the led
    card's effective suit if the hand holds one (the left bower being a
    trump), otherwise any card.

    >>> from cardlaw.spec.cards import Card, CardSet, Suit
    >>> CardSet(legal_plays(CardSet("JD 9D KC").mask, Card("AD"), Suit.HEARTS))
    CardSet('9D')
    >>> CardSet(legal_plays(CardSet("JD KC").mask, Card("AD"), Suit.HEARTS))
    CardSet('JD KC')
    """
    if led < 0:
        return hand
    return hand & FOLLOW[trump][led] or hand


# Tagged by a call, not a decorator, so that compiled code calls it directly (engine.compiled).
enforces(
    "euchre.trick.follow-suit",
    "euchre.trick.void",
    "euchre.trick.play-from-hand",
    "euchre.cards.left-bower",
)(legal_plays)


def _value(card: CardId, trump: int, led_suit: int) -> int:
    """How strongly ``card`` bids for a trick led in ``led_suit`` (0: it cannot win)."""
    if not EUCHRE_DECK >> card & 1:
        return 0
    rank = card >> 2  # 7 (the Nine) to 12 (the Ace)
    if card == RIGHT_BOWER[trump]:
        return 34
    if card == LEFT_BOWER[trump]:
        return 33
    if card & 3 == trump:
        return 20 + rank  # 27 (the Nine) to 32 (the Ace)
    if card & 3 == led_suit:
        return rank
    return 0


_WIN_VALUE: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(_value(card, trump, led) for card in range(52)) for led in range(4))
    for trump in range(4)
)
"""``_WIN_VALUE[trump][led_suit][card]``: trumps above the led suit, others 0."""


@enforces("euchre.cards.trump-order", "euchre.cards.plain-order", "euchre.trick.winner")
def winning_value(card: CardId, trump: int, led_suit: int) -> int:
    """A card's strength in a trick led in ``led_suit``: higher wins, 0 never wins.

    Trumps rank right bower, left bower, A K Q 10 9, all above the led suit,
    which ranks A K Q J 10 9 (less a Jack that is the left bower).

    >>> from cardlaw.spec.cards import Card, Suit
    >>> values = [winning_value(Card(c), Suit.SPADES, Suit.HEARTS)
    ...           for c in ("JS", "JC", "AS", "9S", "AH", "JH", "9H", "AD")]
    >>> values == sorted(values, reverse=True) and values[-1] == 0
    True
    """
    return _WIN_VALUE[trump][led_suit][card]


_WIN_BY_LED: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(_WIN_VALUE[trump][effective_suit(led, trump)] for led in range(52)) for trump in range(4)
)
"""``_WIN_BY_LED[trump][led]``: the winning values of a trick whose first card is ``led``."""


def trick_winner(trick: tuple[CardId, ...], trump: int) -> int:
    """The position in ``trick`` (0 = the lead) of the card that wins it.

    The highest trump, or with no trump the highest card of the led card's
    effective suit; a card of another suit never wins.

    >>> from cardlaw.spec.cards import Card, Suit
    >>> trick_winner(tuple(Card(c) for c in ("AH", "QH", "9D", "9S")), Suit.SPADES)
    3
    >>> trick_winner(tuple(Card(c) for c in ("JH", "KD", "AD")), Suit.CLUBS)  # no trump
    0
    """
    values = _WIN_BY_LED[trump][trick[0]]
    best = 0
    top = values[trick[0]]
    count = len(trick)
    if count in (3, 4):  # every real trick: unrolled
        value = values[trick[1]]
        if value > top:
            best, top = 1, value
        value = values[trick[2]]
        if value > top:
            best, top = 2, value
        if count == 4 and values[trick[3]] > top:
            best = 3
        return best
    for position in range(1, count):
        value = values[trick[position]]
        if value > top:
            best, top = position, value
    return best


# Tagged by a call, not a decorator, so that compiled code calls it directly (engine.compiled).
enforces("euchre.trick.winner", "euchre.cards.trump-order", "euchre.cards.left-bower")(trick_winner)


def explain_illegal_play(
    hand: CardMask, led: CardId, trump: int, card: CardId
) -> IllegalAction | None:
    """Why playing ``card`` is illegal, or ``None`` if it is legal.

    >>> from cardlaw.spec.cards import Card, CardSet, Suit
    >>> print(explain_illegal_play(CardSet("JC 9C").mask, Card("AC"), Suit.SPADES, Card("JC")))
    J♣ does not follow the led A♣ (the left bower is a trump) while the hand holds 9♣ \
[euchre.trick.follow-suit]
    """
    name = Card(card).pretty
    if not hand >> card & 1:
        return IllegalAction(
            f"{name} is not in the player's hand", clause="euchre.trick.play-from-hand"
        )
    if legal_plays(hand, led, trump) >> card & 1:
        return None
    note = " (the left bower is a trump)" if card == LEFT_BOWER[trump] else ""
    return IllegalAction(
        f"{name} does not follow the led {Card(led).pretty}{note} while the hand holds "
        f"{CardSet(hand & FOLLOW[trump][led]).pretty}",
        clause="euchre.trick.follow-suit",
    )
