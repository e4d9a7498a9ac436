"""Domain names for the plain ints the rules are made of: card masks, card ids and seats.

A state holds ints and tuples of ints, for speed and for the compiled build
(see :mod:`spec.cards`).  Three kinds of int mean different things, and these
names say which one a field, argument or result is:

- :data:`CardMask`: a set of cards of one deck, bit ``i`` set for card ``i``
  (``0`` is the empty set);
- :data:`CardId`: one card, by its index in its game's deck (0 to 52 for the
  French-suited deck of :mod:`spec.cards`, the Joker 52; Split's number 0 to
  100), ``-1`` for no card where a field says so;
- :data:`SeatId`: a player, by seat from 0, ``-1`` for nobody (chance acts,
  before the dealer is chosen) where a field says so.

They are type aliases of ``int``, erased at run time: a ``CardMask`` *is* an
``int``, made and combined with the int operators, at no cost in either build
(DEVELOPERS.md, "One style per concern", says why not ``NewType``).  They are
not the form validators :class:`spec.forms.Mask` and :class:`spec.forms.CardIndex`,
the card class :class:`spec.cards.Card`, nor the schema node
:class:`spec.schema.Seat`:

>>> from cardlaw.spec.cards import Card, CardSet
>>> hand: CardMask = CardSet.parse("AS 7S").mask
>>> seven: CardId = int(Card("7S"))
>>> dealer: SeatId = 3
>>> hand == 1 << int(Card("AS")) | 1 << seven, bool(hand >> seven & 1), dealer
(True, True, 3)
>>> CardMask is int and CardId is int and SeatId is int
True
"""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["CardId", "CardMask", "SeatId"]

CardMask: TypeAlias = int
"""A set of cards of one deck as a bitmask: bit ``i`` set for card ``i``."""

CardId: TypeAlias = int
"""One card by its index in its game's deck; ``-1`` for none where a field says so."""

SeatId: TypeAlias = int
"""A seat from 0 (the players in turn order); ``-1`` for nobody where a field says so."""
