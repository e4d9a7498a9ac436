"""Divide's Great Divide and offerings: eight cards each, and at most three trumps in hands.

The Great Divide is proved over a canonical deal: relabel the cards so that
seat ``s`` was dealt bits ``s*9 .. s*9+8`` (any real deal can be relabelled
so, and sizes and overlaps do not change); the masks then live in a
``9n``-bit space and every choice is free within the rules.

>>> [m.id for m in eight_cards(4).mutants]
['divide.mutant.returns-lost', 'divide.mutant.wrong-offer']
>>> at_most_three_in_hands(5).id
'divide.trump.at-most-three-in-hands.5p'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import z3

from cardlaw.proofs.core import Mutant, Obligation, Problem, Witness, claim
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.divide.support import Params, model_value, rank_label, symbolic_cards
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules

__all__ = ["at_most_three_in_hands", "eight_cards"]

# --- the Great Divide ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Choices:
    """Every seat's choices in the Great Divide, as masks over the canonical deal."""

    offerings: list[z3.BitVecRef]
    secured: list[z3.BitVecRef]
    left: list[z3.BitVecRef]
    right: list[z3.BitVecRef]
    kept_left: list[z3.BitVecRef]
    """What a seat keeps of its left neighbour's offer (cards dealt to seat ``q + 1``)."""
    kept_right: list[z3.BitVecRef]
    """What a seat keeps of its right neighbour's offer (cards dealt to seat ``q - 1``)."""


def _choices(n: int, dealt_size: int) -> _Choices:
    def place(variable: z3.BitVecRef, space: int) -> z3.BitVecRef:
        # A choice among the cards dealt to seat ``space``: zero outside its nine bits.
        pieces = [z3.BitVecVal(0, dealt_size)] * n
        pieces[space] = variable
        return z3.Concat(*reversed(pieces))

    def masks(name: str, space: Callable[[int], int]) -> list[z3.BitVecRef]:
        return [place(z3.BitVec(f"{name}{q}", dealt_size), space(q) % n) for q in range(n)]

    def own(q: int) -> int:
        return q

    offerings = masks("offering", own)
    secured, left, right = masks("secured", own), masks("left", own), masks("right", own)
    # What a seat keeps lies among the cards dealt to the neighbour whose offer it is.
    kept_left = masks("keptL", lambda q: q + 1)
    kept_right = masks("keptR", lambda q: q - 1)
    return _Choices(offerings, secured, left, right, kept_left, kept_right)


def _within_rules(dealt: list[z3.BitVecRef], c: _Choices, p: Params) -> list[z3.BoolRef]:
    """Every seat's choices are ones the rules allow."""
    n = p["players"]
    premise: list[z3.BoolRef] = []
    for q in range(n):
        rest = dealt[q] & ~c.offerings[q] & ~c.secured[q]
        chosen_from = (c.right if p["choose_from_matching_offer"] else c.left)[(q + 1) % n]
        premise += [
            c.offerings[q] & ~dealt[q] == 0,
            E.popcount(c.offerings[q]) == p["offering"],
            c.secured[q] & ~(dealt[q] & ~c.offerings[q]) == 0,
            E.popcount(c.secured[q]) == p["secure"],
            c.left[q] & c.right[q] == 0,
            c.left[q] | c.right[q] == rest,
            E.popcount(c.left[q]) == p["offer"],
            E.popcount(c.right[q]) == p["offer"],
            c.kept_left[q] & ~chosen_from == 0,
            E.popcount(c.kept_left[q]) == p["keep"],
            c.kept_right[q] & ~c.left[(q - 1) % n] == 0,
            E.popcount(c.kept_right[q]) == p["keep"],
        ]
    return premise


def _eight_cards(p: Params) -> Problem:
    """The Great Divide over a canonical deal (see the module docstring)."""
    n, dealt_size = p["players"], p["cards_dealt"]
    width = n * dealt_size

    def mask(value: int) -> z3.BitVecRef:
        return z3.BitVecVal(value, width)

    dealt = [mask(((1 << dealt_size) - 1) << (q * dealt_size)) for q in range(n)]
    c = _choices(n, dealt_size)
    premise = _within_rules(dealt, c, p)
    hands = E.exchange_hands(c.secured, c.left, c.right, c.kept_left, c.kept_right, p)
    offered = mask(0)
    for o in c.offerings:
        offered = offered | o
    everything = offered
    for h in hands:
        everything = everything | h
    claim = [
        # The hand size the rules intend (the premise's sizes may be a mutant's).
        *(E.popcount(h) == p["rules"].hand_size for h in hands),
        *(hands[q] & hands[r] == 0 for q in range(n) for r in range(q + 1, n)),
        *(h & offered == 0 for h in hands),
        everything == mask((1 << width) - 1),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        def cards(term: z3.BitVecRef) -> str:
            value = model_value(m, term)
            return " ".join(
                f"{b // dealt_size}.{b % dealt_size}" for b in range(width) if value >> b & 1
            )

        shown = "; ".join(f"seat {q}: {cards(h)}" for q, h in enumerate(hands))
        return Witness(f"hands after the Great Divide (card = dealt seat.position): {shown}")

    return Problem(premise=premise, claim=claim, decode=decode)


def eight_cards(n: int, rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.divide.eight-cards.{n}p``: the Great Divide leaves eight cards in every hand."""
    return claim(
        f"divide.divide.eight-cards.{n}p",
        f"With {n} players, after every possible Great Divide each player holds "
        f"exactly {rules.hand_size} cards, no card is in two hands or both in a hand and an "
        "offering, and "
        "every dealt card is in a hand or an offering (proved over a canonical deal: any "
        "deal is one after relabelling the cards).",
        (
            "divide.divide.offering",
            "divide.divide.secure",
            "divide.divide.offers",
            "divide.divide.choose",
            "divide.divide.independent",
            "divide.divide.final-hand",
        ),
        _eight_cards,
        E.spec_params(n, rules=rules),
        Mutant(
            "divide.mutant.returns-lost",
            "rejected cards are not added back to the offerer's hand",
            {"returned_cards_join_hand": False},
        ),
        Mutant(
            "divide.mutant.wrong-offer",
            "a player chooses from the offer its left neighbour made to the next seat",
            {"choose_from_matching_offer": False},
        ),
    )


# --- trump cards in hands ---------------------------------------------------------------


def _three_trumps(p: Params) -> Problem:
    n = p["players"]
    offerings, premise = symbolic_cards(n, "offering")
    hands = [z3.BitVec(f"hand{q}", E.MASK_BITS) for q in range(n)]
    revealed = z3.Int("revealed")
    deck = z3.BitVecVal((1 << 52) - 1, E.MASK_BITS)
    offered = z3.BitVecVal(0, E.MASK_BITS)
    for c in offerings:
        offered = offered | E.bit(c)
    premise += [z3.And(revealed >= 0, revealed < n)]
    for q in range(n):
        premise += [hands[q] & ~deck == 0, hands[q] & offered == 0]
        premise += [hands[q] & hands[r] == 0 for r in range(q + 1, n)]
    turned = offerings[0]
    for q in range(1, n):
        turned = z3.If(revealed == q, offerings[q], turned)
    if not p["revealed_offering_leaves_play"]:  # mutant: the turned card goes back to its owner
        hands = [z3.If(revealed == q, hands[q] | E.bit(turned), hands[q]) for q in range(n)]
    in_hands = z3.BitVecVal(0, E.MASK_BITS)
    for h in hands:
        in_hands = in_hands | h
    # The four cards of the Trump Rank are one nibble of the mask.
    nibble = z3.Extract(3, 0, z3.LShR(in_hands, z3.ZeroExt(E.MASK_BITS - 4, E.rank(turned)) * 4))
    count = E.popcount(nibble)

    def decode(m: z3.ModelRef) -> Witness:
        label = rank_label(m, E.rank(turned))
        return Witness(f"Trump Rank {label} with {model_value(m, count)} Trump Rank cards in hands")

    return Problem(premise=premise, claim=z3.ULE(count, 3), decode=decode)


def at_most_three_in_hands(n: int, rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.trump.at-most-three-in-hands.{n}p``: the turned-up trump stays out of hands."""
    return claim(
        f"divide.trump.at-most-three-in-hands.{n}p",
        "At most three Trump Rank cards are ever in the players' hands: the "
        "card turned up is an offering, and offerings stay out of play.",
        (
            "divide.trump.rank",
            "divide.trump.offerings-aside",
            "divide.trump.reveal",
        ),
        _three_trumps,
        E.spec_params(n, rules=rules),
        Mutant(
            "divide.mutant.revealed-back-to-hand",
            "the offering turned up goes back to its owner's hand",
            {"revealed_offering_leaves_play": False},
        ),
    )
