"""What Divided Ranks' links share: the encoding's masks of engine cards, labels, evaluable terms.

:func:`portable` rewrites a term so that :class:`proofs.evaluate.Compiled`
evaluates it exactly: its ``Extract`` of bits ``high..low`` with ``low > 0``
keeps ``high + 1`` bits instead of ``high - low + 1`` (the encoding's
``Extract(i, i, hand)``, one card of a hand, came out as ``hand >> i``), so
every such ``Extract`` is written as ``Extract(high - low, 0, LShR(x, low))``,
the same function by Z3's definition of both.  Every table's sample is
still simplified by Z3 itself (:mod:`proofs.link`), which holds the rewritten
term to Z3's semantics; the rewrite can go once the evaluator is fixed.

>>> import z3
>>> h = z3.BitVec("h", 21)
>>> (term,) = portable([z3.Extract(9, 7, h)])
>>> term
Extract(2, 0, LShR(h, 7))
>>> z3.prove(term == z3.Extract(9, 7, h))
proved
>>> local(CardSet("10C JK").mask), cards_label(local(CardSet("AS KH").mask))
(1048577, 'A♠ K♥')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import z3

from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.reads import Params
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.constants import PACK_MASK

__all__ = ["LOCAL", "cards_label", "engine_cards", "local", "portable", "showdown_terms"]

LOCAL: Final = E.spec_params()
"""The printed pack's parameters: the encoding's masks of the real cards (links never change
the pack; a mutant changes only what the encodings say of it)."""


_BITS: Final = tuple(E.local_mask(1 << c, LOCAL) if PACK_MASK >> c & 1 else 0 for c in range(53))
"""Each card's encoding mask (``local_mask`` of the card alone)."""


def local(mask: int) -> int:
    """An engine card mask as the encoding's 21-bit mask: ``local_mask``, card by card.

    >>> all(local(m) == E.local_mask(m, LOCAL) for m in (0, PACK_MASK, CardSet("JK QH").mask))
    True
    """
    out = 0
    while mask:
        low = mask & -mask
        out |= _BITS[low.bit_length() - 1]
        mask ^= low
    return out


def engine_cards(mask: int) -> CardSet:
    """An encoding mask back as the engine's cards."""
    return CardSet(E.engine_mask(mask, LOCAL))


def cards_label(mask: int) -> str:
    """An encoding mask as the cards it holds, for messages (``nothing`` when empty)."""
    return engine_cards(mask).pretty or "nothing"


_REWRITTEN: Final[dict[int, tuple[z3.ExprRef, z3.ExprRef]]] = {}
"""Each term rewritten so far, by its Z3 id: the term itself (kept, so that its id is never
reused for another term) and its rewriting.  A link's mutants share most of their terms with
the link (the same hands' strengths), so each is rewritten once a process."""


def portable(terms: Sequence[z3.ExprRef]) -> list[z3.ExprRef]:
    """``terms`` with every ``Extract`` from a bit above 0 written as a shift then an ``Extract``.

    The same functions (see the module docstring); shared subterms stay shared.
    """
    memo = _Memo()

    def rebuild(root: z3.ExprRef) -> z3.ExprRef:
        stack: list[tuple[z3.ExprRef, bool]] = [(root, False)]
        while stack:
            expr, expanded = stack.pop()
            key = expr.get_id()
            if key in memo:
                continue
            children = expr.children()
            if not expanded and children:
                stack.append((expr, True))
                stack.extend((c, False) for c in children if c.get_id() not in memo)
                continue
            if not children:
                memo.put(expr, expr)
                continue
            new = [memo[c.get_id()] for c in children]
            decl = expr.decl()
            if decl.kind() == z3.Z3_OP_EXTRACT and decl.params()[1]:
                high, low = (int(x) for x in decl.params())
                memo.put(expr, z3.Extract(high - low, 0, z3.LShR(new[0], low)))
            elif all(a.eq(b) for a, b in zip(children, new, strict=True)):
                memo.put(expr, expr)
            else:
                memo.put(expr, decl(*new))
        return memo[root.get_id()]

    return [rebuild(term) for term in terms]


class _Memo:
    """:data:`_REWRITTEN` as a mapping from a term's id to its rewriting."""

    def __contains__(self, key: int) -> bool:
        return key in _REWRITTEN

    def __getitem__(self, key: int) -> z3.ExprRef:
        return _REWRITTEN[key][1]

    def put(self, expr: z3.ExprRef, rewritten: z3.ExprRef) -> None:
        _REWRITTEN[expr.get_id()] = (expr, rewritten)


HAND_PARAMS: Final = (
    "ranks",
    "hand_size",
    "joker_low",
    "joker_wild",
    "joker_pairs",
    "joker_tiebreak",
    "card_for_card",
    "score_steps",
)
"""The parameters a showdown's terms read (:func:`~proofs.divided_ranks.encoding.build`,
:func:`~proofs.divided_ranks.encoding.showdown`)."""


ShowdownTerms = tuple[list[z3.BitVecRef], list[E.Built], z3.ArithRef, z3.ArithRef]
"""Four hands, the two builds they make, and the showdown's result and step."""


def showdown_terms(names: tuple[str, ...], p: Params) -> ShowdownTerms:
    """Four hands named ``names``, the two builds they make and the showdown's result and step.

    The terms are made once a process for the parameters they read: a
    link's mutants that change other parameters share them (and their
    rewriting by :func:`portable`).
    """
    return _showdown(names, tuple(p[k] for k in HAND_PARAMS))


@functools.cache
def _showdown(names: tuple[str, ...], values: tuple[object, ...]) -> ShowdownTerms:
    p = dict(zip(HAND_PARAMS, values, strict=True))
    hands = [z3.BitVec(name, E.width(p)) for name in names]
    builds = [E.build(hands[0], hands[1], p), E.build(hands[2], hands[3], p)]
    result, step = E.showdown(builds, p)
    return hands, builds, result, step
