"""Z3 helpers shared by Split's obligations: fresh masks, the real rules, reading a model.

The obligations' claims compare against :data:`REAL`, the rules as read from
``spec/split`` when this module is imported, so a mutant (which changes only
the parameters an obligation is built with) cannot change what is claimed.

>>> s = z3.Solver()
>>> left, right, premise = piles()
>>> s.add(*premise, left == E.card(12), right == E.card(88))
>>> s.check(), card(s.model(), left), cards(s.model(), left | right)
(sat, 12, '12 88')
>>> z3.simplify(strictly_between(E.card(45), E.card(70), E.card(30)))
True
"""

from __future__ import annotations

from typing import Final, NamedTuple

import z3

from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.terms import Params
from cardlaw.proofs.terms import model_int as value
from cardlaw.proofs.terms import model_true as true
from cardlaw.spec.split.cards import DECK_MASK, STANDARD_MASK, WILD_MASK, NumberSet
from cardlaw.spec.split.constants import AID_CARDS

__all__ = [
    "AIDS",
    "AID_MASK",
    "REAL",
    "STANDARD",
    "WILD",
    "Params",
    "PlayableCard",
    "card",
    "cards",
    "disjoint",
    "mask_var",
    "mask_vars",
    "piles",
    "playable_card",
    "strictly_between",
    "true",
    "union",
    "value",
]


REAL: Final = E.spec_params()
"""The real rules: the claims' reference, which mutants never change."""

AID_MASK: Final = sum(1 << aid for aid in AID_CARDS)
"""The aids of the cooperative game (the 0 and the 100) as an int mask."""

STANDARD: Final = E.mask(STANDARD_MASK)
"""The standard cards of the real rules."""

WILD: Final = E.mask(WILD_MASK)
"""The Wild/Reverse cards of the real rules."""

AIDS: Final = E.mask(AID_MASK)
"""The aids as a mask term."""


# --- reading a model ---------------------------------------------------------------------------


def cards(model: z3.ModelRef, term: z3.ExprRef) -> str:
    """The cards of a mask term in a model, as the rulebook writes them."""
    return NumberSet(value(model, term) & DECK_MASK).pretty


def card(model: z3.ModelRef, term: z3.ExprRef) -> int:
    """The number of a one-hot card term in a model (-1 for no card)."""
    return value(model, term).bit_length() - 1


# --- building terms ----------------------------------------------------------------------------


def mask_var(name: str) -> z3.BitVecRef:
    """A fresh card-mask variable."""
    return z3.BitVec(name, E.WIDTH)


def mask_vars(*names: str) -> tuple[z3.BitVecRef, ...]:
    """Fresh card-mask variables, one per name."""
    return tuple(mask_var(n) for n in names)


def disjoint(*masks: z3.BitVecRef) -> list[z3.BoolRef]:
    """No two of the masks share a card."""
    return [masks[i] & masks[j] == 0 for i in range(len(masks)) for j in range(i)]


def union(*masks: z3.BitVecRef) -> z3.BitVecRef:
    """Every card of any of the masks."""
    out = masks[0]
    for m in masks[1:]:
        out = out | m
    return out


def piles(prefix: str = "") -> tuple[z3.BitVecRef, z3.BitVecRef, list[z3.BoolRef]]:
    """Two fresh piles, each one card, different cards: (left, right, their premise)."""
    left, right = mask_var(f"{prefix}left"), mask_var(f"{prefix}right")
    return left, right, [E.is_card(left), E.is_card(right), left != right]


class PlayableCard(NamedTuple):
    """A hand against two piles, and a card the hand may play."""

    hand: z3.BitVecRef
    card: z3.BitVecRef
    left: z3.BitVecRef
    right: z3.BitVecRef
    premise: list[z3.BoolRef]


def playable_card(p: Params) -> PlayableCard:
    """Any hand, any two piles apart from it, and any card the rules ``p`` let the hand play."""
    hand, c = mask_vars("hand", "card")
    left, right, premise = piles()
    premise += [
        hand != 0,
        hand & (left | right) == 0,
        E.is_card(c),
        c & E.playable_mask(hand, left, right, p) != 0,
    ]
    return PlayableCard(hand, c, left, right, premise)


def strictly_between(c: z3.BitVecRef, a: z3.BitVecRef, b: z3.BitVecRef) -> z3.BoolRef:
    """The rule as worded: above the lower pile and below the higher one."""
    return z3.Or(z3.And(z3.ULT(a, c), z3.ULT(c, b)), z3.And(z3.ULT(b, c), z3.ULT(c, a)))
