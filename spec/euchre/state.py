"""Euchre's state, observation and result types.

A :class:`EuchreState` is an immutable ``NamedTuple`` of ints and tuples of
ints: card sets are ``int`` masks (see :mod:`spec.cards`), a missing card,
seat or suit is ``-1``.  Nothing in it can be changed in place (see
:mod:`spec.states`):

>>> from cardlaw.spec.euchre.config import EuchreConfig
>>> state = initial_state(EuchreConfig())
>>> state.stage, state.hands, state.scores
(<Stage.FIRST_DEALER: 0>, (0, 0, 0, 0), (0, 0))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final, NamedTuple

from cardlaw.spec.cards import JOKER_INDEX, Card, CardSet, Suit
from cardlaw.spec.domain import CardId, CardMask, SeatId
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import PARTNER
from cardlaw.spec.forms import (
    COUNT,
    FLAG,
    PER_SEAT,
    SEAT,
    SEAT_OR_NONE,
    CardIndex,
    Each,
    Mask,
    Number,
    Pair,
    StateForm,
)
from cardlaw.spec.states import Mover

__all__ = [
    "FORM",
    "EuchreObservation",
    "EuchreResult",
    "EuchreState",
    "Mover",
    "Stage",
    "initial_state",
    "seats_out",
    "sitting_out",
    "up_card_taken",
]


class Stage(IntEnum):
    """Where in the game a state is [euchre.hand.phases]."""

    FIRST_DEALER = 0
    """Chance picks the first dealer."""
    DEAL = 1
    """Chance shuffles; the deal follows."""
    ORDER_UP = 2
    """First round of bidding: pass or order up the up-card."""
    NAME_TRUMP = 3
    """Second round of bidding: pass or name another suit."""
    DISCARD = 4
    """The dealer, holding the up-card, lays one card down."""
    DEFEND = 5
    """A defender may go alone (variant lone-defender) [euchre.ruling.defender-alone]."""
    TRICKS = 6
    """The five tricks."""
    OVER = 7
    """The game is over."""


class EuchreState(NamedTuple):
    """A complete Euchre position, hidden cards included.

    Card sets are masks.  Seat ``p``'s left neighbour is ``(p + 1) % 4`` and
    its partner ``(p + 2) % 4``.  A finished hand stays on the table (its
    tricks, bid and cards) until the next shuffle clears it.
    """

    config: EuchreConfig
    stage: Stage
    deal: int
    """Hands dealt so far: the number of the hand on the table, from 1 (0 before the
    first deal).  Thrown-in hands count [euchre.ruling.thrown-in-hand]."""
    dealer: SeatId
    """The dealer's seat, -1 before the first dealer is chosen."""
    actor: SeatId
    """The seat to act, -1 when chance acts or the game is over."""
    hands: tuple[CardMask, ...]
    """Each seat's cards."""
    kitty: CardMask
    """The three undealt cards lying face down under the up-card."""
    upcard: CardId
    """The up-card (turned face up by the deal), -1 before the first deal."""
    maker: SeatId
    """The seat that made trump, -1 while bidding or after a throw-in."""
    trump: int
    """The trump suit, -1 while bidding or after a throw-in."""
    alone: bool
    """Whether the maker went alone."""
    discard: CardId
    """The card the dealer laid down after taking the up-card, -1 if none."""
    leader: SeatId
    """Who led (or leads) the current trick, -1 outside the tricks."""
    trick: tuple[CardId, ...]
    """Cards played to the current trick, in play order from the leader."""
    tricks: tuple[tuple[SeatId, tuple[CardId, ...]], ...]
    """This hand's finished tricks as (leader, cards in play order)."""
    won: tuple[int, int]
    """Tricks each team has taken this hand."""
    scores: tuple[int, int]
    """Each team's game score."""
    results: tuple[tuple[int, int], ...]
    """Every finished hand as (team that scored, points); (-1, 0) for a thrown-in hand."""
    defender: SeatId = -1
    """The seat defending alone (variant lone-defender), -1 if none
    [euchre.ruling.defender-alone]."""

    @property
    def players(self) -> int:
        """Number of players (always 4)."""
        return self.config.players


_CARD: Final = CardIndex(JOKER_INDEX)

FORM: Final = StateForm(
    EuchreState,
    config=EuchreConfig,
    stage=Stage,
    deal=COUNT,
    dealer=SEAT_OR_NONE,
    actor=SEAT_OR_NONE,
    hands=Each(Mask(JOKER_INDEX), PER_SEAT),
    kitty=Mask(JOKER_INDEX),
    upcard=CardIndex(JOKER_INDEX, optional=True),
    maker=SEAT_OR_NONE,
    trump=Number(-1, 3),
    alone=FLAG,
    discard=CardIndex(JOKER_INDEX, optional=True),
    leader=SEAT_OR_NONE,
    trick=Each(_CARD, most=PER_SEAT),
    tricks=Each(Pair(SEAT, Each(_CARD, most=PER_SEAT))),
    won=Each(COUNT, 2),
    scores=Each(COUNT, 2),
    results=Each(Pair(Number(-1, 1), COUNT)),
    defender=SEAT_OR_NONE,
)
"""What each field of a :class:`EuchreState` holds (:mod:`spec.forms`)."""


def initial_state(config: EuchreConfig) -> EuchreState:
    """The state before anything happens: chance must choose the first dealer.

    >>> from cardlaw.spec.euchre.config import EuchreConfig
    >>> initial_state(EuchreConfig()).stage.name
    'FIRST_DEALER'
    """
    return EuchreState(
        config=config,
        stage=Stage.FIRST_DEALER,
        deal=0,
        dealer=-1,
        actor=-1,
        hands=(0, 0, 0, 0),
        kitty=0,
        upcard=-1,
        maker=-1,
        trump=-1,
        alone=False,
        discard=-1,
        leader=-1,
        trick=(),
        tricks=(),
        won=(0, 0),
        scores=(0, 0),
        results=(),
        defender=-1,
    )


def sitting_out(state: EuchreState) -> SeatId:
    """The seat sitting the hand out (the lone maker's partner), or -1 [euchre.bid.alone].

    >>> from cardlaw.spec.euchre.config import EuchreConfig
    >>> sitting_out(initial_state(EuchreConfig())._replace(maker=1, trump=0, alone=True))
    3
    """
    return PARTNER[state.maker] if state.alone and state.maker >= 0 else -1


def seats_out(state: EuchreState) -> tuple[SeatId, SeatId]:
    """The seats sitting out: the lone maker's partner, then the lone defender's, or -1 each.

    Under the variant lone-defender two seats may sit out, one of each team
    [euchre.bid.alone, euchre.ruling.defender-alone].

    >>> from cardlaw.spec.euchre.config import EuchreConfig
    >>> table = initial_state(EuchreConfig(lone_defender=True))._replace(maker=1, trump=0)
    >>> seats_out(table), seats_out(table._replace(alone=True, defender=2))
    ((-1, -1), (3, 0))
    """
    defender = state.defender
    return sitting_out(state), PARTNER[defender] if defender >= 0 else -1


def up_card_taken(state: EuchreState) -> bool:
    """Whether the dealer took the up-card into hand [euchre.bid.pick-up].

    It was ordered up exactly when trump is the up-card's suit (that suit
    cannot be named in the second round), and the dealer takes it unless
    sitting out [euchre.ruling.dealer-sits-out] (under the variant
    sitting-dealer-discards, even then).

    >>> from cardlaw.spec.cards import Card
    >>> from cardlaw.spec.euchre.config import EuchreConfig
    >>> table = initial_state(EuchreConfig())._replace(dealer=3, upcard=Card("10S"))
    >>> up_card_taken(table._replace(maker=0, trump=3))  # ordered up: Spades
    True
    >>> up_card_taken(table._replace(maker=0, trump=2))  # named in the second round
    False
    >>> up_card_taken(table._replace(maker=1, trump=3, alone=True))  # the dealer sits out
    False
    """
    return (
        state.maker >= 0
        and state.trump == state.upcard & 3
        and (sitting_out(state) != state.dealer or state.config.sitting_dealer_discards)
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class EuchreObservation:
    """What one seat may know [euchre.info.hidden].

    ``discard`` is shown to the dealer only; ``bids`` lists this hand's bids
    in order as (seat, record notation); ``hand_sizes`` are public.
    """

    seat: SeatId
    stage: Stage
    deal: int
    dealer: SeatId
    to_move: Mover
    hand: CardSet
    upcard: Card | None
    up_card_taken: bool
    discard: Card | None
    hand_sizes: tuple[int, ...]
    bids: tuple[tuple[SeatId, str], ...]
    maker: SeatId
    trump: Suit | None
    alone: bool
    sitting_out: SeatId
    defender: SeatId
    """The seat defending alone (variant lone-defender), -1 if none."""
    leader: SeatId
    trick: tuple[Card, ...]
    tricks: tuple[tuple[SeatId, tuple[Card, ...]], ...]
    won: tuple[int, int]
    scores: tuple[int, int]
    results: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class EuchreResult:
    """The end of a game: the final scores and the winning team [euchre.end.ten]."""

    scores: tuple[int, int]
    winner: int
    """The winning team (0: seats 0 and 2; 1: seats 1 and 3)."""
    winners: tuple[SeatId, ...]
    """The winning team's seats."""
