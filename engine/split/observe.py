"""What one Split player may know [split.info.hidden].

A player sees their own hand, everything on the table (both piles, the
middle card), the discard pile (face up), the aids beside the table, how
many cards each hand and the draw pile hold, and whose turn it is.  Nothing
else: never another player's hand, nor the cards or order of the draw pile.
This holds in cooperative play too, where players may talk but never name
numbers.
"""

from __future__ import annotations

from cardlaw.engine.base import mover, shown
from cardlaw.engine.split.turn import usable_aids
from cardlaw.spec.domain import SeatId
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.split.cards import ALL_NUMBERS, NumberSet
from cardlaw.spec.split.state import Mover, SplitObservation, SplitState, Stage
from cardlaw.spec.trace import enforces

__all__ = ["observe", "to_move"]


def to_move(state: SplitState) -> Mover:
    """The seat to act, ``"chance"``, or ``None`` at the end (:func:`~engine.base.mover`)."""
    return mover(state, Stage.OVER)


@enforces("split.info.hidden")
def observe(state: SplitState, seat: SeatId) -> SplitObservation:
    """Exactly what ``seat`` may know about ``state``.

    >>> from cardlaw.spec.split import SplitConfig, initial_state
    >>> view = observe(initial_state(SplitConfig(mode="cooperative", players=3)), 1)
    >>> view.hand, view.aids, view.draw_size
    (NumberSet(''), NumberSet('0 100'), 0)
    """
    n = state.players
    if type(seat) is not int or not 0 <= seat < n:
        raise MalformedInput(f"there is no seat {shown(seat)} in a {n}-player game")
    return SplitObservation(
        seat=seat,
        players=n,
        mode=state.config.mode,
        stage=state.stage,
        dealer=state.dealer,
        opener=state.opener,
        to_move=to_move(state),
        direction=state.direction,
        turn=state.turn,
        hand=NumberSet(state.hands[seat]),
        hand_sizes=tuple(hand.bit_count() for hand in state.hands),
        left=ALL_NUMBERS[state.left] if state.left >= 0 else None,
        right=ALL_NUMBERS[state.right] if state.right >= 0 else None,
        middle=ALL_NUMBERS[state.middle] if state.middle >= 0 else None,
        table=NumberSet(state.table),
        discard=NumberSet(state.discard),
        draw_size=len(state.draw),
        aids=NumberSet(usable_aids(state)),
        aside=NumberSet(state.aside),
        owed=state.owed,
        buried=state.buried,
    )
