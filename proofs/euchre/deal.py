"""Euchre's obligation about the deal: five cards each, the up-card, every card in one place.

Proved over positions in the shuffled deck rather than over cards: any
shuffle is one after relabelling the cards, so the positions stand for
every deal.

>>> from cardlaw.proofs.euchre.support import REAL
>>> [m.id for m in obligations(REAL)[0].mutants][-1]
'euchre.mutant.packets-of-two'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import z3

from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.support import Params, number_word, true, value
from cardlaw.spec.euchre import constants as K
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules

__all__ = ["obligations"]


def _partition(places: Sequence[z3.BitVecRef], width: int) -> z3.BoolRef:
    """The places hold every position of the deck, none of them twice."""
    everything = z3.BitVecVal((1 << width) - 1, width)
    union = places[0]
    for place in places[1:]:
        union = union | place
    return z3.And(
        union == everything,
        *(places[i] & places[j] == 0 for i in range(len(places)) for j in range(i)),
    )


def _conservation(rules: EuchreRules, p: Params) -> Problem:
    """Over positions in the shuffled deck: any shuffle is one after relabelling the cards.

    The claim counts the cards ``rules`` deal; the deal itself is ``p``'s.
    """
    each, under = rules.cards_each, rules.kitty_size - 1
    width = K.DECK_SIZE
    dealer = E.nat("dealer")
    taken = z3.Bool("taken")
    discard = z3.BitVec("discard", width)
    hands, up, kitty = E.deal_places(dealer, p)
    dealer_hand = E.pick(hands, dealer)
    premise = [
        z3.ULT(dealer, K.PLAYERS),
        z3.If(
            taken,
            z3.And(E.popcount(discard) == 1, discard & ~(dealer_hand | up) == 0),
            discard == 0,
        ),
    ]
    after, table = E.exchange(hands, up, dealer, taken, discard, p)
    claims = [
        *(E.popcount(h) == each for h in hands),
        E.popcount(up) == 1,
        E.popcount(kitty) == under,
        _partition([*hands, up, kitty], width),
        *(E.popcount(h) == each for h in after),
        _partition([*after, table, discard, kitty], width),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        def places(term: z3.BitVecRef) -> str:
            found = value(m, term)
            return " ".join(str(j + 1) for j in range(width) if found >> j & 1) or "-"

        rows = "; ".join(f"seat {q}: {places(h)}" for q, h in enumerate(after))
        taken_text = "takes the up-card" if true(m, taken) else "does not take the up-card"
        return Witness(
            f"dealer {value(m, dealer)} {taken_text} and lays down card {places(discard)}; "
            f"cards by position from the top of the deck: {rows}; up-card {places(table)}; "
            f"under it {places(kitty)}"
        )

    return Problem(premise=premise, claim=claims, decode=decode)


def obligations(real: Params, rules: EuchreRules = PRINTED_RULES) -> Obligations:
    """The obligations this module proves, in the order they are listed, under ``rules``.

    * ``euchre.deal.conservation``: after the deal and the exchange, every card in one place.

    ``real`` are the encoding's parameters of ``rules``.
    """
    each, under = number_word(rules.cards_each), number_word(rules.kitty_size - 1)
    fewer = rules.first_packet - 1
    return (
        claim(
            "euchre.deal.conservation",
            f"After every deal each player holds {each} cards, one card is turned up "
            f"and {under} lie under it, and each of the {K.DECK_SIZE} cards is in exactly one "
            f"of these places; after the dealer takes the up-card and lays one of the "
            f"{number_word(rules.cards_each + 1)} down (the "
            "up-card itself included), or leaves it on the table, every player again holds "
            f"{each} cards and each card is in exactly one place (proved over positions in the "
            "shuffled deck: any shuffle is one after relabelling the cards).",
            (
                "euchre.components.deck",
                "euchre.deal.five",
                "euchre.ruling.deal-packets",
                "euchre.deal.up-card",
                "euchre.bid.pick-up",
                "euchre.ruling.discard-up-card",
                "euchre.ruling.dealer-sits-out",
            ),
            partial(_conservation, rules),
            real,
            Mutant(
                "euchre.mutant.discard-kept",
                "the dealer's discard stays in the dealer's hand",
                {"discard_leaves_hand": False},
            ),
            Mutant(
                "euchre.mutant.up-card-stays",
                "the up-card stays face up on the table after the dealer takes it",
                {"up_card_leaves_table": False},
            ),
            Mutant(
                f"euchre.mutant.packets-of-{number_word(fewer)}",
                f"a deal of {number_word(fewer)} cards, then "
                f"{number_word(rules.second_packet)}, to each player",
                {"first_packet": fewer},
            ),
        ),
    )
