"""Split's card sets as Z3 terms: 101-bit masks, one-hot cards, counting and extremes.

A card set is a 101-bit mask (bit ``n`` for the card ``n``, as in
:mod:`spec.split.cards`), and a single card is a *one-hot* mask of the same
width: comparing two cards is comparing two one-hot masks as unsigned
numbers, the cards below a card are ``card - 1``, and the lowest card of a
set is ``set & -set``, so no rule needs the card's number as an integer.
:func:`onehot` turns a 7-bit number into its card where a query needs the
number itself.  Nothing here depends on the rule parameters; the rule
fragments built on these are in :mod:`proofs.split.encoding`, which
re-exports every name of this module.

>>> hand = mask(1 << 88 | 1 << 45 | 1 << 12)
>>> concrete_card(lowest(hand)), concrete_card(highest(hand)), z3.simplify(popcount(hand))
(12, 88, 3)
"""

from __future__ import annotations

from typing import Final

import z3

from cardlaw.spec.split.constants import DECK_SIZE

__all__ = [
    "COUNT_BITS",
    "NUMBER_BITS",
    "WIDTH",
    "at_least",
    "card",
    "concrete_card",
    "concrete_mask",
    "exactly",
    "highest",
    "is_card",
    "lowest",
    "mask",
    "onehot",
    "popcount",
]

WIDTH: Final = DECK_SIZE
"""Bits of a card mask: one per card, 0 to 100."""

NUMBER_BITS: Final = 7
"""Bits of a card's number (0 to 127; the premises keep it to 0..100)."""

COUNT_BITS: Final = 8
"""Bits of a count of cards (:func:`popcount`)."""


# --- masks and cards ----------------------------------------------------------------------


def mask(value: int) -> z3.BitVecRef:
    """A concrete card mask.

    >>> mask(5).size()
    101
    """
    return z3.BitVecVal(value, WIDTH)


def card(number: int) -> z3.BitVecRef:
    """The one-hot mask of a concrete card.

    >>> concrete_mask(card(3))
    8
    """
    return z3.BitVecVal(1 << number, WIDTH)


def onehot(number: z3.BitVecRef) -> z3.BitVecRef:
    """The one-hot mask of a (symbolic) 7-bit card number (0 when it is over 100).

    >>> concrete_card(onehot(z3.BitVecVal(57, NUMBER_BITS)))
    57
    """
    return z3.BitVecVal(1, WIDTH) << z3.ZeroExt(WIDTH - NUMBER_BITS, number)


def is_card(c: z3.BitVecRef) -> z3.BoolRef:
    """``c`` is the mask of exactly one card.

    >>> z3.simplify(is_card(card(5))), z3.simplify(is_card(mask(0b11)))
    (True, False)
    """
    return z3.And(c != 0, c & (c - 1) == 0)


# --- counting and extremes -----------------------------------------------------------------


def popcount(m: z3.BitVecRef) -> z3.BitVecRef:
    """The number of cards in a 101-bit mask, as an 8-bit vector (SWAR on two halves).

    >>> z3.simplify(popcount(mask(1 << 100 | 1 << 64 | 1 << 63 | 1)))
    4
    """

    def swar(x: z3.BitVecRef) -> z3.BitVecRef:
        x = x - (z3.LShR(x, 1) & 0x5555555555555555)
        x = (x & 0x3333333333333333) + (z3.LShR(x, 2) & 0x3333333333333333)
        x = (x + z3.LShR(x, 4)) & 0x0F0F0F0F0F0F0F0F
        x = x + z3.LShR(x, 8)  # no multiply: adders bit-blast to a far smaller circuit
        x = x + z3.LShR(x, 16)
        x = x + z3.LShR(x, 32)
        return z3.Extract(7, 0, x) & 0x7F

    low = z3.Extract(63, 0, m)
    high = z3.ZeroExt(64 - (WIDTH - 64), z3.Extract(WIDTH - 1, 64, m))
    return swar(low) + swar(high)


def at_least(m: z3.BitVecRef, k: int) -> z3.BoolRef:
    """The mask holds ``k`` cards or more (drop the lowest card ``k - 1`` times).

    Cheaper for the solver than comparing :func:`popcount`.

    >>> z3.simplify(at_least(mask(0b1011), 3)), z3.simplify(at_least(mask(0b1011), 4))
    (True, False)
    """
    if k <= 0:
        return z3.BoolVal(True)
    x = m
    for _ in range(k - 1):
        x = x & (x - 1)
    return x != 0


def exactly(m: z3.BitVecRef, k: int) -> z3.BoolRef:
    """The mask holds exactly ``k`` cards.

    >>> z3.simplify(exactly(mask(0b1011), 3))
    True
    """
    return z3.And(at_least(m, k), z3.Not(at_least(m, k + 1)))


def lowest(x: z3.BitVecRef) -> z3.BitVecRef:
    """The lowest card of a set (0 for the empty set).

    >>> concrete_card(lowest(mask(0b10100)))
    2
    """
    return x & -x


def highest(x: z3.BitVecRef) -> z3.BitVecRef:
    """The highest card of a set (0 for the empty set): smear the top bit down, keep it.

    >>> concrete_card(highest(mask(1 << 100 | 1 << 3))), concrete_card(highest(mask(0)))
    (100, -1)
    """
    y = x
    for shift in (1, 2, 4, 8, 16, 32, 64):
        y = y | z3.LShR(y, shift)
    return y ^ z3.LShR(y, 1)


# --- concrete values -----------------------------------------------------------------------------


def concrete_mask(term: z3.ExprRef) -> int:
    """A concrete mask term (after substitution) as an int mask.

    >>> concrete_mask(mask(5) | mask(2))
    7
    """
    value = z3.simplify(term)
    assert isinstance(value, z3.BitVecNumRef), value
    return int(value.as_long())


def concrete_card(term: z3.ExprRef) -> int:
    """A concrete one-hot term as its card number (-1 for no card).

    >>> concrete_card(card(99))
    99
    """
    return concrete_mask(term).bit_length() - 1
