"""Exchanging two cards wherever they are: what the games' secrecy tests do to a state.

A test of what a seat may not know exchanges two cards it cannot see and
checks that its observation is unchanged; each game says where its cards
lie, and maps these over its state's fields.
"""

from __future__ import annotations


def swapped_card(card: int, a: int, b: int) -> int:
    """``card``, with ``a`` and ``b`` exchanged (any other card, or -1 for none, as it is)."""
    return b if card == a else a if card == b else card


def swapped_mask(mask: int, a: int, b: int) -> int:
    """The card set ``mask`` with cards ``a`` and ``b`` exchanged."""
    has_a, has_b = mask >> a & 1, mask >> b & 1
    mask &= ~((1 << a) | (1 << b))
    return mask | has_a << b | has_b << a
