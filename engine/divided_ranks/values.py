"""Every holding's best value in one table, for players that look up thousands a decision.

:func:`value_table` lists :func:`~engine.divided_ranks.arrange.best_value` for
each of the 352,716 ten-card holdings, indexed by the holding's cards shifted
down to bit 0 (``holding >> LOW``: a 21-bit index); an index that is not ten
cards of the pack holds ``-1``.  A list index is about three times quicker
than the memo's dictionary (the table is 2**21 slots, most of them ``-1``,
and the 756 distinct values are shared), and the table is built once, on
first use: cached on disk (:mod:`engine.cache`, keyed by the source that
computes the values), a later process loads it in a few hundredths of a
second instead of searching every class again.

>>> from cardlaw.spec.cards import CardSet
>>> from cardlaw.engine.divided_ranks.arrange import best_value
>>> holding = CardSet("AS AH AD AC KS KH KD KC 10S JK").mask
>>> value_table()[holding >> LOW] == best_value(holding)
True
>>> value_table()[CardSet("AS AH").mask >> LOW]
-1
"""

from __future__ import annotations

from typing import Final, TypeGuard

from cardlaw.engine import picking
from cardlaw.engine.cache import load_or_build, source_digest
from cardlaw.engine.divided_ranks import arrange, evaluate
from cardlaw.engine.divided_ranks.arrange import best_value, iter_holdings
from cardlaw.spec.divided_ranks.constants import PACK_MASK

__all__ = ["LOW", "SLOTS", "build_value_table", "value_table"]

LOW: Final = (PACK_MASK & -PACK_MASK).bit_length() - 1
"""The bit of the pack's lowest card: a holding's index in the table is ``holding >> LOW``."""

SLOTS: Final = 1 << (PACK_MASK >> LOW).bit_length()
"""The table's length: one slot per set of the pack's 21 cards."""

_HOLDINGS: Final = 352_716
"""C(21, 10): the slots that hold a value."""

_SOURCES: Final = (__file__, arrange.__file__, picking.__file__, *evaluate.SOURCES)
"""The files whose text computes the values: the disk cache is keyed by them."""


def build_value_table() -> list[int]:
    """Search every holding's best value (about 0.6 s; :func:`value_table` caches it)."""
    table = [-1] * SLOTS
    for holding in iter_holdings():
        table[holding >> LOW] = best_value(holding)
    return table


def _checked(stored: object) -> TypeGuard[list[int]]:
    """Whether ``stored`` (a cache file's contents) has the table's shape."""
    return (
        isinstance(stored, list)
        and len(stored) == SLOTS
        and len(stored) - stored.count(-1) == _HOLDINGS
    )


_TABLE: Final[list[list[int]]] = []
"""The table once :func:`value_table` has made it (one per process)."""


def value_table() -> list[int]:
    """The best value of every holding, by ``holding >> LOW`` (``-1``: not a holding).

    Built on first use, not at import, and cached on disk; the values are
    :func:`~engine.divided_ranks.arrange.best_value`'s.
    """
    if not _TABLE:
        digest = source_digest(_SOURCES)
        _TABLE.append(load_or_build("divided-ranks-values", digest, build_value_table, _checked))
    return _TABLE[0]
