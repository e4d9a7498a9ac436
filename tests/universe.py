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
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import TypeVar

__all__ = ["bad_orders", "sample_subsets", "shuffled", "subsets"]

T = TypeVar("T")


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
