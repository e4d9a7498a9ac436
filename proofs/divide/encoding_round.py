"""The course of a Divide round as Z3 terms: turns, the deal, the Great Divide's choices, the end.

:mod:`proofs.divide.encoding` states what a card may do (legal plays, the
trick winner, tokens and points); this module states what the rules do
around them, each function mirroring what an engine function does to the
state:

* :func:`first_player`, :func:`seat_in_turn`, :func:`next_dealer` — who acts:
  the seat after the dealer first [divide.round.first-player], then
  clockwise [divide.ruling.secret-turns, divide.trick.clockwise], and the deal
  passing clockwise [divide.round.dealer-rotation] (``engine.divide.exchange.
  _next_actor``, ``engine.divide.deal.apply_shuffle``, ``engine.divide.play.
  apply_play``);
* :func:`first_dealer_outcomes`, :func:`reveal_outcomes` — chance's
  outcomes: every seat may deal first, every offering may be turned up,
  each with the same chance [divide.setup.first-dealer,
  divide.ruling.first-dealer, divide.trump.reveal, divide.ruling.offering-draw]
  (``engine.divide.deal.first_dealer_outcomes``, ``reveal_outcomes``);
* :func:`deal_sizes` — the cards each seat is dealt and the cards left
  undealt [divide.deal.nine, divide.deal.undealt];
* :func:`choice_pool` — the cards a seat chooses from at each stage of the
  Great Divide, and how many it picks [divide.divide.offering,
  divide.divide.secure, divide.divide.offers, divide.divide.choose,
  divide.ruling.offer-order] (the ``legal_*`` functions of
  :mod:`engine.divide.exchange`);
* :func:`after_trick`, :func:`game_over` — a round ends after its tricks and
  the game after its rounds [divide.trick.count, divide.end.four-rounds]
  (``engine.divide.play.apply_play``).

Seats, counts and stages are Z3 integers, card sets 52-bit masks.  The
numbers come from :func:`proofs.divide.encoding.spec_params`; mutants change
them.  ``cardlaw verify`` holds each to the engine along seeded whole games
(:mod:`proofs.divide.trace`).

>>> import z3
>>> p = spec_params(5)
>>> four, three = z3.IntVal(4), z3.IntVal(3)
>>> z3.simplify(first_player(four, p)), z3.simplify(seat_in_turn(three, four, p))
(0, 2)
>>> [z3.simplify(t) for t in after_trick(z3.IntVal(7), z3.IntVal(3), p)]
[0, 4, True]
>>> [z3.simplify(t) for t in after_trick(z3.IntVal(7), z3.IntVal(2), p)]
[0, 3, False]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import z3

from cardlaw.proofs.divide.encoding import MASK_BITS, bit, spec_params
from cardlaw.proofs.terms import Params
from cardlaw.spec.divide.state import Stage

__all__ = [
    "Outcomes",
    "after_trick",
    "choice_pool",
    "deal_sizes",
    "first_dealer_outcomes",
    "first_player",
    "game_over",
    "next_dealer",
    "reveal_outcomes",
    "seat_in_turn",
    "spec_params",
]


class Outcomes(NamedTuple):
    """A chance event's outcomes: how many, whether all equally likely, and what they name."""

    count: z3.ArithRef
    uniform: z3.BoolRef
    named: z3.BitVecRef
    """The seats (bit ``q`` for seat ``q``) or the cards (a card set) the outcomes name."""


def first_dealer_outcomes(p: Params) -> Outcomes:
    """Every seat may deal first, each with the same chance [divide.ruling.first-dealer]."""
    n = p["players"]
    return Outcomes(z3.IntVal(n), z3.BoolVal(True), z3.BitVecVal((1 << n) - 1, MASK_BITS))


def reveal_outcomes(offerings: Sequence[z3.BitVecRef], p: Params) -> Outcomes:
    """Every Trump Offering may be turned up, each with the same chance.

    [divide.trump.reveal, divide.ruling.offering-draw]
    """
    named = z3.BitVecVal(0, MASK_BITS)
    for card in offerings:
        named = named | bit(card)
    return Outcomes(z3.IntVal(p["players"]), z3.BoolVal(True), named)


def seat_in_turn(base: z3.ArithRef, k: z3.ArithRef, p: Params) -> z3.ArithRef:
    """The seat ``k`` places clockwise from ``base`` (seat ``q``'s left neighbour is ``q + 1``)."""
    return (base + k) % p["players"]


def first_player(dealer: z3.ArithRef, p: Params) -> z3.ArithRef:
    """The round's first player: the dealer's left neighbour [divide.round.first-player]."""
    return seat_in_turn(dealer, z3.IntVal(1), p)


def next_dealer(dealer: z3.ArithRef, p: Params) -> z3.ArithRef:
    """The next round's dealer: one seat clockwise [divide.round.dealer-rotation]."""
    return seat_in_turn(dealer, z3.IntVal(1), p)


def deal_sizes(p: Params) -> tuple[z3.ArithRef, z3.ArithRef]:
    """The cards each seat is dealt, and the cards of the 52 left undealt."""
    dealt = p["cards_dealt"]
    return z3.IntVal(dealt), z3.IntVal(52 - p["players"] * dealt)


def choice_pool(
    stage: z3.ArithRef,
    dealt: z3.BitVecRef,
    offering: z3.BitVecRef,
    secured: z3.BitVecRef,
    left_neighbour: tuple[z3.BitVecRef, z3.BitVecRef],
    right_neighbour: tuple[z3.BitVecRef, z3.BitVecRef],
    first: z3.BoolRef,
    p: Params,
) -> tuple[z3.BitVecRef, z3.ArithRef]:
    """The cards a seat chooses from at a ``stage`` of the Great Divide, and how many it picks.

    ``dealt`` is the seat's nine cards, ``offering`` (a mask) its Trump
    Offering, ``secured`` its secured cards; each neighbour's offers are given
    as (the offer to its left, the offer to its right).  Offering: one card of
    the nine; securing: two of the eight left; offering: three of the six
    left (the left offer; the right is the rest); choosing: two of the offer
    being resolved, the left neighbour's first (``first``), the offer that
    neighbour made *to this seat*, then the right neighbour's.
    """
    after_offering = dealt & ~offering
    left_to_me = left_neighbour[1] if p["choose_from_matching_offer"] else left_neighbour[0]
    received = z3.If(first, left_to_me, right_neighbour[0])
    zero = z3.BitVecVal(0, MASK_BITS)
    pool = z3.If(
        stage == int(Stage.OFFERING),
        dealt,
        z3.If(
            stage == int(Stage.SECURE),
            after_offering,
            z3.If(
                stage == int(Stage.SPLIT),
                after_offering & ~secured,
                z3.If(stage == int(Stage.CHOOSE), received, zero),
            ),
        ),
    )
    size = z3.If(
        stage == int(Stage.OFFERING),
        z3.IntVal(p["offering"]),
        z3.If(
            stage == int(Stage.SECURE),
            z3.IntVal(p["secure"]),
            z3.If(stage == int(Stage.SPLIT), z3.IntVal(p["offer"]), z3.IntVal(p["keep"])),
        ),
    )
    return pool, size


def game_over(rounds_played: z3.ArithRef, p: Params) -> z3.BoolRef:
    """Whether the game is over: it has played its rounds [divide.end.four-rounds]."""
    return rounds_played >= p["rounds"]


def after_trick(
    tricks_done: z3.ArithRef, rounds_played: z3.ArithRef, p: Params
) -> tuple[z3.ArithRef, z3.ArithRef, z3.BoolRef]:
    """The count after a trick: tricks done in the round, rounds played, whether the game is over.

    A round ends with its last trick [divide.trick.count] (its tricks start
    again from none with the next deal) and the game with its last round.
    """
    tricks = tricks_done + 1
    round_over = tricks == p["tricks"]
    rounds = z3.If(round_over, rounds_played + 1, rounds_played)
    return z3.If(round_over, z3.IntVal(0), tricks), rounds, z3.And(round_over, game_over(rounds, p))
