"""Helpers shared by Divided Ranks' obligation modules: symbolic hands and their decoding.

>>> import z3
>>> from cardlaw.proofs.divided_ranks.encoding import spec_params
>>> p = spec_params()
>>> h, s, ok = symbolic_hand("hand", p)
>>> h.size(), z3.simplify(rank_mask(Rank.TEN, p)).as_long()
(21, 15)
>>> with_nines(p)
(7, 8, 9, 10, 11, 12)
"""

from __future__ import annotations

from typing import Final

import z3

from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.terms import Params
from cardlaw.spec.cards import JOKER, CardSet, Rank

__all__ = [
    "REAL",
    "Params",
    "decoded_cards",
    "ladder_name",
    "rank_mask",
    "symbolic_hand",
    "with_nines",
]


REAL: Final = E.spec_params()
"""The real rules, read from ``spec/divided_ranks``: what the query domains ask about."""


def symbolic_hand(name: str, p: Params) -> tuple[z3.BitVecRef, E.Strength, z3.BoolRef]:
    """A hand variable, its strength, and that it holds exactly five cards of the pack."""
    h = z3.BitVec(name, E.width(p))
    return h, E.strength(h, p), E.is_hand(h, p)


def decoded_cards(model: z3.ModelRef, h: z3.BitVecRef, p: Params) -> CardSet:
    """A hand term's value in a model, as the engine's cards (a mutant pack's by real rank)."""
    local = model.eval(h, model_completion=True)
    assert isinstance(local, z3.BitVecNumRef)
    low = p["ranks"][0]
    if low < Rank.TEN.index:  # a mutant pack: name the cards by their real ranks
        return CardSet(
            sum(
                1 << (JOKER if b == E.width(p) - 1 else b + 4 * low)
                for b in range(E.width(p))
                if local.as_long() >> b & 1
            )
        )
    return CardSet(E.engine_mask(local.as_long(), p))


def rank_mask(rank: Rank, p: Params) -> z3.BitVecRef:
    """The mask of the four cards of ``rank`` in the pack of ``p``."""
    position = p["ranks"].index(rank.index)
    return z3.BitVecVal(0b1111 << (4 * position), E.width(p))


def ladder_name(model: z3.ModelRef, s: E.Strength) -> str:
    """A strength's category in a model, as its name on the poker ladder."""
    cat = model.eval(s.category, model_completion=True)
    assert isinstance(cat, z3.BitVecNumRef)
    return E.LADDER[int(cat.as_long())]


def with_nines(p: Params) -> tuple[int, ...]:
    """The ranks of a mutant pack that also has the Nines (Nine to Ace)."""
    return (Rank.NINE.index, *p["ranks"])
