"""Divide's trick rules: what may be played, and who wins a trick.

Cards are indices (``rank * 4 + suit``) and hands are masks, as in
:mod:`spec.cards`.  ``trump_rank`` is a rank index (0 for the Two).

>>> from cardlaw.spec.cards import Card, CardSet
>>> hand = CardSet.parse("KH 7S").mask
>>> seven = Card("7S").rank.index
>>> CardSet(legal_plays(hand, (Card("2H"),), seven, False))
CardSet('KH')
>>> CardSet(legal_plays(CardSet.parse("7S 2C").mask, (Card("2H"),), seven, False))
CardSet('7S 2C')
>>> trick = tuple(Card(c) for c in ("KH", "7S", "2H", "AH"))
>>> trick[trick_winner(trick, seven)]
Card('7S')
"""

from __future__ import annotations

from typing import Final

from cardlaw.spec.cards import RANK_MASKS, SUIT_MASKS, Card, CardSet, Suit
from cardlaw.spec.divide.constants import SUIT_STRENGTH
from cardlaw.spec.domain import CardId, CardMask
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.trace import enforces

__all__ = ["explain_illegal_play", "led_mask", "legal_plays", "trick_winner"]


def _strongest_suit_table() -> tuple[int, ...]:
    # For each 4-bit set of suits (bit s = suit s present), the suit that
    # wins among them under SUIT_STRENGTH; -1 for the empty set.
    table = []
    for nibble in range(16):
        present = [s for s in range(4) if nibble >> s & 1]
        table.append(max(present, key=lambda s: SUIT_STRENGTH[Suit(s)]) if present else -1)
    return tuple(table)


STRONGEST_SUIT: Final[tuple[int, ...]] = _strongest_suit_table()
"""The strongest suit among a 4-bit set of suits, by the spec's suit order."""


def led_mask(led: CardId, trump_rank: int, *, own_suit: bool) -> CardMask:
    """The cards that count as following the led card ``led``.

    Under the default ruling a Trump Rank card keeps its printed suit; under
    the variant ``trump_suit='own'`` Trump Rank cards form their own suit.
    """
    trumps = RANK_MASKS[trump_rank]
    if not own_suit:
        return SUIT_MASKS[led & 3]
    if led >> 2 == trump_rank:
        return trumps
    return SUIT_MASKS[led & 3] & ~trumps


# Tagged by a call, not a decorator, so that compiled code calls it directly (engine.compiled).
enforces("divide.trick.follow-suit", "divide.ruling.trump-rank-suit")(led_mask)


def legal_plays(
    hand: CardMask, trick: tuple[CardId, ...], trump_rank: int, own_suit: bool
) -> CardMask:
    """The mask of cards ``hand`` may play to ``trick`` (the cards played so far).

    Leading: any card but a Trump Rank card, unless the hand holds nothing
    else.  Following: a card that follows the led card if the hand has one,
    otherwise any card.
    """
    if not trick:
        return hand & ~RANK_MASKS[trump_rank] or hand
    if not own_suit:
        return hand & SUIT_MASKS[trick[0] & 3] or hand
    return hand & led_mask(trick[0], trump_rank, own_suit=True) or hand


# Tagged by a call, not a decorator, so that compiled code calls it directly (engine.compiled).
enforces(
    "divide.trick.lead-restriction",
    "divide.trick.follow-suit",
    "divide.trick.void",
    "divide.trick.play-from-hand",
)(legal_plays)


def trick_winner(trick: tuple[CardId, ...], trump_rank: int) -> int:
    """The position in ``trick`` (0 = the lead) of the winning card.

    Any Trump Rank card beats every other card, and Trump Rank cards are
    compared by suit; with no Trump Rank card, the highest card of the led
    suit wins.  (Under either suit ruling: if a Trump Rank card was led, a
    Trump Rank card wins.)
    """
    played = 0
    for card in trick:
        played |= 1 << card
    shift = trump_rank * 4
    trumps = played >> shift & 0b1111
    if trumps:
        winner = shift + STRONGEST_SUIT[trumps]
    else:
        winner = (played & SUIT_MASKS[trick[0] & 3]).bit_length() - 1
    return trick.index(winner)


# Tagged by a call, not a decorator, so that compiled code calls it directly (engine.compiled).
enforces(
    "divide.trick.winner-trump",
    "divide.trick.winner-led-suit",
    "divide.trick.off-suit",
    "divide.cards.suit-order",
    "divide.cards.rank-order",
)(trick_winner)


@enforces(
    "divide.trick.lead-restriction", "divide.trick.follow-suit", "divide.trick.play-from-hand"
)
def explain_illegal_play(
    hand: CardMask, trick: tuple[CardId, ...], trump_rank: int, card: CardId, own_suit: bool
) -> IllegalAction | None:
    """Why playing ``card`` is illegal, or ``None`` if it is legal.

    >>> from cardlaw.spec.cards import Card, CardSet
    >>> seven = Card("7S").rank.index
    >>> print(explain_illegal_play(CardSet.parse("KH 7S").mask, (Card("2H"),), seven,
    ...                            Card("7S"), own_suit=False))
    7♠ does not follow the led 2♥ while the hand holds K♥ [divide.trick.follow-suit]
    """
    name = Card(card).pretty
    if not hand >> card & 1:
        return IllegalAction(
            f"{name} is not in the player's hand", clause="divide.trick.play-from-hand"
        )
    if legal_plays(hand, trick, trump_rank, own_suit) >> card & 1:
        return None
    if not trick:
        return IllegalAction(
            f"{name} is of the Trump Rank and may not be led while the hand holds other cards",
            clause="divide.trick.lead-restriction",
        )
    follow = hand & led_mask(trick[0], trump_rank, own_suit=own_suit)
    return IllegalAction(
        f"{name} does not follow the led {Card(trick[0]).pretty} while the hand holds "
        f"{CardSet(follow).pretty}",
        clause="divide.trick.follow-suit",
    )
