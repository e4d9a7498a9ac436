"""Divided Ranks' state, observation and result types.

A :class:`DividedRanksState` is an immutable ``NamedTuple`` of ints and
tuples of ints: card sets are ``int`` masks (see :mod:`spec.cards`), a
missing card or seat is ``-1``.  It keeps the history the players remember
(every split and choice, every reserve turn), because what each player may
know is derived from it.

>>> from cardlaw.spec.divided_ranks.config import DividedRanksConfig
>>> state = initial_state(DividedRanksConfig())
>>> state.stage, state.hands
(<Stage.FIRST_SPLITTER: 0>, (0, 0))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from typing import Final, Literal, NamedTuple

from cardlaw.spec.cards import JOKER_INDEX, Card, CardSet
from cardlaw.spec.divided_ranks.config import DividedRanksConfig
from cardlaw.spec.divided_ranks.constants import Category
from cardlaw.spec.domain import CardId, CardMask, SeatId
from cardlaw.spec.forms import (
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
    "DecidedBy",
    "DividedRanksObservation",
    "DividedRanksResult",
    "DividedRanksState",
    "Mover",
    "RoundView",
    "Stage",
    "SwapView",
    "initial_state",
]


class Stage(IntEnum):
    """Where in the game a state is [divided-ranks.play.phases]."""

    FIRST_SPLITTER = 0
    """Chance decides who splits first."""
    DEAL = 1
    """Chance shuffles: the reserve and the stock."""
    SPLIT = 2
    """The splitter divides the top four cards of the stock into two pairs."""
    CHOOSE = 3
    """The other player takes the face-up or the face-down pair."""
    RESERVE_ORDER = 4
    """Chance decides who takes the first reserve turn (variant coin-flip-reserve only)."""
    RESERVE = 5
    """Each player in turn keeps their hand or swaps one card for the reserve."""
    BUILD = 6
    """Each player divides their ten cards into two hands, in secret."""
    OVER = 7
    """Both builds are shown and scored: the game is over."""


class DividedRanksState(NamedTuple):
    """A complete Divided Ranks position, hidden cards included.

    Seats are 0 and 1; the opponent of ``p`` is ``1 - p``.
    """

    config: DividedRanksConfig
    stage: Stage
    actor: SeatId
    """The seat to act, -1 when chance acts or the game is over."""
    first_splitter: SeatId
    """The seat that splits rounds 1, 3 and 5; -1 before chance decides."""
    reserve_first: SeatId
    """The seat that takes the first reserve turn; -1 until it is known."""
    reserve: CardId
    """The reserve card, -1 before the deal."""
    stock: tuple[CardId, ...]
    """The stock, top card first."""
    hands: tuple[CardMask, CardMask]
    """Each seat's cards (masks)."""
    offer: tuple[CardMask, CardMask]
    """During a choice: the face-up pair and the face-down pair (masks), else (0, 0)."""
    rounds: tuple[tuple[SeatId, CardMask, CardMask, int], ...]
    """Finished rounds: (splitter, face-up pair, face-down pair, 1 if the chooser took the
    face-up pair)."""
    swaps: tuple[tuple[SeatId, CardId, CardId], ...]
    """Reserve turns taken: (seat, card given, card taken), with -1, -1 for a keep."""
    builds: tuple[tuple[CardMask, CardMask], tuple[CardMask, CardMask]]
    """Each seat's two hands (masks, in :class:`~spec.divided_ranks.actions.Build` order),
    (0, 0) until it has built."""

    @property
    def players(self) -> int:
        """Number of players (always 2)."""
        return self.config.players


_CARD: Final = CardIndex(JOKER_INDEX + 1, optional=True)
_SET: Final = Mask(JOKER_INDEX + 1)
_HANDS: Final = Pair(_SET, _SET)

FORM: Final = StateForm(
    DividedRanksState,
    config=DividedRanksConfig,
    stage=Stage,
    actor=SEAT_OR_NONE,
    first_splitter=SEAT_OR_NONE,
    reserve_first=SEAT_OR_NONE,
    reserve=_CARD,
    stock=Each(CardIndex(JOKER_INDEX + 1), most=JOKER_INDEX + 1),
    hands=Each(_SET, PER_SEAT),
    offer=_HANDS,
    rounds=Each(Pair(SEAT, _SET, _SET, Number(0, 1))),
    swaps=Each(Pair(SEAT, _CARD, _CARD)),
    builds=Pair(_HANDS, _HANDS),
)
"""What each field of a :class:`DividedRanksState` holds (:mod:`spec.forms`)."""


def initial_state(config: DividedRanksConfig) -> DividedRanksState:
    """The state before anything happens: chance must decide who splits first."""
    return DividedRanksState(
        config=config,
        stage=Stage.FIRST_SPLITTER,
        actor=-1,
        first_splitter=-1,
        reserve_first=-1,
        reserve=-1,
        stock=(),
        hands=(0, 0),
        offer=(0, 0),
        rounds=(),
        swaps=(),
        builds=((0, 0), (0, 0)),
    )


@dataclass(frozen=True, slots=True)
class RoundView:
    """One finished round as a player saw it.

    ``face_down`` is ``None`` when the player never saw the face-down pair.
    """

    splitter: SeatId
    face_up: CardSet
    face_down: CardSet | None
    took_face_up: bool


@dataclass(frozen=True, slots=True)
class SwapView:
    """One reserve turn as a player saw it.

    ``given`` and ``taken`` are ``None`` when the player did not see them
    (an opponent's blind exchange).
    """

    seat: SeatId
    swapped: bool
    given: Card | None
    taken: Card | None


@dataclass(frozen=True, slots=True, kw_only=True)
class DividedRanksObservation:
    """What one seat may know [divided-ranks.info.hidden, divided-ranks.info.ledger].

    The ledger:

    * ``watched`` — the seat's cards that the opponent saw arrive and can
      still count on the seat holding;
    * ``seen`` — the opponent's cards this seat can place in their hand, and
      ``unseen`` how many of the opponent's cards it cannot;
    * ``unaccounted`` — every card this seat cannot place, and
      ``whereabouts`` the places they could be with how many of them are in
      each (``opponent``, ``reserve``, ``stock``, ``drawn`` — the four cards
      the other player is splitting — and ``face-down``);
    * ``candidates`` — once the draft is over, the cards that could be in the
      opponent's hand: at most eleven [divided-ranks.info.candidates];
    * ``reserve_odds`` — during the reserve turns, the chance of each card
      being the reserve, as exact fractions [divided-ranks.ruling.swap-odds].
    """

    seat: SeatId
    stage: Stage
    to_move: Mover
    swap_rule: str
    first_splitter: SeatId
    splitter: SeatId
    """This round's splitter, -1 outside the draft."""
    rounds_done: int
    reserve_first: SeatId
    hand: CardSet
    drawn: CardSet
    """The four cards this seat is splitting (empty unless it is splitting now)."""
    face_up: CardSet
    """The face-up pair on offer (empty when no pair is on offer)."""
    face_down: CardSet | None
    """The face-down pair on offer, if this seat laid it; ``None`` otherwise."""
    stock_left: int
    watched: CardSet
    seen: CardSet
    unseen: int
    unaccounted: CardSet
    whereabouts: tuple[tuple[str, int], ...]
    candidates: CardSet
    reserve: Card | None
    """The reserve card, when this seat knows it."""
    reserve_odds: tuple[tuple[Card, Fraction], ...]
    rounds: tuple[RoundView, ...]
    swaps: tuple[SwapView, ...]
    my_build: tuple[CardSet, CardSet] | None
    their_build: tuple[CardSet, CardSet] | None
    """The opponent's build, once both builds are shown."""


DecidedBy = Literal["weaker-category", "stronger-category", "weaker-hand", "stronger-hand", "draw"]
"""Which scoring step decided a game [divided-ranks.score.order]."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DividedRanksResult:
    """The end of a game: each seat's weaker and stronger hand, the winner, the step.

    ``winner`` is ``None`` for a draw [divided-ranks.score.draw].
    """

    winner: int | None
    decided_by: DecidedBy
    weaker: tuple[CardSet, CardSet]
    stronger: tuple[CardSet, CardSet]
    categories: tuple[tuple[Category, Category], tuple[Category, Category]]
    """Each seat's (weaker, stronger) hand category."""

    @property
    def loser(self) -> int | None:
        """The seat that lost, ``None`` for a draw."""
        return None if self.winner is None else 1 - self.winner
