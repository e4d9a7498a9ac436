"""Euchre's bidding, the dealer's exchange choices and the first lead as Z3 terms.

Seats, rounds and counts are 8-bit vectors (``COUNT_BITS``), suits 2-bit
vectors, a choice of bid an index into :data:`BIDS`.  Each function
mirrors one engine function of :mod:`engine.euchre.bidding` (named in its
docstring); ``cardlaw verify`` holds them to it (``euchre.link.bidding``,
``euchre.link.first-lead``, the traces).  The names are re-exported by
:mod:`proofs.euchre.encoding`, which reads the rule parameters they take.

>>> from cardlaw.proofs.euchre.encoding import spec_params
>>> p = spec_params()
>>> state = bid_start(z3.BitVecVal(3, 8), p)  # seat 3 deals: seat 0 bids first
>>> legal, state = bid_step(state, z3.BitVecVal(PASS_BID, 8), z3.BitVecVal(3, 8), SPADES, p)
>>> legal, state = bid_step(state, z3.BitVecVal(order_bid(True), 8), z3.BitVecVal(3, 8), SPADES, p)
>>> [z3.simplify(t) for t in (legal, state.made, state.maker, state.trump, state.alone)]
[True, True, 1, 3, True]
"""

from __future__ import annotations

from typing import Final, NamedTuple

import z3

from cardlaw.proofs.euchre.encoding_cards import pick
from cardlaw.proofs.terms import Params
from cardlaw.spec.euchre.actions import NAMES, ORDER_UP, PASS, Action

__all__ = [
    "BIDS",
    "BID_BITS",
    "PASS_BID",
    "SPADES",
    "BidState",
    "bid_action",
    "bid_options",
    "bid_start",
    "bid_step",
    "discard_options",
    "first_leader",
    "name_bid",
    "next_dealer",
    "order_bid",
    "partner",
    "takes_up_card",
]

_BITS: Final = 8
"""Bits of a seat, a round or a bid index (``COUNT_BITS``)."""

PASS_BID: Final = 0
"""The index of a pass among :data:`BIDS`."""

BIDS: Final[tuple[Action, ...]] = (
    PASS,
    *ORDER_UP,
    *(NAMES[s][a] for s in range(4) for a in (0, 1)),
)
"""Every bid, by index: pass, order (with partner, alone), then name each suit (with
partner, alone) from Clubs up; bit ``k`` of :func:`bid_options` is ``BIDS[k]``."""

BID_BITS: Final = len(BIDS)

SPADES: Final = z3.BitVecVal(3, 2)
"""A suit as a constant term (for examples)."""


def order_bid(alone: bool) -> int:
    """The index of ``order`` (``alone``) among :data:`BIDS`.

    >>> BIDS[order_bid(True)].text
    'order alone'
    """
    return 1 + int(alone)


def name_bid(suit: int, alone: bool) -> int:
    """The index of ``name <suit>`` (``alone``) among :data:`BIDS`.

    >>> BIDS[name_bid(2, False)].text
    'name H'
    """
    return 3 + 2 * suit + int(alone)


def bid_action(index: int) -> Action:
    """The action of bid ``index``.

    >>> bid_action(PASS_BID).text
    'pass'
    """
    return BIDS[index]


def _seat(term: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    return z3.URem(term, p["players"])


def partner(seat: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """A seat's partner, the seat opposite (``PARTNER``).

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> z3.simplify(partner(z3.BitVecVal(3, 8), spec_params()))
    1
    """
    return _seat(seat + p["players"] // 2, p)


def next_dealer(dealer: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """The seat that deals the next hand: the next clockwise [euchre.hand.dealer-rotation].

    Mirror of :func:`engine.euchre.deal.apply_shuffle`'s passing of the deal.

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> z3.simplify(next_dealer(z3.BitVecVal(3, 8), spec_params()))
    0
    """
    return _seat(dealer + 1, p)


def _mask(bits: int) -> z3.BitVecRef:
    return z3.BitVecVal(bits, BID_BITS)


def bid_options(
    round_: z3.BitVecRef,
    actor: z3.BitVecRef,
    dealer: z3.BitVecRef,
    up_suit: z3.BitVecRef,
    p: Params,
) -> z3.BitVecRef:
    """Mirror of :func:`engine.euchre.bidding.legal_bids`: the mask of the bids open to ``actor``.

    In the first round (``round_`` 0) a pass or ordering the up-card up, alone
    or not; in the later ones a pass or naming a suit other than the
    up-card's; under stick-the-dealer the dealer may not pass in the last
    round [euchre.bid.first-round, euchre.bid.second-round, euchre.ruling.up-card,
    euchre.ruling.all-pass].

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> stick = spec_params(stick_the_dealer=True)
    >>> second, three = z3.BitVecVal(1, 8), z3.BitVecVal(3, 8)
    >>> mask = z3.simplify(bid_options(second, three, three, SPADES, stick))  # the stuck dealer
    >>> [BIDS[k].text for k in range(BID_BITS) if mask.as_long() >> k & 1][:3]
    ['name C', 'name C alone', 'name D']
    """
    first = _mask(sum(1 << k for k in (PASS_BID, order_bid(False), order_bid(True))))
    names = [
        _mask(sum(1 << name_bid(s, a) for s in range(4) if s != up for a in (False, True)))
        for up in range(4)
    ]
    named = pick(names, up_suit)
    last = round_ == p["bid_rounds"] - 1
    stuck = z3.And(
        z3.BoolVal(bool(p["stick_the_dealer"] and p["stuck_dealer_names"])), last, actor == dealer
    )
    later = z3.If(stuck, named, named | _mask(1 << PASS_BID))
    return z3.If(round_ == 0, first, later)


class BidState(NamedTuple):
    """Where the bidding of a hand stands: its round, who bids, and how it ended."""

    round: z3.BitVecRef
    actor: z3.BitVecRef
    made: z3.BoolRef
    """Trump was made: the bidding is over."""
    thrown: z3.BoolRef
    """Everybody passed in every round: the hand is thrown in, the bidding is over."""
    maker: z3.BitVecRef
    """The seat that made trump (meaningful once ``made``)."""
    trump: z3.BitVecRef
    alone: z3.BoolRef

    @property
    def over(self) -> z3.BoolRef:
        """The bidding has ended: trump made or the hand thrown in."""
        return z3.Or(self.made, self.thrown)


def bid_start(dealer: z3.BitVecRef, p: Params) -> BidState:
    """The bidding as the deal leaves it: the first round, the dealer's left to bid.

    Mirror of :func:`engine.euchre.deal.apply_shuffle` [euchre.bid.first-round].
    """
    zero = z3.BitVecVal(0, _BITS)
    return BidState(
        zero, _seat(dealer + 1, p), z3.BoolVal(False), z3.BoolVal(False), zero,
        z3.BitVecVal(0, 2), z3.BoolVal(False),
    )  # fmt: skip


def bid_step(
    state: BidState, bid: z3.BitVecRef, dealer: z3.BitVecRef, up_suit: z3.BitVecRef, p: Params
) -> tuple[z3.BoolRef, BidState]:
    """Mirror of :func:`engine.euchre.bidding.apply_bid`: whether ``bid`` is legal, and after it.

    ``bid`` is an index into :data:`BIDS`.  A pass hands the bid on
    clockwise; the dealer's pass starts the next round, or after the last
    round throws the hand in [euchre.ruling.all-pass]; any other bid makes
    trump (the up-card's suit when ordered up) and ends the bidding
    [euchre.bid.makers, euchre.bid.alone].  Once the bidding is over no bid
    is legal and nothing changes.
    """
    options = bid_options(state.round, state.actor, dealer, up_suit, p)
    offered = z3.Extract(0, 0, z3.LShR(options, z3.ZeroExt(BID_BITS - _BITS, bid))) == 1
    legal = z3.And(z3.Not(state.over), z3.ULT(bid, BID_BITS), offered)
    passes = bid == PASS_BID
    dealer_passes = z3.And(passes, state.actor == dealer)
    last = state.round == p["bid_rounds"] - 1
    thrown = z3.And(legal, dealer_passes, last)
    made = z3.And(legal, z3.Not(passes))
    index = bid - 3
    named = z3.Extract(1, 0, z3.LShR(index, 1))
    after = BidState(
        z3.If(z3.And(legal, dealer_passes, z3.Not(last)), state.round + 1, state.round),
        z3.If(
            z3.And(legal, passes, z3.Not(thrown)),
            z3.If(state.actor == dealer, _seat(dealer + 1, p), _seat(state.actor + 1, p)),
            state.actor,
        ),
        z3.Or(state.made, made),
        z3.Or(state.thrown, thrown),
        z3.If(made, state.actor, state.maker),
        z3.If(made, z3.If(z3.ULT(bid, 3), up_suit, named), state.trump),
        z3.If(made, z3.If(z3.ULT(bid, 3), bid == order_bid(True), z3.Extract(0, 0, index) == 1),
              state.alone),
    )  # fmt: skip
    return legal, after


def first_leader(
    dealer: z3.BitVecRef,
    maker: z3.BitVecRef,
    alone: z3.BoolRef,
    defender: z3.BitVecRef,
    defends: z3.BoolRef,
    p: Params,
) -> z3.BitVecRef:
    """Mirror of :func:`engine.euchre.bidding.first_leader` (as ``start_tricks`` calls it).

    The seat on the dealer's left leads, or the next clockwise that takes
    part: the lone maker's partner sits out, and under the variant
    lone-defender the lone ``defender``'s partner too [euchre.trick.first-lead,
    euchre.ruling.lone-lead].

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> seat = [z3.BitVecVal(s, 8) for s in range(4)]
    >>> lead = first_leader(seat[0], seat[3], z3.BoolVal(True), seat[0], z3.BoolVal(True),
    ...                     spec_params())  # seats 1 and 2 sit out
    >>> z3.simplify(lead)
    3
    """

    def sits_out(seat: z3.BitVecRef) -> z3.BoolRef:
        return z3.Or(
            z3.And(alone, seat == partner(maker, p)), z3.And(defends, seat == partner(defender, p))
        )

    left = [_seat(dealer + k, p) for k in range(1, p["players"])]
    if not p["lead_skips_out"]:
        return left[0]
    skips = len(left) - 1 if not p["lead_skips_once"] else 1
    leader = left[skips]
    for k in reversed(range(skips)):
        leader = z3.If(sits_out(left[k]), leader, left[k])
    return leader


def discard_options(hand: z3.BitVecRef, up: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """Mirror of :func:`engine.euchre.bidding.discard_mask`: what the dealer may lay down.

    ``hand`` is the dealer's hand with the up-card taken, ``up`` the up-card's
    mask: any of the six, or under the variant keep-up-card any but the
    up-card [euchre.bid.pick-up, euchre.ruling.discard-up-card].

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> six, up = z3.BitVecVal(0b111111, 52), z3.BitVecVal(0b100000, 52)
    >>> z3.simplify(discard_options(six, up, spec_params(keep_up_card=True)))
    31
    """
    return hand & ~up if p["keep_up_card"] else hand


def takes_up_card(
    ordered: z3.BoolRef, maker: z3.BitVecRef, alone: z3.BoolRef, dealer: z3.BitVecRef, p: Params
) -> z3.BoolRef:
    """Whether the dealer takes the up-card: a mirror of ``apply_bid``'s pick-up.

    When the up-card is ordered up the dealer takes it and discards, unless the
    dealer sits out (the partner went alone) [euchre.bid.pick-up,
    euchre.ruling.dealer-sits-out]; under sitting-dealer-discards even then.

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> seat = [z3.BitVecVal(s, 8) for s in range(4)]
    >>> [z3.simplify(takes_up_card(z3.BoolVal(True), seat[1], z3.BoolVal(True), seat[3],
    ...                            spec_params(sitting_dealer_discards=flag))) for flag in (0, 1)]
    [False, True]
    """
    sits_out = z3.And(alone, partner(maker, p) == dealer)
    return z3.And(ordered, z3.Or(z3.Not(sits_out), z3.BoolVal(bool(p["sitting_dealer_discards"]))))
