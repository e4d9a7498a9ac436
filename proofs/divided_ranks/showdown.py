"""Divided Ranks' showdown: the document's full-house example cannot happen.

>>> p = E.spec_params()
>>> obligations(p)[0].clauses
('divided-ranks.score.order', 'divided-ranks.cards.pack')
"""

from __future__ import annotations

import z3

from proofs.core import Mutant, Obligations, Problem, Witness, claim
from proofs.divided_ranks import encoding as E
from proofs.divided_ranks.support import Params, decoded_cards, symbolic_hand, with_nines

__all__ = ["obligations"]


def _full_house_example(p: Params) -> Problem:
    """Four disjoint hands: seat 0's two full houses against seat 1's full house and quads."""
    hands = [symbolic_hand(name, p) for name in ("weaker0", "stronger0", "weaker1", "stronger1")]
    masks = [h for h, _, _ in hands]
    premise: list[z3.BoolRef] = [ok for _, _, ok in hands]
    premise += [masks[i] & masks[j] == 0 for i in range(4) for j in range(i + 1, 4)]
    keys = [E.strength_key(h, p) for h in masks]
    premise += [z3.ULE(keys[0], keys[1]), z3.ULE(keys[2], keys[3])]
    full, quads = E.LADDER.index("full house"), E.LADDER.index("four of a kind")
    (_, w0, _), (_, s0, _), (_, w1, _), (_, s1, _) = hands
    example = z3.And(
        w0.category == full, s0.category == full, w1.category == full, s1.category == quads
    )

    def decode(m: z3.ModelRef) -> Witness:
        shown = [decoded_cards(m, h, p).pretty for h in masks]
        return Witness(
            f"seat 0 builds {shown[0]} / {shown[1]}, seat 1 builds {shown[2]} / {shown[3]}"
        )

    return Problem(premise=premise, claim=z3.Not(example), decode=decode)


def obligations(p: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``divided-ranks.score.full-house-example-unreachable``: the document's showdown is not.
    """
    return (
        claim(
            "divided-ranks.score.full-house-example-unreachable",
            "The document illustrates the scoring with both weaker hands full houses "
            "and one stronger hand four of a kind against a stronger full house. That "
            "showdown never happens: over every two builds made from one pack (four disjoint "
            "hands), there are not enough cards for three full houses and four of a kind at "
            "once. The principle it illustrates does hold, for example with three of a kind "
            "as both weaker hands (see cardlaw query divided-ranks).",
            ("divided-ranks.score.order", "divided-ranks.cards.pack"),
            _full_house_example,
            p,
            Mutant(
                "divided-ranks.mutant.pack-with-nines",
                "a pack with the Nines (Nine to Ace): enough cards for that showdown",
                {"ranks": with_nines(p)},
            ),
        ),
    )
