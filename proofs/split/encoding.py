"""Split's rule fragments as Z3 terms, built from the spec's constants.

A card set is a 101-bit mask (bit ``n`` for the card ``n``, as in
:mod:`spec.split.cards`), and a single card is a *one-hot* mask of the same
width: comparing two cards is comparing two one-hot masks as unsigned
numbers, the cards below a card are ``card - 1``, and the lowest card of a
set is ``set & -set``, so no rule needs the card's number as an integer.
:func:`onehot` turns a 7-bit number into its card where a query needs the
number itself.

Every function mirrors one engine function of :mod:`engine.split.piles` or
:mod:`engine.split.turn` (named in its docstring);
``tests/proofs/test_split_conformance.py`` evaluates each on concrete inputs
drawn by Hypothesis and requires exact agreement with the engine.  The rule
parameters (:func:`spec_params`) are read from ``spec/split``; mutants
override some of them.

>>> from spec.split.cards import NumberSet
>>> p = spec_params()
>>> hand = mask(NumberSet("12 45 60 88").mask)
>>> NumberSet(concrete_mask(playable_mask(hand, card(30), card(70), p)))
NumberSet('45 60')
>>> ok, low, high = opening_cards(hand, p)
>>> z3.is_true(z3.simplify(ok)), concrete_card(low), concrete_card(high)
(True, 12, 88)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

import z3

from spec.split.cards import DECK_MASK, WILD_MASK
from spec.split.constants import (
    AID_CARDS,
    CARDS_DEALT,
    COMPETITIVE_PLAYERS,
    COOPERATIVE_PLAYERS,
    DEALER_EXTRA,
    DECK_SIZE,
    RESET_DRAW,
    WILD_NUMBERS,
)

__all__ = [
    "COUNT_BITS",
    "NUMBER_BITS",
    "WIDTH",
    "DrawStep",
    "SupplyDraw",
    "TurnActions",
    "at_least",
    "between_mask",
    "can_play",
    "card",
    "concrete_card",
    "concrete_mask",
    "draw_step",
    "exactly",
    "highest",
    "is_card",
    "is_wild",
    "legal_turn",
    "lowest",
    "mask",
    "onehot",
    "opening_cards",
    "place",
    "playable_mask",
    "popcount",
    "reset_allowed",
    "reversed_direction",
    "spec_params",
    "standard_mask",
    "supply_draw",
    "wild_mask",
]

WIDTH: Final = DECK_SIZE
"""Bits of a card mask: one per card, 0 to 100."""

NUMBER_BITS: Final = 7
"""Bits of a card's number (0 to 127; the premises keep it to 0..100)."""

COUNT_BITS: Final = 8
"""Bits of a count of cards (:func:`popcount`)."""

Params = Mapping[str, Any]


def spec_params() -> dict[str, Any]:
    """The rule parameters of the real rules, read from ``spec/split``.

    The structural entries are the rules' choices that mutants flip; the
    numbers come from ``spec/split/constants.py``, so changing a constant
    there changes what ``cardlaw verify split`` proves.

    >>> p = spec_params()
    >>> p["reset_draw"], bin(p["wild_mask"]).count("1"), p["reshuffle"]
    (3, 13, True)
    """
    return {
        "wild_mask": WILD_MASK,
        "wild_numbers": WILD_NUMBERS,
        "deck_size": DECK_SIZE,
        "reset_draw": RESET_DRAW,
        "cards_dealt": CARDS_DEALT,
        "dealer_extra": DEALER_EXTRA,
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
    }


# --- masks and cards ----------------------------------------------------------------------


def mask(value: int) -> z3.BitVecRef:
    """A concrete card mask.

    >>> mask(5).size()
    101
    """
    return z3.BitVecVal(value, WIDTH)


def card(number: int) -> z3.BitVecRef:
    """The one-hot mask of a concrete card.

    >>> concrete_mask(card(3))
    8
    """
    return z3.BitVecVal(1 << number, WIDTH)


def onehot(number: z3.BitVecRef) -> z3.BitVecRef:
    """The one-hot mask of a (symbolic) 7-bit card number (0 when it is over 100).

    >>> concrete_card(onehot(z3.BitVecVal(57, NUMBER_BITS)))
    57
    """
    return z3.BitVecVal(1, WIDTH) << z3.ZeroExt(WIDTH - NUMBER_BITS, number)


def is_card(c: z3.BitVecRef) -> z3.BoolRef:
    """``c`` is the mask of exactly one card.

    >>> z3.simplify(is_card(card(5))), z3.simplify(is_card(mask(0b11)))
    (True, False)
    """
    return z3.And(c != 0, c & (c - 1) == 0)


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


def popcount(m: z3.BitVecRef) -> z3.BitVecRef:
    """The number of cards in a 101-bit mask, as an 8-bit vector (SWAR on two halves).

    >>> z3.simplify(popcount(mask(1 << 100 | 1 << 64 | 1 << 63 | 1)))
    4
    """

    def swar(x: z3.BitVecRef) -> z3.BitVecRef:
        x = x - (z3.LShR(x, 1) & 0x5555555555555555)
        x = (x & 0x3333333333333333) + (z3.LShR(x, 2) & 0x3333333333333333)
        x = (x + z3.LShR(x, 4)) & 0x0F0F0F0F0F0F0F0F
        x = x + z3.LShR(x, 8)  # no multiply: adders bit-blast to a far smaller circuit
        x = x + z3.LShR(x, 16)
        x = x + z3.LShR(x, 32)
        return z3.Extract(7, 0, x) & 0x7F

    low = z3.Extract(63, 0, m)
    high = z3.ZeroExt(64 - (WIDTH - 64), z3.Extract(WIDTH - 1, 64, m))
    return swar(low) + swar(high)


def at_least(m: z3.BitVecRef, k: int) -> z3.BoolRef:
    """The mask holds ``k`` cards or more (drop the lowest card ``k - 1`` times).

    Cheaper for the solver than comparing :func:`popcount`.

    >>> z3.simplify(at_least(mask(0b1011), 3)), z3.simplify(at_least(mask(0b1011), 4))
    (True, False)
    """
    if k <= 0:
        return z3.BoolVal(True)
    x = m
    for _ in range(k - 1):
        x = x & (x - 1)
    return x != 0


def exactly(m: z3.BitVecRef, k: int) -> z3.BoolRef:
    """The mask holds exactly ``k`` cards.

    >>> z3.simplify(exactly(mask(0b1011), 3))
    True
    """
    return z3.And(at_least(m, k), z3.Not(at_least(m, k + 1)))


def lowest(x: z3.BitVecRef) -> z3.BitVecRef:
    """The lowest card of a set (0 for the empty set).

    >>> concrete_card(lowest(mask(0b10100)))
    2
    """
    return x & -x


def highest(x: z3.BitVecRef) -> z3.BitVecRef:
    """The highest card of a set (0 for the empty set): smear the top bit down, keep it.

    >>> concrete_card(highest(mask(1 << 100 | 1 << 3))), concrete_card(highest(mask(0)))
    (100, -1)
    """
    y = x
    for shift in (1, 2, 4, 8, 16, 32, 64):
        y = y | z3.LShR(y, shift)
    return y ^ z3.LShR(y, 1)


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
    clockwise: z3.BoolRef, c: z3.BitVecRef, players: int, p: Params
) -> z3.BoolRef:
    """Mirror of :func:`engine.split.piles.reversed_direction` (true for clockwise).

    >>> p = spec_params()
    >>> [z3.simplify(reversed_direction(z3.BoolVal(True), card(c), n, p)) for c, n in
    ...  ((50, 4), (57, 4), (50, 2))]
    [False, True, True]
    """
    if players <= 2:
        return clockwise
    return z3.If(is_wild(c, p), z3.Not(clockwise), clockwise)


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
    hand: z3.BitVecRef,
    left: z3.BitVecRef,
    right: z3.BitVecRef,
    aids: z3.BitVecRef,
    p: Params,
) -> z3.BoolRef:
    """Mirror of :func:`engine.split.turn.reset_allowed`, during a turn.

    Competitive: at any point before a card is played.  Cooperative: only
    when nothing can be played after the move, aids included (and it loses).

    >>> p, hand, t = spec_params(), mask(1 << 5), z3.BoolVal(True)
    >>> z3.simplify(reset_allowed(t, z3.BoolVal(False), hand, card(12), card(88), mask(0), p))
    True
    >>> z3.simplify(reset_allowed(t, z3.BoolVal(False), hand, card(12), card(88), card(100), p))
    False
    """
    competitive: z3.BoolRef = z3.BoolVal(True) if p["reset_after_move"] else moving
    if p["cooperative_blocked_reset"]:
        blocked = z3.And(z3.Not(moving), playable_mask(hand, left, right, p) == 0, aids == 0)
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

    >>> from spec.split.cards import NumberSet
    >>> p, f = spec_params(), z3.BoolVal(False)
    >>> turn = legal_turn(f, f, mask(1 << 45 | 1 << 50), card(12), card(88), mask(0), p)
    >>> NumberSet(concrete_mask(turn.plays)), z3.simplify(turn.reset)
    (NumberSet('45 50'), True)
    """
    zero = mask(0)
    return TurnActions(
        moves=moving,
        plays=z3.If(moving, zero, playable_mask(hand, left, right, p)),
        aids=z3.If(moving, zero, aids),
        reset=reset_allowed(cooperative, moving, hand, left, right, aids, p),
    )


# --- drawing on a reset -------------------------------------------------------------------------


class DrawStep(NamedTuple):
    """A reset's draw as a relation between the piles before and after.

    ``drawn`` is a fresh variable: any cards the premise allows (the order of
    the draw pile is abstracted away: any cards of it may be on top).
    """

    drawn: z3.BitVecRef
    draw: z3.BitVecRef
    discard: z3.BitVecRef
    premise: list[z3.BoolRef]


def _take(drawn: z3.BitVecRef, pool: z3.BitVecRef, k: int) -> z3.BoolRef:
    """``drawn`` is ``k`` cards of ``pool``, or all of it when it holds fewer."""
    return z3.And(drawn & ~pool == 0, z3.If(at_least(pool, k), exactly(drawn, k), drawn == pool))


def draw_step(
    draw: z3.BitVecRef, discard: z3.BitVecRef, table: z3.BitVecRef, name: str, p: Params
) -> DrawStep:
    """The cards a reset draws, after the table goes to the discard pile.

    Mirrors the drawing of :func:`engine.split.opening.apply_reset` and
    :func:`engine.split.opening.continue_opening`: three cards from the draw
    pile; when it runs short the discard pile is shuffled and drawn from
    [split.ruling.empty-draw-pile], and with too few cards in both the player
    draws what there is [split.ruling.short-draw].  Without reshuffles (a
    mutant) the discard pile is never drawn again.

    >>> from spec.split.cards import NumberSet
    >>> step = draw_step(mask(1 << 7), mask(0), mask(1 << 12 | 1 << 88), "drawn", spec_params())
    >>> s = z3.Solver()
    >>> s.add(*step.premise, step.drawn == mask(1 << 7 | 1 << 12 | 1 << 88))
    >>> s.check(), NumberSet(concrete_mask(z3.substitute(step.draw, (step.drawn, mask(0)))))
    (sat, NumberSet('7 12 88'))
    """
    k = p["reset_draw"]
    drawn = z3.BitVec(name, WIDTH)
    discarded = discard | table
    enough = at_least(draw, k)
    if p["reshuffle"]:
        pool = draw | discarded
        return DrawStep(
            drawn=drawn,
            draw=z3.If(enough, draw & ~drawn, pool & ~drawn),
            discard=z3.If(enough, discarded, mask(0)),
            premise=[
                z3.If(
                    enough,
                    _take(drawn, draw, k),
                    z3.And(drawn & draw == draw, _take(drawn, pool, k)),
                )
            ],
        )
    return DrawStep(
        drawn=drawn,
        draw=draw & ~drawn,
        discard=discarded,
        premise=[_take(drawn, draw, k)],
    )


class SupplyDraw(NamedTuple):
    """A reset's draw with the order of the piles abstracted away (see :func:`supply_draw`)."""

    drawn: z3.BitVecRef
    supply: z3.BitVecRef
    dead: z3.BitVecRef
    premise: list[z3.BoolRef]


def supply_draw(
    supply: z3.BitVecRef, dead: z3.BitVecRef, table: z3.BitVecRef, name: str, p: Params
) -> SupplyDraw:
    """A reset's draw over the *supply*: every card that can still be drawn.

    The draw pile and the discard pile together are the supply, since the
    discard pile is shuffled under the draw pile whenever it runs out
    [split.ruling.empty-draw-pile]; a reset adds the table to it and draws
    three of its cards, or all of them when fewer are left
    [split.ruling.short-draw].  Which three is abstracted: any of them, as
    shuffles can bring any card to the top.  Without reshuffles (a mutant)
    the discarded table is out of play for good (``dead``).  An
    over-approximation of :func:`draw_step`: every draw the engine makes is
    one of these (checked by the conformance tests).

    >>> from spec.split.cards import NumberSet
    >>> no_reshuffle = {**spec_params(), "reshuffle": False}
    >>> step = supply_draw(mask(1 << 7), mask(0), mask(1 << 12 | 1 << 88), "drawn", no_reshuffle)
    >>> NumberSet(concrete_mask(step.dead))  # the table is out of play for good
    NumberSet('12 88')
    """
    k = p["reset_draw"]
    drawn = z3.BitVec(name, WIDTH)
    if p["reshuffle"]:
        pool, gone = supply | table, dead
    else:
        pool, gone = supply, dead | table
    return SupplyDraw(drawn, pool & ~drawn, gone, [_take(drawn, pool, k)])


# --- concrete values -----------------------------------------------------------------------------


def concrete_mask(term: z3.ExprRef) -> int:
    """A concrete mask term (after substitution) as an int mask.

    >>> concrete_mask(mask(5) | mask(2))
    7
    """
    value = z3.simplify(term)
    assert isinstance(value, z3.BitVecNumRef), value
    return int(value.as_long())


def concrete_card(term: z3.ExprRef) -> int:
    """A concrete one-hot term as its card number (-1 for no card).

    >>> concrete_card(card(99))
    99
    """
    return concrete_mask(term).bit_length() - 1
