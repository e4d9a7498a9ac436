"""What the conformance tests (``test_<game>_conformance.py``) share.

Each checks that every Z3 encoding of a game's rule fragment agrees exactly
with the engine: Hypothesis draws concrete inputs; each encoding is evaluated
on them (Z3 simplifies the term to a value: :func:`value`) and compared with
the engine's own function.  The proofs are only worth something because these
agree.
"""

from __future__ import annotations

import z3

from cardlaw.proofs.card_terms import CARD_BITS, MASK_BITS
from cardlaw.proofs.terms import closed_value as value

__all__ = ["card", "mask", "value"]


def card(c: int) -> z3.BitVecRef:
    """A card of the 52-card deck (``rank * 4 + suit``) as a constant term."""
    return z3.BitVecVal(c, CARD_BITS)


def mask(m: int, width: int = MASK_BITS) -> z3.BitVecRef:
    """A card set (or any ``width``-bit mask) as a constant term."""
    return z3.BitVecVal(m, width)
