"""Legal ids straight from the engine's mask of legal cards, with no action made.

Where the engine keeps the cards a seat may play as a mask (its
``legal_play_mask``, what its Game API lists and draws from), a binding may
read the ids from that mask (:class:`~cardlaw.ecosystem.base.Binding`'s
``quick_ids``): :func:`mask_ids` makes the reader, from tables of the ids
of every 12-card run of the deck made once.  Nothing is decided here: the
mask is the engine's, and the ids are those the codec gives the plays it
lists (``tests/ecosystem/test_ids.py`` holds the two to each other).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from cardlaw.ecosystem.ids import Deck

__all__ = ["CHUNK", "mask_ids"]

CHUNK = 12
"""Cards per table: each run of 12 cards of the deck has a table of its 4096 subsets."""


@cache
def mask_ids(deck: Deck, start: int) -> Callable[[int], tuple[int, ...]]:
    """The reader of a mask of cards of ``deck`` as ids ``start + position``, ascending (made once).

    >>> ids = mask_ids(Deck((28, 29, 30, 45, 51)), 36)
    >>> ids(1 << 28 | 1 << 45 | 1 << 51), ids(0)
    ((36, 39, 40), ())
    >>> mask_ids(Deck(tuple(range(52))), 103)(1 << 0 | 1 << 13 | 1 << 51)
    (103, 116, 154)
    >>> mask_ids(Deck(tuple(range(101))), 0)(1 << 0 | 1 << 100)
    (0, 100)
    """
    cards = deck.cards
    if list(cards) != sorted(cards):  # pragma: no cover - every deck is in card order
        raise ValueError("a deck's cards are in ascending order")
    first = cards[0]
    runs: list[tuple[int, tuple[tuple[int, ...], ...]]] = []
    for shift in range(first, cards[-1] + 1, CHUNK):
        places = [
            (bit, start + deck.position(shift + bit))
            for bit in range(CHUNK)
            if deck.position(shift + bit) >= 0
        ]
        table = tuple(
            tuple(at for bit, at in places if subset >> bit & 1) for subset in range(1 << CHUNK)
        )
        runs.append((shift, table))
    top = (1 << CHUNK) - 1
    if len(runs) == 2:  # Euchre's 24 cards: two runs, unrolled
        (low, lows), (high, highs) = runs

        def two(mask: int) -> tuple[int, ...]:
            return lows[mask >> low & top] + highs[mask >> high & top]

        return two
    if len(runs) <= 5:  # up to 60 cards (a 52-card deck): five runs, unrolled
        empty: tuple[tuple[int, ...], ...] = ((),) * (1 << CHUNK)
        (a, ta), (b, tb), (c, tc), (d, td), (e, te) = [*runs, *[(0, empty)] * (5 - len(runs))]

        def five(mask: int) -> tuple[int, ...]:
            return (
                ta[mask >> a & top]
                + tb[mask >> b & top]
                + tc[mask >> c & top]
                + td[mask >> d & top]
                + te[mask >> e & top]
            )

        return five

    def read(mask: int) -> tuple[int, ...]:
        out: tuple[int, ...] = ()
        for shift, table in runs:
            part = mask >> shift & top
            if part:
                out += table[part]
        return out

    return read
