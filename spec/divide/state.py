"""Divide's state, observation and result types.

A :class:`DivideState` is an immutable ``NamedTuple`` of ints and tuples of
ints: card sets are ``int`` masks (see :mod:`spec.cards`), a missing card or
seat is ``-1`` (:mod:`spec.domain` names which int is which).  Nothing in it
can be changed in place (see :mod:`spec.states`):

>>> from cardlaw.spec.divide.config import DivideConfig
>>> state = initial_state(DivideConfig(players=5))
>>> state.stage, len(state.hands)
(<Stage.FIRST_DEALER: 0>, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final, Literal, NamedTuple

from cardlaw.spec.cards import JOKER_INDEX, Card, CardSet
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.domain import CardId, CardMask, SeatId
from cardlaw.spec.forms import (
    COUNT,
    PER_SEAT,
    SEAT,
    SEAT_OR_NONE,
    CardIndex,
    Each,
    Mask,
    Pair,
    StateForm,
)
from cardlaw.spec.states import Mover

__all__ = [
    "FORM",
    "DecidedBy",
    "DivideObservation",
    "DivideResult",
    "DivideState",
    "Mover",
    "Stage",
    "fresh_round",
    "initial_state",
]


class Stage(IntEnum):
    """Where in the game a state is [divide.round.phases]."""

    FIRST_DEALER = 0
    """Chance picks the first dealer."""
    DEAL = 1
    """Chance shuffles; the deal follows."""
    OFFERING = 2
    """Players make their Trump Offerings, one at a time."""
    SECURE = 3
    """Players secure two cards, one at a time."""
    SPLIT = 4
    """Players make their two offers, one at a time."""
    CHOOSE = 5
    """Players keep two cards of each offer received (two actions each)."""
    REVEAL = 6
    """Chance turns up one offering: the Trump Rank."""
    TRICKS = 7
    """The eight tricks."""
    OVER = 8
    """The game is over."""


class DivideState(NamedTuple):
    """A complete Divide position, hidden cards included.

    Card sets are masks.  Seat ``p``'s left neighbour is ``(p + 1) % n``.
    The fields of the Great Divide stay filled during the tricks, as the
    history the players remember, and are cleared by the next deal.
    """

    config: DivideConfig
    stage: Stage
    round: int
    """Round number, from 0."""
    dealer: SeatId
    """The dealer's seat, -1 before the first dealer is chosen."""
    actor: SeatId
    """The seat to act, -1 when chance acts or the game is over."""
    hands: tuple[CardMask, ...]
    """Each seat's hand (the cards it may still offer, secure, split or play)."""
    undealt: CardMask
    offerings: tuple[CardId, ...]
    """Each seat's Trump Offering card, -1 before it is made."""
    secured: tuple[CardMask, ...]
    offers_left: tuple[CardMask, ...]
    """The offer each seat made to its left neighbour."""
    offers_right: tuple[CardMask, ...]
    """The offer each seat made to its right neighbour."""
    kept_left: tuple[CardMask, ...]
    """The cards each seat kept from its left neighbour's offer."""
    kept_right: tuple[CardMask, ...]
    """The cards each seat kept from its right neighbour's offer."""
    trump: CardId
    """The offering card turned up (its rank is the Trump Rank), -1 before."""
    leader: SeatId
    """Who led (or leads) the current trick, -1 outside the tricks."""
    trick: tuple[CardId, ...]
    """Cards played to the current trick, in play order from the leader."""
    tricks: tuple[tuple[SeatId, tuple[CardId, ...]], ...]
    """This round's finished tricks as (leader, cards in play order)."""
    suit_tokens: tuple[int, ...]
    """Tokens left in each suit stack, by suit value (Clubs first)."""
    bonus: int
    """Bonus tokens left in the supply."""
    taken: tuple[int, ...]
    """Suit tokens each seat took this round."""
    bonus_taken: tuple[int, ...]
    """Bonus tokens each seat took this round."""
    scores: tuple[tuple[int, ...], ...]
    """The score of each seat in each finished round."""

    @property
    def players(self) -> int:
        """Number of players."""
        return self.config.players


_CARD: Final = CardIndex(JOKER_INDEX)
_SETS: Final = Each(Mask(JOKER_INDEX), PER_SEAT)

FORM: Final = StateForm(
    DivideState,
    config=DivideConfig,
    stage=Stage,
    round=COUNT,
    dealer=SEAT_OR_NONE,
    actor=SEAT_OR_NONE,
    hands=_SETS,
    undealt=Mask(JOKER_INDEX),
    offerings=Each(CardIndex(JOKER_INDEX, optional=True), PER_SEAT),
    secured=_SETS,
    offers_left=_SETS,
    offers_right=_SETS,
    kept_left=_SETS,
    kept_right=_SETS,
    trump=CardIndex(JOKER_INDEX, optional=True),
    leader=SEAT_OR_NONE,
    trick=Each(_CARD, most=PER_SEAT),
    tricks=Each(Pair(SEAT, Each(_CARD, most=PER_SEAT))),
    suit_tokens=Each(COUNT, 4),
    bonus=COUNT,
    taken=Each(COUNT, PER_SEAT),
    bonus_taken=Each(COUNT, PER_SEAT),
    scores=Each(Each(COUNT, PER_SEAT)),
)
"""What each field of a :class:`DivideState` holds (:mod:`spec.forms`)."""


def initial_state(config: DivideConfig) -> DivideState:
    """The state before anything happens: chance must choose the first dealer."""
    n = config.players
    zeros = (0,) * n
    return DivideState(
        config=config,
        stage=Stage.FIRST_DEALER,
        round=0,
        dealer=-1,
        actor=-1,
        hands=zeros,
        undealt=0,
        offerings=(-1,) * n,
        secured=zeros,
        offers_left=zeros,
        offers_right=zeros,
        kept_left=zeros,
        kept_right=zeros,
        trump=-1,
        leader=-1,
        trick=(),
        tricks=(),
        suit_tokens=(config.rules.suit_tokens,) * 4,
        bonus=config.rules.bonus_tokens,
        taken=zeros,
        bonus_taken=zeros,
        scores=(),
    )


def fresh_round(
    state: DivideState, *, actor: SeatId, hands: tuple[CardMask, ...], undealt: CardMask
) -> DivideState:
    """``state`` just after a deal: the new ``hands`` and ``undealt`` cards, ``actor`` to offer.

    The deal clears the table [divide.cleanup.reset]: every field of the last
    round (offerings, secured cards, offers, kept cards, trump, tricks and
    tokens) is back as in :func:`initial_state`; the game so far (round,
    dealer, scores) stays.

    >>> from cardlaw.spec.divide.config import DivideConfig
    >>> start = initial_state(DivideConfig())._replace(dealer=3, trump=5, bonus=0)
    >>> dealt = fresh_round(start, actor=0, hands=(1, 2, 4, 8), undealt=16)
    >>> dealt.stage.name, dealt.dealer, dealt.trump, dealt.bonus, dealt.hands
    ('OFFERING', 3, -1, 5, (1, 2, 4, 8))
    """
    start = initial_state(state.config)
    so_far = start._replace(round=state.round, dealer=state.dealer, scores=state.scores)
    return so_far._replace(stage=Stage.OFFERING, actor=actor, hands=hands, undealt=undealt)


@dataclass(frozen=True, slots=True, kw_only=True)
class DivideObservation:
    """What one seat may know [divide.info.hidden].

    ``received_left`` / ``received_right`` are the offers the seat received,
    shown once it has picked them up (``None`` before); ``returned`` the cards
    sent back to it, shown when the Great Divide is complete.
    """

    seat: SeatId
    players: int
    round: int
    stage: Stage
    dealer: SeatId
    to_move: Mover
    hand: CardSet
    offering: Card | None
    secured: CardSet
    offer_left: CardSet
    offer_right: CardSet
    received_left: CardSet | None
    received_right: CardSet | None
    kept_left: CardSet
    kept_right: CardSet
    returned: CardSet
    hand_sizes: tuple[int, ...]
    trump: Card | None
    leader: SeatId
    trick: tuple[Card, ...]
    tricks: tuple[tuple[SeatId, tuple[Card, ...]], ...]
    suit_tokens: tuple[int, ...]
    bonus: int
    taken: tuple[int, ...]
    bonus_taken: tuple[int, ...]
    scores: tuple[tuple[int, ...], ...]


DecidedBy = Literal["score", "bonus-tokens", "eighth-trick", "shared"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DivideResult:
    """The end of a game: totals, the winner(s) and what decided it.

    ``decided_by`` is ``"score"`` when one total is highest, otherwise the
    tiebreaker that settled it [divide.tiebreak.bonus,
    divide.tiebreak.eighth-trick]; ``"shared"`` is part of the type for
    completeness, but the rules never reach it [divide.ruling.share].
    """

    totals: tuple[int, ...]
    winners: tuple[SeatId, ...]
    decided_by: DecidedBy
    tied: tuple[SeatId, ...]
    """The seats that tied on total (just the winner when nobody tied)."""
