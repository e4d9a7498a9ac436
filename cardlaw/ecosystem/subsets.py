"""The ids of a choice of every ``k``-card subset of a group, with no work per subset.

Where the mover chooses any ``k`` cards of a group (the cards to secure, an
offer), the engine lists every ``k``-card subset, in the order of
``itertools.combinations`` over the group's cards, lowest first.  Their ids
(colex ranks, :mod:`cardlaw.ecosystem.ids`) then depend only on the group's
size: :func:`every_subset_ranks` checks that the listing is exactly that
and reads the ranks from a table made once per size.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb

__all__ = ["every_subset_ranks"]


@cache
def _lex_ranks(n: int, k: int) -> tuple[int, ...]:
    """The colex rank of each ``k``-subset of ``n`` positions, in combinations order.

    >>> _lex_ranks(4, 2)
    (0, 1, 3, 2, 4, 5)
    """
    return tuple(
        sum(comb(p, i + 1) for i, p in enumerate(chosen)) for chosen in combinations(range(n), k)
    )


def every_subset_ranks(group: int, chosen: Sequence[int], k: int) -> tuple[int, ...] | None:
    """The ranks of the masks ``chosen`` if they are every ``k``-card subset of ``group``, in order.

    The order is that of ``itertools.combinations`` over the group's cards,
    lowest first; for anything else (another order, a subset missing, one
    that is not of the group) the answer is ``None`` and the caller ranks
    each subset (:func:`cardlaw.ecosystem.ids.subset_ranks`).

    >>> every_subset_ranks(0b1011, [0b0011, 0b1001, 0b1010], 2)
    (0, 1, 2)
    >>> every_subset_ranks(0b1011, [0b0011, 0b1010, 0b1001], 2) is None
    True
    """
    bits = []
    while group:
        low = group & -group
        bits.append(low)
        group ^= low
    if len(chosen) != comb(len(bits), k) or list(map(sum, combinations(bits, k))) != chosen:
        return None
    return _lex_ranks(len(bits), k)
