"""Making trump: the two rounds of bidding, going alone, the dealer's discard, a lone defender.

The first round offers the up-card's suit: pass, ``order`` or ``order
alone``.  If all four pass, the second round offers the three other suits:
pass, ``name X`` or ``name X alone`` (a stuck dealer may not pass under the
variant stick-the-dealer).  Ordering up sends the up-card to the dealer,
who discards one card, unless the dealer sits out.  Under the variant
lone-defender the defenders are then asked, in turn, whether to go alone
(``defend alone`` or ``pass``).

>>> from cardlaw.engine.euchre.deal import (
...     FIRST_DEALERS, SHUFFLES, apply_first_dealer, apply_shuffle)
>>> from cardlaw.spec.euchre import EuchreConfig, initial_state
>>> state = apply_first_dealer(initial_state(EuchreConfig()), FIRST_DEALERS.outcome(0))
>>> state = apply_shuffle(state, SHUFFLES.outcome(0))
>>> [a.text for a in legal_bids(state)]
['order', 'order alone', 'pass']
>>> state = apply_bid(state, ORDER_UP[False])
>>> state.stage.name, state.actor, state.maker, len(legal_discards(state))
('DISCARD', 0, 1, 6)
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.euchre import fields as F
from cardlaw.engine.euchre.fields import (
    ACTOR,
    ALONE,
    DEFENDER,
    DISCARD,
    HANDS,
    LEADER,
    MAKER,
    RESULTS,
    STAGE,
    TRUMP,
)
from cardlaw.engine.euchre.masks import actions_of, split_table
from cardlaw.spec.cards import CARD_BITS, Card, CardSet, Suit
from cardlaw.spec.domain import CardMask, SeatId
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.euchre.actions import (
    DEFEND_ALONE,
    DISCARDS,
    NAMES,
    ORDER_UP,
    PASS,
    DefendAlone,
    Discard,
    NameTrump,
    OrderUp,
    Pass,
)
from cardlaw.spec.euchre.constants import PARTNER, PLAYERS
from cardlaw.spec.euchre.state import EuchreState, Stage
from cardlaw.spec.trace import enforces

__all__ = [
    "DEFENCE",
    "ROUND_ONE",
    "apply_bid",
    "apply_defence",
    "apply_discard",
    "bid_history",
    "discard_mask",
    "first_defender",
    "first_leader",
    "legal_bids",
    "legal_defence",
    "legal_discards",
    "start_tricks",
]

ROUND_ONE: Final[tuple[Pass | OrderUp, ...]] = (ORDER_UP[False], ORDER_UP[True], PASS)
"""The first round's choices, the same for every player [euchre.bid.first-round]."""

DEFENCE: Final[tuple[DefendAlone | Pass, ...]] = (DEFEND_ALONE, PASS)
"""A defender's choices under the variant lone-defender [euchre.ruling.defender-alone]."""


def _round_two(up_suit: int, stuck: bool) -> tuple[Pass | NameTrump, ...]:
    names = tuple(NAMES[suit][alone] for suit in Suit if suit != up_suit for alone in (0, 1))
    return names if stuck else (*names, PASS)


_ROUND_TWO: Final = tuple((_round_two(s, False), _round_two(s, True)) for s in range(4))
"""``_ROUND_TWO[up_suit][stuck]``: the second round's choices [euchre.bid.second-round]."""


_DISCARD_TABLE: Final = split_table(DISCARDS)


@enforces("euchre.bid.first-round", "euchre.bid.second-round", "euchre.ruling.all-pass")
def legal_bids(state: EuchreState) -> tuple[Pass | OrderUp | NameTrump, ...]:
    """The bids open to the actor in either round of bidding.

    >>> from cardlaw.engine.euchre.deal import (
    ...     FIRST_DEALERS, SHUFFLES, apply_first_dealer, apply_shuffle)
    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> table = apply_first_dealer(initial_state(EuchreConfig()), FIRST_DEALERS.outcome(0))
    >>> state = apply_shuffle(table, SHUFFLES.outcome(0))  # seat 0 deals, 9♣ ... A♣ up
    >>> [a.text for a in legal_bids(state)]
    ['order', 'order alone', 'pass']
    >>> for _ in range(4):
    ...     state = apply_bid(state, PASS)
    >>> [a.text for a in legal_bids(state)][::2]
    ['name D', 'name H', 'name S', 'pass']
    """
    if state.stage == Stage.ORDER_UP:
        return ROUND_ONE
    stuck = state.config.stick_the_dealer and state.actor == state.dealer
    return _ROUND_TWO[state.upcard & 3][stuck]


def _among(action: object, legal: tuple[object, ...]) -> bool:
    """Whether ``action`` is one of ``legal``: by identity first (shared actions), then equality."""
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal


@enforces("euchre.trick.first-lead", "euchre.ruling.lone-lead")
def first_leader(dealer: SeatId, out: SeatId, also: SeatId = -1) -> SeatId:
    """Who leads the first trick: the first seat from the dealer's left that takes part.

    ``out`` is the lone maker's partner and ``also`` the lone defender's (-1: none).

    >>> first_leader(3, -1), first_leader(3, 0), first_leader(3, 0, 1)
    (0, 1, 2)
    """
    leader = (dealer + 1) % PLAYERS
    while leader in (out, also):
        leader = (leader + 1) % PLAYERS
    return leader


@enforces("euchre.ruling.defender-alone")
def first_defender(dealer: SeatId, maker: SeatId) -> SeatId:
    """The defender asked first whether to go alone: the first from the dealer's left.

    >>> first_defender(3, 1), first_defender(3, 0)
    (0, 1)
    """
    seat = (dealer + 1) % PLAYERS
    return (seat + 1) % PLAYERS if seat in (maker, PARTNER[maker]) else seat


def _trump_made(fields: list[object], state: EuchreState, maker: int, alone: bool) -> EuchreState:
    """Trump is made and any exchange done: the defenders are asked, or the tricks begin."""
    dealer = state.dealer
    if state.config.lone_defender:
        fields[STAGE] = Stage.DEFEND
        fields[ACTOR] = first_defender(dealer, maker)
        return F.new_state(fields)
    return start_tricks(fields, dealer, maker, alone)


def start_tricks(
    fields: list[object], dealer: int, maker: int, alone: bool, defender: int = -1
) -> EuchreState:
    """The state entering the tricks, from a field list with trump and maker set.

    >>> from cardlaw.engine.euchre.deal import (
    ...     FIRST_DEALERS, SHUFFLES, apply_first_dealer, apply_shuffle)
    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> table = apply_first_dealer(initial_state(EuchreConfig()), FIRST_DEALERS.outcome(0))
    >>> state = apply_shuffle(table, SHUFFLES.outcome(0))  # seat 0 deals, 9♣ ... A♣ up
    >>> start_tricks(list(state), 0, 3, True).leader  # seat 3 alone: seat 1 sits out
    2
    """
    also = PARTNER[defender] if defender >= 0 else -1
    leader = first_leader(dealer, PARTNER[maker] if alone else -1, also)
    fields[STAGE] = Stage.TRICKS
    fields[ACTOR] = fields[LEADER] = leader
    return F.new_state(fields)


def _explain_bid(state: EuchreState, action: object) -> IllegalAction:
    p = state.actor
    if state.stage == Stage.ORDER_UP:
        return IllegalAction(
            f"seat {p} may only pass or order up the up-card in the first round, "
            f"not {getattr(action, 'text', action)!r}",
            clause="euchre.bid.first-round",
        )
    up = Card(state.upcard)
    if isinstance(action, Pass):
        return IllegalAction(
            f"the dealer, seat {p}, is stuck and must name a suit",
            clause="euchre.ruling.all-pass",
        )
    if isinstance(action, NameTrump) and action.suit == up.suit:
        return IllegalAction(
            f"{up.suit.name.title()} was turned down with {up.pretty} and may not be named",
            clause="euchre.ruling.up-card",
        )
    return IllegalAction(
        f"seat {p} may only pass or name a suit other than {up.suit.name.title()} in the "
        f"second round, not {getattr(action, 'text', action)!r}",
        clause="euchre.bid.second-round",
    )


@enforces(
    "euchre.bid.first-round",
    "euchre.bid.second-round",
    "euchre.bid.pick-up",
    "euchre.bid.makers",
    "euchre.bid.alone",
    "euchre.ruling.alone-timing",
    "euchre.ruling.defender-alone",
    "euchre.ruling.dealer-sits-out",
    "euchre.ruling.all-pass",
    "euchre.ruling.up-card",
    "euchre.ruling.thrown-in-hand",
    "euchre.setup.seating",
    "euchre.setup.partners",
)
def apply_bid(state: EuchreState, action: Pass | OrderUp | NameTrump) -> EuchreState:
    """Pass, order up or name trump; after the last pass of the second round, throw in.

    Only the bid that makes trump can go alone; under the variant
    lone-defender a defender may after it (:func:`apply_defence`)
    [euchre.ruling.defender-alone].

    >>> from cardlaw.engine.euchre.deal import (
    ...     FIRST_DEALERS, SHUFFLES, apply_first_dealer, apply_shuffle)
    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> table = apply_first_dealer(initial_state(EuchreConfig()), FIRST_DEALERS.outcome(0))
    >>> state = apply_shuffle(table, SHUFFLES.outcome(0))  # seat 0 deals, 9♣ ... A♣ up
    >>> apply_bid(state, ORDER_UP[False]).stage.name  # seat 1 orders up: the dealer discards
    'DISCARD'
    >>> after = apply_bid(apply_bid(state, PASS), ORDER_UP[True])  # the dealer's partner alone
    >>> after.stage.name, after.maker, after.alone, after.actor  # the dealer sits out
    ('TRICKS', 2, True, 1)
    >>> apply_bid(state, NAMES[2][False])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.IllegalAction: seat 1 may only pass or order up the up-card in the first \
round...
    """
    if not _among(action, legal_bids(state)):
        raise _explain_bid(state, action)
    p, dealer = state.actor, state.dealer
    fields = list(state)
    if type(action) is Pass:
        if p != dealer:
            fields[ACTOR] = (p + 1) % PLAYERS
        elif state.stage == Stage.ORDER_UP:
            fields[STAGE] = Stage.NAME_TRUMP  # the up-card is turned down
            fields[ACTOR] = (dealer + 1) % PLAYERS
        else:  # everybody passed twice: the hand is thrown in
            fields[STAGE] = Stage.DEAL
            fields[ACTOR] = -1
            fields[RESULTS] = (*state.results, (-1, 0))
        return F.new_state(fields)
    alone = bool(action.alone)
    fields[MAKER] = p
    fields[ALONE] = alone
    if type(action) is NameTrump:
        fields[TRUMP] = int(action.suit)
        return _trump_made(fields, state, p, alone)
    fields[TRUMP] = state.upcard & 3
    sits_out = alone and PARTNER[p] == dealer
    if sits_out and not state.config.sitting_dealer_discards:  # the dealer takes nothing
        return _trump_made(fields, state, p, alone)
    hands = list(state.hands)
    hands[dealer] |= CARD_BITS[state.upcard]
    fields[HANDS] = tuple(hands)
    fields[STAGE] = Stage.DISCARD
    fields[ACTOR] = dealer
    return F.new_state(fields)


def discard_mask(state: EuchreState) -> CardMask:
    """The cards the dealer may lay down: any of the six, the up-card included.

    Under the variant keep-up-card, any of the other five
    [euchre.ruling.discard-up-card].

    >>> from cardlaw.engine.euchre.deal import (
    ...     FIRST_DEALERS, SHUFFLES, apply_first_dealer, apply_shuffle)
    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> table = apply_first_dealer(initial_state(EuchreConfig()), FIRST_DEALERS.outcome(0))
    >>> state = apply_shuffle(table, SHUFFLES.outcome(0))  # seat 0 deals, 9♣ ... A♣ up
    >>> CardSet(discard_mask(apply_bid(state, ORDER_UP[False])))
    CardSet('KS JS KH JH JD AC')
    """
    hand = state.hands[state.dealer]
    return hand & ~CARD_BITS[state.upcard] if state.config.keep_up_card else hand


# Tagged by a call, not a decorator, so that compiled code calls it directly (engine.compiled).
enforces("euchre.bid.pick-up", "euchre.ruling.discard-up-card")(discard_mask)


@enforces("euchre.bid.pick-up", "euchre.ruling.discard-up-card")
def legal_discards(state: EuchreState) -> tuple[Discard, ...]:
    """The dealer's discards as shared actions, lowest card first (:func:`discard_mask`).

    >>> from cardlaw.engine.euchre.deal import (
    ...     FIRST_DEALERS, SHUFFLES, apply_first_dealer, apply_shuffle)
    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> table = apply_first_dealer(initial_state(EuchreConfig()), FIRST_DEALERS.outcome(0))
    >>> state = apply_shuffle(table, SHUFFLES.outcome(0))  # seat 0 deals, 9♣ ... A♣ up
    >>> [a.text for a in legal_discards(apply_bid(state, ORDER_UP[False]))][:2]
    ['discard JD', 'discard JH']
    """
    return actions_of(discard_mask(state), _DISCARD_TABLE)


@enforces("euchre.bid.pick-up", "euchre.ruling.discard-up-card")
def apply_discard(state: EuchreState, action: Discard) -> EuchreState:
    """Lay one card down out of play; the tricks begin.

    >>> from cardlaw.engine.euchre.deal import (
    ...     FIRST_DEALERS, SHUFFLES, apply_first_dealer, apply_shuffle)
    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> table = apply_first_dealer(initial_state(EuchreConfig()), FIRST_DEALERS.outcome(0))
    >>> state = apply_shuffle(table, SHUFFLES.outcome(0))  # seat 0 deals, 9♣ ... A♣ up
    >>> after = apply_discard(apply_bid(state, ORDER_UP[False]), DISCARDS[Card("JD")])
    >>> after.stage.name, Card(after.discard), after.leader
    ('TRICKS', Card('JD'), 1)
    """
    dealer = state.dealer
    hand = state.hands[dealer]
    card = action.card
    if not discard_mask(state) >> card & 1:
        if card == state.upcard and hand >> card & 1:
            raise IllegalAction(
                f"the dealer may not lay down the up-card {Card(card).pretty} just taken",
                clause="euchre.ruling.discard-up-card",
            )
        raise IllegalAction(
            f"the dealer must discard one of {CardSet(hand).pretty}, not {Card(card).pretty}",
            clause="euchre.bid.pick-up",
        )
    hands = list(state.hands)
    hands[dealer] = hand & ~CARD_BITS[card]
    fields = list(state)
    fields[HANDS] = tuple(hands)
    fields[DISCARD] = card
    return _trump_made(fields, state, state.maker, state.alone)


@enforces("euchre.ruling.defender-alone")
def legal_defence(state: EuchreState) -> tuple[DefendAlone | Pass, ...]:
    """A defender's choices under the variant lone-defender: go alone or pass."""
    return DEFENCE


@enforces("euchre.ruling.defender-alone", "euchre.ruling.lone-lead", "euchre.trick.first-lead")
def apply_defence(state: EuchreState, action: DefendAlone | Pass) -> EuchreState:
    """A defender goes alone (the partner sits out) or passes the question on.

    The first asked who passes hands the question to the partner; the second
    who passes starts the tricks.  Going alone ends the asking.

    >>> from cardlaw.engine.euchre.deal import (
    ...     FIRST_DEALERS, SHUFFLES, apply_first_dealer, apply_shuffle)
    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> config = EuchreConfig(lone_defender=True)
    >>> table = apply_first_dealer(initial_state(config), FIRST_DEALERS.outcome(0))
    >>> state = apply_bid(apply_shuffle(table, SHUFFLES.outcome(0)), PASS)
    >>> state = apply_bid(state, ORDER_UP[True])  # seat 2 alone: the dealer, seat 0, sits out
    >>> state.stage.name, state.actor  # seat 1, the dealer's left, is asked first
    ('DEFEND', 1)
    >>> after = apply_defence(state, DEFEND_ALONE)  # seat 3 sits out too
    >>> after.stage.name, after.defender, after.leader
    ('TRICKS', 1, 1)
    >>> apply_defence(apply_defence(state, PASS), PASS).leader
    1
    """
    if not _among(action, DEFENCE):
        raise IllegalAction(
            f"seat {state.actor} may only defend alone or pass, not "
            f"{getattr(action, 'text', action)!r}",
            clause="euchre.ruling.defender-alone",
        )
    p, dealer, maker = state.actor, state.dealer, state.maker
    fields = list(state)
    if type(action) is DefendAlone:
        fields[DEFENDER] = p
        return start_tricks(fields, dealer, maker, state.alone, p)
    if p == first_defender(dealer, maker):
        fields[ACTOR] = PARTNER[p]
        return F.new_state(fields)
    return start_tricks(fields, dealer, maker, state.alone)


def bid_history(state: EuchreState) -> tuple[tuple[int, str], ...]:
    """The bids of the hand on the table, in order, as (seat, record notation).

    Read off the state: every bid before the one that made trump (or before
    the actor's turn) was a pass.

    >>> from cardlaw.engine.euchre.deal import (
    ...     FIRST_DEALERS, SHUFFLES, apply_first_dealer, apply_shuffle)
    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> table = apply_first_dealer(initial_state(EuchreConfig()), FIRST_DEALERS.outcome(0))
    >>> state = apply_shuffle(table, SHUFFLES.outcome(0))  # seat 0 deals, 9♣ ... A♣ up
    >>> bid_history(apply_bid(apply_bid(state, PASS), ORDER_UP[True]))
    ((1, 'pass'), (2, 'order alone'))
    """
    if state.upcard < 0:
        return ()
    dealer = state.dealer
    first = (dealer + 1) % PLAYERS
    if state.stage in (Stage.ORDER_UP, Stage.NAME_TRUMP):
        passes = (state.actor - first) % PLAYERS + PLAYERS * (state.stage == Stage.NAME_TRUMP)
        final = None
    elif state.maker < 0:  # thrown in
        passes, final = 2 * PLAYERS, None
    else:
        second_round = state.trump != state.upcard & 3
        passes = (state.maker - first) % PLAYERS + PLAYERS * second_round
        alone = " alone" if state.alone else ""
        final = f"name {Suit(state.trump).letter}{alone}" if second_round else f"order{alone}"
    bids = [((first + i) % PLAYERS, "pass") for i in range(passes)]
    if final is not None:
        bids.append((state.maker, final))
    return tuple(bids)
