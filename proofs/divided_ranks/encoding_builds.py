"""Divided Ranks' builds and the showdown as Z3 terms: two hands, weaker first, scored in steps.

The names are re-exported by :mod:`proofs.divided_ranks.encoding`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import z3

from cardlaw.proofs.divided_ranks.encoding_hands import (
    Strength,
    compare,
    lexicographic,
    strength,
    strength_key,
)
from cardlaw.proofs.divided_ranks.encoding_pack import Params

__all__ = ["Built", "build", "showdown"]


class Built(NamedTuple):
    """A build's two hands, weaker first [divided-ranks.build.weaker-stronger]."""

    weaker: z3.BitVecRef
    stronger: z3.BitVecRef
    weaker_strength: Strength
    stronger_strength: Strength
    weaker_key: z3.BitVecRef
    stronger_key: z3.BitVecRef


def _select(cond: z3.BoolRef, a: Strength, b: Strength) -> Strength:
    return Strength(
        *(
            tuple(z3.If(cond, x, y) for x, y in zip(fa, fb, strict=True))
            if isinstance(fa, tuple)
            else z3.If(cond, fa, fb)
            for fa, fb in zip(a, b, strict=True)
        )
    )


def build(a: z3.BitVecRef, b: z3.BitVecRef, p: Params) -> Built:
    """The build with hands ``a`` and ``b``: the lower by strength key is the weaker hand.

    >>> from cardlaw.proofs.divided_ranks.encoding_pack import (
    ...     engine_mask, local_mask, spec_params, value)
    >>> from cardlaw.spec.cards import CardSet
    >>> p = spec_params()
    >>> def h(text): return z3.BitVecVal(local_mask(CardSet(text).mask, p), 21)
    >>> built = build(h("AS AH AD KS KH"), h("QS QH QD JS JH"), p)
    >>> CardSet(engine_mask(value(built.weaker), p))
    CardSet('QS JS QH JH QD')
    """
    sa, sb = strength(a, p), strength(b, p)
    ka, kb = strength_key(a, p), strength_key(b, p)
    a_weaker = z3.ULE(ka, kb)
    return Built(
        z3.If(a_weaker, a, b),
        z3.If(a_weaker, b, a),
        _select(a_weaker, sa, sb),
        _select(a_weaker, sb, sa),
        z3.If(a_weaker, ka, kb),
        z3.If(a_weaker, kb, ka),
    )


def showdown(builds: Sequence[Built], p: Params) -> tuple[z3.ArithRef, z3.ArithRef]:
    """Two builds scored in four steps [divided-ranks.score.order].

    Returns the result (1 if seat 0 wins, -1 if seat 1 does, 0 for a draw)
    and the deciding step (1 to 4, 0 for a draw), as
    :func:`engine.divided_ranks.scoring.decide` decides them.

    >>> from cardlaw.proofs.divided_ranks.encoding_pack import local_mask, spec_params, value
    >>> from cardlaw.spec.cards import CardSet
    >>> p = spec_params()
    >>> def h(text): return z3.BitVecVal(local_mask(CardSet(text).mask, p), 21)
    >>> one = build(h("KS KH KD JS QS"), h("QH QC QD JH JC"), p)
    >>> two = build(h("10S 10H 10D JD KC"), h("AS AH AD AC JK"), p)
    >>> [value(x) for x in showdown([one, two], p)]  # seat 1 wins at step 2
    [-1, 2]
    """
    zero, one = builds
    w0, s0 = zero.weaker_strength, zero.stronger_strength
    w1, s1 = one.weaker_strength, one.stronger_strength
    steps = [
        lexicographic([(w0.category, w1.category)]),
        lexicographic([(s0.category, s1.category)]),
        compare(w0, w1, p),
        compare(s0, s1, p),
    ]
    if p.get("score_steps", "four-steps") == "weaker-in-full-first":  # a mutant's scoring
        steps = [steps[2], steps[3]]
    result: z3.ArithRef = z3.IntVal(0)
    step: z3.ArithRef = z3.IntVal(0)
    for number in range(len(steps), 0, -1):
        decided = steps[number - 1] != 0
        result = z3.If(decided, steps[number - 1], result)
        step = z3.If(decided, z3.IntVal(number), step)
    return result, step
