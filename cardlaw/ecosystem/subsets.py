"""The ranks of subsets of a group of cards: one by one, many at once, or a whole choice at once.

:func:`subset_rank` and :func:`subset_ranks` are the colex rank of the
chosen cards' positions in the group (:func:`cardlaw.ecosystem.ids.colex_rank`),
worked out quickly.

Where the mover chooses any ``k`` cards of a group (the cards to secure, an
offer), the engine lists every ``k``-card subset, in the order of
``itertools.combinations`` over the group's cards, lowest first.  Their ids
(colex ranks, :mod:`cardlaw.ecosystem.ids`) then depend only on the group's
size: :func:`every_subset_ranks` checks that the listing is exactly that
and reads the ranks from a table made once per size.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations
from math import comb
from typing import Final

__all__ = ["every_subset_ranks", "subset_rank", "subset_ranks"]


@lru_cache(maxsize=256)
def _places(group: int) -> dict[int, int]:
    """Each card of the mask ``group``, as its bit, -> its position in the group (lowest 0)."""
    out: dict[int, int] = {}
    index = 0
    while group:
        low = group & -group
        out[low] = index
        group ^= low
        index += 1
    return out


def subset_rank(group: int, chosen: int) -> int:
    """The colex rank of the positions in mask ``group`` of the cards of mask ``chosen``.

    ``colex_rank(positions(group, chosen))`` made quicker for a listing of
    many subsets of one group (the group's positions are made once); every
    card of ``chosen`` must be in ``group``.

    >>> from cardlaw.ecosystem.ids import colex_rank, positions
    >>> group, chosen = 0b1011_0110, 0b1010_0010
    >>> subset_rank(group, chosen) == colex_rank(positions(group, chosen)) == 7
    True
    """
    places = _places(group)
    rank = 0
    size = 1
    while chosen:
        low = chosen & -chosen
        rank += comb(places[low], size)
        chosen ^= low
        size += 1
    return rank


_COMB: Final = tuple(tuple(comb(n, k) for k in range(1, 65)) for n in range(65))
"""``_COMB[n][k - 1]`` is ``comb(n, k)``, for the ranks of subsets of up to 64 cards."""


def subset_ranks(group: int, chosen: Sequence[int], k: int) -> list[int | None]:
    """:func:`subset_rank` of each mask of ``chosen`` (``None``: not ``k`` cards of ``group``).

    >>> subset_ranks(0b1011_0110, [0b1010_0010, 0b0011_0000, 0b0100_0001], 3)
    [7, None, None]
    """
    if group.bit_length() > len(_COMB):  # pragma: no cover - no game has so many cards
        return [None if c & ~group or c.bit_count() != k else subset_rank(group, c) for c in chosen]
    table = _COMB
    outside = ~group
    out: list[int | None] = []
    append = out.append
    for cards in chosen:
        mask = cards
        if mask & outside or mask.bit_count() != k:
            append(None)
            continue
        rank = 0
        size = 0
        while mask:
            low = mask & -mask
            rank += table[(group & (low - 1)).bit_count()][size]  # its position in the group
            mask ^= low
            size += 1
        append(rank)
    return out


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
