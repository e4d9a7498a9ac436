"""Divide's chance events: the first dealer, the shuffle and deal, the trump reveal.

>>> from cardlaw.spec.divide import DivideConfig, initial_state
>>> state = initial_state(DivideConfig())
>>> first_dealer_outcomes(state).size
4
>>> state = apply_first_dealer(state, first_dealer_outcomes(state).outcome(2))
>>> state.dealer, state.stage.name
(2, 'DEAL')
>>> state = apply_shuffle(state, SHUFFLES.outcome(0))
>>> [len(CardSet(h)) for h in state.hands], state.actor
([9, 9, 9, 9], 3)
"""

from __future__ import annotations

from functools import cache
from typing import Final

from cardlaw.engine.chance import UniformChoice, UniformPermutation
from cardlaw.spec.cards import ALL_CARDS, DECK52, Card, CardSet
from cardlaw.spec.divide.actions import REVEALS, ChooseDealer, Reveal, Shuffle
from cardlaw.spec.divide.constants import DECK_SIZE
from cardlaw.spec.divide.state import DivideState, Stage, fresh_round
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.trace import enforces

__all__ = [
    "SHUFFLES",
    "apply_first_dealer",
    "apply_reveal",
    "apply_shuffle",
    "first_dealer_outcomes",
    "reveal_outcomes",
]


def _shuffle_order(action: object) -> tuple[Card, ...] | None:
    return action.order if isinstance(action, Shuffle) else None


SHUFFLES: Final[UniformPermutation[Card, Shuffle]] = UniformPermutation(
    ALL_CARDS[:DECK_SIZE], Shuffle, _shuffle_order
)
"""Every order of the 52 cards, each with probability 1/52! [divide.deal.shuffle]."""


@cache
def _deal_seats(n: int, dealt: int) -> tuple[tuple[int, ...], ...]:
    """For each first player, the seat receiving each dealt card (``dealt`` cards each)."""
    return tuple(tuple((first + j) % n for j in range(dealt * n)) for first in range(n))


_DEALERS: Final = {n: UniformChoice(tuple(ChooseDealer(p) for p in range(n))) for n in (4, 5)}


@enforces("divide.setup.first-dealer", "divide.ruling.first-dealer")
def first_dealer_outcomes(state: DivideState) -> UniformChoice[ChooseDealer]:
    """Each seat may be the first dealer, with probability 1/n."""
    return _DEALERS[state.players]


def apply_first_dealer(state: DivideState, action: ChooseDealer) -> DivideState:
    """Make ``action.seat`` the first dealer; the first shuffle comes next."""
    if action not in first_dealer_outcomes(state):
        raise IllegalAction(
            f"seat {action.seat} is not at the table", clause="divide.setup.first-dealer"
        )
    return state._replace(stage=Stage.DEAL, dealer=action.seat)


@enforces(
    "divide.deal.shuffle",
    "divide.deal.nine",
    "divide.deal.undealt",
    "divide.cleanup.reset",
    "divide.setup.tokens",
    "divide.round.first-player",
)
def apply_shuffle(state: DivideState, action: Shuffle) -> DivideState:
    """Clear the table, then deal the shuffled deck: ``CARDS_DEALT`` each, one at a time.

    The previous round's cards and tokens stay on the table until this
    moment, so a reader can look at a finished round; the shuffle returns
    them [divide.cleanup.reset].
    """
    n = state.players
    dealt = state.config.rules.cards_dealt
    first = (state.dealer + 1) % n
    order = action.order
    hands = [0] * n
    seen = 0
    for seat, card in zip(_deal_seats(n, dealt)[first], order, strict=False):
        bit = 1 << card
        seen |= bit
        hands[seat] |= bit
    undealt = 0
    for card in order[dealt * n :]:
        undealt |= 1 << card
    if len(order) != DECK_SIZE or seen | undealt != DECK52:
        raise IllegalAction("a shuffle must order all 52 cards", clause="divide.deal.shuffle")
    return fresh_round(state, actor=first, hands=tuple(hands), undealt=undealt)


@enforces("divide.trump.reveal", "divide.ruling.offering-draw")
def reveal_outcomes(state: DivideState) -> UniformChoice[Reveal]:
    """Each offering may be turned up, with probability 1/n."""
    return UniformChoice(tuple(REVEALS[card] for card in sorted(state.offerings)))


@enforces("divide.trump.rank", "divide.trump.offerings-aside", "divide.trick.first-lead")
def apply_reveal(state: DivideState, action: Reveal) -> DivideState:
    """Turn up an offering: its rank is trump; the first player leads."""
    if action.card not in state.offerings:
        raise IllegalAction(
            f"{action.card.pretty} is not one of the offerings "
            f"({CardSet.of(state.offerings).pretty})",
            clause="divide.trump.reveal",
        )
    first = (state.dealer + 1) % state.players
    return state._replace(stage=Stage.TRICKS, trump=int(action.card), leader=first, actor=first)
