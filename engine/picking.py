"""Card subsets by index: listing a stage's legal actions, or picking one without the rest.

Also the ``index``-th ordering of a few items (:func:`unrank_permutation`), a
shuffle's outcome by index (:class:`engine.chance.UniformPermutation`).

A stage whose legal actions are the cards or the ``k``-card subsets of a
mask lists them in one fixed order: cards lowest first, subsets in the
order :func:`itertools.combinations` gives over those cards.  The pickers
here find the action at one index of that order directly, so a random bot
(:meth:`engine.game.RulesGame.sample_legal_action`) makes the same single
draw as ``rng.choice(legal_actions(state))`` and gets the same action,
without the others being built.

>>> hand = 0b1011_0100
>>> subsets(hand, 2)
[20, 36, 132, 48, 144, 160]
>>> [subset_at(hand, 2, lambda n, k=k: k) for k in range(6)] == subsets(hand, 2)
True
>>> [bit_at(hand, lambda n, k=k: k) for k in range(4)]
[2, 4, 5, 7]

A draw comes from the caller's random number generator, so each is checked
before it is used: a number that is not from 0 to ``n - 1`` is refused
(:func:`bad_draw`), never looped on or counted from the end.

>>> bit_at(hand, lambda n: 10**9)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: sample_legal_action: rng.randrange(4) gave 1000000000, not 0 \
to 3
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations
from typing import TypeVar

from cardlaw.engine.base import shown
from cardlaw.spec.domain import CardId, CardMask
from cardlaw.spec.errors import MalformedInput

__all__ = [
    "bad_draw",
    "bit_at",
    "singles",
    "subset_at",
    "subsets",
    "unrank_permutation",
]

T = TypeVar("T")

Below = Callable[[int], object]
"""A draw: ``below(n)`` should be a whole number from 0 to ``n - 1``; it is checked before use.

It comes from the caller's generator (``rng.randrange``), so it is typed
``object``: a compiled build would otherwise refuse a wrong type with a
``TypeError`` before the check could name it."""


def bad_draw(index: object, n: int) -> MalformedInput:
    """The error for a draw ``index`` that names none of ``n`` actions."""
    return MalformedInput(
        f"sample_legal_action: rng.randrange({n}) gave {shown(index)}, not 0 to {n - 1}"
    )


def singles(mask: CardMask) -> list[CardMask]:
    """The set bits of ``mask`` as one-bit masks, lowest first (a negative mask raises).

    >>> singles(0b1010)
    [2, 8]
    """
    if mask < 0:  # it has no last bit: the loop below would never end
        raise ValueError(f"a card set is never negative, not {shown(mask)}")
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def subsets(mask: CardMask, size: int) -> list[CardMask]:
    """Every ``size``-bit subset of ``mask``, as masks, in combinations order."""
    return [sum(group) for group in combinations(singles(mask), size)]


@cache
def _patterns(n: int, size: int) -> tuple[tuple[int, ...], ...]:
    """The index patterns of the ``size``-subsets of ``n`` items, in combinations order."""
    return tuple(combinations(range(n), size))


def subset_at(mask: CardMask, size: int, below: Below) -> CardMask:
    """The ``size``-bit subset of ``mask`` at index ``below(count)`` of :func:`subsets`."""
    cards = singles(mask)
    patterns = _patterns(len(cards), size)
    n = len(patterns)
    index = below(n)
    if type(index) is int and 0 <= index < n:
        return sum([cards[i] for i in patterns[index]])
    raise bad_draw(index, n)


def bit_at(mask: CardMask, below: Below) -> CardId:
    """The index of the set bit of ``mask`` at position ``below(count)``, lowest first."""
    n = mask.bit_count()
    index = below(n)
    if type(index) is not int or not 0 <= index < n:
        raise bad_draw(index, n)
    for _ in range(index):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def unrank_permutation(items: tuple[T, ...], index: int) -> tuple[T, ...]:
    """The ``index``-th permutation of ``items`` in lexicographic order of positions.

    >>> unrank_permutation(("x", "y", "z"), 5)
    ('z', 'y', 'x')
    """
    # Factorial number system, least significant digit first: digit k (base
    # n - k) picks the item at position k among those still in the pool.
    pool = list(items)
    digits = []
    for base in range(1, len(pool) + 1):
        index, digit = divmod(index, base)
        digits.append(digit)
    return tuple(pool.pop(digit) for digit in reversed(digits))
