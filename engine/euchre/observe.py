"""What one Euchre player may know [euchre.info.hidden].

A player sees their own cards, the up-card (and whether the dealer took
it), every bid, every card played to a trick, the tricks won and the scores.
The dealer also sees the card they discarded.  Nobody sees the other hands
or the three cards under the up-card.
"""

from __future__ import annotations

from cardlaw.engine.base import mover, shown
from cardlaw.engine.euchre.bidding import bid_history
from cardlaw.spec.cards import ALL_CARDS, CardSet, Suit
from cardlaw.spec.domain import SeatId
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.euchre.constants import PLAYERS
from cardlaw.spec.euchre.state import EuchreObservation, EuchreState, Mover, Stage, sitting_out
from cardlaw.spec.euchre.state import up_card_taken as _up_card_taken
from cardlaw.spec.trace import enforces

__all__ = ["observe", "to_move"]


def to_move(state: EuchreState) -> Mover:
    """The seat to act, ``"chance"``, or ``None`` at the end (:func:`~engine.base.mover`)."""
    return mover(state, Stage.OVER)


@enforces("euchre.info.hidden", "euchre.deal.kitty-hidden", "euchre.ruling.up-card")
def observe(state: EuchreState, seat: SeatId) -> EuchreObservation:
    """Exactly what ``seat`` may know about ``state``.

    >>> from cardlaw.engine.euchre.deal import (
    ...     FIRST_DEALERS, SHUFFLES, apply_first_dealer, apply_shuffle)
    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> state = apply_first_dealer(initial_state(EuchreConfig()), FIRST_DEALERS.outcome(0))
    >>> view = observe(apply_shuffle(state, SHUFFLES.outcome(0)), 2)
    >>> str(view.hand), view.upcard, view.discard, view.hand_sizes
    ('QS 9S QH 10D 10C', Card('AC'), None, (5, 5, 5, 5))
    """
    if type(seat) is not int or not 0 <= seat < PLAYERS:
        raise MalformedInput(f"there is no seat {shown(seat)} in a {PLAYERS}-player game")
    discard = state.discard if seat == state.dealer else -1
    return EuchreObservation(
        seat=seat,
        stage=state.stage,
        deal=state.deal,
        dealer=state.dealer,
        to_move=to_move(state),
        hand=CardSet(state.hands[seat]),
        upcard=ALL_CARDS[state.upcard] if state.upcard >= 0 else None,
        up_card_taken=_up_card_taken(state),
        discard=ALL_CARDS[discard] if discard >= 0 else None,
        hand_sizes=tuple(hand.bit_count() for hand in state.hands),
        bids=bid_history(state),
        maker=state.maker,
        trump=Suit(state.trump) if state.trump >= 0 else None,
        alone=state.alone,
        sitting_out=sitting_out(state),
        defender=state.defender,
        leader=state.leader,
        trick=tuple(ALL_CARDS[c] for c in state.trick),
        tricks=tuple(
            (leader, tuple(ALL_CARDS[c] for c in cards)) for leader, cards in state.tricks
        ),
        won=state.won,
        scores=state.scores,
        results=state.results,
    )
