"""Divided Ranks' hands: the categories, the Joker, and the comparison of hands.

Proved with Z3 over every five-card hand of the pack (or every pair or
triple of hands), as :mod:`proofs.divided_ranks.encoding` words the rules.

>>> p = E.spec_params()
>>> no_high_card, joker_low, total_preorder, joker_tiebreak = obligations(p)
>>> [ob.id for ob in (no_high_card, joker_low)]
['divided-ranks.hands.no-high-card', 'divided-ranks.hands.joker-low']
>>> total_preorder.budget == HEAVY_BUDGET, joker_tiebreak.replay is not None
(True, True)
"""

from __future__ import annotations

import z3

from cardlaw.engine.divided_ranks.evaluate import compare_hands, describe_hand
from cardlaw.proofs.budget import HEAVY_BUDGET
from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks.support import (
    Params,
    decoded_cards,
    ladder_name,
    rank_mask,
    symbolic_hand,
    with_nines,
)
from cardlaw.spec.cards import Rank

__all__ = ["obligations"]


def _categories(p: Params) -> Problem:
    h, s, premise = symbolic_hand("hand", p)
    ace = len(p["ranks"])
    claim = [
        s.category != 0,
        z3.Implies(s.flush, z3.And(s.category == 8, s.values[0] == ace)),
        z3.Implies(s.no_pair, s.straight),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(f"{decoded_cards(m, h, p).pretty} is a {ladder_name(m, s)}")

    return Problem(premise=[premise], claim=claim, decode=decode)


def _joker_low(p: Params) -> Problem:
    h, s, premise = symbolic_hand("hand", p)
    x = z3.BitVec("card", E.width(p))
    joker = z3.BitVecVal(1 << (E.width(p) - 1), E.width(p))
    other = (h & ~joker) | x
    t = E.strength(other, p)
    premise_all = [
        premise,
        s.joker,
        z3.Not(s.straight),
        E.popcount(x) == 1,
        x & joker == 0,
        x & h == 0,
    ]

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(
            f"{decoded_cards(m, h, p).pretty} ({ladder_name(m, s)}) is not weaker than "
            f"{decoded_cards(m, other, p).pretty} ({ladder_name(m, t)})"
        )

    return Problem(premise=premise_all, claim=E.compare(t, s, p) == 1, decode=decode)


def _preorder(p: Params) -> Problem:
    hands = [symbolic_hand(name, p) for name in ("a", "b", "c")]
    premise = [ok for _, _, ok in hands]
    (a, sa, _), (b, sb, _), (_, sc, _) = hands

    def cmp(x: E.Strength, y: E.Strength) -> z3.ArithRef:
        return E.compare(x, y, p)

    ka, kb = E.strength_key(a, p), E.strength_key(b, p)
    claim = [
        cmp(sa, sa) == 0,
        z3.Or(cmp(sa, sb) >= 0, cmp(sb, sa) >= 0),
        cmp(sa, sb) == -cmp(sb, sa),
        z3.Implies(z3.And(cmp(sa, sb) >= 0, cmp(sb, sc) >= 0), cmp(sa, sc) >= 0),
        z3.And(z3.UGT(ka, kb) == (cmp(sa, sb) == 1), (ka == kb) == (cmp(sa, sb) == 0)),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        names = ", ".join(
            f"{decoded_cards(m, h, p).pretty} ({ladder_name(m, s)})" for h, s, _ in hands
        )
        return Witness(f"the comparison breaks on {names}")

    return Problem(premise=premise, claim=claim, decode=decode)


def _joker_tiebreak(p: Params) -> Problem:
    (a, sa, a_ok), (b, sb, b_ok) = symbolic_hand("without", p), symbolic_hand("with", p)
    premise = [
        a_ok,
        b_ok,
        z3.Not(sa.joker),
        sb.joker,
        sa.category == sb.category,
        *(x == y for x, y in zip(sa.values, sb.values, strict=True)),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        one, two = decoded_cards(m, a, p), decoded_cards(m, b, p)
        return Witness(
            f"{one.pretty} and {two.pretty} are both a {ladder_name(m, sa)} "
            "and equal card for card",
            data={"without": one.mask, "with": two.mask},
        )

    return Problem(
        premise=premise,
        claim=E.compare(sa, sb, p) == 1,
        # The document's example: a straight whose Jack is the Joker.
        attained=z3.And(sa.category == 4, b & rank_mask(Rank.JACK, p) == 0, a & b == 0),
        decode=decode,
    )


def _replay_tiebreak(witness: Witness) -> Witness:
    """Ask the engine which of the two hands is stronger."""
    one, two = witness.data["without"], witness.data["with"]
    verdict = compare_hands(one, two)
    return witness.replayed_as(
        f"; the one without the Joker wins: the engine rates {describe_hand(one)} above "
        f"{describe_hand(two)}",
        verdict == 1,
    )


def obligations(p: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``divided-ranks.hands.no-high-card``: no high card, every flush royal.
    * ``divided-ranks.hands.joker-low``: outside a straight the Joker is the weakest card.
    * ``divided-ranks.hands.total-preorder``: the comparison is a total preorder.
    * ``divided-ranks.hands.joker-tiebreak``: of equal hands, the one without the Joker wins.
    """
    return (
        claim(
            "divided-ranks.hands.no-high-card",
            "Over every five-card hand of the pack, classified as the rule document "
            "words it (a straight is five consecutive ranks, with the Joker standing for a "
            "missing one; a flush five cards of one suit): no hand is a mere high card, every "
            "flush is a royal flush, and every hand of five different ranks is a straight.",
            (
                "divided-ranks.hands.no-high-card",
                "divided-ranks.hands.categories",
                "divided-ranks.hands.joker-wild",
                "divided-ranks.cards.pack",
            ),
            _categories,
            p,
            Mutant(
                "divided-ranks.mutant.pack-with-nines",
                "a pack with the Nines (Nine to Ace): 9 10 J Q A is a high card",
                {"ranks": with_nines(p)},
            ),
            Mutant(
                "divided-ranks.mutant.joker-never-wild",
                "a Joker that is never wild, not even in a straight",
                {"joker_wild": False},
            ),
        ),
        claim(
            "divided-ranks.hands.joker-low",
            "Outside a straight or a royal flush the Joker is the weakest possible "
            "fifth card: for every hand holding the Joker that is neither, putting any other "
            "card of the pack in the Joker's place makes a strictly stronger hand. So the "
            "Joker never helps to make a pair, two pair, three or four of a kind or a full "
            "house.",
            ("divided-ranks.hands.joker-low", "divided-ranks.hands.joker-wild"),
            _joker_low,
            p,
            Mutant(
                "divided-ranks.mutant.joker-pairs",
                "a Joker allowed to pair (it joins the biggest group of equal rank)",
                {"joker_pairs": True},
            ),
        ),
        claim(
            "divided-ranks.hands.total-preorder",
            "The comparison of hands (category, then card for card with the first "
            "difference deciding, then the Joker rule) is a total preorder on all 20,349 "
            "five-card hands: every hand equals itself, any two hands compare one way or are "
            "equal, the answer is the same read either way round, and it is transitive. The "
            "engine's strength key orders every two hands exactly as the comparison does.",
            (
                "divided-ranks.ruling.card-for-card",
                "divided-ranks.hands.categories",
                "divided-ranks.hands.joker-tiebreak",
            ),
            _preorder,
            p,
            Mutant(
                "divided-ranks.mutant.card-for-card-majority",
                "card for card by a majority of positions instead of the first difference",
                {"card_for_card": "majority"},
            ),
            budget=HEAVY_BUDGET,  # its mutant's check measured about 9 million units
        ),
        claim(
            "divided-ranks.hands.joker-tiebreak",
            "Of two hands equal in category and card for card, one without the "
            "Joker and one with it, the one without the Joker is always stronger; and such "
            "pairs exist (the document's example: a straight whose Jack is the Joker).",
            ("divided-ranks.hands.joker-tiebreak", "divided-ranks.hands.joker-wild"),
            _joker_tiebreak,
            p,
            Mutant(
                "divided-ranks.mutant.no-joker-tiebreak",
                "a comparison that ignores the Joker tiebreak",
                {"joker_tiebreak": False},
            ),
            replay=_replay_tiebreak,
            engine=("engine.divided_ranks.evaluate.reference_key",),
        ),
    )
