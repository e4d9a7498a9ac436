"""Exchanging two cards wherever they are: what the games' secrecy tests do to a state.

A test of what a seat may not know exchanges two cards it cannot see and
checks that its observation is unchanged; each game says where its cards
lie (a table of its state's fields by kind), and :meth:`Swap.apply` maps
the swap over them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

S = TypeVar("S")
"""A state: a named tuple."""


def hidden_swaps(
    states: Sequence[S],
    seats: int,
    hidden: Callable[[S, int], list[int]],
    rng: random.Random,
    count: int,
) -> Iterator[tuple[S, int, int, int]]:
    """``(state, seat, a, b)``: for ``count`` of ``states`` drawn at random (all, if fewer) and
    each of the ``seats``, two cards drawn among the ``hidden(state, seat)`` ones (where the
    seat has two hidden from it)."""
    for state in rng.sample(states, min(count, len(states))):
        for seat in range(seats):
            cards = hidden(state, seat)
            if len(cards) < 2:
                continue
            a, b = rng.sample(cards, 2)
            yield state, seat, a, b


def swapped_card(card: int, a: int, b: int) -> int:
    """``card``, with ``a`` and ``b`` exchanged (any other card, or -1 for none, as it is)."""
    return b if card == a else a if card == b else card


def swapped_mask(mask: int, a: int, b: int) -> int:
    """The card set ``mask`` with cards ``a`` and ``b`` exchanged."""
    has_a, has_b = mask >> a & 1, mask >> b & 1
    mask &= ~((1 << a) | (1 << b))
    return mask | has_a << b | has_b << a


@dataclass(frozen=True)
class Swap:
    """Cards ``a`` and ``b`` exchanged, in each kind of field a state keeps its cards in."""

    a: int
    b: int

    def card(self, card: int) -> int:
        """One card (or -1 for none)."""
        return swapped_card(card, self.a, self.b)

    def mask(self, mask: int) -> int:
        """A card set."""
        return swapped_mask(mask, self.a, self.b)

    def cards(self, cards: Iterable[int]) -> tuple[int, ...]:
        """A row of cards (or of -1 for none)."""
        return tuple(self.card(card) for card in cards)

    def masks(self, masks: Iterable[int]) -> tuple[int, ...]:
        """A row of card sets, such as the hands."""
        return tuple(self.mask(mask) for mask in masks)

    def tricks(self, tricks: Iterable[tuple[int, tuple[int, ...]]]) -> tuple[Any, ...]:
        """Tricks done: (leader, cards) each."""
        return tuple((leader, self.cards(cards)) for leader, cards in tricks)

    def apply(self, state: S, fields: Mapping[str, Iterable[str]], **others: object) -> S:
        """``state`` with the swap made in each of its ``fields``, named by kind (``card``,
        ``cards``, ``mask``, ``masks``, ``tricks``: the method for it), and ``others`` as given."""
        swapped = {
            name: getattr(self, kind)(getattr(state, name))
            for kind, names in fields.items()
            for name in names
        }
        return state._replace(**swapped, **others)  # type: ignore[attr-defined, no-any-return]  # S: any NamedTuple state
