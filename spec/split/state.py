"""Split's state, observation and result types.

A :class:`SplitState` is an immutable ``NamedTuple`` of ints and tuples of
ints: card sets are ``int`` masks (bit ``n`` for card ``n``, see
:mod:`spec.split.cards`), the draw pile is a tuple with its top card first,
and a missing card or seat is ``-1``.

>>> from cardlaw.spec.split.config import SplitConfig
>>> state = initial_state(SplitConfig(players=3))
>>> state.stage, len(state.hands), state.direction
(<Stage.FIRST_DEALER: 0>, 3, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final, Literal, NamedTuple

from cardlaw.spec.domain import CardId, CardMask, SeatId
from cardlaw.spec.forms import (
    COUNT,
    PER_SEAT,
    SEAT_OR_NONE,
    CardIndex,
    Each,
    Mask,
    StateForm,
    one_of,
)
from cardlaw.spec.split.cards import NumberCard, NumberSet
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import AID_CARDS, DECK_SIZE, Mode
from cardlaw.spec.states import Mover

__all__ = [
    "CLOCKWISE",
    "COUNTERCLOCKWISE",
    "FORM",
    "End",
    "Mover",
    "Outcome",
    "Reason",
    "SplitObservation",
    "SplitResult",
    "SplitState",
    "Stage",
    "initial_state",
]

CLOCKWISE = 1
"""The direction of play at the start and after every reset [split.turn.order]."""

COUNTERCLOCKWISE = -1
"""The direction after an odd number of wild cards [split.wild.reverse]."""


class Stage(IntEnum):
    """Where in the game a state is."""

    FIRST_DEALER = 0
    """Chance picks the dealer."""
    DEAL = 1
    """Chance shuffles; the deal and the opening follow."""
    BURY = 2
    """The opener, short of standard cards, puts a card under the draw pile."""
    RESHUFFLE = 3
    """Chance shuffles the discard pile under the draw pile."""
    MOVE = 4
    """The player to move puts the middle card onto a pile (or resets)."""
    PLAY = 5
    """The player to move plays a card (or an aid, or resets)."""
    OVER = 6
    """The game is over."""


class End(IntEnum):
    """How a finished game ended (``NONE`` while it runs)."""

    NONE = 0
    WIN = 1
    """Competitive: a player emptied their hand [split.end.first-empty]."""
    GROUP_WIN = 2
    """Cooperative: every hand is empty [split.coop.win]."""
    GROUP_LOSS = 3
    """Cooperative: a reset was required [split.coop.lose-on-reset]."""
    TURN_LIMIT = 4
    """The turn limit was reached: a draw [split.ruling.turn-limit]."""
    BLOCKED = 5
    """No standard card could be found to open a pile: a draw
    [split.ruling.put-under-exhausted]."""


class SplitState(NamedTuple):
    """A complete Split position, hidden cards included.

    Seat ``p``'s left neighbour is ``(p + 1) % n``.  The table holds every card
    of both piles and the middle card; ``left`` and ``right`` are the numbers on
    top of the piles.
    """

    config: SplitConfig
    stage: Stage
    dealer: SeatId
    """The dealer's seat, -1 before it is chosen."""
    actor: SeatId
    """The seat to act, -1 when chance acts or the game is over."""
    opener: SeatId
    """The seat that opened (or is opening) the piles: the dealer, then each resetter."""
    direction: int
    """+1 clockwise, -1 counterclockwise."""
    hands: tuple[CardMask, ...]
    draw: tuple[CardId, ...]
    """The draw pile, top card first."""
    discard: CardMask
    table: CardMask
    """Every card on the table: both piles and the middle card."""
    left: CardId
    """The number on top of the left pile, -1 when there are no piles."""
    right: CardId
    """The number on top of the right pile, -1 when there are no piles."""
    middle: CardId
    """The card between the piles, -1 when there is none."""
    aside: CardMask
    """Cards beside the table (cooperative: the 0 and 100 until used)."""
    owed: int
    """Cards the resetting player still has to draw."""
    turn: int
    """Turns completed: a play, or a reset once the new piles are open."""
    end: End
    winner: SeatId
    """The competitive winner's seat, -1 otherwise."""
    buried: int = 0
    """Cards put under the draw pile in the opening going on (0 once it is made)
    [split.ruling.put-under-round]."""

    @property
    def players(self) -> int:
        """Number of players."""
        return self.config.players


_NUMBER: Final = CardIndex(DECK_SIZE, optional=True)
_SET: Final = Mask(DECK_SIZE)

FORM: Final = StateForm(
    SplitState,
    config=SplitConfig,
    stage=Stage,
    dealer=SEAT_OR_NONE,
    actor=SEAT_OR_NONE,
    opener=SEAT_OR_NONE,
    direction=one_of(1, -1),
    hands=Each(_SET, PER_SEAT),
    draw=Each(CardIndex(DECK_SIZE), most=DECK_SIZE),
    discard=_SET,
    table=_SET,
    left=_NUMBER,
    right=_NUMBER,
    middle=_NUMBER,
    aside=_SET,
    owed=COUNT,
    turn=COUNT,
    end=End,
    winner=SEAT_OR_NONE,
    buried=COUNT,
)
"""What each field of a :class:`SplitState` holds (:mod:`spec.forms`)."""


def initial_state(config: SplitConfig) -> SplitState:
    """The state before anything happens: chance must choose the dealer."""
    n = config.players
    aside = 0
    if config.cooperative:
        for aid in AID_CARDS:
            aside |= 1 << aid
    return SplitState(
        config=config,
        stage=Stage.FIRST_DEALER,
        dealer=-1,
        actor=-1,
        opener=-1,
        direction=CLOCKWISE,
        hands=(0,) * n,
        draw=(),
        discard=0,
        table=0,
        left=-1,
        right=-1,
        middle=-1,
        aside=aside,
        owed=0,
        turn=0,
        end=End.NONE,
        winner=-1,
        buried=0,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class SplitObservation:
    """What one seat may know [split.info.hidden].

    Everything on the table is face up, and so is the discard pile; the draw
    pile and the other hands are face down (only their sizes are known).
    """

    seat: SeatId
    players: int
    mode: Mode
    stage: Stage
    dealer: SeatId
    opener: SeatId
    to_move: Mover
    direction: int
    turn: int
    hand: NumberSet
    hand_sizes: tuple[int, ...]
    left: NumberCard | None
    right: NumberCard | None
    middle: NumberCard | None
    table: NumberSet
    discard: NumberSet
    draw_size: int
    aids: NumberSet
    """The aids still beside the table that may be used."""
    aside: NumberSet
    owed: int
    buried: int = 0
    """Cards the opener has put under the draw pile in this opening (everyone sees them go)."""


Outcome = Literal["win", "draw", "loss"]
Reason = Literal["emptied-hand", "all-hands-empty", "reset", "turn-limit", "blocked"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SplitResult:
    """The end of a game.

    ``outcome`` is ``"win"`` (a competitive winner, or the whole cooperative
    table), ``"draw"`` (the turn limit or a blocked opening) or ``"loss"`` (a
    cooperative reset); ``winners`` lists the winning seats.
    """

    mode: Mode
    outcome: Outcome
    winners: tuple[SeatId, ...]
    reason: Reason
    turns: int
