"""Split's steps as Z3 terms: the deal, a card put under, a card played, a reset, a turn counted.

Each function mirrors what one engine step does to the cards or the game
(named in its docstring); :mod:`proofs.split.encoding` re-exports them.
They read the rule parameters of :func:`proofs.split.encoding.spec_params`
(the numbers dealt, which cards may go under the draw pile, whether a
played card leaves the hand, whether the cooperative deck leaves the aids
out), which mutants change.

>>> from cardlaw.proofs.split.encoding import concrete_mask, mask, spec_params
>>> from cardlaw.spec.split.cards import NumberSet
>>> p = spec_params()
>>> hand, none, pile = mask(NumberSet("5 40 60").mask), z3.BitVecVal(0, 8), z3.BitVecVal(3, 8)
>>> NumberSet(concrete_mask(buriable(hand, none, pile, p)))  # any card of the hand
NumberSet('5 40 60')
>>> NumberSet(concrete_mask(buriable(hand, pile, pile, p)))  # a whole round put under: wilds
NumberSet('40 60')
>>> hand, ends = card_played(mask(1 << 45), mask(0), mask(1 << 45), z3.BoolVal(False), p)
>>> concrete_mask(hand), z3.simplify(ends)
(0, True)
"""

from __future__ import annotations

from typing import Final

import z3

from cardlaw.proofs.split.encoding_masks import COUNT_BITS, at_least, mask, popcount
from cardlaw.proofs.terms import Params
from cardlaw.spec.split.cards import DECK_MASK, STANDARD_MASK
from cardlaw.spec.split.constants import AID_CARDS

__all__ = [
    "TURN_BITS",
    "buriable",
    "card_played",
    "deal_place",
    "dealt",
    "deck",
    "opening_next",
    "put_under",
    "reset_ends",
    "turn_counted",
    "turns_played",
]

TURN_BITS: Final = 16
"""Bits of a count of turns (the turn limit is at most a few thousand)."""

_AID_MASK: Final = sum(1 << aid for aid in AID_CARDS)


def deck(cooperative: z3.BoolRef, p: Params) -> z3.BitVecRef:
    """Mirror of :func:`engine.split.deal.deck`: the cards shuffled and dealt.

    All 101 competitively; cooperatively the 0 and the 100 lie beside the
    table [split.coop.aids-aside].

    >>> from cardlaw.proofs.split.encoding import concrete_mask, spec_params
    >>> concrete_mask(deck(z3.BoolVal(True), spec_params())).bit_count()
    99
    """
    without = DECK_MASK & ~_AID_MASK if p["cooperative_deck_without_aids"] else DECK_MASK
    return z3.If(cooperative, mask(without), mask(DECK_MASK))


def dealt(dealer: z3.BoolRef, p: Params) -> z3.BitVecRef:
    """Mirror of :func:`engine.split.deal.apply_shuffle`: the cards a seat holds after the deal.

    ``CARDS_DEALT`` each [split.deal.seven], and the dealer ``DEALER_EXTRA``
    more [split.deal.dealer-extra] (before the piles are opened).

    >>> from cardlaw.proofs.split.encoding import spec_params
    >>> z3.simplify(dealt(z3.BoolVal(True), spec_params()))
    9
    """
    dealt_each = z3.BitVecVal(p["cards_dealt"], COUNT_BITS)
    return z3.If(dealer, dealt_each + p["dealer_extra"], dealt_each)


def buriable(
    hand: z3.BitVecRef, buried: z3.BitVecRef, pile: z3.BitVecRef, p: Params
) -> z3.BitVecRef:
    """Mirror of :func:`engine.split.opening.legal_buries`: the cards that may go under.

    An opener short of standard cards puts any card of the hand under the
    draw pile [split.ruling.put-under-card]; only a Wild/Reverse card once
    ``buried`` (the cards put under in this opening) reaches ``pile`` (the
    draw pile's size) [split.ruling.put-under-round], or always under the
    variant put-under-wild (``p["put_under_wild"]``).  Counts are
    ``COUNT_BITS``-bit vectors.
    """
    wild = hand & mask(p["wild_mask"])
    if p["put_under_wild"]:
        return wild
    if not p["full_round_wild"]:
        return hand
    return z3.If(z3.UGE(buried, pile), wild, hand)


def put_under(hand: z3.BitVecRef, under: z3.BitVecRef, top: z3.BitVecRef) -> z3.BitVecRef:
    """Mirror of :func:`engine.split.opening.apply_bury`: the hand after a card goes under.

    ``under`` (one-hot) goes under the draw pile and the pile's top card
    ``top`` (one-hot) comes into the hand [split.open.put-under].

    >>> from cardlaw.proofs.split.encoding import card, concrete_mask
    >>> from cardlaw.spec.split.cards import NumberSet
    >>> NumberSet(concrete_mask(put_under(mask(NumberSet("5 40").mask), card(40), card(85))))
    NumberSet('5 85')
    """
    return hand & ~under | top


def card_played(
    hand: z3.BitVecRef,
    others: z3.BitVecRef,
    c: z3.BitVecRef,
    cooperative: z3.BoolRef,
    p: Params,
) -> tuple[z3.BitVecRef, z3.BoolRef]:
    """Mirror of the end of :func:`engine.split.turn.apply_play`: (the hand after, game won).

    The card leaves the hand for the middle [split.turn.play-between]; the
    player who empties their hand wins [split.end.first-empty], and
    cooperatively the table wins once every hand is empty [split.coop.win].
    ``others`` is every card in the other hands.
    """
    after = hand & ~c if p["played_leaves_hand"] else hand
    won = z3.And(after == 0, z3.Or(z3.Not(cooperative), others == 0))
    return after, won


def reset_ends(cooperative: z3.BoolRef) -> z3.BoolRef:
    """Mirror of :func:`engine.split.opening.apply_reset`'s end: a cooperative reset loses.

    [split.coop.lose-on-reset]; a competitive reset goes on to new piles.

    >>> z3.simplify(reset_ends(z3.BoolVal(False)))
    False
    """
    return cooperative


def turn_counted(turn: z3.BitVecRef, limit: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
    """Mirror of :func:`engine.split.turn.end_turn`: (turns completed, the game drawn).

    A finished turn is counted; a game that reaches the turn limit is over,
    a draw [split.ruling.turn-limit].

    >>> count, over = turn_counted(z3.BitVecVal(2, TURN_BITS), z3.BitVecVal(3, TURN_BITS))
    >>> z3.simplify(count), z3.simplify(over)
    (3, True)
    """
    count = turn + 1
    return count, z3.UGE(count, limit)


def turns_played(
    supply: z3.BitVecRef, players: z3.BitVecRef, aids: z3.BitVecRef, p: Params
) -> z3.BitVecRef:
    """The turns a cooperative game has played, by the ranking of ``split.coop.ends``.

    Mirror of the count :func:`engine.split.turn.end_turn` keeps in cooperative
    play: after the opening there are ``CARDS_DEALT`` cards per player
    (``DEALER_EXTRA - 2`` more for the dealer) and the usable aids to spend,
    and every turn spends exactly one, so the turns played are that number
    less the cards and aids still held (``supply``).  ``players`` and ``aids``
    (how many are usable) are 3-bit numbers.

    >>> from cardlaw.proofs.split.encoding import seat, spec_params
    >>> z3.simplify(turns_played(mask(0b111), seat(5), seat(2), spec_params()))
    34
    """
    wide = TURN_BITS - players.size()
    dealt = z3.ZeroExt(wide, players) * p["cards_dealt"] + p["dealer_extra"] - 2
    held = z3.ZeroExt(TURN_BITS - COUNT_BITS, popcount(supply))
    return dealt + z3.ZeroExt(wide, aids) - held


def deal_place(
    index: z3.BitVecRef, dealer: z3.BitVecRef, players: z3.BitVecRef, p: Params
) -> tuple[z3.BitVecRef, z3.BitVecRef]:
    """Mirror of :func:`engine.split.deal.apply_shuffle`: where the ``index``-th card goes.

    The seat that holds it (7 for the draw pile), and its place in the draw
    pile, top first (else 0).  One card at a time clockwise from the dealer's left
    [split.ruling.deal-order], ``CARDS_DEALT`` each, then ``DEALER_EXTRA`` to
    the dealer, the rest in order as the draw pile [split.deal.draw-pile].
    ``index`` is 8 bits, the seats 3 bits.

    >>> from cardlaw.proofs.split.encoding import seat, spec_params
    >>> p = spec_params()
    >>> at = [deal_place(z3.BitVecVal(j, 8), seat(2), seat(3), p) for j in (0, 21, 22, 23)]
    >>> [(z3.simplify(s).as_long(), z3.simplify(k).as_long()) for s, k in at]
    [(0, 0), (2, 0), (2, 0), (7, 0)]
    """
    n = z3.ZeroExt(8 - players.size(), players)
    dealt = n * p["cards_dealt"]
    extra = dealt + p["dealer_extra"]
    to = z3.Extract(2, 0, z3.URem(z3.ZeroExt(8 - dealer.size(), dealer) + 1 + index, n))
    seat = z3.If(z3.ULT(index, dealt), to, z3.If(z3.ULT(index, extra), dealer, z3.BitVecVal(7, 3)))
    return seat, z3.If(z3.ULT(index, extra), z3.BitVecVal(0, 8), index - extra)


def opening_next(
    hand: z3.BitVecRef, draw: z3.BitVecRef, discard: z3.BitVecRef, p: Params
) -> z3.BitVecRef:
    """Mirror of :func:`engine.split.opening.continue_opening`'s choice once the draw is done.

    0: the piles open (two standard cards held) [split.open.piles]; 1: the
    opener must put a card under the draw pile, which holds a standard card
    [split.open.put-under]; 2: chance first shuffles the discard pile under
    it, which holds one; 3: no standard card anywhere, a draw
    [split.ruling.put-under-exhausted].  (2 bits.)

    >>> from cardlaw.proofs.split.encoding import spec_params
    >>> z3.simplify(opening_next(mask(1 << 50), mask(1 << 60), mask(1 << 45), spec_params()))
    2
    """
    standard = mask(STANDARD_MASK)
    code = z3.If(
        draw & standard != 0,
        z3.BitVecVal(1, 2),
        z3.If(discard & standard != 0, z3.BitVecVal(2, 2), z3.BitVecVal(3, 2)),
    )
    opens = at_least(hand & standard, 2) if p["open_standard"] else at_least(hand, 2)
    return z3.If(opens, z3.BitVecVal(0, 2), code)
