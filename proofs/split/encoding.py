"""Split's rule fragments as Z3 terms, built from the spec's constants.

Card sets are 101-bit masks and single cards one-hot masks of the same
width (:mod:`proofs.split.encoding_masks` says why), so no rule needs a
card's number as an integer.

The encoding is in five modules, every name re-exported here: the masks
and their counting in :mod:`proofs.split.encoding_masks`, a reset's draw in
:mod:`proofs.split.encoding_draws`, seats and the direction of play in
:mod:`proofs.split.encoding_order`, the deal, a card put under, a card
played and a turn counted in :mod:`proofs.split.encoding_steps`, and here
the rule parameters, the wild cards, the piles and a turn.  Every function
mirrors one engine function (named in its docstring);
``tests/proofs/test_split_conformance.py`` evaluates each on concrete inputs
drawn by Hypothesis and requires exact agreement with the engine, and
``cardlaw verify`` does the same over fixed domains and seeded whole games
(:mod:`proofs.split.links`, :mod:`proofs.split.trace`).  The rule
parameters (:func:`spec_params`) are read from ``spec/split``; mutants
override some of them.

>>> from cardlaw.spec.split.cards import NumberSet
>>> p = spec_params()
>>> hand = mask(NumberSet("12 45 60 88").mask)
>>> NumberSet(concrete_mask(playable_mask(hand, card(30), card(70), p)))
NumberSet('45 60')
>>> ok, low, high = opening_cards(hand, p)
>>> z3.is_true(z3.simplify(ok)), concrete_card(low), concrete_card(high)
(True, 12, 88)
"""

from __future__ import annotations

from typing import NamedTuple

import z3

from cardlaw.proofs.split.encoding_draws import DrawStep, SupplyDraw, draw_step, supply_draw
from cardlaw.proofs.split.encoding_masks import (
    COUNT_BITS,
    NUMBER_BITS,
    WIDTH,
    at_least,
    card,
    concrete_card,
    concrete_mask,
    exactly,
    highest,
    is_card,
    lowest,
    mask,
    onehot,
    popcount,
)
from cardlaw.proofs.split.encoding_order import (
    HOLDING_BITS,
    MAX_SEATS,
    NO_SEAT,
    SEAT_BITS,
    after_opening,
    concrete_seat,
    dealers,
    holding,
    holds,
    neighbour,
    next_seat,
    seat,
)
from cardlaw.proofs.split.encoding_steps import (
    TURN_BITS,
    buriable,
    card_played,
    deal_place,
    dealt,
    deck,
    opening_next,
    put_under,
    reset_ends,
    turn_counted,
    turns_played,
)
from cardlaw.proofs.terms import Params
from cardlaw.spec.split.cards import DECK_MASK, WILD_MASK
from cardlaw.spec.split.constants import (
    AID_CARDS,
    COMPETITIVE_PLAYERS,
    COOPERATIVE_PLAYERS,
    DECK_SIZE,
    WILD_NUMBERS,
)
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules

__all__ = [
    "COUNT_BITS",
    "HOLDING_BITS",
    "MAX_SEATS",
    "NO_SEAT",
    "NUMBER_BITS",
    "REFUSALS",
    "SEAT_BITS",
    "TURN_BITS",
    "WIDTH",
    "DrawStep",
    "SupplyDraw",
    "TurnActions",
    "after_opening",
    "at_least",
    "between_mask",
    "buriable",
    "can_play",
    "card",
    "card_played",
    "concrete_card",
    "concrete_mask",
    "concrete_seat",
    "deal_place",
    "dealers",
    "dealt",
    "deck",
    "draw_step",
    "exactly",
    "highest",
    "holding",
    "holds",
    "is_card",
    "is_wild",
    "legal_turn",
    "lowest",
    "mask",
    "neighbour",
    "next_seat",
    "onehot",
    "opening_cards",
    "opening_next",
    "place",
    "playable_mask",
    "popcount",
    "put_under",
    "refusal",
    "reset_allowed",
    "reset_ends",
    "reversed_direction",
    "seat",
    "spec_params",
    "standard_mask",
    "supply_draw",
    "turn_counted",
    "turns_played",
    "wild_mask",
]


def spec_params(rules: SplitRules = PRINTED_RULES, put_under_wild: bool = False) -> Params:
    """The rule parameters of ``rules`` (the printed rules unless given), read from ``spec/split``.

    The structural entries are the rules' choices that mutants flip; the
    numbers come from ``rules`` (:mod:`spec.split.parameters`, defaulting to
    ``spec/split/constants.py``), so an override (``--set``) changes what
    ``cardlaw verify split`` proves.  ``"rules"`` keeps the rules themselves:
    the claims' reference, which no mutant changes.

    >>> p = spec_params()
    >>> p["reset_draw"], bin(p["wild_mask"]).count("1"), p["reshuffle"]
    (3, 13, True)
    >>> spec_params(SplitRules(reset_draw=5))["reset_draw"]
    5

    ``put_under_wild`` is the variant put-under-wild's flag (only a wild card goes under).
    """
    return {
        "rules": rules,
        "wild_mask": WILD_MASK,
        "wild_numbers": WILD_NUMBERS,
        "deck_size": DECK_SIZE,
        "reset_draw": rules.reset_draw,
        "cards_dealt": rules.cards_dealt,
        "dealer_extra": rules.dealer_extra,
        "aid_cards": AID_CARDS,
        "competitive_players": COMPETITIVE_PLAYERS,
        "cooperative_players": COOPERATIVE_PLAYERS,
        # Structural choices of the rules, which mutants may flip:
        "between_above": 0,  # numbers past the higher pile counted as between (mutant: 2)
        "one_card_per_number": True,  # split.components.deck: each number on one card only
        "no_wild_finish": True,  # split.end.no-wild-finish
        "open_standard": True,  # split.open.piles: open with standard cards only
        "reset_after_move": True,  # split.ruling.reset-timing: also after moving the middle card
        "cooperative_blocked_reset": True,  # split.coop.lose-on-reset: a blocked player resets
        "reshuffle": True,  # split.ruling.empty-draw-pile: the discard pile is drawn again
        "aids_spent": True,  # split.coop.aid-use: each aid can be used once
        "played_leaves_hand": True,  # split.turn.play-between: the card goes into the middle
        "cooperative_deck_without_aids": True,  # split.coop.aids-aside: 99 cards are shuffled
        "wild_reverses": True,  # split.wild.reverse: a wild card turns the direction around
        "two_players_keep": True,  # split.wild.two-players: two players never change direction
        "skip_empty": True,  # split.ruling.coop-empty-hand: turns pass over empty hands
        "reopen_clockwise": True,  # split.ruling.after-reset: play restarts clockwise
        "full_round_wild": True,  # split.ruling.put-under-round: after a round, wilds only
        "put_under_wild": put_under_wild,  # the variant put-under-wild: wild cards only
    }


# --- the wild cards -----------------------------------------------------------------------


def wild_mask(p: Params) -> z3.BitVecRef:
    """The Wild/Reverse cards (``WILD_MASK``) [split.cards.wild].

    >>> concrete_mask(wild_mask(spec_params())).bit_count()
    13
    """
    return mask(p["wild_mask"])


def standard_mask(p: Params) -> z3.BitVecRef:
    """The standard cards: every card that is not wild [split.cards.standard].

    >>> concrete_mask(standard_mask(spec_params())).bit_count()
    88
    """
    return mask(DECK_MASK & ~p["wild_mask"])


def is_wild(c: z3.BitVecRef, p: Params) -> z3.BoolRef:
    """Mirror of :func:`spec.split.cards.is_wild` for a one-hot card.

    >>> p = spec_params()
    >>> z3.simplify(is_wild(card(70), p)), z3.simplify(is_wild(card(71), p))
    (True, False)
    """
    return c & wild_mask(p) != 0


def _below(c: z3.BitVecRef) -> z3.BitVecRef:
    return c - 1  # the cards below c (``_LOW_MASKS[n]``)


def _up_to(c: z3.BitVecRef) -> z3.BitVecRef:
    return (c << 1) - 1  # c and the cards below it (``_LOW_MASKS[n + 1]``)


# --- the piles ----------------------------------------------------------------------------


def between_mask(a: z3.BitVecRef, b: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """Mirror of :func:`engine.split.piles.between_mask`: cards strictly between two cards.

    Either card may be the lower [split.ruling.strictly-between].

    >>> bin(concrete_mask(between_mask(card(5), card(2), spec_params())))
    '0b11000'
    """
    low = z3.If(z3.ULT(a, b), a, b)
    high = z3.If(z3.ULT(a, b), b, a)
    return _below(high << p["between_above"]) & ~_up_to(low)


def playable_mask(
    hand: z3.BitVecRef, left: z3.BitVecRef, right: z3.BitVecRef, p: Params
) -> z3.BitVecRef:
    """Mirror of :func:`engine.split.piles.playable_mask`.

    A standard card strictly between the piles, or any Wild/Reverse card,
    except that a wild card may never be the last card of a hand.

    >>> concrete_mask(playable_mask(card(60), card(30), card(70), spec_params()))  # a lone wild
    0
    """
    fitting = hand & standard_mask(p) & between_mask(left, right, p)
    wild = hand & wild_mask(p)
    if not p["no_wild_finish"]:
        return fitting | wild
    return z3.If(hand & (hand - 1) != 0, fitting | wild, fitting)


def opening_cards(hand: z3.BitVecRef, p: Params) -> tuple[z3.BoolRef, z3.BitVecRef, z3.BitVecRef]:
    """Mirror of :func:`engine.split.piles.opening_cards`: (can open, lowest, highest).

    The lowest and highest standard cards of the hand; the first part is false
    (and the cards meaningless) when the hand holds fewer than two.
    """
    standard = hand & standard_mask(p) if p["open_standard"] else hand
    return standard & (standard - 1) != 0, lowest(standard), highest(standard)


def place(
    left: z3.BitVecRef, right: z3.BitVecRef, to_left: z3.BoolRef, c: z3.BitVecRef
) -> tuple[z3.BitVecRef, z3.BitVecRef]:
    """Mirror of :func:`engine.split.piles.place`: the piles after ``c`` goes on one of them.

    >>> [concrete_card(x) for x in place(card(30), card(70), z3.BoolVal(True), card(45))]
    [45, 70]
    """
    return z3.If(to_left, c, left), z3.If(to_left, right, c)


def reversed_direction(
    clockwise: z3.BoolRef, c: z3.BitVecRef, players: int | z3.BitVecRef, p: Params
) -> z3.BoolRef:
    """Mirror of :func:`engine.split.piles.reversed_direction` (true for clockwise).

    ``players`` is a number, or a term of :data:`SEAT_BITS` bits
    (:func:`~proofs.split.encoding_order.seat`) for every table at once.

    >>> p = spec_params()
    >>> [z3.simplify(reversed_direction(z3.BoolVal(True), card(c), n, p)) for c, n in
    ...  ((50, 4), (57, 4), (50, 2))]
    [False, True, True]
    >>> z3.simplify(reversed_direction(z3.BoolVal(True), card(50), seat(3), p))
    False
    """
    turns: z3.BoolRef = is_wild(c, p) if p["wild_reverses"] else z3.BoolVal(False)
    if p["two_players_keep"]:
        if isinstance(players, int):
            turns = turns if players > 2 else z3.BoolVal(False)
        else:
            turns = z3.And(turns, z3.UGT(players, 2))
    return z3.If(turns, z3.Not(clockwise), clockwise)


# --- a turn ---------------------------------------------------------------------------------


def can_play(
    hand: z3.BitVecRef,
    left: z3.BitVecRef,
    right: z3.BitVecRef,
    middle: z3.BitVecRef,
    moving: z3.BoolRef,
    aids: z3.BitVecRef,
    p: Params,
) -> z3.BoolRef:
    """Mirror of :func:`engine.split.turn.can_play`.

    ``moving`` is true when a middle card must first go onto a pile; ``aids``
    the usable aids (0 in the competitive game).

    >>> p, no = spec_params(), mask(0)
    >>> hand = mask(1 << 45)  # 45 fits once the 60 goes onto the right pile
    >>> z3.simplify(can_play(hand, card(12), card(88), card(60), z3.BoolVal(True), no, p))
    True
    """
    now = playable_mask(hand, left, right, p) != 0
    after_move = z3.Or(
        *(playable_mask(hand, *place(left, right, side, middle), p) != 0 for side in (True, False))
    )
    return z3.Or(aids != 0, z3.If(moving, after_move, now))


def reset_allowed(
    cooperative: z3.BoolRef,
    moving: z3.BoolRef,
    playable: z3.BitVecRef,
    aids: z3.BitVecRef,
    p: Params,
) -> z3.BoolRef:
    """Mirror of :func:`engine.split.turn.reset_allowed`, during a turn.

    Competitive: at any point before a card is played.  Cooperative: only
    when nothing can be played after the move, aids included (and it loses).
    ``playable`` is the hand's cards that fit the piles now (:func:`playable_mask`).

    >>> p, t, f = spec_params(), z3.BoolVal(True), z3.BoolVal(False)
    >>> playable = playable_mask(mask(1 << 5), card(12), card(88), p)
    >>> z3.simplify(reset_allowed(t, f, playable, mask(0), p))
    True
    >>> z3.simplify(reset_allowed(t, f, playable, card(100), p))
    False
    """
    competitive: z3.BoolRef = z3.BoolVal(True) if p["reset_after_move"] else moving
    if p["cooperative_blocked_reset"]:
        blocked = z3.And(z3.Not(moving), playable == 0, aids == 0)
    else:
        blocked = z3.BoolVal(False)
    return z3.If(cooperative, blocked, competitive)


class TurnActions(NamedTuple):
    """The legal actions of a turn, as :func:`legal_turn` encodes them."""

    moves: z3.BoolRef
    """Whether the two moves of the middle card are open."""
    plays: z3.BitVecRef
    """The cards that may be played."""
    aids: z3.BitVecRef
    """The aids that may be played."""
    reset: z3.BoolRef
    """Whether a reset is open."""


def legal_turn(
    cooperative: z3.BoolRef,
    moving: z3.BoolRef,
    hand: z3.BitVecRef,
    left: z3.BitVecRef,
    right: z3.BitVecRef,
    aids: z3.BitVecRef,
    p: Params,
) -> TurnActions:
    """Mirror of :func:`engine.split.turn.legal_turn_actions`.

    >>> from cardlaw.spec.split.cards import NumberSet
    >>> p, f = spec_params(), z3.BoolVal(False)
    >>> turn = legal_turn(f, f, mask(1 << 45 | 1 << 50), card(12), card(88), mask(0), p)
    >>> NumberSet(concrete_mask(turn.plays)), z3.simplify(turn.reset)
    (NumberSet('45 50'), True)
    """
    zero = mask(0)
    playable = playable_mask(hand, left, right, p)
    return TurnActions(
        moves=moving,
        plays=z3.If(moving, zero, playable),
        aids=z3.If(moving, zero, aids),
        reset=reset_allowed(cooperative, moving, playable, aids, p),
    )


REFUSALS: tuple[str, ...] = (
    "",
    "split.turn.play-between",
    "split.end.no-wild-finish",
    "split.turn.move-middle",
    "split.coop.aid-use",
    "split.ruling.coop-no-chosen-reset",
    "split.ruling.reset-timing",
)
"""The clause a refused action of a turn names, by :func:`refusal`'s code (0: not refused)."""


def refusal(
    turn: TurnActions,
    cooperative: z3.BoolRef,
    moving: z3.BoolRef,
    hand: z3.BitVecRef,
    kind: z3.BitVecRef,
    c: z3.BitVecRef,
    p: Params,
) -> z3.BitVecRef:
    """Mirror of the Game API's answer to an action of a turn: 0, or the clause it breaks.

    ``kind`` (3 bits) is 0 a card played, 1 an aid, 2 a reset, 3 or more a
    move; ``c`` the card (one-hot).  The code indexes :data:`REFUSALS`: a
    card while the middle card must move first [split.turn.move-middle]; a
    card not held, or not between the piles [split.turn.play-between]; a
    lone wild card [split.end.no-wild-finish]; an aid not usable
    [split.coop.aid-use]; a cooperative reset while something can be played
    [split.ruling.coop-no-chosen-reset]; a move while no card lies in the
    middle (the play's stage, [split.turn.play-between]).

    >>> from cardlaw.spec.split.cards import NumberSet
    >>> p, f = spec_params(), z3.BoolVal(False)
    >>> hand = mask(NumberSet("50").mask)
    >>> turn = legal_turn(f, f, hand, card(12), card(88), mask(0), p)
    >>> REFUSALS[z3.simplify(refusal(turn, f, f, hand, z3.BitVecVal(0, 3), card(50), p)).as_long()]
    'split.end.no-wild-finish'
    """

    def code(n: int) -> z3.BitVecRef:
        return z3.BitVecVal(n, 3)

    played = z3.If(
        moving,
        code(3),
        z3.If(
            c & turn.plays != 0,
            code(0),
            z3.If(z3.And(c & hand != 0, is_wild(c, p)), code(2), code(1)),
        ),
    )
    aided = z3.If(c & turn.aids != 0, code(0), code(4))
    reset = z3.If(turn.reset, code(0), z3.If(cooperative, code(5), code(6)))
    moved = z3.If(turn.moves, code(0), code(1))
    return z3.If(kind == 0, played, z3.If(kind == 1, aided, z3.If(kind == 2, reset, moved)))
