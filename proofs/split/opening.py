"""Split's obligation about opening the piles, after the deal and after every reset.

The opener always holds three cards or more; one short of standard cards
puts any card under the draw pile and still holds three or more, and always
holds a wild card (the only kind it may put under after a full round of the
draw pile, or under the variant put-under-wild); and every opening lays down
the lowest and highest standard cards of the hand, the lower on the left.

>>> from cardlaw.proofs.split.support import REAL
>>> obligations(REAL)[0].mutants[0].changes
{'reset_draw': 0}
"""

from __future__ import annotations

import z3

from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.conservation import number_word
from cardlaw.proofs.split.support import (
    STANDARD,
    WILD,
    Params,
    card,
    cards,
    mask_vars,
    true,
)

__all__ = ["obligations"]


def _first_hand(p: Params) -> tuple[z3.BoolRef, z3.BitVecRef, z3.BitVecRef, list[z3.BoolRef]]:
    """The opener's hand right after the deal or a reset's draw: (deal?, held, hand, premise)."""
    deal = z3.Bool("deal")
    held, pool = mask_vars("held", "pool")
    dealt = p["rules"].dealer_hand
    draw = E.supply_draw(pool, E.mask(0), E.mask(0), "drawn", p)
    premise = [
        held & pool == 0,
        z3.If(
            deal,
            z3.And(E.exactly(held, dealt), draw.drawn == 0),
            # The table just cleared is at least the two piles.
            z3.And(held != 0, E.at_least(pool, 2), *draw.premise),
        ),
    ]
    return deal, held, held | draw.drawn, premise


def _opener() -> tuple[z3.BitVecRef, z3.BitVecRef, z3.BitVecRef, list[z3.BoolRef]]:
    """Any hand of at least three cards, as the opener holds while opening.

    Returns the hand, a card of it to put under (any card: a wild card only
    is one case of it), the draw pile's top card, and their premise.
    """
    opener, under, top = mask_vars("opener", "under", "top")
    premise = [
        E.at_least(opener, 3),
        E.is_card(top),
        top & opener == 0,
        E.is_card(under),
        under & opener != 0,
    ]
    return opener, under, top, premise


def _opening_claims(
    opener: z3.BitVecRef,
    under: z3.BitVecRef,
    top: z3.BitVecRef,
    opened: tuple[z3.BoolRef, z3.BitVecRef, z3.BitVecRef],
    kept: z3.BitVecRef,
) -> list[z3.BoolRef]:
    """What the rules say of an opener's hand (``opened``: can open, lowest, highest)."""
    ok, low, high = opened
    short = z3.Not(E.at_least(opener & STANDARD, 2))
    after_bury = opener & ~under | top
    return [
        # Short of standard cards, the opener holds a wild card, which may always go under ...
        z3.Implies(short, opener & WILD != 0),
        # ... and after putting any card under and taking the top card still holds three or more.
        z3.Implies(short, E.at_least(after_bury, 3)),
        # With two standard cards the opening can be made, and it is as the rules say.
        ok == z3.Not(short),
        z3.Implies(
            ok,
            z3.And(
                low & STANDARD != 0,
                high & STANDARD != 0,
                z3.ULT(low, high),
                (low | high) & ~opener == 0,
                opener & STANDARD & ((low - 1) | ~((high << 1) - 1)) == 0,
                kept != 0,
            ),
        ),
    ]


def _opening(p: Params) -> Problem:
    """The deal and every reset; then any opener's hand, before or after putting cards under."""
    deal, held, hand, premise = _first_hand(p)
    opener, under, top, holding = _opener()
    premise += holding
    ok, low, high = E.opening_cards(opener, p)
    kept = opener & ~(low | high)
    claims = [
        # Right after the deal or a reset's draw the opener holds three cards or more.
        E.at_least(hand, 3),
        *_opening_claims(opener, under, top, (ok, low, high), kept),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        if not true(m, E.at_least(hand, 3)):
            where = "dealt" if true(m, deal) else f"held {cards(m, held)} and drew"
            return Witness(f"the opener {where}: {cards(m, hand)}, fewer than three cards")
        return Witness(
            f"the opener holds {cards(m, opener)}: opens {card(m, low)} | {card(m, high)}"
            f" and keeps {cards(m, kept)}"
        )

    return Problem(premise=premise, claim=claims, decode=decode)


def obligations(real: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``split.open.standard-piles``: three cards to open with, and the piles as the rules say.
    """
    return (
        claim(
            "split.open.standard-piles",
            "After the deal and after every reset the opener holds at least three "
            f"cards (a reset draws {number_word(real['rules'].reset_draw)}, or at least the two "
            "cards of the table just cleared); "
            "an opener short of standard cards always holds a wild card (so a card may always "
            "go under the draw pile, a wild card even after a full round of it), and after "
            "putting any card under and taking the top card still holds three or more; and "
            "every opening lays down two standard cards, the lower on the left, which "
            "are the lowest and highest standard cards of the hand, leaving the opener at least "
            "one card.",
            (
                "split.open.piles",
                "split.open.put-under",
                "split.ruling.put-under-card",
                "split.ruling.put-under-round",
                "split.ruling.pile-sides",
                "split.reset.reopen",
                "split.reset.draw-three",
                "split.ruling.short-draw",
                "split.deal.dealer-extra",
            ),
            _opening,
            real,
            Mutant(
                "split.mutant.reset-draws-none",
                "a reset that draws no card",
                {"reset_draw": 0},
            ),
            Mutant(
                "split.mutant.open-with-any-card",
                "piles opened with the lowest and highest cards, wild or not",
                {"open_standard": False},
            ),
        ),
    )
