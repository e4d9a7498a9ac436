"""Card masks to tuples of shared actions, by table lookup.

A Euchre hand is a mask of bits 28 to 51.  :func:`split_table` precomputes,
for each half of those 24 bits (12 bits, 4,096 values), the tuple of shared
actions of the cards it holds; :func:`actions_of` joins the two halves.  No
loop over the cards is left on the hot path.

>>> from cardlaw.spec.cards import CardSet
>>> from cardlaw.spec.euchre.actions import PLAYS
>>> table = split_table(PLAYS)
>>> [a.text for a in actions_of(CardSet("9C AS JH").mask, table)]
['play 9C', 'play JH', 'play AS']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from cardlaw.spec.domain import CardMask

__all__ = ["SplitTable", "actions_of", "split_table"]

T = TypeVar("T")

SplitTable = tuple[tuple[tuple[T, ...], ...], tuple[tuple[T, ...], ...]]
"""The tuples of actions for the low and the high twelve bits of a Euchre mask."""

_LOW: Final = 28
_HIGH: Final = 40
_HALF: Final = 0xFFF


def _half(actions: Sequence[T], shift: int) -> tuple[tuple[T, ...], ...]:
    return tuple(
        tuple(actions[shift + i] for i in range(12) if bits >> i & 1) for bits in range(1 << 12)
    )


def split_table(actions: Sequence[T]) -> SplitTable[T]:
    """The split table of ``actions``, indexed by card (``actions[card]``)."""
    return _half(actions, _LOW), _half(actions, _HIGH)


def actions_of(mask: CardMask, table: SplitTable[T]) -> tuple[T, ...]:
    """The actions of the cards in ``mask``, lowest card first."""
    return table[0][mask >> _LOW & _HALF] + table[1][mask >> _HIGH & _HALF]
