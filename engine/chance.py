"""Chance outcomes with exact probabilities, and no randomness.

Chance is an explicit action.  At a chance node the engine describes the
outcomes as a :class:`ChanceSpace`: how many there are, the exact
probability of each, and the ``index``-th one.  A sampler outside the rules
picks an index (``rng.randrange(space.size)``); the engine never draws.

>>> space = UniformChoice(("a", "b", "c"))
>>> space.size, space.outcome(1), space.probability("b"), "z" in space
(3, 'b', Fraction(1, 3), False)
>>> perm = UniformPermutation((1, 2, 3), tuple, lambda order: order)
>>> perm.size, [perm.outcome(i) for i in range(perm.size)][:3]
(6, [(1, 2, 3), (1, 3, 2), (2, 1, 3)])
>>> perm.probability((3, 2, 1)), (3, 3, 1) in perm
(Fraction(1, 6), False)

An index that is not a whole number from 0 to ``size - 1`` (a negative one,
one past the end, a bool, ``None``) names no outcome: :func:`outcome_index`
refuses it with :class:`~spec.errors.MalformedInput`, for every space.

>>> space.outcome(-1)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: outcome: the index must be a whole number from 0 to 2, not -1
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from math import factorial
from typing import Generic, Protocol, TypeVar

from cardlaw.engine.base import shown
from cardlaw.engine.picking import unrank_permutation
from cardlaw.spec.errors import MalformedInput

__all__ = [
    "ChanceSpace",
    "UniformChoice",
    "UniformPermutation",
    "outcome_index",
    "unrank_permutation",
]

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)
T = TypeVar("T", bound=Hashable)


def outcome_index(index: object, size: int) -> int:
    """``index`` if it names an outcome of a space of ``size`` (an ``int``, not a ``bool``).

    Anything else raises :class:`~spec.errors.MalformedInput`: a negative
    index is no outcome (it never counts from the end), nor is ``True``.

    >>> outcome_index(3, 4)
    3
    >>> outcome_index(True, 4)
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: outcome: the index must be a whole number from 0 to 3, \
not True
    """
    if type(index) is int and 0 <= index < size:
        return index
    raise MalformedInput(
        f"outcome: the index must be a whole number from 0 to {size - 1}, not {shown(index)}"
    )


class ChanceSpace(Protocol[A_co]):
    """The outcomes of one chance event and their exact probabilities."""

    @property
    def size(self) -> int:
        """How many outcomes there are."""
        ...

    def outcome(self, index: int) -> A_co:
        """The outcome number ``index``, from 0 to ``size - 1`` (else :func:`outcome_index`)."""
        ...

    def probability(self, action: object) -> Fraction:
        """The exact probability of an outcome (0 for a non-outcome)."""
        ...

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` is one of the outcomes."""
        ...


@dataclass(frozen=True, slots=True)
class UniformChoice(Generic[A]):
    """Each of a few distinct outcomes with the same probability."""

    outcomes: tuple[A, ...]

    @property
    def size(self) -> int:
        """How many outcomes there are."""
        return len(self.outcomes)

    def outcome(self, index: int) -> A:
        """The outcome number ``index``."""
        return self.outcomes[outcome_index(index, len(self.outcomes))]

    def probability(self, action: object) -> Fraction:
        """``1/size`` for an outcome, 0 otherwise."""
        return Fraction(1, len(self.outcomes)) if action in self.outcomes else Fraction(0)

    def __contains__(self, action: object) -> bool:
        return action in self.outcomes


@dataclass(frozen=True, slots=True)
class UniformPermutation(Generic[T, A]):
    """Every ordering of some items with the same probability (a fair shuffle).

    ``wrap`` turns an ordering into the action; ``unwrap`` reads any
    object back as an ordering (``None`` if it is not such an action).
    """

    items: tuple[T, ...]
    wrap: Callable[[tuple[T, ...]], A]
    unwrap: Callable[[object], tuple[T, ...] | None]

    @property
    def size(self) -> int:
        """``n!`` for ``n`` items."""
        return factorial(len(self.items))

    def outcome(self, index: int) -> A:
        """The ``index``-th ordering, as an action."""
        return self.wrap(unrank_permutation(self.items, outcome_index(index, self.size)))

    def probability(self, action: object) -> Fraction:
        """``1/n!`` for an ordering of the items, 0 otherwise."""
        return Fraction(1, self.size) if action in self else Fraction(0)

    def __contains__(self, action: object) -> bool:
        try:
            order = self.unwrap(action)
        except (AttributeError, TypeError):
            return False
        return order is not None and len(order) == len(self.items) and set(order) == set(self.items)
