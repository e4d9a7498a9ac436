"""Pieces the adapters' action universes share (``tests/<game>/adapter.py::action_universe``).

An *action universe* is a superset of the legal actions of a state, built
from the spec's action types and the state's cards, never from
``legal_actions``: :mod:`tests.engine.test_superset` submits every member
and checks that ``apply`` accepts exactly the legal ones.

>>> import random
>>> rng = random.Random(1)
>>> [len(order) for order in bad_orders((1, 2, 3), rng, foreign=(9,))]
[2, 4, 3, 3, 4, 0]
>>> any(sorted(order) == [1, 2, 3] for order in bad_orders((1, 2, 3), rng, foreign=(9,)))
False
>>> len(subsets(range(6), 3)), len(sample_subsets(range(52), 3, 5, rng))
(20, 5)
>>> [sorted(order) for order in orders((1, 2), rng)][:1], held(range(5), 0b101)
([[1, 2]], ([0, 2], [1, 3, 4]))
>>> by_stage({"deal": lambda: [1, 2, 3, 4], "play": lambda: [5, 6]}, "play", rng)[-2:]
[5, 6]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations
from typing import TypeVar

from cardlaw.spec.cards import Card, CardSet

__all__ = [
    "bad_orders",
    "by_stage",
    "halves",
    "held",
    "orders",
    "sample_subsets",
    "shuffled",
    "subsets",
]

T = TypeVar("T")
U = TypeVar("U")
K = TypeVar("K")


def shuffled(items: Iterable[T], rng: random.Random) -> tuple[T, ...]:
    """The items in a random order."""
    out = list(items)
    rng.shuffle(out)
    return tuple(out)


def bad_orders(
    items: Sequence[T], rng: random.Random, foreign: Sequence[T] = ()
) -> list[tuple[T, ...]]:
    """Orders that are *not* an order of exactly ``items``, each once.

    One short, one long (a card twice), one with a card doubled in place of
    another, one with a ``foreign`` card in place of one of the items, one
    with a foreign card added, and the empty order.  Every card in them is a
    well-formed card of its type; only the collection is wrong.
    """
    order = shuffled(items, rng)
    out = [order[:-1], (*order, order[0])]
    if len(order) > 1:
        out.append((*order[:-1], order[0]))
    if foreign:
        out.append((*order[:-1], rng.choice(foreign)))
        out.append((*order, rng.choice(foreign)))
    out.append(())
    return [bad for bad in out if sorted(map(repr, bad)) != sorted(map(repr, items))]


def subsets(pool: Iterable[T], size: int) -> list[tuple[T, ...]]:
    """Every ``size``-element subset of ``pool``."""
    return list(combinations(pool, size))


def sample_subsets(
    pool: Iterable[T], size: int, count: int, rng: random.Random
) -> list[tuple[T, ...]]:
    """``count`` subsets of ``pool`` of ``size`` elements, drawn uniformly (with repeats)."""
    items = list(pool)
    return [tuple(rng.sample(items, size)) for _ in range(count)]


def orders(
    items: Sequence[T], rng: random.Random, foreign: Sequence[T] = ()
) -> list[tuple[T, ...]]:
    """One order of exactly ``items``, at random, then their :func:`bad_orders`."""
    return [shuffled(items, rng), *bad_orders(items, rng, foreign=foreign)]


def halves(
    make: Callable[[CardSet, CardSet], U],
    pool: Sequence[Card],
    size: int,
    count: int,
    rng: random.Random,
) -> list[U]:
    """``count`` values ``make(first, second)``, of ``size`` cards drawn uniformly from ``pool``
    each time, the first half of them ``first`` and the rest ``second``."""
    out = []
    for _ in range(count):
        cards = rng.sample(pool, size)
        out.append(make(CardSet.of(cards[: size // 2]), CardSet.of(cards[size // 2 :])))
    return out


def held(pool: Iterable[int], hand: int) -> tuple[list[int], list[int]]:
    """The cards of ``pool`` in the card set ``hand``, and those not in it."""
    cards = list(pool)
    return [c for c in cards if hand >> c & 1], [c for c in cards if not hand >> c & 1]


def by_stage(kinds: Mapping[K, Callable[[], list[U]]], stage: K, rng: random.Random) -> list[U]:
    """Every action of the stage's own kind, and a few (three) of every other kind, drawn at
    random (the wrong moment for them); ``kinds`` makes each kind's actions, by stage."""
    out: list[U] = []
    for kind, make in kinds.items():
        actions = make()
        out += actions if kind == stage else rng.sample(actions, min(3, len(actions)))
    return out
