"""Split's rule fragments: pure functions of piles, hands and seats.

Everything here takes and returns plain ints (card numbers, masks, seats),
so the rules can be encoded for a solver or a prover as they are.

>>> from cardlaw.spec.split.cards import NumberSet
>>> hand = NumberSet("12 45 60 88").mask
>>> NumberSet(playable_mask(hand, 30, 70))
NumberSet('45 60')
>>> NumberSet(playable_mask(hand, 70, 30))  # whichever pile is lower
NumberSet('45 60')
>>> opening_cards(hand)
(12, 88)
>>> place(30, 70, "left", 45)
(45, 70)
"""

from __future__ import annotations

from typing import Final

from cardlaw.spec.domain import CardId, CardMask, SeatId
from cardlaw.spec.split.cards import STANDARD_MASK, WILD_MASK
from cardlaw.spec.trace import enforces

__all__ = [
    "between_mask",
    "next_seat",
    "opening_cards",
    "place",
    "playable_mask",
    "reversed_direction",
]

_LOW_MASKS: Final[tuple[int, ...]] = tuple((1 << n) - 1 for n in range(102))
"""``_LOW_MASKS[n]``: the cards below ``n``."""


def between_mask(a: CardId, b: CardId) -> CardMask:
    """The cards strictly between the numbers ``a`` and ``b``, in either order.

    The game's own test of [split.ruling.strictly-between] is
    :func:`playable_mask`, which works the same mask out inline; the solver
    prunes with this one.

    >>> bin(between_mask(5, 2)), between_mask(4, 5)
    ('0b11000', 0)
    """
    if a > b:
        a, b = b, a
    return _LOW_MASKS[b] & ~_LOW_MASKS[a + 1]


@enforces(
    "split.turn.play-between",
    "split.ruling.strictly-between",
    "split.wild.any-time",
    "split.end.no-wild-finish",
    "split.coop.win",
)
def playable_mask(hand: CardMask, left: CardId, right: CardId) -> CardMask:
    """The cards of ``hand`` that may be played on piles showing ``left`` and ``right``.

    A standard card strictly between the two numbers, or any Wild/Reverse
    card, except that a wild card may never be the last card of a hand.

    >>> from cardlaw.spec.split.cards import NumberSet
    >>> playable_mask(NumberSet("60").mask, 30, 70)
    0
    """
    if left > right:
        left, right = right, left
    fitting = hand & STANDARD_MASK & _LOW_MASKS[right] & ~_LOW_MASKS[left + 1]
    if hand & (hand - 1):  # two cards or more: any wild card may go
        return fitting | (hand & WILD_MASK)
    return fitting


@enforces(
    "split.open.piles",
    "split.reset.reopen",
    "split.reset.cheating",
    "split.ruling.no-cheating",
    "split.ruling.fixed-wild-set",
)
def opening_cards(hand: CardMask) -> tuple[CardId, CardId] | None:
    """The lowest and highest standard cards of ``hand``; ``None`` if it holds fewer than two.

    The opener never chooses: these are the only cards that may open piles,
    so nobody can cheat on a reset.

    >>> opening_cards(1 << 40 | 1 << 55)  # 40 is wild
    """
    standard = hand & STANDARD_MASK
    if standard & (standard - 1) == 0:
        return None
    return (standard & -standard).bit_length() - 1, standard.bit_length() - 1


@enforces("split.turn.move-middle", "split.wild.reverse", "split.ruling.move-onto-pile")
def place(left: int, right: int, side: str, card: int) -> tuple[int, int]:
    """The pile numbers after ``card`` goes on top of the ``side`` pile."""
    return (card, right) if side == "left" else (left, card)


@enforces("split.wild.reverse", "split.wild.two-players", "split.ruling.coop-reverse")
def reversed_direction(direction: int, card: CardId, players: int) -> int:
    """The direction of play after ``card`` is played by one of ``players``.

    >>> reversed_direction(1, 50, 4), reversed_direction(1, 57, 4), reversed_direction(1, 50, 2)
    (-1, 1, 1)
    """
    if WILD_MASK >> card & 1 and players > 2:
        return -direction
    return direction


@enforces("split.turn.order", "split.setup.seating", "split.ruling.coop-empty-hand")
def next_seat(
    seat: SeatId, direction: int, hands: tuple[CardMask, ...], skip_empty: bool
) -> SeatId:
    """The seat that plays after ``seat`` in ``direction``.

    In cooperative play (``skip_empty``) seats with empty hands are passed
    over; it returns ``seat`` itself when nobody else holds cards, and -1 when
    every hand is empty.

    >>> next_seat(3, 1, (5, 5, 5, 5), False), next_seat(0, -1, (5, 0, 5, 0), True)
    (0, 2)
    """
    n = len(hands)
    nxt = (seat + direction) % n
    if not skip_empty:
        return nxt
    for _ in range(n):
        if hands[nxt]:
            return nxt
        nxt = (nxt + direction) % n
    return -1
