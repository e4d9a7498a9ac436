"""Divided Ranks' hands as Z3 terms: a hand's strength, its key, and the comparison.

:func:`strength` evaluates a hand as the rule document words it (see
:mod:`proofs.divided_ranks.encoding`); :func:`compare` compares two hands
step by step; :func:`strength_key` packs a strength as the engine's key.
The names are re-exported by :mod:`proofs.divided_ranks.encoding`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

import z3

from cardlaw.proofs.divided_ranks.encoding_pack import (
    BV,
    VALUE_BITS,
    Params,
    mask_bit,
    small,
    windows,
)
from cardlaw.spec.divided_ranks import constants as K

__all__ = [
    "ENGINE_CATEGORY",
    "LADDER",
    "Strength",
    "compare",
    "engine_category",
    "lexicographic",
    "strength",
    "strength_key",
]

LADDER: Final[tuple[str, ...]] = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "royal flush",
)
"""The poker ladder the encoding classifies on, weakest first (a straight flush to
the Ace is the royal flush; with this pack every straight flush is one)."""

ENGINE_CATEGORY: Final[dict[int, int]] = {
    1: int(K.Category.PAIR),
    2: int(K.Category.TWO_PAIR),
    3: int(K.Category.THREE_OF_A_KIND),
    4: int(K.Category.STRAIGHT),
    6: int(K.Category.FULL_HOUSE),
    7: int(K.Category.FOUR_OF_A_KIND),
    8: int(K.Category.ROYAL_FLUSH),
}
"""Ladder position -> :class:`~spec.divided_ranks.constants.Category` value.  High card
and plain flush have none: this pack never makes them (``divided-ranks.hands.no-high-card``)."""


class Strength(NamedTuple):
    """A hand's standing as the rules see it, as Z3 terms."""

    category: z3.BitVecRef
    """Position on :data:`LADDER`."""
    values: tuple[z3.BitVecRef, ...]
    """The cards lined up card for card: rank values (lowest rank 1), a low Joker 0."""
    joker: z3.BoolRef
    straight: z3.BoolRef
    flush: z3.BoolRef
    """Five cards of one suit (the Joker only if it completes a straight flush)."""
    no_pair: z3.BoolRef
    """No two cards of the same rank (the Joker matches nothing)."""


def _sort_desc(items: list[z3.BitVecRef]) -> list[z3.BitVecRef]:
    """Odd-even transposition sort, largest first (unsigned)."""
    xs = list(items)
    n = len(xs)
    for round_ in range(n):
        for i in range(round_ % 2, n - 1, 2):
            a, b = xs[i], xs[i + 1]
            xs[i] = z3.If(z3.UGE(a, b), a, b)
            xs[i + 1] = z3.If(z3.UGE(a, b), b, a)
    return xs


def _one_suit(h: z3.BitVecRef, n: int) -> z3.BoolRef:
    """Every suited card of ``h`` is of one suit (the Joker aside)."""
    suited = h & z3.BitVecVal((1 << (4 * n)) - 1, h.size())
    return z3.Or(
        *(
            suited & ~z3.BitVecVal(sum(1 << (4 * r + s) for r in range(n)), h.size()) == 0
            for s in range(4)
        )
    )


def _all(parts: list[z3.BoolRef]) -> z3.BoolRef:
    """The conjunction of ``parts``; ``True`` when there are none (no empty ``And`` term)."""
    return z3.And(*parts) if parts else z3.BoolVal(True)


def _straight(
    counts: list[z3.BitVecRef], joker: z3.BoolRef, p: Params
) -> tuple[z3.BoolRef, z3.BitVecRef, z3.BoolRef]:
    """Whether the ranks make a straight, its top value, and whether no two ranks are equal."""
    n = len(p["ranks"])
    size = p["hand_size"]
    occupied = [z3.UGT(c, 0) for c in counts]
    no_pair = z3.And(*(z3.ULE(c, 1) for c in counts))
    runs = windows(p)
    fits = [
        _all([z3.Not(occupied[r]) for r in range(n) if not start <= r < start + size])
        for start, _ in runs
    ]
    wild_ok = z3.Or(z3.Not(joker), z3.BoolVal(bool(p["joker_wild"])))
    straight = z3.And(no_pair, wild_ok, z3.Or(*fits) if fits else z3.BoolVal(False))
    top: z3.BitVecRef = small(0)
    for (_, top_value), fit in zip(runs, fits, strict=True):
        top = z3.If(fit, small(top_value), top)
    return straight, top, no_pair


def _grouped(
    counts: list[z3.BitVecRef], joker: z3.BoolRef, straight: z3.BoolRef, p: Params
) -> tuple[list[z3.BitVecRef], list[z3.BitVecRef]]:
    """The sizes of the groups of equal rank, largest first, and the cards lined up by group.

    Groups are sorted by count, then rank, descending; the cards after the
    groups' are the low Joker's value.
    """
    n = len(p["ranks"])
    size = p["hand_size"]
    keys = [(counts[r] << VALUE_BITS) | small(r + 1) for r in range(n)]
    ordered = _sort_desc(keys)
    group_counts = [z3.LShR(k, VALUE_BITS) for k in ordered]
    group_values = [k & small((1 << VALUE_BITS) - 1) for k in ordered]
    if p["joker_pairs"]:  # mutant: the Joker joins the biggest group when it is not wild
        group_counts[0] = z3.If(
            z3.And(joker, z3.Not(straight)), group_counts[0] + 1, group_counts[0]
        )
    cumulative = []
    running: z3.BitVecRef = small(0)
    for c in group_counts[:size]:
        running = running + c
        cumulative.append(running)
    low = small(p["joker_low"])
    grouped = []
    for k in range(size):
        term = low
        for cum, v in reversed(list(zip(cumulative, group_values[:size], strict=True))):
            term = z3.If(z3.ULT(small(k), cum), v, term)
        grouped.append(term)
    return group_counts, grouped


def _ladder_position(
    straight: z3.BoolRef,
    one_suit: z3.BoolRef,
    joker: z3.BoolRef,
    c1: z3.BitVecRef,
    c2: z3.BitVecRef,
) -> z3.BitVecRef:
    """The position on :data:`LADDER`, from the shape (``c1``, ``c2``: the two largest groups)."""
    return z3.If(
        z3.And(straight, one_suit),
        small(8),
        z3.If(
            z3.UGE(c1, 4),
            small(7),
            z3.If(
                z3.And(c1 == 3, z3.UGE(c2, 2)),
                small(6),
                z3.If(
                    z3.And(one_suit, z3.Not(joker)),
                    small(5),
                    z3.If(
                        straight,
                        small(4),
                        z3.If(
                            c1 == 3,
                            small(3),
                            z3.If(c1 == 2, z3.If(c2 == 2, small(2), small(1)), small(0)),
                        ),
                    ),
                ),
            ),
        ),
    )


def strength(h: z3.BitVecRef, p: Params) -> Strength:
    """Evaluate a five-card hand by the rules (see :mod:`proofs.divided_ranks.encoding`)."""
    n = len(p["ranks"])
    size = p["hand_size"]
    joker = z3.Extract(4 * n, 4 * n, h) == 1
    counts = [sum((mask_bit(h, 4 * r + s) for s in range(4)), small(0)) for r in range(n)]
    one_suit = _one_suit(h, n)
    straight, top, no_pair = _straight(counts, joker, p)
    group_counts, grouped = _grouped(counts, joker, straight, p)
    values = tuple(z3.If(straight, top - k, grouped[k]) for k in range(size))
    flush = z3.And(one_suit, z3.Or(z3.Not(joker), straight))
    ladder = _ladder_position(straight, one_suit, joker, group_counts[0], group_counts[1])
    return Strength(ladder, values, joker, straight, flush, no_pair)


def engine_category(category: z3.BitVecRef) -> z3.BitVecRef:
    """A ladder position as the engine's category number (high card and flush: 0 and 3).

    >>> from cardlaw.proofs.divided_ranks.encoding_pack import value
    >>> value(engine_category(z3.BitVecVal(LADDER.index("full house"), 8)))
    4
    """
    term = small(0)
    for ladder, engine in ENGINE_CATEGORY.items():
        term = z3.If(category == ladder, small(engine), term)
    return z3.If(category == 5, small(int(K.Category.STRAIGHT)), term)


def strength_key(h: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """The engine's strength key of a hand (:func:`~engine.divided_ranks.evaluate.reference_key`).

    Category, the five card-for-card values three bits each, and a last bit
    for a hand without the Joker.
    """
    s = strength(h, p)
    key = z3.ZeroExt(32 - BV, engine_category(s.category))
    for v in s.values:
        key = (key << VALUE_BITS) | z3.ZeroExt(32 - BV, v)
    return (key << 1) | z3.If(s.joker, z3.BitVecVal(0, 32), z3.BitVecVal(1, 32))


def lexicographic(pairs: Sequence[tuple[z3.BitVecRef, z3.BitVecRef]]) -> z3.ArithRef:
    """1, -1 or 0 as the first differing pair says (unsigned), 0 if none differs.

    >>> from cardlaw.proofs.divided_ranks.encoding_pack import value
    >>> value(lexicographic([(small(2), small(2)), (small(1), small(3))]))
    -1
    """
    result: z3.ArithRef = z3.IntVal(0)
    for a, b in reversed(pairs):
        result = z3.If(z3.UGT(a, b), z3.IntVal(1), z3.If(z3.ULT(a, b), z3.IntVal(-1), result))
    return result


def compare(a: Strength, b: Strength, p: Params) -> z3.ArithRef:
    """1 if hand ``a`` is stronger, -1 if ``b`` is, 0 if equal, step by step.

    Category first [divided-ranks.hands.categories]; then card for card, the
    first difference deciding [divided-ranks.ruling.card-for-card]; then the
    Joker rule [divided-ranks.hands.joker-tiebreak].  Mutants: ``card_for_card``
    ``"majority"`` (the hand higher at more positions wins), ``joker_tiebreak``
    off.

    >>> from cardlaw.proofs.divided_ranks.encoding_pack import local_mask, spec_params, value
    >>> from cardlaw.spec.cards import CardSet
    >>> p = spec_params()
    >>> def s(text): return strength(z3.BitVecVal(local_mask(CardSet(text).mask, p), 21), p)
    >>> value(compare(s("10S JD QH KH AD"), s("10C JK QS KD AH"), p))
    1
    >>> value(compare(s("10S JD QH KH AD"), s("10C JK QS KD AH"), {**p, "joker_tiebreak": False}))
    0
    """

    def no_joker(s: Strength) -> z3.BitVecRef:
        return z3.If(s.joker, small(0), small(1))

    tail: list[tuple[z3.BitVecRef, z3.BitVecRef]] = []
    if p["joker_tiebreak"]:
        tail.append((no_joker(a), no_joker(b)))
    if p["card_for_card"] == "first-difference":
        return lexicographic(
            [(a.category, b.category), *zip(a.values, b.values, strict=True), *tail]
        )
    wins = z3.Sum(
        [
            z3.If(z3.UGT(x, y), z3.IntVal(1), z3.If(z3.ULT(x, y), z3.IntVal(-1), z3.IntVal(0)))
            for x, y in zip(a.values, b.values, strict=True)
        ]
    )
    by_cards = z3.If(wins > 0, z3.IntVal(1), z3.If(wins < 0, z3.IntVal(-1), z3.IntVal(0)))
    rest = lexicographic(tail) if tail else z3.IntVal(0)
    by_category = lexicographic([(a.category, b.category)])
    return z3.If(by_category != 0, by_category, z3.If(by_cards != 0, by_cards, rest))
