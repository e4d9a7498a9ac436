"""What one Divide player may know [divide.info.hidden].

A player sees their own cards and choices, the offers they received once
they pick them up, the cards returned to them once the Great Divide is
complete, the offering turned up, every card played, the tokens and the
scores.  Nothing else: not the other hands, offerings, secured cards or
offers between others, nor the undealt cards.
"""

from __future__ import annotations

from cardlaw.engine.base import mover, shown
from cardlaw.engine.divide.exchange import returned_cards
from cardlaw.spec.cards import ALL_CARDS, CardSet
from cardlaw.spec.divide.state import DivideObservation, DivideState, Mover, Stage
from cardlaw.spec.domain import SeatId
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.trace import enforces

__all__ = ["exchange_complete", "observe", "to_move"]


def to_move(state: DivideState) -> Mover:
    """The seat to act, ``"chance"``, or ``None`` at the end (:func:`~engine.base.mover`)."""
    return mover(state, Stage.OVER)


def exchange_complete(state: DivideState) -> bool:
    """Whether the round on the table has finished its Great Divide."""
    return state.stage in (Stage.REVEAL, Stage.TRICKS, Stage.OVER) or (
        state.stage == Stage.DEAL and state.round > 0
    )


@enforces("divide.info.hidden", "divide.divide.secrecy", "divide.trump.offerings-aside")
def observe(state: DivideState, seat: SeatId) -> DivideObservation:
    """Exactly what ``seat`` may know about ``state``."""
    n = state.players
    if type(seat) is not int or not 0 <= seat < n:
        raise MalformedInput(f"there is no seat {shown(seat)} in a {n}-player game")
    done = exchange_complete(state)
    choosing = state.stage == Stage.CHOOSE and state.actor == seat
    kept_left, kept_right = state.kept_left[seat], state.kept_right[seat]
    see_left = done or kept_left != 0 or choosing
    see_right = done or kept_right != 0 or (choosing and kept_left != 0)
    offering = state.offerings[seat]
    return DivideObservation(
        seat=seat,
        players=n,
        round=state.round,
        stage=state.stage,
        dealer=state.dealer,
        to_move=to_move(state),
        hand=CardSet(state.hands[seat]),
        offering=ALL_CARDS[offering] if offering >= 0 else None,
        secured=CardSet(state.secured[seat]),
        offer_left=CardSet(state.offers_left[seat]),
        offer_right=CardSet(state.offers_right[seat]),
        received_left=CardSet(state.offers_right[(seat + 1) % n]) if see_left else None,
        received_right=CardSet(state.offers_left[(seat - 1) % n]) if see_right else None,
        kept_left=CardSet(kept_left),
        kept_right=CardSet(kept_right),
        returned=CardSet(returned_cards(state, seat)) if done else CardSet(),
        hand_sizes=tuple(hand.bit_count() for hand in state.hands),
        trump=ALL_CARDS[state.trump] if state.trump >= 0 else None,
        leader=state.leader,
        trick=tuple(ALL_CARDS[c] for c in state.trick),
        tricks=tuple(
            (leader, tuple(ALL_CARDS[c] for c in cards)) for leader, cards in state.tricks
        ),
        suit_tokens=state.suit_tokens,
        bonus=state.bonus,
        taken=state.taken,
        bonus_taken=state.bonus_taken,
        scores=state.scores,
    )
