"""Divided Ranks' rule fragments as Z3 terms, built from the spec's constants.

A five-card hand is a bit-vector mask over the pack: bit ``4 * r + s`` is
the card of the ``r``-th rank of the pack (from the lowest) in suit ``s``
(Clubs 0 to Spades 3, as in :mod:`spec.cards`), and the bit above them is the
Joker.  The real pack (Ten to Ace) makes 21-bit masks; a mutant pack with a
Nine makes 25-bit ones.  :func:`local_mask` maps an engine mask onto them.

:func:`strength` evaluates a hand as the rule document words it, in general
poker terms: a straight is five consecutive ranks (the Joker may stand for a
missing one) [divided-ranks.hands.joker-wild], a flush five cards of one suit,
and otherwise the hand is shaped by its groups of equal rank, the Joker
matching nothing and counting below the lowest rank
[divided-ranks.hands.joker-low].  The category is on the full poker ladder
(:data:`LADDER`, high card to straight flush), so a wrong pack can make a
high card or a plain flush.  :func:`compare` compares two hands step by step
[divided-ranks.ruling.card-for-card, divided-ranks.hands.joker-tiebreak];
:func:`strength_key` packs a strength exactly as
:func:`engine.divided_ranks.evaluate.reference_key` does, and
``tests/proofs/test_divided_ranks_conformance.py`` checks on hands drawn by
Hypothesis that it equals the engine's key.

The draft's structure is encoded too: :func:`splitter` (who splits round
``i``), :func:`reserve_first` (who takes the first reserve turn) and
:func:`candidates` (how many cards a player can narrow the opponent's hand
to after the draft [divided-ranks.info.candidates]).

The terms live by concern: :mod:`~proofs.divided_ranks.encoding_pack` (rule
parameters, masks, counts), :mod:`~proofs.divided_ranks.encoding_hands`
(strength, key, comparison), :mod:`~proofs.divided_ranks.encoding_builds`
(builds, the showdown) and :mod:`~proofs.divided_ranks.encoding_draft`; this
module gathers their public names.

>>> import z3
>>> from cardlaw.spec.cards import CardSet
>>> p = spec_params()
>>> hand = z3.BitVecVal(local_mask(CardSet("10S JK QH KH AD").mask, p), width(p))
>>> s = strength(hand, p)
>>> LADDER[value(s.category)], [value(v) for v in s.values], value(s.joker)
('straight', [5, 4, 3, 2, 1], 1)
>>> from cardlaw.engine.divided_ranks.evaluate import hand_key
>>> value(strength_key(hand, p)) == hand_key(CardSet("10S JK QH KH AD").mask)
True
"""

from __future__ import annotations

from cardlaw.proofs.divided_ranks.encoding_builds import Built, build, showdown
from cardlaw.proofs.divided_ranks.encoding_draft import (
    candidates,
    reserve_first,
    saw_all,
    split_counts,
    splitter,
    unseen,
)
from cardlaw.proofs.divided_ranks.encoding_hands import (
    ENGINE_CATEGORY,
    LADDER,
    Strength,
    compare,
    engine_category,
    strength,
    strength_key,
)
from cardlaw.proofs.divided_ranks.encoding_pack import (
    engine_mask,
    is_hand,
    local_mask,
    popcount,
    spec_params,
    value,
    width,
)

__all__ = [
    "ENGINE_CATEGORY",
    "LADDER",
    "Built",
    "Strength",
    "build",
    "candidates",
    "compare",
    "engine_category",
    "engine_mask",
    "is_hand",
    "local_mask",
    "popcount",
    "reserve_first",
    "saw_all",
    "showdown",
    "spec_params",
    "split_counts",
    "splitter",
    "strength",
    "strength_key",
    "unseen",
    "value",
    "width",
]
