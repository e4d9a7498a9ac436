"""Divided Ranks' pack as Z3 terms: the rule parameters, hand masks and their counts.

A five-card hand is a bit-vector mask over the pack: bit ``4 * r + s`` is
the card of the ``r``-th rank of the pack (from the lowest) in suit ``s``
(Clubs 0 to Spades 3, as in :mod:`spec.cards`), and the bit above them is the
Joker.  The real pack (Ten to Ace) makes 21-bit masks; a mutant pack with a
Nine makes 25-bit ones.  :func:`local_mask` maps an engine mask onto them.
The names are re-exported by :mod:`proofs.divided_ranks.encoding`.
"""

from __future__ import annotations

from typing import Final

import z3

from cardlaw.proofs.terms import Params
from cardlaw.proofs.terms import closed_value as value
from cardlaw.spec.cards import JOKER, CardSet
from cardlaw.spec.divided_ranks import constants as K
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules

__all__ = [
    "BV",
    "VALUE_BITS",
    "Params",
    "engine_mask",
    "is_hand",
    "local_mask",
    "mask_bit",
    "popcount",
    "small",
    "spec_params",
    "value",
    "width",
    "windows",
]


VALUE_BITS: Final = 3
"""Bits of one card-for-card value in a strength key."""
BV: Final = 8
"""Width of the small bit-vectors (counts, values, categories)."""


def spec_params(
    reserve_order: str = "fewer-splits",
    rules: DividedRanksRules = PRINTED_RULES,
    swap: str = "blind",
) -> Params:
    """The rule parameters of ``rules`` (by default the printed ones), from ``spec/divided_ranks``.

    The pack and the hands are fixed; the draft's numbers and the reserve
    turns are the rules' (:mod:`spec.divided_ranks.parameters`), and
    ``p["rules"]`` is the rules themselves, for the configurations the
    witnesses are played under.  ``reserve_order`` and ``swap`` are the
    configuration's flags (the variants coin-flip-reserve and face-up-swap).

    >>> p = spec_params()
    >>> p["ranks"], p["hand_size"], p["rounds"], p["splits"], p["pair_size"]
    ((8, 9, 10, 11, 12), 5, 5, (3, 2), 2)
    >>> spec_params(rules=DividedRanksRules(rounds=10, pair_size=1))["splits"]
    (5, 5)
    """
    return {
        "ranks": tuple(rank.index for rank in K.PACK_RANKS),
        "hand_size": K.HAND_SIZE,
        "joker_low": K.JOKER_LOW,
        "rounds": rules.rounds,
        "splits": rules.splits,
        "pair_size": rules.pair_size,
        "reserve_turns": rules.reserve_turns,
        "rules": rules,
        "holding": K.HOLDING_SIZE,
        "pack_size": K.PACK_SIZE,
        "players": K.PLAYERS,
        "reserve_size": K.RESERVE_SIZE,
        # Structural choices of the rules, which mutants may flip:
        "joker_wild": True,  # divided-ranks.hands.joker-wild
        "joker_pairs": False,  # divided-ranks.hands.joker-low
        "joker_tiebreak": True,  # divided-ranks.hands.joker-tiebreak
        "card_for_card": "first-difference",  # divided-ranks.ruling.card-for-card
        "score_steps": "four-steps",  # divided-ranks.score.order
        "roles": "alternate",  # divided-ranks.draft.rounds
        "reserve_order": reserve_order,  # divided-ranks.reserve.order / variant
        "face_up_pair": True,  # divided-ranks.draft.split: one pair is laid face up
        "left_pair_to_splitter": True,  # divided-ranks.draft.choose
        "given_to_reserve": True,  # divided-ranks.reserve.blind: the card given is the reserve
        "swap": swap,  # divided-ranks.reserve.blind / variant face-up-swap
    }


def width(p: Params) -> int:
    """Bits of a hand mask: four per rank of the pack, and the Joker.

    >>> width(spec_params())
    21
    """
    return 4 * len(p["ranks"]) + 1


def local_mask(mask: int, p: Params) -> int:
    """An engine card mask (:mod:`spec.cards` indices) as an encoding mask.

    >>> local_mask(CardSet("10C JK").mask, spec_params())
    1048577
    """
    low = p["ranks"][0] * 4
    out = 0
    for card in range(53):
        if mask >> card & 1:
            if card == JOKER:
                out |= 1 << (width(p) - 1)
            else:
                if not 0 <= card - low < width(p) - 1:
                    raise ValueError(f"{CardSet(1 << card)} is not in this pack")
                out |= 1 << (card - low)
    return out


def engine_mask(local: int, p: Params) -> int:
    """An encoding mask back as an engine card mask (the inverse of :func:`local_mask`).

    >>> p = spec_params()
    >>> CardSet(engine_mask(local_mask(CardSet("AS JK 10C").mask, p), p))
    CardSet('AS JK 10C')
    """
    low = p["ranks"][0] * 4
    out = 0
    for bit in range(width(p)):
        if local >> bit & 1:
            out |= 1 << (JOKER if bit == width(p) - 1 else bit + low)
    return out


def popcount(h: z3.BitVecRef) -> z3.BitVecRef:
    """The number of cards in a mask, as an 8-bit vector.

    >>> value(popcount(z3.BitVecVal(0b1011, 21)))
    3
    """
    total: z3.BitVecRef = z3.BitVecVal(0, BV)
    for i in range(h.size()):
        total = total + z3.ZeroExt(BV - 1, z3.Extract(i, i, h))
    return total


def is_hand(h: z3.BitVecRef, p: Params) -> z3.BoolRef:
    """``h`` holds exactly five cards of the pack [divided-ranks.build.two-hands].

    >>> value(is_hand(z3.BitVecVal(0b11111, 21), spec_params()))
    1
    """
    return popcount(h) == p["hand_size"]


def mask_bit(h: z3.BitVecRef, i: int) -> z3.BitVecRef:
    """Bit ``i`` of a mask as a small bit-vector (0 or 1), for counting."""
    return z3.ZeroExt(BV - 1, z3.Extract(i, i, h))


def windows(p: Params) -> list[tuple[int, int]]:
    """Each run of ``hand_size`` consecutive ranks in the pack: (first position, top value)."""
    ranks = list(p["ranks"])
    size = p["hand_size"]
    out = []
    for start in range(len(ranks) - size + 1):
        if ranks[start + size - 1] - ranks[start] == size - 1:
            out.append((start, start + size))
    return out


def small(n: int) -> z3.BitVecRef:
    """A small constant (:data:`BV` bits).

    >>> small(3).size()
    8
    """
    return z3.BitVecVal(n, BV)
