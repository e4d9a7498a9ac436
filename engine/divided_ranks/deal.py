"""Divided Ranks' chance events: who splits first, the shuffle, the coin-flip reserve order.

Who takes the first reserve turn is a chance event only in the
coin-flip-reserve variant.

>>> from cardlaw.spec.divided_ranks import DividedRanksConfig, initial_state
>>> state = initial_state(DividedRanksConfig())
>>> first_splitter_outcomes(state).size
2
>>> state = apply_first_splitter(state, first_splitter_outcomes(state).outcome(1))
>>> state = apply_shuffle(state, SHUFFLES.outcome(0))
>>> str(Card(state.reserve)), len(state.stock), state.stage.name, state.actor
('10C', 20, 'SPLIT', 1)
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.chance import UniformChoice, UniformPermutation
from cardlaw.spec.cards import Card
from cardlaw.spec.divided_ranks.actions import FirstSplitter, ReserveFirst, Shuffle
from cardlaw.spec.divided_ranks.constants import PACK, PACK_MASK, PACK_SIZE
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.trace import enforces

__all__ = [
    "SHUFFLES",
    "apply_first_splitter",
    "apply_reserve_first",
    "apply_shuffle",
    "first_splitter_outcomes",
    "reserve_first_outcomes",
]


def _shuffle_order(action: object) -> tuple[Card, ...] | None:
    return action.order if isinstance(action, Shuffle) else None


SHUFFLES: Final[UniformPermutation[Card, Shuffle]] = UniformPermutation(
    PACK, Shuffle, _shuffle_order
)
"""Every order of the 21 cards, each with probability 1/21! [divided-ranks.setup.shuffle]."""

_FIRST_SPLITTERS: Final = UniformChoice((FirstSplitter(0), FirstSplitter(1)))
_RESERVE_FIRSTS: Final = UniformChoice((ReserveFirst(0), ReserveFirst(1)))


@enforces("divided-ranks.ruling.first-splitter")
def first_splitter_outcomes(state: DividedRanksState) -> UniformChoice[FirstSplitter]:
    """Each seat splits first with probability 1/2."""
    return _FIRST_SPLITTERS


def apply_first_splitter(state: DividedRanksState, action: FirstSplitter) -> DividedRanksState:
    """Record who splits first; the shuffle comes next."""
    if action not in _FIRST_SPLITTERS:
        raise IllegalAction(
            f"seat {action.seat} is not at the table", clause="divided-ranks.setup.players"
        )
    return state._replace(stage=Stage.DEAL, first_splitter=action.seat)


@enforces("divided-ranks.setup.shuffle", "divided-ranks.setup.reserve", "divided-ranks.cards.pack")
def apply_shuffle(state: DividedRanksState, action: Shuffle) -> DividedRanksState:
    """Deal the shuffled pack: its first card is the reserve, the rest the stock."""
    order = action.order
    mask = 0
    for card in order:
        mask |= 1 << card
    if len(order) != PACK_SIZE or mask != PACK_MASK:
        raise IllegalAction(
            "a shuffle must order the 21 cards of the pack", clause="divided-ranks.setup.shuffle"
        )
    return state._replace(
        stage=Stage.SPLIT,
        actor=state.first_splitter,
        reserve=int(order[0]),
        stock=tuple(int(card) for card in order[1:]),
    )


@enforces("divided-ranks.variant.coin-flip-reserve")
def reserve_first_outcomes(state: DividedRanksState) -> UniformChoice[ReserveFirst]:
    """Coin-flip-reserve variant: each seat goes first at the reserve with probability 1/2.

    >>> from cardlaw.spec.divided_ranks import DividedRanksConfig, ReserveFirst, initial_state
    >>> reserve_first_outcomes(initial_state(DividedRanksConfig())).probability(ReserveFirst(0))
    Fraction(1, 2)
    """
    return _RESERVE_FIRSTS


def apply_reserve_first(state: DividedRanksState, action: ReserveFirst) -> DividedRanksState:
    """Coin-flip-reserve variant: ``action.seat`` takes the first reserve turn.

    With no reserve turns in the rules, it builds first instead
    [divided-ranks.ruling.no-reserve-turns].
    """
    if action not in _RESERVE_FIRSTS:
        raise IllegalAction(
            f"seat {action.seat} is not at the table", clause="divided-ranks.setup.players"
        )
    stage = Stage.RESERVE if state.config.rules.reserve_turns else Stage.BUILD
    return state._replace(stage=stage, actor=action.seat, reserve_first=action.seat)
