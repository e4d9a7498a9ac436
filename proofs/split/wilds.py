"""Split's obligation about the wild cards: which they are, and how many.

>>> from cardlaw.proofs.split.support import REAL
>>> [m.id for m in obligations(REAL)[0].mutants]
['split.mutant.wild-without-50', 'split.mutant.wild-with-55']
"""

from __future__ import annotations

import z3

from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.support import Params, true, value
from cardlaw.spec.split.cards import WILD_MASK

__all__ = ["obligations"]


def _thirteen_wild(p: Params) -> Problem:
    """Every number from 0 to 100: wild exactly as the rules word it; 13 wild, 88 standard."""
    number = z3.BitVec("number", E.NUMBER_BITS)
    c = E.onehot(number)
    as_worded = z3.Or(
        *(number == n for n in (0, 1, 99, 100)),
        z3.URem(number, 10) == 0,
    )
    claims = [
        E.is_wild(c, p) == as_worded,
        E.popcount(E.wild_mask(p)) == 13,
        E.popcount(E.standard_mask(p)) == 88,
    ]

    def decode(m: z3.ModelRef) -> Witness:
        n = value(m, number)
        kind = "wild" if true(m, E.is_wild(c, p)) else "standard"
        count = value(m, E.popcount(E.wild_mask(p)))
        return Witness(f"the card {n} is {kind} in the rules as encoded; {count} wild cards in all")

    return Problem(premise=[z3.ULE(number, 100)], claim=claims, decode=decode)


def obligations(real: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``split.cards.thirteen-wild``: the Wild/Reverse cards are the thirteen the rules name.
    """
    return (
        claim(
            "split.cards.thirteen-wild",
            "The Wild/Reverse cards are exactly 0, 1, 99, 100 and the numbers ending "
            "in 0: thirteen of the 101 cards, leaving 88 standard cards.",
            ("split.cards.wild", "split.cards.standard", "split.components.deck"),
            _thirteen_wild,
            real,
            Mutant(
                "split.mutant.wild-without-50",
                "a wild set missing the 50",
                {"wild_mask": WILD_MASK & ~(1 << 50)},
            ),
            Mutant(
                "split.mutant.wild-with-55",
                "a wild set with the 55 added",
                {"wild_mask": WILD_MASK | 1 << 55},
            ),
        ),
    )
