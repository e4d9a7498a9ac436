"""The shuffle's outcome by index: the grouped decoding equals the plain mixed-radix definition.

:meth:`engine.euchre.deal.ShuffleSpace.outcome` splits the index into three
groups of digits so that most arithmetic is on small ints; this checks it
against the definition its docstring states (digit by digit in the radix
24, 23, ..., 1, least significant first, each picking from the cards not
yet placed), at the group boundaries and at random indices.
"""

from __future__ import annotations

import random
from math import factorial

import pytest

from cardlaw.engine.euchre.deal import SHUFFLES
from cardlaw.spec.cards import Card
from cardlaw.spec.errors import MalformedInput

_SIZE = factorial(24)


def _by_definition(index: int) -> tuple[Card, ...]:
    pool = list(SHUFFLES.items)
    order = []
    for base in range(24, 0, -1):
        index, digit = divmod(index, base)
        order.append(pool.pop(digit))
    return tuple(order)


_LOW = factorial(24) // factorial(17)
_MID = factorial(17) // factorial(11)
_EDGES = sorted(
    {0, 1, 23, 24, _SIZE - 1, _LOW - 1, _LOW, _LOW + 1, _LOW * _MID - 1, _LOW * _MID, _SIZE // 2}
)


@pytest.mark.parametrize("index", _EDGES)
def test_the_group_boundaries(index: int) -> None:
    assert SHUFFLES.outcome(index).order == _by_definition(index)


def test_random_indices() -> None:
    rng = random.Random(14)
    for _ in range(2_000):
        index = rng.randrange(_SIZE)
        assert SHUFFLES.outcome(index).order == _by_definition(index)


def test_out_of_range_is_refused() -> None:
    with pytest.raises(MalformedInput, match="the index must be a whole number"):
        SHUFFLES.outcome(_SIZE)
    with pytest.raises(MalformedInput, match="the index must be a whole number"):
        SHUFFLES.outcome(-1)
