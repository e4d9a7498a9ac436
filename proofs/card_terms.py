"""The 52-card deck as Z3 terms, for the games that play with it (Divide and Euchre).

Cards are 6-bit vectors (``rank * 4 + suit``, as in :mod:`spec.cards`) and
card sets 52-bit masks; each game's encoding re-exports these names.

>>> from cardlaw.spec.cards import Card, CardSet
>>> jack = z3.BitVecVal(int(Card("JD")), CARD_BITS)
>>> z3.simplify(rank(jack)), z3.simplify(suit(jack))  # the Jack: rank index 9; diamonds: 1
(9, 1)
>>> CardSet(z3.simplify(bit(z3.BitVecVal(int(Card("9S")), CARD_BITS))).as_long())
CardSet('9S')
"""

from __future__ import annotations

from typing import Final

import z3

__all__ = ["CARD_BITS", "MASK_BITS", "bit", "rank", "suit"]

CARD_BITS: Final = 6
"""Bits of a card: ``rank * 4 + suit``."""

MASK_BITS: Final = 52
"""Bits of a card set: one per card of the 52-card deck."""


def suit(c: z3.BitVecRef) -> z3.BitVecRef:
    """The printed suit (2 bits) of a card."""
    return z3.Extract(1, 0, c)


def rank(c: z3.BitVecRef) -> z3.BitVecRef:
    """The rank index (4 bits, 0 for the Two) of a card."""
    return z3.Extract(5, 2, c)


def bit(c: z3.BitVecRef, width: int = MASK_BITS) -> z3.BitVecRef:
    """The mask of one card (or of one position, for a narrower mask)."""
    return z3.BitVecVal(1, width) << z3.ZeroExt(width - CARD_BITS, c)
